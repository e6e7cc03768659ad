// Traditional Chinese server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotTw: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': '該現貨交易對不存在',
  'errors.SPOT_MARKET_HALTED': '該交易對已暫停交易',
  'errors.SPOT_PRICE_INVALID': '價格必須是最小變動單位 {tick} 的正整數倍',
  'errors.SPOT_QUANTITY_INVALID': '數量必須是最小數量單位 {lot} 的整數倍',
  'errors.SPOT_BELOW_MIN_QTY': '數量低於最小值 {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': '委託金額低於最小值 {min}',
  'errors.SPOT_INSUFFICIENT_BALANCE': '可用餘額不足',
  'errors.SPOT_POST_ONLY_WOULD_TAKE': '只做掛單的委託會立即成交，未予下單',
  'errors.SPOT_NO_LIQUIDITY': '對手方沒有可成交的掛單',
  'errors.SPOT_ORDER_NOT_FOUND': '委託不存在或已結束',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE': '該自訂委託編號已被您的未完成委託使用',
  'errors.SPOT_AMOUNT_TOO_LARGE': '委託超過允許的上限',
  'errors.SPOT_ORDER_REJECTED': '委託未被接受',
  'success.orderPlaced': '下單成功',
  'success.orderCancelled': '撤單成功',
  'fields.side': '方向',
  'fields.price': '價格',
  'fields.quantity': '數量',
  'fields.quoteQuantity': '花費金額',
  'fields.timeInForce': '有效方式',
  'fields.clientOrderId': '自訂委託編號',
  'fields.orderId': '委託編號',
  'fields.pair': '交易對',
};
