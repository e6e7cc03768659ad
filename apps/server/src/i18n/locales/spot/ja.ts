// Japanese server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotJa: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': 'この現物市場は存在しません',
  'errors.SPOT_MARKET_HALTED': 'この市場の取引は停止中です',
  'errors.SPOT_PRICE_INVALID': '価格は呼値 {tick} の正の整数倍にしてください',
  'errors.SPOT_QUANTITY_INVALID': '数量は最小単位 {lot} の整数倍にしてください',
  'errors.SPOT_BELOW_MIN_QTY': '数量が最小値 {min} を下回っています',
  'errors.SPOT_BELOW_MIN_NOTIONAL': '注文金額が最小値 {min} を下回っています',
  'errors.SPOT_INSUFFICIENT_BALANCE': '利用可能残高が不足しています',
  'errors.SPOT_POST_ONLY_WOULD_TAKE': 'このポストオンリー注文は即時約定するため発注されませんでした',
  'errors.SPOT_NO_LIQUIDITY': '反対側に約定できる注文がありません',
  'errors.SPOT_ORDER_NOT_FOUND': '注文が見つからないか、すでに終了しています',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE': 'このクライアント注文IDは未約定の注文で使用中です',
  'errors.SPOT_AMOUNT_TOO_LARGE': '注文が上限を超えています',
  'errors.SPOT_ORDER_REJECTED': '注文は受け付けられませんでした',
  'success.orderPlaced': '注文しました',
  'success.orderCancelled': '注文を取り消しました',
  'fields.side': '売買',
  'fields.price': '価格',
  'fields.quantity': '数量',
  'fields.quoteQuantity': '支払額',
  'fields.timeInForce': '有効期限',
  'fields.clientOrderId': 'クライアント注文ID',
  'fields.orderId': '注文ID',
  'fields.pair': '取引ペア',
};
