// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesFr: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': 'Aucun instantané des passifs trouvé',
  'errors.LIABILITY_CORE_UNAVAILABLE':
    "Le grand livre n'est pas disponible dans ce processus, veuillez réessayer plus tard",
  'fields.snapshotId': 'Instantané',
  'success.liabilitySnapshotTaken': "Instantané des passifs créé et ses racines inscrites au journal d'audit",
};
