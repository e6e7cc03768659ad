// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminKo: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': '사용자를 찾을 수 없습니다',
  'errors.ADJUSTMENT_NOT_FOUND': '조정 요청을 찾을 수 없습니다',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': '이 자산은 지갑 자산 목록에 없습니다',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    '조정을 요청한 운영자는 승인하거나 거절할 수 없습니다. 다른 관리자가 결정해야 합니다',
  'errors.ADJUSTMENT_STATE': '이 조정 요청은 이미 처리되었습니다',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': '잔액이 부족하여 이 차감 조정을 실행할 수 없습니다',
  'errors.ADJUSTMENT_FAILED': '조정을 실행하지 못해 실패로 표시했습니다',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE': '잔액 서비스를 사용할 수 없습니다. 잠시 후 다시 시도하세요',
  'success.adjustmentRequested': '조정 요청이 생성되었습니다. 다른 관리자의 승인이 필요합니다',
  'success.adjustmentApproved': '조정이 승인되어 반영되었습니다',
  'success.adjustmentRejected': '조정 요청이 거절되었습니다',
  'validation.notZero': '0일 수 없습니다',
  'fields.userId': '사용자 ID',
  'fields.asset': '자산',
  'fields.accountType': '계정 유형',
  'fields.amount': '금액',
  'fields.reason': '사유',
  'fields.keyword': '키워드',
  'fields.status': '상태',
};
