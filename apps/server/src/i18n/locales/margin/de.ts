// German server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginDe: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': 'Margin-Handel ist auf dieser Plattform nicht verfügbar',
  'errors.MARGIN_PAIR_UNKNOWN': 'Für dieses Handelspaar wird kein Margin-Handel angeboten',
  'errors.MARGIN_COIN_UNKNOWN': 'Diese Münze kann in diesem Margin-Konto nicht geliehen oder gehalten werden',
  'errors.MARGIN_LEVEL_TOO_LOW': 'Dadurch fiele das Margin-Level unter das, was Ihr Hebel erlaubt',
  'errors.MARGIN_BORROW_LIMIT': 'Das ist mehr, als Sie jetzt leihen können',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': 'Das ist mehr, als Sie schulden (Kapital und Zinsen)',
  'errors.MARGIN_LEVERAGE_INVALID': 'Dieser Hebel wird nicht angeboten',
  'errors.MARGIN_PRICE_UNAVAILABLE':
    'Preise sind gerade nicht verfügbar; bitte versuchen Sie es gleich noch einmal',
  'errors.MARGIN_LIQUIDATING': 'Dieses Margin-Konto wird liquidiert',
  'errors.MARGIN_POOL_INSUFFICIENT': 'Der Kreditpool kann jetzt nicht so viel verleihen',
  'errors.MARGIN_INSUFFICIENT_BALANCE': 'Unzureichendes verfügbares Guthaben im Konto',
  'errors.MARGIN_AMOUNT_INVALID':
    'Bitte geben Sie einen gültigen Betrag mit nicht mehr Nachkommastellen ein, als diese Münze erlaubt',
  'errors.MARGIN_AMOUNT_TOO_LARGE': 'Der Betrag ist höher als erlaubt',
  'errors.MARGIN_REJECTED': 'Die Anfrage wurde nicht angenommen',
  'errors.MARGIN_SIDE_EFFECT_SPOT':
    'Automatisches Leihen und Tilgen gibt es nur für Orders aus einem Margin-Konto',
  'success.marginBorrowed': 'Geliehen',
  'success.marginRepaid': 'Zurückgezahlt',
  'success.marginLeverageUpdated': 'Hebel aktualisiert',
  'success.marginPoolChanged': 'Kreditpool aktualisiert',
  'mail.marginCallSubject': 'Margin Call: Ihr Margin-Level beträgt {level}',
  'mail.marginCallBody':
    'Ihr Margin-Level ist auf {level} gefallen und liegt unter der Warnschwelle von {call}. Bei {liquidation} wird das Konto automatisch liquidiert. Überweisen Sie Guthaben oder zahlen Sie zurück, um das Level zu erhöhen.',
  'fields.sideEffect': 'Automatisch leihen/tilgen',
  'fields.leverage': 'Hebel',
  'fields.hourlyRate': 'Stundenzins',
};
