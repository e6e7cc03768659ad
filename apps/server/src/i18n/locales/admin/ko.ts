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
  'errors.PROJECTION_FAILURE_NOT_FOUND': '프로젝션 실패 기록을 찾을 수 없습니다',
  'errors.PROJECTION_FAILURE_STATE': '이 프로젝션 실패 기록은 이미 재시도되었거나 무시되었습니다',
  'errors.PROJECTION_RETRY_FAILED':
    '거래 내역 행을 여전히 기록할 수 없습니다. 실패 기록은 새 오류와 함께 미해결로 남습니다',
  'errors.PROJECTION_UNAVAILABLE': '거래 내역 프로젝션이 실행되고 있지 않습니다. 잠시 후 다시 시도하세요',
  'success.projectionRetried': '누락된 거래 내역 행을 기록했습니다',
  'success.projectionDismissed': '프로젝션 실패 기록을 무시했습니다',
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
