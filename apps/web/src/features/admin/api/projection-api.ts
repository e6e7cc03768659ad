// The console's calls for the bill projection (docs/admin-console.md, "Projection failures"): its status
// (the layout's banner polls it) and its dead letters with retry and dismiss. Admin only.
import { adminGet, adminPost } from './admin-client';
import type { Page } from './console-types';

export type ProjectionProblem =
  | 'projection_failures'
  | 'projection_stalled'
  | 'projection_lagging'
  | 'projection_catch_up_failed';

export interface ProjectionStatus {
  name: string;
  cursor: number;
  lastSeq: number;
  lag: number;
  oldestUnprojectedAgeMs: number | null;
  openFailures: number;
  stalledSince: string | null;
  catchingUp: boolean;
  catchUpError: string | null;
  lastError: string | null;
  problems: ProjectionProblem[];
}

export type ProjectionFailureStatus = 'open' | 'retried' | 'dismissed';

export interface ProjectionFailure {
  id: string;
  projection: string;
  seq: number;
  commandId: string;
  commandType: string;
  userIds: string[];
  rows: number;
  error: string;
  status: ProjectionFailureStatus;
  attempts: number;
  createTime: string;
  lastAttemptTime: string;
  resolveTime: string | null;
  resolvedBy: string | null;
  resolvedByName: string | null;
  note: string | null;
}

export const projectionKeys = {
  all: ['admin', 'projection'] as const,
  status: ['admin', 'projection', 'status'] as const,
  failures: (status: string, current: number) =>
    ['admin', 'projection', 'failures', status, current] as const,
};

// Silent: the banner polls it; a console without a money core (503) shows no banner rather than toasts.
export const projectionStatus = () =>
  adminGet<ProjectionStatus>('/api/admin/projection', undefined, { silent: true });
export const listProjectionFailures = (status: ProjectionFailureStatus | 'all', current: number) =>
  adminGet<Page<ProjectionFailure>>('/api/admin/projection/failures', {
    status: status === 'all' ? undefined : status,
    current,
    size: 20,
  });
export const retryProjectionFailure = (id: string) =>
  adminPost<ProjectionFailure>(`/api/admin/projection/failures/${id}/retry`);
export const dismissProjectionFailure = (id: string, reason: string) =>
  adminPost<ProjectionFailure>(`/api/admin/projection/failures/${id}/dismiss`, { reason });
