// Italian server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginIt: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': 'Il trading a margine non è disponibile su questa piattaforma',
  'errors.MARGIN_PAIR_UNKNOWN': 'Il trading a margine non è offerto per questa coppia',
  'errors.MARGIN_COIN_UNKNOWN':
    'Questa moneta non può essere presa in prestito né tenuta in questo conto a margine',
  'errors.MARGIN_LEVEL_TOO_LOW': 'Questo porterebbe il livello di margine sotto quanto consentito dalla leva',
  'errors.MARGIN_BORROW_LIMIT': 'È più di quanto puoi prendere in prestito ora',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': 'È più di quanto devi (capitale e interessi)',
  'errors.MARGIN_LEVERAGE_INVALID': 'Questa leva non è offerta',
  'errors.MARGIN_PRICE_UNAVAILABLE': 'I prezzi non sono disponibili ora; riprova tra poco',
  'errors.MARGIN_LIQUIDATING': 'Questo conto a margine è in liquidazione',
  'errors.MARGIN_POOL_INSUFFICIENT': 'Il pool di prestito non può prestare così tanto ora',
  'errors.MARGIN_INSUFFICIENT_BALANCE': 'Saldo disponibile insufficiente nel conto',
  'errors.MARGIN_AMOUNT_INVALID':
    'Inserisci un importo valido con non più decimali di quanti ne consenta questa moneta',
  'errors.MARGIN_AMOUNT_TOO_LARGE': "L'importo supera il consentito",
  'errors.MARGIN_REJECTED': 'La richiesta non è stata accettata',
  'errors.MARGIN_SIDE_EFFECT_SPOT':
    'Il prestito e il rimborso automatici valgono solo per ordini da un conto a margine',
  'success.marginBorrowed': 'Prestito ottenuto',
  'success.marginRepaid': 'Rimborsato',
  'success.marginLeverageUpdated': 'Leva aggiornata',
  'success.marginPoolChanged': 'Pool di prestito aggiornato',
  'mail.marginCallSubject': 'Margin call: il tuo livello di margine è {level}',
  'mail.marginCallBody':
    'Il tuo livello di margine è sceso a {level}, sotto la soglia di avviso di {call}. A {liquidation} il conto viene liquidato automaticamente. Trasferisci fondi o rimborsa per alzare il livello.',
  'fields.sideEffect': 'Prestito/rimborso automatico',
  'fields.leverage': 'Leva',
  'fields.hourlyRate': 'Tasso orario',
};
