// The console's proof-of-liabilities calls (docs/admin-console.md "Proof of liabilities").
import { adminGet, adminPost } from './admin-client';
import type { Page } from './console-types';

export interface LiabilitySnapshotRow {
  id: string;
  kind: 'daily' | 'manual';
  takenAt: string;
  coreSeq: number;
  stateHash: string;
  users: number;
  assets: number;
}

export const liabilitiesAdminKeys = {
  all: ['admin', 'liabilities'] as const,
  page: (current: number) => ['admin', 'liabilities', current] as const,
};

export const listLiabilitySnapshots = (current = 1) =>
  adminGet<Page<LiabilitySnapshotRow>>('/api/admin/liabilities/snapshots', { current, size: 20 });
export const takeLiabilitySnapshot = () => adminPost<{ id: string }>('/api/admin/liabilities/snapshots');
