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
  'errors.OPERATOR_NOT_FOUND': '운영자를 찾을 수 없습니다',
  'errors.OPERATOR_REQUEST_NOT_FOUND': '운영자 요청을 찾을 수 없습니다',
  'errors.OPERATOR_REQUEST_STATE': '이 운영자 요청은 이미 처리되었습니다',
  'errors.OPERATOR_REQUEST_PENDING': '이 운영자의 역할 변경이 이미 승인을 기다리고 있습니다',
  'errors.OPERATOR_REQUEST_SELF_APPROVAL':
    '본인이 만든 요청이나 본인 계정에 관한 요청은 처리할 수 없습니다. 다른 관리자가 결정해야 합니다',
  'errors.OPERATOR_ROLE_UNCHANGED': '이 운영자는 이미 이 역할입니다',
  'errors.APPROVAL_SAME_OPERATOR': '첫 번째 승인을 하셨습니다. 두 번째 승인은 다른 운영자가 해야 합니다',
  'errors.APPROVAL_LINKED_OPERATOR':
    '본인 계정을 요청한 관리자의 요청이나, 본인이 계정을 요청한 운영자의 요청은 승인할 수 없습니다',
  'errors.APPROVAL_COOLING_OFF': '새 운영자는 아직 승인할 수 없습니다. {from}부터 승인할 수 있습니다',
  'success.operatorRequested': '운영자 요청이 생성되었습니다. 다른 관리자의 승인이 필요합니다',
  'success.operatorCreated': '운영자가 생성되었습니다(첫 관리자가 두 번째 승인 없이 한 번만 할 수 있는 추가)',
  'success.operatorRequestApproved': '운영자 요청이 승인되어 적용되었습니다',
  'success.operatorRequestRejected': '운영자 요청이 거절되었습니다',
  'success.firstApprovalRecorded': '첫 번째 승인이 기록되었습니다. 다른 운영자의 두 번째 승인이 필요합니다',
  'validation.notZero': '0일 수 없습니다',
  'fields.userId': '사용자 ID',
  'fields.asset': '자산',
  'fields.accountType': '계정 유형',
  'fields.amount': '금액',
  'fields.reason': '사유',
  'fields.keyword': '키워드',
  'fields.status': '상태',
};
