// proof of liabilities server messages; keys mirror ./en.ts.
import type { liabilitiesEn } from './en';

export const liabilitiesEs: Record<keyof typeof liabilitiesEn, string> = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': 'No se encontró ninguna instantánea de pasivos',
  'errors.LIABILITY_CORE_UNAVAILABLE':
    'El libro mayor no está disponible en este proceso; inténtelo de nuevo más tarde',
  'fields.snapshotId': 'Instantánea',
  'success.liabilitySnapshotTaken':
    'Instantánea de pasivos creada y sus raíces anotadas en el registro de auditoría',
};
