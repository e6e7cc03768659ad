// Korean server messages of seconds contracts; keys mirror ./en.ts.
import type { secondsEn } from './en';

export const secondsKo: Record<keyof typeof secondsEn, string> = {
  'errors.SECONDS_DISABLED': '초 계약을 현재 이용할 수 없습니다',
  'errors.SECONDS_COUNTRY_BLOCKED': '거주 국가에서는 초 계약이 제공되지 않습니다',
  'errors.SECONDS_NOTICE_REQUIRED': '첫 초 계약 전에 위험 고지를 읽고 확인해 주세요',
  'errors.SECONDS_QUANTITY_NOT_INTEGER': '수량은 정수여야 합니다',
  'errors.SECONDS_SYMBOL_UNKNOWN': '이 코인에는 초 계약이 제공되지 않습니다',
  'errors.SECONDS_PERIOD_UNKNOWN': '존재하지 않는 기간입니다',
  'errors.SECONDS_PERIOD_DISABLED': '이 기간은 신규 주문을 받지 않습니다',
  'errors.SECONDS_STAKE_OUT_OF_RANGE': '수량은 {min}에서 {max} 사이여야 합니다',
  'errors.SECONDS_INSUFFICIENT_BALANCE': '사용 가능 잔액이 부족합니다',
  'errors.SECONDS_POOL_INSUFFICIENT':
    '계약 풀이 지금은 이 주문의 최대 지급액을 감당할 수 없습니다. 수량을 줄여 주세요',
  'errors.SECONDS_PRICE_UNAVAILABLE': '이 코인의 현재 지수 가격이 없습니다. 잠시 후 다시 시도해 주세요',
  'errors.SECONDS_TOO_MANY_OPEN': '미결제 계약이 너무 많습니다. 일부가 정산될 때까지 기다려 주세요',
  'errors.SECONDS_AMOUNT_TOO_LARGE': '수량이 허용 한도를 초과합니다',
  'errors.SECONDS_ORDER_REJECTED': '주문이 접수되지 않았습니다',
  'errors.SECONDS_HOUSE_INSUFFICIENT': '하우스 계정 잔액이 부족합니다',
  'success.secondsOrderPlaced': '계약이 주문되었습니다',
  'success.secondsNoticeAcknowledged': '위험 고지를 확인했습니다',
  'success.secondsPeriodSaved': '기간이 저장되었습니다',
  'success.secondsPoolMoved': '풀이 업데이트되었습니다',
  'fields.direction': '방향',
  'fields.periodId': '기간',
  'fields.durationSec': '길이',
  'fields.minStake': '최소 수량',
  'fields.maxStake': '최대 수량',
  'fields.enabled': '사용',
  'fields.country': '거주 국가',
  'fields.accept': '확인',
};
