// Korean server messages of perpetual contracts; keys mirror ./en.ts.
import type { contractsEn } from './en';

export const contractsKo: Record<keyof typeof contractsEn, string> = {
  'errors.CONTRACT_MARKET_UNKNOWN': '존재하지 않는 선물 시장입니다',
  'errors.CONTRACT_MARKET_HALTED': '이 선물 시장의 거래가 중단되었습니다',
  'errors.CONTRACT_PRICE_INVALID': '가격은 틱 크기의 양의 배수여야 합니다',
  'errors.CONTRACT_QUANTITY_INVALID': '수량은 로트 크기의 양의 배수이며 최소 수량 이상이어야 합니다',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': '선물 계정의 사용 가능 잔액이 부족합니다',
  'errors.CONTRACT_NO_LIQUIDITY': '체결할 수 있는 반대편 주문이 없습니다',
  'errors.CONTRACT_ORDER_NOT_FOUND': '주문을 찾을 수 없거나 더 이상 미체결 상태가 아닙니다',
  'errors.CONTRACT_POSITION_NOT_FOUND': '포지션을 찾을 수 없습니다',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH': '레버리지가 이 시장 또는 포지션 규모의 최대치를 초과합니다',
  'errors.CONTRACT_REDUCE_ONLY': '청산 주문은 보유 포지션(청산 중인 수량 제외)보다 클 수 없습니다',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': '증거금은 개시 증거금 아래로 줄일 수 없습니다',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    '익절가는 마크 가격을 넘어야 하고 손절가는 마크 가격과 청산 가격 사이여야 합니다',
  'errors.CONTRACT_MODE_LOCKED': '증거금 모드는 이 시장에 포지션과 주문이 없을 때만 변경할 수 있습니다',
  'errors.CONTRACT_PRICE_STALE': '이 시장의 최신 마크 가격이 없습니다. 잠시 후 다시 시도하세요',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': '주문이 허용 한도를 초과합니다',
  'errors.CONTRACT_REJECTED': '주문이 접수되지 않았습니다',
  'success.positionClosed': '포지션이 청산되었습니다',
  'success.marginAdjusted': '증거금이 조정되었습니다',
  'success.tpslSet': '익절/손절이 설정되었습니다',
  'success.tpslCleared': '익절/손절이 해제되었습니다',
  'success.leverageSet': '레버리지가 설정되었습니다',
  'fields.leverage': '레버리지',
  'fields.money': '금액',
  'fields.flag': '추가 또는 감소',
  'fields.takeProfit': '익절가',
  'fields.stopLoss': '손절가',
  'fields.symbolNameList': '시장',
  'fields.oneKeySymbolNameList': '일괄 청산할 시장',
  'fields.symbolName': '시장',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    '매수 스톱의 트리거 가격은 마크 가격보다 높아야 하고, 매도 스톱은 낮아야 합니다',
  'errors.CONTRACT_TOO_MANY_STOPS': '이 시장에서 대기 중인 스톱 주문이 너무 많습니다',
  'fields.triggerPrice': '트리거 가격',
};
