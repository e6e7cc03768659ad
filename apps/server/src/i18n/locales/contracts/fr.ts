// French server messages of perpetual contracts; keys mirror ./en.ts.
import type { contractsEn } from './en';

export const contractsFr: Record<keyof typeof contractsEn, string> = {
  'errors.CONTRACT_MARKET_UNKNOWN': "Ce marché de contrats n'existe pas",
  'errors.CONTRACT_MARKET_HALTED': 'Les échanges sur ce marché de contrats sont suspendus',
  'errors.CONTRACT_PRICE_INVALID': 'Le prix doit être un multiple positif du pas de prix',
  'errors.CONTRACT_QUANTITY_INVALID':
    'La quantité doit être un multiple positif du lot et au moins le minimum',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': 'Solde disponible insuffisant sur le compte contrats',
  'errors.CONTRACT_NO_LIQUIDITY': "Aucun ordre de l'autre côté avec lequel négocier",
  'errors.CONTRACT_ORDER_NOT_FOUND': "Ordre introuvable ou qui n'est plus ouvert",
  'errors.CONTRACT_POSITION_NOT_FOUND': 'Position introuvable',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH':
    'Le levier dépasse le maximum de ce marché ou de cette taille de position',
  'errors.CONTRACT_REDUCE_ONLY':
    'Un ordre de clôture ne peut pas dépasser la position ouverte (moins ce qui est déjà en cours de clôture)',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': 'La marge ne peut pas être réduite sous la marge initiale',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    'Le take-profit doit dépasser le prix de marque et le stop-loss se situer entre le prix de marque et le prix de liquidation',
  'errors.CONTRACT_MODE_LOCKED':
    'Le mode de marge ne peut être changé que sans position ni ordre ouvert sur ce marché',
  'errors.CONTRACT_PRICE_STALE': 'Aucun prix de marque récent pour ce marché ; veuillez réessayer sous peu',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': "L'ordre dépasse la taille autorisée",
  'errors.CONTRACT_COUNTRY_BLOCKED': 'Le trading de contrats n’est pas proposé dans votre pays ou région',
  'errors.CONTRACT_REJECTED': "L'ordre n'a pas été accepté",
  'success.positionClosed': 'Position clôturée',
  'success.marginAdjusted': 'Marge ajustée',
  'success.tpslSet': 'Take-profit et stop-loss définis',
  'success.tpslCleared': 'Take-profit et stop-loss supprimés',
  'success.leverageSet': 'Levier défini',
  'fields.leverage': 'Levier',
  'fields.money': 'Montant',
  'fields.flag': 'Ajouter ou réduire',
  'fields.takeProfit': 'Prix du take-profit',
  'fields.stopLoss': 'Prix du stop-loss',
  'fields.symbolNameList': 'Marchés',
  'fields.oneKeySymbolNameList': 'Marchés à clôturer',
  'fields.symbolName': 'Marché',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    "Le prix de déclenchement d'un stop d'achat doit être au-dessus du prix de marque et celui d'un stop de vente en dessous",
  'errors.CONTRACT_TOO_MANY_STOPS': "Vous avez trop d'ordres stop en attente sur ce marché",
  'fields.triggerPrice': 'Prix de déclenchement',
};
