// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesTh: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': 'ไม่พบสแนปช็อตหนี้สิน',
  'errors.LIABILITY_CORE_UNAVAILABLE': 'บัญชีแยกประเภทไม่พร้อมใช้งานในขณะนี้ โปรดลองอีกครั้งภายหลัง',
  'fields.snapshotId': 'สแนปช็อต',
  'success.liabilitySnapshotTaken': 'สร้างสแนปช็อตหนี้สินแล้ว และบันทึกรูทลงในบันทึกการตรวจสอบแล้ว',
};
