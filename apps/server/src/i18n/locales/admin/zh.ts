// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminZh: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': '用户不存在',
  'errors.ADJUSTMENT_NOT_FOUND': '调整申请不存在',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': '该币种不在钱包币种列表中',
  'errors.ADJUSTMENT_SELF_APPROVAL': '发起调整的操作员不能审批或驳回该申请，须由另一位管理员决定',
  'errors.ADJUSTMENT_STATE': '该调整申请已处理',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': '余额不足，无法执行该扣减调整',
  'errors.ADJUSTMENT_FAILED': '调整未能执行，已标记为失败',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE': '余额服务暂不可用，请稍后再试',
  'success.adjustmentRequested': '调整申请已创建，需另一位管理员审批',
  'success.adjustmentApproved': '调整已批准并入账',
  'success.adjustmentRejected': '调整申请已驳回',
  'validation.notZero': '不能为零',
  'fields.userId': '用户ID',
  'fields.asset': '币种',
  'fields.accountType': '账户类型',
  'fields.amount': '金额',
  'fields.reason': '原因',
  'fields.keyword': '关键词',
  'fields.status': '状态',
};
