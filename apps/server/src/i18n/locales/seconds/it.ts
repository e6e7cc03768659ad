// Italian server messages of seconds contracts; keys mirror ./en.ts.
import type { secondsEn } from './en';

export const secondsIt: Record<keyof typeof secondsEn, string> = {
  'errors.SECONDS_DISABLED': 'I contratti a secondi non sono disponibili',
  'errors.SECONDS_COUNTRY_BLOCKED': 'I contratti a secondi non sono offerti nel tuo paese',
  'errors.SECONDS_NOTICE_REQUIRED':
    'Leggi e conferma l’avviso sui rischi prima del tuo primo contratto a secondi',
  'errors.SECONDS_QUANTITY_NOT_INTEGER': 'La quantità deve essere un numero intero',
  'errors.SECONDS_SYMBOL_UNKNOWN': 'Non ci sono contratti a secondi per questa moneta',
  'errors.SECONDS_PERIOD_UNKNOWN': 'Questo periodo non esiste',
  'errors.SECONDS_PERIOD_DISABLED': 'Questo periodo non accetta nuovi ordini',
  'errors.SECONDS_STAKE_OUT_OF_RANGE': 'La quantità deve essere compresa tra {min} e {max}',
  'errors.SECONDS_INSUFFICIENT_BALANCE': 'Saldo disponibile insufficiente',
  'errors.SECONDS_POOL_INSUFFICIENT':
    'Il fondo dei contratti non può coprire ora la vincita massima di questo ordine; prova una quantità minore',
  'errors.SECONDS_PRICE_UNAVAILABLE': 'Non c’è un prezzo indice attuale per questa moneta; riprova tra poco',
  'errors.SECONDS_TOO_MANY_OPEN': 'Hai troppi contratti aperti; attendi che alcuni vengano regolati',
  'errors.SECONDS_AMOUNT_TOO_LARGE': 'La quantità supera il massimo consentito',
  'errors.SECONDS_ORDER_REJECTED': 'L’ordine non è stato accettato',
  'errors.SECONDS_HOUSE_INSUFFICIENT': 'Il conto della piattaforma non ha questo saldo',
  'success.secondsOrderPlaced': 'Contratto aperto',
  'success.secondsNoticeAcknowledged': 'Avviso sui rischi confermato',
  'success.secondsPeriodSaved': 'Periodo salvato',
  'success.secondsPoolMoved': 'Fondo aggiornato',
  'fields.direction': 'Direzione',
  'fields.periodId': 'Periodo',
  'fields.durationSec': 'Durata',
  'fields.minStake': 'Quantità minima',
  'fields.maxStake': 'Quantità massima',
  'fields.enabled': 'Attivo',
  'fields.country': 'Paese di residenza',
  'fields.accept': 'Conferma',
};
