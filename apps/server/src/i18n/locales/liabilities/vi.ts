// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesVi: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': 'Không tìm thấy ảnh chụp nợ phải trả',
  'errors.LIABILITY_CORE_UNAVAILABLE': 'Sổ cái hiện không khả dụng, vui lòng thử lại sau',
  'fields.snapshotId': 'Ảnh chụp',
  'success.liabilitySnapshotTaken': 'Đã tạo ảnh chụp nợ phải trả và ghi các gốc vào nhật ký kiểm toán',
};
