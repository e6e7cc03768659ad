// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesDe: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': 'Kein Verbindlichkeiten-Snapshot gefunden',
  'errors.LIABILITY_CORE_UNAVAILABLE':
    'Das Hauptbuch ist in diesem Prozess nicht verfügbar, bitte später erneut versuchen',
  'fields.snapshotId': 'Snapshot',
  'success.liabilitySnapshotTaken':
    'Verbindlichkeiten-Snapshot erstellt und seine Wurzeln ins Prüfprotokoll geschrieben',
};
