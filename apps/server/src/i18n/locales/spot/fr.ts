// French server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotFr: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': "Ce marché au comptant n'existe pas",
  'errors.SPOT_MARKET_HALTED': 'La négociation sur ce marché est suspendue',
  'errors.SPOT_PRICE_INVALID': 'Le prix doit être un multiple positif du pas de cotation {tick}',
  'errors.SPOT_QUANTITY_INVALID': 'La quantité doit être un multiple du lot {lot}',
  'errors.SPOT_BELOW_MIN_QTY': 'La quantité est inférieure au minimum de {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': "La valeur de l'ordre est inférieure au minimum de {min}",
  'errors.SPOT_INSUFFICIENT_BALANCE': 'Solde disponible insuffisant',
  'errors.SPOT_POST_ONLY_WOULD_TAKE':
    "Cet ordre maker uniquement serait exécuté immédiatement et n'a pas été passé",
  'errors.SPOT_NO_LIQUIDITY': "Il n'y a aucun ordre de l'autre côté avec lequel négocier",
  'errors.SPOT_ORDER_NOT_FOUND': 'Ordre introuvable ou déjà terminé',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE':
    "Cet identifiant d'ordre client est déjà utilisé par l'un de vos ordres ouverts",
  'errors.SPOT_AMOUNT_TOO_LARGE': "L'ordre dépasse la limite autorisée",
  'errors.SPOT_ORDER_REJECTED': "L'ordre n'a pas été accepté",
  'success.orderPlaced': 'Ordre passé',
  'success.orderCancelled': 'Ordre annulé',
  'fields.side': 'Sens',
  'fields.price': 'Prix',
  'fields.quantity': 'Quantité',
  'fields.quoteQuantity': 'Montant à dépenser',
  'fields.timeInForce': 'Validité',
  'fields.clientOrderId': "Identifiant d'ordre client",
  'fields.orderId': "Identifiant de l'ordre",
  'fields.pair': 'Paire de trading',
};
