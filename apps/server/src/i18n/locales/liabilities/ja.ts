// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesJa: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': '負債スナップショットが見つかりません',
  'errors.LIABILITY_CORE_UNAVAILABLE': '台帳サービスは現在利用できません。しばらくしてから再度お試しください',
  'fields.snapshotId': 'スナップショット',
  'success.liabilitySnapshotTaken': '負債スナップショットを作成し、ルートを監査ログに記録しました',
};
