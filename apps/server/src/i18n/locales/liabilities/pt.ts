// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesPt: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': 'Nenhum snapshot de passivos encontrado',
  'errors.LIABILITY_CORE_UNAVAILABLE':
    'O livro-razão não está disponível neste processo; tente novamente mais tarde',
  'fields.snapshotId': 'Snapshot',
  'success.liabilitySnapshotTaken':
    'Snapshot de passivos criado e as suas raízes registadas no log de auditoria',
};
