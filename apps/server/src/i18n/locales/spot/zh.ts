// Simplified Chinese server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotZh: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': '该现货交易对不存在',
  'errors.SPOT_MARKET_HALTED': '该交易对已暂停交易',
  'errors.SPOT_PRICE_INVALID': '价格必须是最小变动单位 {tick} 的正整数倍',
  'errors.SPOT_QUANTITY_INVALID': '数量必须是最小数量单位 {lot} 的整数倍',
  'errors.SPOT_BELOW_MIN_QTY': '数量低于最小值 {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': '委托金额低于最小值 {min}',
  'errors.SPOT_INSUFFICIENT_BALANCE': '可用余额不足',
  'errors.SPOT_POST_ONLY_WOULD_TAKE': '只做挂单的委托会立即成交，未予下单',
  'errors.SPOT_NO_LIQUIDITY': '对手方没有可成交的挂单',
  'errors.SPOT_ORDER_NOT_FOUND': '委托不存在或已结束',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE': '该自定义委托编号已被您的未完成委托使用',
  'errors.SPOT_AMOUNT_TOO_LARGE': '委托超过允许的上限',
  'errors.SPOT_ORDER_REJECTED': '委托未被接受',
  'success.orderPlaced': '下单成功',
  'success.orderCancelled': '撤单成功',
  'fields.side': '方向',
  'fields.price': '价格',
  'fields.quantity': '数量',
  'fields.quoteQuantity': '花费金额',
  'fields.timeInForce': '有效方式',
  'fields.clientOrderId': '自定义委托编号',
  'fields.orderId': '委托编号',
  'fields.pair': '交易对',
};
