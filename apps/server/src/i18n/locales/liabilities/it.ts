// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesIt: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': 'Nessuna istantanea delle passività trovata',
  'errors.LIABILITY_CORE_UNAVAILABLE':
    'Il registro contabile non è disponibile in questo processo, riprova più tardi',
  'fields.snapshotId': 'Istantanea',
  'success.liabilitySnapshotTaken':
    'Istantanea delle passività creata e radici scritte nel registro di audit',
};
