// Korean server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginKo: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': '이 플랫폼에서는 마진 거래를 이용할 수 없습니다',
  'errors.MARGIN_PAIR_UNKNOWN': '이 거래쌍은 마진 거래를 지원하지 않습니다',
  'errors.MARGIN_COIN_UNKNOWN': '이 코인은 이 마진 계정에서 빌리거나 보유할 수 없습니다',
  'errors.MARGIN_LEVEL_TOO_LOW': '이 작업은 마진 레벨을 레버리지 허용 수준 아래로 낮춥니다',
  'errors.MARGIN_BORROW_LIMIT': '현재 빌릴 수 있는 한도를 초과합니다',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': '상환 금액이 빚(원금과 이자)보다 많습니다',
  'errors.MARGIN_LEVERAGE_INVALID': '지원하지 않는 레버리지입니다',
  'errors.MARGIN_PRICE_UNAVAILABLE': '지금은 가격을 가져올 수 없습니다. 잠시 후 다시 시도하세요',
  'errors.MARGIN_LIQUIDATING': '이 마진 계정은 청산 중입니다',
  'errors.MARGIN_POOL_INSUFFICIENT': '대출 풀이 지금은 이만큼 빌려줄 수 없습니다',
  'errors.MARGIN_INSUFFICIENT_BALANCE': '계정의 사용 가능 잔액이 부족합니다',
  'errors.MARGIN_AMOUNT_INVALID': '이 코인이 허용하는 소수 자릿수 이내의 올바른 금액을 입력하세요',
  'errors.MARGIN_AMOUNT_TOO_LARGE': '금액이 허용 한도를 초과합니다',
  'errors.MARGIN_REJECTED': '요청이 수락되지 않았습니다',
  'errors.MARGIN_SIDE_EFFECT_SPOT': '자동 대출과 자동 상환은 마진 계정의 주문에만 사용할 수 있습니다',
  'success.marginBorrowed': '대출 완료',
  'success.marginRepaid': '상환 완료',
  'success.marginLeverageUpdated': '레버리지가 변경되었습니다',
  'success.marginPoolChanged': '대출 풀이 변경되었습니다',
  'mail.marginCallSubject': '마진 콜: 마진 레벨이 {level}입니다',
  'mail.marginCallBody':
    '마진 레벨이 {level}(으)로 떨어져 경고 수준 {call} 아래입니다. {liquidation}에 도달하면 계정이 자동으로 청산됩니다. 자금을 이체하거나 상환하여 레벨을 높이세요.',
  'fields.sideEffect': '자동 대출/상환',
  'fields.leverage': '레버리지',
  'fields.hourlyRate': '시간당 이율',
};
