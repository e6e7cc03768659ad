// What operators do with the projection's dead letters (docs/admin-console.md, "Projection failures"):
// list them, retry one after its cause is fixed, or dismiss one with a reason. A retry re-derives the
// command's bill rows from the events stored with the failure and inserts them with the same
// (seq, idx) uniqueness as the projection, in one transaction with the status change and the audit
// entry, so the rows land exactly once however often or concurrently it is retried.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CoreEvent } from '@/core/types';
import type { Db } from '@/db/client';
import { operators, projectionFailures } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import {
  type BillProjection,
  describeError,
  insertReadModelRows,
  type ProjectionLog,
  readModelRowCount,
  readModelRowsOf,
} from './bill-projection';

export const PROJECTION_FAILURE_STATUSES = ['open', 'retried', 'dismissed'] as const;
export type ProjectionFailureStatus = (typeof PROJECTION_FAILURE_STATUSES)[number];

export interface ProjectionFailureView {
  id: string;
  projection: string;
  seq: number;
  commandId: string;
  commandType: string;
  /** The users whose bills are missing while it is open. */
  userIds: string[];
  /** Bill rows a retry writes. */
  rows: number;
  error: string;
  status: string;
  attempts: number;
  createTime: string;
  lastAttemptTime: string;
  resolveTime: string | null;
  resolvedBy: string | null;
  resolvedByName: string | null;
  note: string | null;
}

type Row = typeof projectionFailures.$inferSelect;

function userIdsOf(events: readonly CoreEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    if (e.type !== 'postings') continue;
    for (const p of e.postings) if (p.account.kind === 'user') ids.add(p.account.userId);
  }
  return [...ids].sort();
}

