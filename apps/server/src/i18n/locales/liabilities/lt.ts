// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesLt: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': 'Įsipareigojimų momentinė kopija nerasta',
  'errors.LIABILITY_CORE_UNAVAILABLE': 'Didžioji knyga šiame procese nepasiekiama, bandykite vėliau',
  'fields.snapshotId': 'Momentinė kopija',
  'success.liabilitySnapshotTaken':
    'Įsipareigojimų momentinė kopija sukurta, jos šaknys įrašytos į audito žurnalą',
};
