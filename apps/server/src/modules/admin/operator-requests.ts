// Operator requests (docs/admin-console.md "Operator requests"): an admin requests a new operator or a
// role change; a DIFFERENT admin, who passes the approval rule (./operator-approvals.ts), approves it
// and only then the account is created or the role changed. pending -> approved | rejected, each by one
// conditional UPDATE inside the transaction that applies it, so two concurrent approvals apply once.
//
// The one exception is a fresh install's first step: while the first admin is the only admin, their
// request for an admin account is applied at once (there is nobody to approve it). That account is
// marked as the solo addition (approved_by null), may never approve the first admin's requests and
// starts in the cooling-off like every new account.
import type { ErrorCode } from '@coin/shared/error-codes';
import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { operatorRequests, operators } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { hashPassword } from '@/lib/passwords';
import { isOperatorRole, isRaise, type OperatorRole } from './operator-roles';
import type { OperatorService } from './operator-service';

export const OPERATOR_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type OperatorRequestStatus = (typeof OPERATOR_REQUEST_STATUSES)[number];

export interface OperatorRequestView {
  id: string;
  kind: 'create' | 'role';
  username: string;
  role: string;
  fromRole: string | null;
  operatorId: string | null;
  status: string;
  requestedBy: string;
  requestedByName: string | null;
  decidedBy: string | null;
  decidedByName: string | null;
  decisionReason: string | null;
  createTime: string;
  decideTime: string | null;
}

type Row = typeof operatorRequests.$inferSelect;

/** Serializes request creation and decisions (the solo-addition check and username checks). */
const OPERATOR_REQUEST_LOCK = 7_420_002;

