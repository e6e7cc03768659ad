// GET /api/health (docs/api.md): `ok` or `degraded` with machine-readable reasons, the database check and
// the bill projection's lag. The database is asked at most once per `maxAgeMs` (one `select 1` shared by
// every request of a burst); within that window requests answer from memory. Projection figures come
// from the projection's memory, never from SQL.
import type { ProjectionStatus } from '@/projection/bill-projection';

export interface DatabaseCheckResult {
  ok: boolean;
  /** Wall-clock time of the check. */
  checkedAt: Date;
}

export class DatabaseCheck {
  private last: { result: DatabaseCheckResult; at: number } | undefined;
  private inFlight: Promise<DatabaseCheckResult> | undefined;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly opts: { maxAgeMs?: number; timeoutMs?: number; monotonicNow?: () => number } = {},
  ) {}

  /** The last result while it is fresh, else one new check shared by every caller that asks meanwhile. */
  result(): Promise<DatabaseCheckResult> {
    const now = this.opts.monotonicNow ?? (() => performance.now());
    const last = this.last;
    if (last && now() - last.at < (this.opts.maxAgeMs ?? 1000)) return Promise.resolve(last.result);
    this.inFlight ??= this.run(now).finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async run(now: () => number): Promise<DatabaseCheckResult> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ok: boolean;
    try {
      // A database that does not answer within the timeout counts as down (the request must not hang).
      ok = await Promise.race([
        this.probe().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), this.opts.timeoutMs ?? 2000);
          timer.unref?.();
        }),
      ]);
    } catch {
      ok = false;
    } finally {
      clearTimeout(timer);
    }
    const result = { ok, checkedAt: new Date() };
    this.last = { result, at: now() };
    return result;
  }
}

export type HealthReason = 'database_unavailable' | ProjectionStatus['problems'][number];

export interface HealthReport {
  status: 'ok' | 'degraded';
  reasons: HealthReason[];
  database: string;
  databaseOk: boolean;
  databaseCheckedAt: string;
  /** Null when no bill projection runs in this process (no money core). */
  projection: {
    cursor: number;
    lastSeq: number;
    lag: number;
    oldestUnprojectedAgeMs: number | null;
    openFailures: number;
    stalled: boolean;
    catchingUp: boolean;
  } | null;
}

/** Error texts stay out: the health route is public (operators see them in the console). */
export function healthReport(
  databaseKind: string,
  db: DatabaseCheckResult,
  projection: ProjectionStatus | undefined,
): HealthReport {
  const reasons: HealthReason[] = [];
  if (!db.ok) reasons.push('database_unavailable');
  if (projection) reasons.push(...projection.problems);
  return {
    status: reasons.length === 0 ? 'ok' : 'degraded',
    reasons,
    database: databaseKind,
    databaseOk: db.ok,
    databaseCheckedAt: db.checkedAt.toISOString(),
    projection: projection
      ? {
          cursor: projection.cursor,
          lastSeq: projection.lastSeq,
          lag: projection.lag,
          oldestUnprojectedAgeMs: projection.oldestUnprojectedAgeMs,
          openFailures: projection.openFailures,
          stalled: projection.stalledSince !== null,
          catchingUp: projection.catchingUp,
        }
      : null,
  };
}
