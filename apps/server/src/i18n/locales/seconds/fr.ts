// French server messages of seconds contracts; keys mirror ./en.ts.
import type { secondsEn } from './en';

export const secondsFr: Record<keyof typeof secondsEn, string> = {
  'errors.SECONDS_DISABLED': 'Les contrats à la seconde ne sont pas disponibles',
  'errors.SECONDS_COUNTRY_BLOCKED': 'Les contrats à la seconde ne sont pas proposés dans votre pays',
  'errors.SECONDS_NOTICE_REQUIRED':
    'Veuillez lire et accepter l’avertissement sur les risques avant votre premier contrat à la seconde',
  'errors.SECONDS_QUANTITY_NOT_INTEGER': 'La quantité doit être un nombre entier',
  'errors.SECONDS_SYMBOL_UNKNOWN': 'Aucun contrat à la seconde pour cette cryptomonnaie',
  'errors.SECONDS_PERIOD_UNKNOWN': 'Cette période n’existe pas',
  'errors.SECONDS_PERIOD_DISABLED': 'Cette période n’accepte pas de nouveaux ordres',
  'errors.SECONDS_STAKE_OUT_OF_RANGE': 'La quantité doit être comprise entre {min} et {max}',
  'errors.SECONDS_INSUFFICIENT_BALANCE': 'Solde disponible insuffisant',
  'errors.SECONDS_POOL_INSUFFICIENT':
    'Le fonds des contrats ne peut pas couvrir actuellement le gain maximal de cet ordre ; essayez une quantité plus petite',
  'errors.SECONDS_PRICE_UNAVAILABLE':
    'Aucun prix d’indice actuel pour cette cryptomonnaie ; réessayez dans un instant',
  'errors.SECONDS_TOO_MANY_OPEN': 'Vous avez trop de contrats ouverts ; attendez que certains soient réglés',
  'errors.SECONDS_AMOUNT_TOO_LARGE': 'La quantité dépasse le maximum autorisé',
  'errors.SECONDS_ORDER_REJECTED': 'L’ordre n’a pas été accepté',
  'errors.SECONDS_HOUSE_INSUFFICIENT': 'Le compte de la plateforme ne détient pas ce montant',
  'success.secondsOrderPlaced': 'Contrat ouvert',
  'success.secondsNoticeAcknowledged': 'Avertissement sur les risques accepté',
  'success.secondsPeriodSaved': 'Période enregistrée',
  'success.secondsPoolMoved': 'Fonds mis à jour',
  'fields.direction': 'Sens',
  'fields.periodId': 'Période',
  'fields.durationSec': 'Durée',
  'fields.minStake': 'Quantité minimale',
  'fields.maxStake': 'Quantité maximale',
  'fields.enabled': 'Activée',
  'fields.country': 'Pays de résidence',
  'fields.accept': 'Acceptation',
};
