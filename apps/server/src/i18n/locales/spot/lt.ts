// Lithuanian server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotLt: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': 'Tokios neatidėliotinų sandorių rinkos nėra',
  'errors.SPOT_MARKET_HALTED': 'Prekyba šioje rinkoje sustabdyta',
  'errors.SPOT_PRICE_INVALID': 'Kaina turi būti teigiamas kainos žingsnio {tick} kartotinis',
  'errors.SPOT_QUANTITY_INVALID': 'Kiekis turi būti lotų dydžio {lot} kartotinis',
  'errors.SPOT_BELOW_MIN_QTY': 'Kiekis mažesnis už minimalų {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': 'Pavedimo vertė mažesnė už minimalią {min}',
  'errors.SPOT_INSUFFICIENT_BALANCE': 'Nepakanka laisvų lėšų',
  'errors.SPOT_POST_ONLY_WOULD_TAKE':
    'Šis tik pateikimo pavedimas būtų įvykdytas iš karto, todėl nepateiktas',
  'errors.SPOT_NO_LIQUIDITY': 'Priešingoje pusėje nėra pavedimų, su kuriais būtų galima prekiauti',
  'errors.SPOT_ORDER_NOT_FOUND': 'Pavedimas nerastas arba jau baigtas',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE':
    'Šis kliento pavedimo ID jau naudojamas vienam iš jūsų atvirų pavedimų',
  'errors.SPOT_AMOUNT_TOO_LARGE': 'Pavedimas viršija leidžiamą dydį',
  'errors.SPOT_ORDER_REJECTED': 'Pavedimas nepriimtas',
  'success.orderPlaced': 'Pavedimas pateiktas',
  'success.orderCancelled': 'Pavedimas atšauktas',
  'fields.side': 'Kryptis',
  'fields.price': 'Kaina',
  'fields.quantity': 'Kiekis',
  'fields.quoteQuantity': 'Išleidžiama suma',
  'fields.timeInForce': 'Galiojimas',
  'fields.clientOrderId': 'Kliento pavedimo ID',
  'fields.orderId': 'Pavedimo ID',
  'fields.pair': 'Prekybos pora',
};
