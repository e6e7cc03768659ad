// GET {api}/liabilities/latest (public) and GET {api}/liabilities/proof (the signed-in user's own proofs).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Snapshot, UserProofs } from '../lib/liabilities-types';

export const LIABILITIES_API = '/api/mjkj-web/coin/liabilities';

export const liabilitiesKeys = {
  all: ['liabilities'] as const,
  latest: () => ['liabilities', 'latest'] as const,
  proofs: (snapshotId: string) => ['liabilities', 'proofs', snapshotId] as const,
};

export function getLatestSnapshot(signal?: AbortSignal): Promise<Snapshot> {
  // Silent: "no snapshot yet" (404) is shown in the page, not as a toast.
  return apiGet<Snapshot>(`${LIABILITIES_API}/latest`, undefined, { signal, silent: true });
}

export function latestSnapshotQuery() {
  return queryOptions({
    queryKey: liabilitiesKeys.latest(),
    queryFn: ({ signal }) => getLatestSnapshot(signal),
    retry: false,
  });
}

export function getMyProofs(snapshotId: string, signal?: AbortSignal): Promise<UserProofs> {
  return apiGet<UserProofs>(`${LIABILITIES_API}/proof`, { snapshotId }, { signal });
}

export function myProofsQuery(snapshotId: string) {
  return queryOptions({
    queryKey: liabilitiesKeys.proofs(snapshotId),
    queryFn: ({ signal }) => getMyProofs(snapshotId, signal),
  });
}
