// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminTh: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': 'ไม่พบผู้ใช้',
  'errors.ADJUSTMENT_NOT_FOUND': 'ไม่พบคำขอปรับยอด',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'สินทรัพย์นี้ไม่อยู่ในรายการสินทรัพย์ของกระเป๋าเงิน',
  'errors.ADJUSTMENT_SELF_APPROVAL': 'ผู้ดำเนินการที่ขอปรับยอดไม่สามารถอนุมัติหรือปฏิเสธคำขอนั้นได้ ต้องให้ผู้ดูแลระบบอีกคนตัดสิน',
  'errors.ADJUSTMENT_STATE': 'คำขอปรับยอดนี้ได้รับการพิจารณาแล้ว',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': 'ยอดคงเหลือไม่พอสำหรับการปรับลดนี้',
  'errors.ADJUSTMENT_FAILED': 'ไม่สามารถดำเนินการปรับยอดได้ และได้ทำเครื่องหมายว่าล้มเหลวแล้ว',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE': 'บริการยอดคงเหลือไม่พร้อมใช้งาน โปรดลองอีกครั้งภายหลัง',
  'success.adjustmentRequested': 'สร้างคำขอปรับยอดแล้ว ต้องให้ผู้ดูแลระบบอีกคนอนุมัติ',
  'success.adjustmentApproved': 'อนุมัติและปรับยอดเรียบร้อยแล้ว',
  'success.adjustmentRejected': 'ปฏิเสธคำขอปรับยอดแล้ว',
  'validation.notZero': 'ต้องไม่เป็นศูนย์',
  'fields.userId': 'รหัสผู้ใช้',
  'fields.asset': 'สินทรัพย์',
  'fields.accountType': 'ประเภทบัญชี',
  'fields.amount': 'จำนวน',
  'fields.reason': 'เหตุผล',
  'fields.keyword': 'คำค้นหา',
  'fields.status': 'สถานะ',
};
