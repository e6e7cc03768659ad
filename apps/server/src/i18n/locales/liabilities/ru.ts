// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesRu: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': 'Снимок обязательств не найден',
  'errors.LIABILITY_CORE_UNAVAILABLE': 'Реестр сейчас недоступен, попробуйте позже',
  'fields.snapshotId': 'Снимок',
  'success.liabilitySnapshotTaken': 'Снимок обязательств создан, его корни записаны в журнал аудита',
};
