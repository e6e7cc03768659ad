// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesTw: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': '找不到負債快照',
  'errors.LIABILITY_CORE_UNAVAILABLE': '帳本服務目前無法使用，請稍後再試',
  'fields.snapshotId': '快照',
  'success.liabilitySnapshotTaken': '負債快照已產生，其根雜湊已寫入稽核日誌',
};
