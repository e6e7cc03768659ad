// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesZh: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': '未找到负债快照',
  'errors.LIABILITY_CORE_UNAVAILABLE': '账本服务当前不可用，请稍后再试',
  'fields.snapshotId': '快照',
  'success.liabilitySnapshotTaken': '负债快照已生成，其根哈希已写入审计日志',
};
