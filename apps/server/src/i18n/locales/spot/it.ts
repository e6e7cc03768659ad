// Italian server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotIt: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': 'Questo mercato spot non esiste',
  'errors.SPOT_MARKET_HALTED': 'Le negoziazioni su questo mercato sono sospese',
  'errors.SPOT_PRICE_INVALID': 'Il prezzo deve essere un multiplo positivo del tick {tick}',
  'errors.SPOT_QUANTITY_INVALID': 'La quantità deve essere un multiplo del lotto {lot}',
  'errors.SPOT_BELOW_MIN_QTY': 'La quantità è inferiore al minimo di {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': "Il valore dell'ordine è inferiore al minimo di {min}",
  'errors.SPOT_INSUFFICIENT_BALANCE': 'Saldo disponibile insufficiente',
  'errors.SPOT_POST_ONLY_WOULD_TAKE':
    'Questo ordine solo maker verrebbe eseguito subito e non è stato inserito',
  'errors.SPOT_NO_LIQUIDITY': "Non ci sono ordini dall'altro lato con cui negoziare",
  'errors.SPOT_ORDER_NOT_FOUND': 'Ordine non trovato o non più aperto',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE': 'Questo ID ordine cliente è già usato da uno dei tuoi ordini aperti',
  'errors.SPOT_AMOUNT_TOO_LARGE': "L'ordine supera il limite consentito",
  'errors.SPOT_ORDER_REJECTED': "L'ordine non è stato accettato",
  'success.orderPlaced': 'Ordine inserito',
  'success.orderCancelled': 'Ordine annullato',
  'fields.side': 'Lato',
  'fields.price': 'Prezzo',
  'fields.quantity': 'Quantità',
  'fields.quoteQuantity': 'Importo da spendere',
  'fields.timeInForce': 'Validità',
  'fields.clientOrderId': 'ID ordine cliente',
  'fields.orderId': 'ID ordine',
  'fields.pair': 'Coppia di trading',
};
