// Operator accounts. On first start, when no operator exists, one admin is created with a random
// one-time password that is returned once (main prints it) and must be changed at first login. Further
// operators come only from operator requests (./operator-requests.ts); this service also answers
// whether an operator may approve a given operator's request (./operator-approvals.ts).
import type { ErrorCode } from '@coin/shared/error-codes';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { operators } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '@/lib/passwords';
import { newOneTimePassword } from '@/lib/tokens';
import type { ClientInfo, IssuedTokens, SessionService } from '@/modules/auth/session-service';
import { approvalBlock, linkedOperatorIds } from './operator-approvals';
import { isOperatorRole, type OperatorRole } from './operator-roles';

export type OperatorRow = typeof operators.$inferSelect;

/** An operator as the console shows it: who requested and who approved the account, and the cooling-off. */
export interface OperatorView {
  id: string;
  username: string;
  role: string;
  mustChangePassword: boolean;
  disabled: boolean;
  createdAt: string;
  createdBy: string | null;
  createdByName: string | null;
  approvedBy: string | null;
  approvedByName: string | null;
  mayApproveFrom: string | null;
}

const HOUR_MS = 3_600_000;

/** Operator names are unique ignoring case (index operators_username_uq on lower(username)). */
async function findByUsername(db: Executor, username: string): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

export class OperatorService {
  constructor(
    readonly db: Executor,
    readonly clock: Clock,
    private readonly sessions: SessionService,
    /** OPERATOR_COOLING_OFF_HOURS: a new account or role approves nothing for this long. */
    readonly coolingOffHours = 24,
  ) {}

  /** When an operator created or raised now may start approving. */
  coolingOffEnd(now: Date): Date {
    return new Date(now.getTime() + this.coolingOffHours * HOUR_MS);
  }

  /** Creates the first admin if there is no operator at all; returns its one-time password then. */
  async bootstrap(username: string): Promise<{ username: string; password: string } | undefined> {
    return this.db.transaction(async (tx) => {
      // Serializes concurrent first starts on PostgreSQL; a no-op cost on PGlite.
      await tx.execute(sql`select pg_advisory_xact_lock(7420001)`);
      const [existing] = await tx.select({ id: operators.id }).from(operators).limit(1);
      if (existing) return undefined;
      const password = newOneTimePassword();
      const now = this.clock.now();
      const [created] = await tx
        .insert(operators)
        .values({ username, passwordHash: await hashPassword(password), role: 'admin', createdAt: now })
        .returning({ id: operators.id });
      await appendAudit(
        tx,
        {
          actorType: 'system',
          actorId: 'bootstrap',
          action: 'operator.create',
          payload: { id: String(created?.id), username, role: 'admin' },
        },
        now,
      );
      return { username, password };
    });
  }

