// German server messages of seconds contracts; keys mirror ./en.ts.
import type { secondsEn } from './en';

export const secondsDe: Record<keyof typeof secondsEn, string> = {
  'errors.SECONDS_DISABLED': 'Sekundenkontrakte sind nicht verfügbar',
  'errors.SECONDS_COUNTRY_BLOCKED': 'Sekundenkontrakte werden in Ihrem Land nicht angeboten',
  'errors.SECONDS_NOTICE_REQUIRED':
    'Bitte lesen und bestätigen Sie den Risikohinweis vor Ihrem ersten Sekundenkontrakt',
  'errors.SECONDS_QUANTITY_NOT_INTEGER': 'Die Menge muss eine ganze Zahl sein',
  'errors.SECONDS_SYMBOL_UNKNOWN': 'Für diese Münze werden keine Sekundenkontrakte angeboten',
  'errors.SECONDS_PERIOD_UNKNOWN': 'Diese Laufzeit gibt es nicht',
  'errors.SECONDS_PERIOD_DISABLED': 'Diese Laufzeit nimmt keine neuen Aufträge an',
  'errors.SECONDS_STAKE_OUT_OF_RANGE': 'Die Menge muss zwischen {min} und {max} liegen',
  'errors.SECONDS_INSUFFICIENT_BALANCE': 'Verfügbares Guthaben reicht nicht aus',
  'errors.SECONDS_POOL_INSUFFICIENT':
    'Der Kontraktpool kann die maximale Auszahlung dieses Auftrags derzeit nicht decken; versuchen Sie eine kleinere Menge',
  'errors.SECONDS_PRICE_UNAVAILABLE':
    'Für diese Münze gibt es keinen aktuellen Indexpreis; versuchen Sie es gleich noch einmal',
  'errors.SECONDS_TOO_MANY_OPEN':
    'Sie haben zu viele offene Kontrakte; warten Sie, bis einige abgerechnet sind',
  'errors.SECONDS_AMOUNT_TOO_LARGE': 'Die Menge ist größer als erlaubt',
  'errors.SECONDS_ORDER_REJECTED': 'Der Auftrag wurde nicht angenommen',
  'errors.SECONDS_HOUSE_INSUFFICIENT': 'Das Plattformkonto hält nicht so viel',
  'success.secondsOrderPlaced': 'Kontrakt eröffnet',
  'success.secondsNoticeAcknowledged': 'Risikohinweis bestätigt',
  'success.secondsPeriodSaved': 'Laufzeit gespeichert',
  'success.secondsPoolMoved': 'Pool aktualisiert',
  'fields.direction': 'Richtung',
  'fields.periodId': 'Laufzeit',
  'fields.durationSec': 'Dauer',
  'fields.minStake': 'Mindestmenge',
  'fields.maxStake': 'Höchstmenge',
  'fields.enabled': 'Aktiv',
  'fields.country': 'Wohnsitzland',
  'fields.accept': 'Bestätigung',
};