export class ProjectionFailureService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly projection: BillProjection,
    private readonly log: ProjectionLog,
  ) {}

  async list(filter: {
    status?: ProjectionFailureStatus | undefined;
    current: number;
    size: number;
  }): Promise<{ records: ProjectionFailureView[]; total: number; current: number; size: number }> {
    const where = filter.status ? eq(projectionFailures.status, filter.status) : undefined;
    const rows = await this.db
      .select()
      .from(projectionFailures)
      .where(where)
      .orderBy(desc(projectionFailures.seq))
      .limit(filter.size)
      .offset((filter.current - 1) * filter.size);
    const [total] = await this.db.select({ n: count() }).from(projectionFailures).where(where);
    return {
      records: await this.views(rows),
      total: total?.n ?? 0,
      current: filter.current,
      size: filter.size,
    };
  }

  async get(id: bigint): Promise<ProjectionFailureView> {
    const [view] = await this.views([await this.row(id)]);
    if (!view) throw new AppError('PROJECTION_FAILURE_NOT_FOUND');
    return view;
  }

  /** Writes the command's missing bill rows now. A failure stays open with the new error and attempt. */
  async retry(operatorId: bigint, id: bigint): Promise<ProjectionFailureView> {
    const current = await this.row(id);
    if (current.status !== 'open') throw new AppError('PROJECTION_FAILURE_STATE');
    const rows = readModelRowsOf(current.events as CoreEvent[], current.seq - 1);
    const now = this.clock.now();
    const audit = {
      id: id.toString(),
      projection: current.projection,
      seq: current.seq,
      commandId: current.commandId,
      commandType: current.commandType,
    };
    try {
      await this.db.transaction(async (tx) => {
        // The claim: of two concurrent retries only one gets past here (the other: PROJECTION_FAILURE_STATE).
        const [claimed] = await tx
          .update(projectionFailures)
          .set({
            status: 'retried',
            attempts: sql`${projectionFailures.attempts} + 1`,
            lastAttemptAt: now,
            resolvedAt: now,
            resolvedBy: operatorId,
          })
          .where(and(eq(projectionFailures.id, id), eq(projectionFailures.status, 'open')))
          .returning({ id: projectionFailures.id });
        if (!claimed) throw new AppError('PROJECTION_FAILURE_STATE');
        await insertReadModelRows(tx, rows);
        await appendAudit(
          tx,
          {
            actorType: 'operator',
            actorId: operatorId.toString(),
            action: 'projection.retry',
            payload: { ...audit, rows: readModelRowCount(rows) },
          },
          now,
        );
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      const error = describeError(err);
      // The attempt itself is an operator action: recorded and audited even though it changed nothing.
      await this.db.transaction(async (tx) => {
        await tx
          .update(projectionFailures)
          .set({ attempts: sql`${projectionFailures.attempts} + 1`, lastAttemptAt: now, error })
          .where(eq(projectionFailures.id, id));
        await appendAudit(
          tx,
          {
            actorType: 'operator',
            actorId: operatorId.toString(),
            action: 'projection.retry_failed',
            payload: { ...audit, error },
          },
          now,
        );
      });
      this.log.error(
        { projection: current.projection, seq: current.seq, commandId: current.commandId, err: error },
        `projection failure ${id} (seq ${current.seq}, ${current.commandType} ${current.commandId}): ` +
          `retry by operator ${operatorId} failed again: ${error}`,
      );
      throw new AppError('PROJECTION_RETRY_FAILED');
    }
    await this.projection.refreshOpenFailures();
    return this.get(id);
  }

  /** Closes a failure without writing its rows (e.g. the command's bills were repaired another way). */
  async dismiss(operatorId: bigint, id: bigint, reason: string): Promise<ProjectionFailureView> {
    const current = await this.row(id);
    const now = this.clock.now();
    const done = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(projectionFailures)
        .set({ status: 'dismissed', resolvedAt: now, resolvedBy: operatorId, note: reason })
        .where(and(eq(projectionFailures.id, id), eq(projectionFailures.status, 'open')))
        .returning({ id: projectionFailures.id });
      if (!row) return false;
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'projection.dismiss',
          payload: {
            id: id.toString(),
            projection: current.projection,
            seq: current.seq,
            commandId: current.commandId,
            commandType: current.commandType,
            reason,
          },
        },
        now,
      );
      return true;
    });
    if (!done) throw new AppError('PROJECTION_FAILURE_STATE');
    await this.projection.refreshOpenFailures();
    return this.get(id);
  }

  private async row(id: bigint): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(projectionFailures)
      .where(eq(projectionFailures.id, id))
      .limit(1);
    if (!row) throw new AppError('PROJECTION_FAILURE_NOT_FOUND');
    return row;
  }

  private async views(rows: Row[]): Promise<ProjectionFailureView[]> {
    const operatorIds = [...new Set(rows.flatMap((r) => (r.resolvedBy === null ? [] : [r.resolvedBy])))];
    const names = new Map<string, string>();
    if (operatorIds.length > 0) {
      const ops = await this.db
        .select({ id: operators.id, username: operators.username })
        .from(operators)
        .where(inArray(operators.id, operatorIds));
      for (const o of ops) names.set(o.id.toString(), o.username);
    }
    return rows.map((r) => {
      const events = r.events as CoreEvent[];
      const resolvedBy = r.resolvedBy?.toString() ?? null;
      return {
        id: r.id.toString(),
        projection: r.projection,
        seq: r.seq,
        commandId: r.commandId,
        commandType: r.commandType,
        userIds: userIdsOf(events),
        rows: readModelRowCount(readModelRowsOf(events, r.seq - 1)),
        error: r.error,
        status: r.status,
        attempts: r.attempts,
        createTime: r.createdAt.toISOString(),
        lastAttemptTime: r.lastAttemptAt.toISOString(),
        resolveTime: r.resolvedAt?.toISOString() ?? null,
        resolvedBy,
        resolvedByName: resolvedBy === null ? null : (names.get(resolvedBy) ?? null),
        note: r.note,
      };
    });
  }
}