  async accessOf(id: bigint): Promise<{ role: OperatorRole; mustChangePassword: boolean } | undefined> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id)).limit(1);
    return row && !row.disabled && isOperatorRole(row.role)
      ? { role: row.role, mustChangePassword: row.mustChangePassword }
      : undefined;
  }

  async login(
    username: string,
    password: string,
    client: ClientInfo,
  ): Promise<{ operator: OperatorRow; tokens: IssuedTokens }> {
    const row = await findByUsername(this.db, username);
    const ok = row ? await verifyPassword(row.passwordHash, password) : await verifyAgainstDummy(password);
    if (!row || !ok) throw new AppError('AUTH_INVALID_CREDENTIALS');
    if (row.disabled) throw new AppError('AUTH_ACCOUNT_DISABLED');
    const tokens = await this.sessions.transaction(async (tx) => {
      const issued = await this.sessions.issue('operator', row.id, client, tx);
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: row.id.toString(),
          action: 'operator.login',
          payload: { ip: client.ip },
        },
        this.clock.now(),
      );
      return issued;
    });
    return { operator: row, tokens };
  }

  async get(id: bigint): Promise<OperatorRow> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id)).limit(1);
    if (!row) throw new AppError('AUTH_TOKEN_INVALID');
    return row;
  }

  async changePassword(
    id: bigint,
    sessionId: bigint,
    oldPassword: string,
    newPassword: string,
  ): Promise<void> {
    const row = await this.get(id);
    if (!(await verifyPassword(row.passwordHash, oldPassword))) {
      throw new AppError('PASSWORD_OLD_WRONG', [{ field: 'oldPassword', key: 'errors.PASSWORD_OLD_WRONG' }]);
    }
    if (oldPassword === newPassword) {
      throw new AppError('PASSWORD_SAME_AS_OLD', [
        { field: 'newPassword', key: 'errors.PASSWORD_SAME_AS_OLD' },
      ]);
    }
    const passwordHash = await hashPassword(newPassword);
    await this.sessions.transaction(async (tx) => {
      await tx.update(operators).set({ passwordHash, mustChangePassword: false }).where(eq(operators.id, id));
      await this.sessions.revokeOthers('operator', id, sessionId, 'password_changed', tx);
      await appendAudit(
        tx,
        { actorType: 'operator', actorId: id.toString(), action: 'operator.password', payload: {} },
        this.clock.now(),
      );
    });
  }

  /**
   * Inserts an operator (the approval of a 'create' request, or the first admin's solo addition) and
   * audits who requested and who approved it. Inside the caller's transaction.
   */
  async insert(
    tx: Executor,
    input: {
      username: string;
      role: OperatorRole;
      passwordHash: string;
      createdBy: bigint;
      approvedBy: bigint | null;
      requestId: bigint;
    },
    now: Date,
  ): Promise<OperatorRow> {
    if (await findByUsername(tx, input.username))
      throw new AppError('USER_ACCOUNT_TAKEN', [{ field: 'username', key: 'errors.USER_ACCOUNT_TAKEN' }]);
    const [row] = await tx
      .insert(operators)
      .values({
        username: input.username,
        role: input.role,
        passwordHash: input.passwordHash,
        createdAt: now,
        createdBy: input.createdBy,
        approvedBy: input.approvedBy,
        mayApproveFrom: this.coolingOffEnd(now),
      })
      .returning();
    if (!row) throw new Error('operator insert returned nothing');
    await appendAudit(
      tx,
      {
        actorType: 'operator',
        actorId: (input.approvedBy ?? input.createdBy).toString(),
        action: 'operator.create',
        payload: {
          id: row.id.toString(),
          username: input.username,
          role: input.role,
          requestId: input.requestId.toString(),
          createdBy: input.createdBy.toString(),
          approvedBy: input.approvedBy?.toString() ?? null,
          soloFirstAddition: input.approvedBy === null,
          mayApproveFrom: row.mayApproveFrom?.toISOString() ?? null,
        },
      },
      now,
    );
    return row;
  }

  async findUsername(db: Executor, username: string): Promise<OperatorRow | undefined> {
    return findByUsername(db, username);
  }

  /**
   * Throws unless `approverId` may approve a request of `requesterId` (undefined: a review-queue item
   * with no requesting operator). `selfCode` is the caller's "your own request" error.
   */
  async assertMayApprove(
    approverId: bigint,
    requesterId: bigint | undefined,
    selfCode: ErrorCode,
    db: Executor = this.db,
  ): Promise<void> {
    const ids = requesterId === undefined ? [approverId] : [approverId, requesterId];
    const rows = await db.select().from(operators).where(inArray(operators.id, ids));
    const approver = rows.find((r) => r.id === approverId);
    if (!approver) throw new AppError('AUTH_TOKEN_REVOKED');
    const requester = requesterId === undefined ? undefined : rows.find((r) => r.id === requesterId);
    const block = approvalBlock(
      approver,
      // An unknown requester id (never expected) still counts as someone else.
      requesterId === undefined
        ? undefined
        : (requester ?? { id: requesterId, createdBy: null, approvedBy: null, mayApproveFrom: null }),
      this.clock.now(),
    );
    if (block === 'self') throw new AppError(selfCode);
    if (block === 'linked') throw new AppError('APPROVAL_LINKED_OPERATOR');
    if (block === 'coolingOff') {
      throw new AppError('APPROVAL_COOLING_OFF', [], {
        from: formatUtc(approver.mayApproveFrom ?? this.clock.now()),
      });
    }
  }

  /** What the console needs to show or hide approve buttons for this operator. */
  async approvalRights(id: bigint): Promise<{ mayApproveFrom: string | null; cannotApproveFor: string[] }> {
    const all = await this.db.select().from(operators);
    const me = all.find((o) => o.id === id);
    if (!me) throw new AppError('AUTH_TOKEN_INVALID');
    const cooling = me.mayApproveFrom && me.mayApproveFrom.getTime() > this.clock.now().getTime();
    return {
      mayApproveFrom: cooling ? (me.mayApproveFrom?.toISOString() ?? null) : null,
      cannotApproveFor: linkedOperatorIds(me, all).map(String),
    };
  }

  /** All operators, oldest first, with the names of who requested and approved each account. */
  async list(): Promise<OperatorView[]> {
    const rows = await this.db.select().from(operators).orderBy(asc(operators.id));
    const names = new Map(rows.map((r) => [r.id, r.username]));
    return rows.map((r) => toOperatorView(r, names));
  }

  async view(id: bigint): Promise<OperatorView> {
    const row = await this.get(id);
    const ids = [row.createdBy, row.approvedBy].filter((v): v is bigint => v !== null);
    const linked = ids.length
      ? await this.db
          .select({ id: operators.id, username: operators.username })
          .from(operators)
          .where(inArray(operators.id, ids))
      : [];
    return toOperatorView(row, new Map(linked.map((r) => [r.id, r.username])));
  }
}

export function toOperatorView(o: OperatorRow, names: ReadonlyMap<bigint, string>): OperatorView {
  return {
    id: o.id.toString(),
    username: o.username,
    role: o.role,
    mustChangePassword: o.mustChangePassword,
    disabled: o.disabled,
    createdAt: o.createdAt.toISOString(),
    createdBy: o.createdBy?.toString() ?? null,
    createdByName: o.createdBy === null ? null : (names.get(o.createdBy) ?? null),
    approvedBy: o.approvedBy?.toString() ?? null,
    approvedByName: o.approvedBy === null ? null : (names.get(o.approvedBy) ?? null),
    mayApproveFrom: o.mayApproveFrom?.toISOString() ?? null,
  };
}

/** '2026-06-02 00:00 UTC': the cooling-off end in error messages (any language reads it). */
function formatUtc(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
