// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesKo: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': '부채 스냅샷을 찾을 수 없습니다',
  'errors.LIABILITY_CORE_UNAVAILABLE': '원장 서비스를 지금 사용할 수 없습니다. 잠시 후 다시 시도하세요',
  'fields.snapshotId': '스냅샷',
  'success.liabilitySnapshotTaken': '부채 스냅샷을 생성하고 루트를 감사 로그에 기록했습니다',
};
