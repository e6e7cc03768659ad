// What the console banner says about the bill projection: nothing while it is healthy, an error while
// commands are failing or everything stalls, a warning while it only lags. Pure, so it is unit-tested.
import type { ProjectionStatus } from '../api/projection-api';

export interface ProjectionAlert {
  type: 'error' | 'warning';
  /** Keys under `projection.banner` in the admin namespace, most urgent first. */
  messages: Array<{ key: 'failures' | 'stalled' | 'lagging' | 'catchUp'; count?: number; minutes?: number }>;
}

export function projectionAlert(status: ProjectionStatus | undefined): ProjectionAlert | null {
  if (!status) return null;
  const messages: ProjectionAlert['messages'] = [];
  if (status.stalledSince !== null) messages.push({ key: 'stalled', count: status.lag });
  if (status.openFailures > 0) messages.push({ key: 'failures', count: status.openFailures });
  if (status.catchUpError !== null) messages.push({ key: 'catchUp' });
  if (status.problems.includes('projection_lagging')) {
    messages.push({ key: 'lagging', minutes: Math.floor((status.oldestUnprojectedAgeMs ?? 0) / 60_000) });
  }
  if (messages.length === 0) return null;
  const onlyLagging = messages.every((m) => m.key === 'lagging');
  return { type: onlyLagging ? 'warning' : 'error', messages };
}
