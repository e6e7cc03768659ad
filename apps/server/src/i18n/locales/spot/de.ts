// German server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotDe: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': 'Diesen Spotmarkt gibt es nicht',
  'errors.SPOT_MARKET_HALTED': 'Der Handel in diesem Markt ist ausgesetzt',
  'errors.SPOT_PRICE_INVALID': 'Der Preis muss ein positives Vielfaches der Preisstufe {tick} sein',
  'errors.SPOT_QUANTITY_INVALID': 'Die Menge muss ein Vielfaches der Losgröße {lot} sein',
  'errors.SPOT_BELOW_MIN_QTY': 'Die Menge liegt unter dem Minimum von {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': 'Der Orderwert liegt unter dem Minimum von {min}',
  'errors.SPOT_INSUFFICIENT_BALANCE': 'Verfügbares Guthaben reicht nicht aus',
  'errors.SPOT_POST_ONLY_WOULD_TAKE':
    'Diese Post-only-Order würde sofort ausgeführt und wurde nicht platziert',
  'errors.SPOT_NO_LIQUIDITY': 'Auf der Gegenseite gibt es keine Orders zum Handeln',
  'errors.SPOT_ORDER_NOT_FOUND': 'Order nicht gefunden oder nicht mehr offen',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE':
    'Diese Kunden-Order-ID wird bereits von einer Ihrer offenen Orders verwendet',
  'errors.SPOT_AMOUNT_TOO_LARGE': 'Die Order überschreitet das erlaubte Maß',
  'errors.SPOT_ORDER_REJECTED': 'Die Order wurde nicht angenommen',
  'success.orderPlaced': 'Order platziert',
  'success.orderCancelled': 'Order storniert',
  'fields.side': 'Seite',
  'fields.price': 'Preis',
  'fields.quantity': 'Menge',
  'fields.quoteQuantity': 'Auszugebender Betrag',
  'fields.timeInForce': 'Gültigkeit',
  'fields.clientOrderId': 'Kunden-Order-ID',
  'fields.orderId': 'Order-ID',
  'fields.pair': 'Handelspaar',
};
