// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminTw: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': '用戶不存在',
  'errors.ADJUSTMENT_NOT_FOUND': '調整申請不存在',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': '該幣種不在錢包幣種列表中',
  'errors.ADJUSTMENT_SELF_APPROVAL': '發起調整的操作員不能審批或駁回該申請，須由另一位管理員決定',
  'errors.ADJUSTMENT_STATE': '該調整申請已處理',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': '餘額不足，無法執行該扣減調整',
  'errors.ADJUSTMENT_FAILED': '調整未能執行，已標記為失敗',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE': '餘額服務暫不可用，請稍後再試',
  'success.adjustmentRequested': '調整申請已建立，需另一位管理員審批',
  'success.adjustmentApproved': '調整已批准並入帳',
  'success.adjustmentRejected': '調整申請已駁回',
  'validation.notZero': '不能為零',
  'fields.userId': '用戶ID',
  'fields.asset': '幣種',
  'fields.accountType': '帳戶類型',
  'fields.amount': '金額',
  'fields.reason': '原因',
  'fields.keyword': '關鍵詞',
  'fields.status': '狀態',
};
