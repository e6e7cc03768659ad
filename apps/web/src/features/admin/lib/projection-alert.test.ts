import { describe, expect, it } from 'vitest';
import type { ProjectionStatus } from '../api/projection-api';
import { projectionAlert } from './projection-alert';

const healthy: ProjectionStatus = {
  name: 'wallet.bills',
  cursor: 10,
  lastSeq: 10,
  lag: 0,
  oldestUnprojectedAgeMs: null,
  openFailures: 0,
  stalledSince: null,
  catchingUp: false,
  catchUpError: null,
  lastError: null,
  problems: [],
};

describe('projectionAlert', () => {
  it('says nothing while the projection is healthy or unknown', () => {
    expect(projectionAlert(undefined)).toBeNull();
    expect(projectionAlert(healthy)).toBeNull();
    // A short lag is normal (batches) and not alarming.
    expect(projectionAlert({ ...healthy, lag: 3, oldestUnprojectedAgeMs: 200 })).toBeNull();
  });

  it('is an error for open failures and for a stall, the stall first', () => {
    expect(projectionAlert({ ...healthy, openFailures: 2, problems: ['projection_failures'] })).toEqual({
      type: 'error',
      messages: [{ key: 'failures', count: 2 }],
    });
    expect(
      projectionAlert({
        ...healthy,
        openFailures: 1,
        stalledSince: '2026-06-01T00:00:00.000Z',
        lag: 7,
        problems: ['projection_failures', 'projection_stalled'],
      }),
    ).toEqual({
      type: 'error',
      messages: [
        { key: 'stalled', count: 7 },
        { key: 'failures', count: 1 },
      ],
    });
    expect(
      projectionAlert({ ...healthy, catchUpError: 'gone', problems: ['projection_catch_up_failed'] }),
    ).toMatchObject({ type: 'error', messages: [{ key: 'catchUp' }] });
  });

  it('is a warning when it only lags, with the age in minutes', () => {
    expect(
      projectionAlert({
        ...healthy,
        lag: 40,
        oldestUnprojectedAgeMs: 185_000,
        problems: ['projection_lagging'],
      }),
    ).toEqual({ type: 'warning', messages: [{ key: 'lagging', minutes: 3 }] });
  });
});
