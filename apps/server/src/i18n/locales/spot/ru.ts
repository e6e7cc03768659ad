// Russian server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotRu: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': 'Такого спотового рынка нет',
  'errors.SPOT_MARKET_HALTED': 'Торговля на этом рынке приостановлена',
  'errors.SPOT_PRICE_INVALID': 'Цена должна быть положительным кратным шага цены {tick}',
  'errors.SPOT_QUANTITY_INVALID': 'Количество должно быть кратным лоту {lot}',
  'errors.SPOT_BELOW_MIN_QTY': 'Количество меньше минимума {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': 'Сумма ордера меньше минимума {min}',
  'errors.SPOT_INSUFFICIENT_BALANCE': 'Недостаточно доступных средств',
  'errors.SPOT_POST_ONLY_WOULD_TAKE': 'Этот ордер «только мейкер» исполнился бы сразу и не был размещён',
  'errors.SPOT_NO_LIQUIDITY': 'На противоположной стороне нет ордеров для сделки',
  'errors.SPOT_ORDER_NOT_FOUND': 'Ордер не найден или уже завершён',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE':
    'Этот клиентский идентификатор уже используется одним из ваших открытых ордеров',
  'errors.SPOT_AMOUNT_TOO_LARGE': 'Ордер превышает допустимый размер',
  'errors.SPOT_ORDER_REJECTED': 'Ордер не принят',
  'success.orderPlaced': 'Ордер размещён',
  'success.orderCancelled': 'Ордер отменён',
  'fields.side': 'Направление',
  'fields.price': 'Цена',
  'fields.quantity': 'Количество',
  'fields.quoteQuantity': 'Сумма к оплате',
  'fields.timeInForce': 'Срок действия',
  'fields.clientOrderId': 'Клиентский идентификатор ордера',
  'fields.orderId': 'Номер ордера',
  'fields.pair': 'Торговая пара',
};