export class OperatorRequestService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly operators: OperatorService,
  ) {}

  /** A new operator; applied at once only as the first admin's solo addition (see the header). */
  async requestCreate(
    actorId: bigint,
    input: { username: string; role: OperatorRole; password: string },
  ): Promise<OperatorRequestView> {
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${OPERATOR_REQUEST_LOCK})`);
      const taken =
        (await this.operators.findUsername(tx, input.username)) ||
        (await pendingCreateNamed(tx, input.username));
      if (taken)
        throw new AppError('USER_ACCOUNT_TAKEN', [{ field: 'username', key: 'errors.USER_ACCOUNT_TAKEN' }]);
      const solo = input.role === 'admin' && (await this.isSoloFirstAdmin(tx, actorId));
      const [row] = await tx
        .insert(operatorRequests)
        .values({
          kind: 'create',
          username: input.username,
          role: input.role,
          passwordHash: solo ? null : passwordHash,
          status: solo ? 'approved' : 'pending',
          requestedBy: actorId,
          createdAt: now,
          ...(solo ? { decidedAt: now } : {}),
        })
        .returning();
      if (!row) throw new Error('operator request insert returned nothing');
      await this.audit(tx, actorId, 'operator.request', row, now);
      if (solo) {
        const created = await this.operators.insert(
          tx,
          {
            username: input.username,
            role: input.role,
            passwordHash,
            createdBy: actorId,
            approvedBy: null,
            requestId: row.id,
          },
          now,
        );
        await tx
          .update(operatorRequests)
          .set({ operatorId: created.id })
          .where(eq(operatorRequests.id, row.id));
      }
      return row.id;
    });
    return this.get(id);
  }

  /** A role change (either way) for an existing operator. */
  async requestRole(actorId: bigint, operatorId: bigint, role: OperatorRole): Promise<OperatorRequestView> {
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${OPERATOR_REQUEST_LOCK})`);
      const [target] = await tx.select().from(operators).where(eq(operators.id, operatorId)).limit(1);
      if (!target) throw new AppError('OPERATOR_NOT_FOUND');
      if (target.role === role)
        throw new AppError('OPERATOR_ROLE_UNCHANGED', [
          { field: 'role', key: 'errors.OPERATOR_ROLE_UNCHANGED' },
        ]);
      const [open] = await tx
        .select({ id: operatorRequests.id })
        .from(operatorRequests)
        .where(
          and(
            eq(operatorRequests.kind, 'role'),
            eq(operatorRequests.operatorId, operatorId),
            eq(operatorRequests.status, 'pending'),
          ),
        )
        .limit(1);
      if (open) throw new AppError('OPERATOR_REQUEST_PENDING');
      const [row] = await tx
        .insert(operatorRequests)
        .values({
          kind: 'role',
          username: target.username,
          role,
          fromRole: target.role,
          operatorId,
          requestedBy: actorId,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('operator request insert returned nothing');
      await this.audit(tx, actorId, 'operator.request', row, now);
      return row.id;
    });
    return this.get(id);
  }

  async approve(approverId: bigint, id: bigint): Promise<OperatorRequestView> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${OPERATOR_REQUEST_LOCK})`);
      const current = await this.pendingRow(tx, id, approverId);
      await this.operators.assertMayApprove(
        approverId,
        current.requestedBy,
        'OPERATOR_REQUEST_SELF_APPROVAL',
        tx,
      );
      const [claimed] = await tx
        .update(operatorRequests)
        .set({ status: 'approved', decidedBy: approverId, decidedAt: now, passwordHash: null })
        .where(
          and(
            eq(operatorRequests.id, id),
            eq(operatorRequests.status, 'pending'),
            ne(operatorRequests.requestedBy, approverId),
          ),
        )
        .returning();
      if (!claimed) throw new AppError('OPERATOR_REQUEST_STATE');
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: approverId.toString(),
          action: 'operator.approve',
          payload: { requestId: id.toString(), requestedBy: claimed.requestedBy.toString() },
        },
        now,
      );
      if (!isOperatorRole(claimed.role)) throw new Error(`operator request ${id} has role ${claimed.role}`);
      if (claimed.kind === 'create') {
        if (!current.passwordHash) throw new Error(`operator request ${id} has no password`);
        const created = await this.operators.insert(
          tx,
          {
            username: claimed.username,
            role: claimed.role,
            passwordHash: current.passwordHash,
            createdBy: claimed.requestedBy,
            approvedBy: approverId,
            requestId: id,
          },
          now,
        );
        await tx.update(operatorRequests).set({ operatorId: created.id }).where(eq(operatorRequests.id, id));
      } else {
        await this.applyRole(tx, claimed, claimed.role, approverId, now);
      }
    });
    return this.get(id);
  }

  async reject(operatorId: bigint, id: bigint, reason: string): Promise<OperatorRequestView> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${OPERATOR_REQUEST_LOCK})`);
      await this.pendingRow(tx, id, operatorId);
      const [row] = await tx
        .update(operatorRequests)
        .set({
          status: 'rejected',
          decidedBy: operatorId,
          decidedAt: now,
          decisionReason: reason,
          passwordHash: null,
        })
        .where(and(eq(operatorRequests.id, id), eq(operatorRequests.status, 'pending')))
        .returning({ id: operatorRequests.id });
      if (!row) throw new AppError('OPERATOR_REQUEST_STATE');
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'operator.reject',
          payload: { requestId: id.toString(), reason },
        },
        now,
      );
    });
    return this.get(id);
  }

  async get(id: bigint): Promise<OperatorRequestView> {
    const [row] = await this.db.select().from(operatorRequests).where(eq(operatorRequests.id, id)).limit(1);
    if (!row) throw new AppError('OPERATOR_REQUEST_NOT_FOUND');
    const [view] = await this.views([row]);
    if (!view) throw new AppError('OPERATOR_REQUEST_NOT_FOUND');
    return view;
  }

  async list(filter: {
    status?: OperatorRequestStatus | undefined;
    current: number;
    size: number;
  }): Promise<{ records: OperatorRequestView[]; total: number; current: number; size: number }> {
    const where: SQL | undefined = filter.status ? eq(operatorRequests.status, filter.status) : undefined;
    const rows = await this.db
      .select()
      .from(operatorRequests)
      .where(where)
      .orderBy(desc(operatorRequests.id))
      .limit(filter.size)
      .offset((filter.current - 1) * filter.size);
    const [total] = await this.db.select({ n: count() }).from(operatorRequests).where(where);
    return {
      records: await this.views(rows),
      total: total?.n ?? 0,
      current: filter.current,
      size: filter.size,
    };
  }

  /** The first admin alone: no other admin account exists at all (active, disabled or created later). */
  private async isSoloFirstAdmin(tx: Executor, actorId: bigint): Promise<boolean> {
    const [actor] = await tx.select().from(operators).where(eq(operators.id, actorId)).limit(1);
    if (actor?.role !== 'admin' || actor.createdBy !== null) return false;
    const [others] = await tx
      .select({ n: count() })
      .from(operators)
      .where(and(eq(operators.role, 'admin'), ne(operators.id, actorId)));
    return (others?.n ?? 0) === 0;
  }

  /** The pending request, or the error for a missing, decided or own request (or one about oneself). */
  private async pendingRow(tx: Executor, id: bigint, deciderId: bigint): Promise<Row> {
    const [row] = await tx.select().from(operatorRequests).where(eq(operatorRequests.id, id)).limit(1);
    if (!row) throw new AppError('OPERATOR_REQUEST_NOT_FOUND');
    const self: ErrorCode = 'OPERATOR_REQUEST_SELF_APPROVAL';
    if (row.requestedBy === deciderId || row.operatorId === deciderId) throw new AppError(self);
    if (row.status !== 'pending') throw new AppError('OPERATOR_REQUEST_STATE');
    return row;
  }

  private async applyRole(
    tx: Executor,
    request: Row,
    role: OperatorRole,
    approverId: bigint,
    now: Date,
  ): Promise<void> {
    if (request.operatorId === null) throw new Error(`role request ${request.id} has no operator`);
    const [target] = await tx.select().from(operators).where(eq(operators.id, request.operatorId)).limit(1);
    if (!target) throw new AppError('OPERATOR_NOT_FOUND');
    // More powers restart the cooling-off; fewer leave it as it was.
    const raise = isRaise(target.role, role);
    const mayApproveFrom = raise ? this.operators.coolingOffEnd(now) : target.mayApproveFrom;
    await tx.update(operators).set({ role, mayApproveFrom }).where(eq(operators.id, target.id));
    await appendAudit(
      tx,
      {
        actorType: 'operator',
        actorId: approverId.toString(),
        action: 'operator.role',
        payload: {
          id: target.id.toString(),
          username: target.username,
          from: target.role,
          to: role,
          requestId: request.id.toString(),
          requestedBy: request.requestedBy.toString(),
          approvedBy: approverId.toString(),
          mayApproveFrom: mayApproveFrom?.toISOString() ?? null,
        },
      },
      now,
    );
  }

  private async audit(tx: Executor, actorId: bigint, action: string, row: Row, now: Date): Promise<void> {
    await appendAudit(
      tx,
      {
        actorType: 'operator',
        actorId: actorId.toString(),
        action,
        payload: {
          requestId: row.id.toString(),
          kind: row.kind,
          username: row.username,
          role: row.role,
          fromRole: row.fromRole,
          operatorId: row.operatorId?.toString() ?? null,
          status: row.status,
        },
      },
      now,
    );
  }

  private async views(rows: Row[]): Promise<OperatorRequestView[]> {
    const ids = [
      ...new Set(rows.flatMap((r) => [r.requestedBy, ...(r.decidedBy === null ? [] : [r.decidedBy])])),
    ];
    const names = ids.length
      ? await this.db
          .select({ id: operators.id, username: operators.username })
          .from(operators)
          .where(inArray(operators.id, ids))
      : [];
    const nameOf = new Map(names.map((n) => [n.id, n.username]));
    return rows.map((r) => ({
      id: r.id.toString(),
      kind: r.kind === 'role' ? 'role' : 'create',
      username: r.username,
      role: r.role,
      fromRole: r.fromRole,
      operatorId: r.operatorId?.toString() ?? null,
      status: r.status,
      requestedBy: r.requestedBy.toString(),
      requestedByName: nameOf.get(r.requestedBy) ?? null,
      decidedBy: r.decidedBy?.toString() ?? null,
      decidedByName: r.decidedBy === null ? null : (nameOf.get(r.decidedBy) ?? null),
      decisionReason: r.decisionReason,
      createTime: r.createdAt.toISOString(),
      decideTime: r.decidedAt?.toISOString() ?? null,
    }));
  }
}

async function pendingCreateNamed(tx: Executor, username: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: operatorRequests.id })
    .from(operatorRequests)
    .where(
      and(
        eq(operatorRequests.kind, 'create'),
        eq(operatorRequests.status, 'pending'),
        sql`lower(${operatorRequests.username}) = ${username.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
