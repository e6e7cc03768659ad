// French server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginFr: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': "Le trading sur marge n'est pas disponible sur cette plateforme",
  'errors.MARGIN_PAIR_UNKNOWN': "Le trading sur marge n'est pas proposé pour cette paire",
  'errors.MARGIN_COIN_UNKNOWN': 'Cette crypto ne peut pas être empruntée ni détenue dans ce compte sur marge',
  'errors.MARGIN_LEVEL_TOO_LOW':
    'Cela ferait passer le niveau de marge sous ce que permet votre effet de levier',
  'errors.MARGIN_BORROW_LIMIT': "C'est plus que ce que vous pouvez emprunter maintenant",
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': "C'est plus que ce que vous devez (capital et intérêts)",
  'errors.MARGIN_LEVERAGE_INVALID': "Cet effet de levier n'est pas proposé",
  'errors.MARGIN_PRICE_UNAVAILABLE':
    'Les prix ne sont pas disponibles pour le moment ; réessayez dans un instant',
  'errors.MARGIN_LIQUIDATING': 'Ce compte sur marge est en cours de liquidation',
  'errors.MARGIN_POOL_INSUFFICIENT': 'Le pool de prêt ne peut pas prêter autant maintenant',
  'errors.MARGIN_INSUFFICIENT_BALANCE': 'Solde disponible insuffisant sur le compte',
  'errors.MARGIN_AMOUNT_INVALID':
    "Saisissez un montant valide, sans plus de décimales que cette crypto n'en autorise",
  'errors.MARGIN_AMOUNT_TOO_LARGE': 'Le montant dépasse la limite autorisée',
  'errors.MARGIN_REJECTED': "La demande n'a pas été acceptée",
  'errors.MARGIN_SIDE_EFFECT_SPOT':
    "L'emprunt et le remboursement automatiques sont réservés aux ordres d'un compte sur marge",
  'success.marginBorrowed': 'Emprunt effectué',
  'success.marginRepaid': 'Remboursé',
  'success.marginLeverageUpdated': 'Effet de levier mis à jour',
  'success.marginPoolChanged': 'Pool de prêt mis à jour',
  'mail.marginCallSubject': 'Appel de marge : votre niveau de marge est de {level}',
  'mail.marginCallBody':
    "Votre niveau de marge est tombé à {level}, sous le seuil d'alerte de {call}. À {liquidation}, le compte est liquidé automatiquement. Transférez des fonds ou remboursez pour relever le niveau.",
  'fields.sideEffect': 'Emprunt/remboursement automatique',
  'fields.leverage': 'Effet de levier',
  'fields.hourlyRate': 'Taux horaire',
};
