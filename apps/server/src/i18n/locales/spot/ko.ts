// Korean server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotKo: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': '이 현물 마켓은 존재하지 않습니다',
  'errors.SPOT_MARKET_HALTED': '이 마켓의 거래가 중단되었습니다',
  'errors.SPOT_PRICE_INVALID': '가격은 호가 단위 {tick}의 양의 배수여야 합니다',
  'errors.SPOT_QUANTITY_INVALID': '수량은 최소 단위 {lot}의 배수여야 합니다',
  'errors.SPOT_BELOW_MIN_QTY': '수량이 최소값 {min}보다 적습니다',
  'errors.SPOT_BELOW_MIN_NOTIONAL': '주문 금액이 최소값 {min}보다 적습니다',
  'errors.SPOT_INSUFFICIENT_BALANCE': '사용 가능 잔액이 부족합니다',
  'errors.SPOT_POST_ONLY_WOULD_TAKE': '이 메이커 전용 주문은 즉시 체결되므로 접수되지 않았습니다',
  'errors.SPOT_NO_LIQUIDITY': '반대편에 체결할 주문이 없습니다',
  'errors.SPOT_ORDER_NOT_FOUND': '주문을 찾을 수 없거나 이미 종료되었습니다',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE': '이 클라이언트 주문 ID는 미체결 주문에서 사용 중입니다',
  'errors.SPOT_AMOUNT_TOO_LARGE': '주문이 허용 한도를 초과합니다',
  'errors.SPOT_ORDER_REJECTED': '주문이 접수되지 않았습니다',
  'success.orderPlaced': '주문이 접수되었습니다',
  'success.orderCancelled': '주문이 취소되었습니다',
  'fields.side': '방향',
  'fields.price': '가격',
  'fields.quantity': '수량',
  'fields.quoteQuantity': '사용 금액',
  'fields.timeInForce': '유효 조건',
  'fields.clientOrderId': '클라이언트 주문 ID',
  'fields.orderId': '주문 ID',
  'fields.pair': '거래쌍',
};
