// Balance adjustments with four-eyes approval (DESIGN section 1): an admin requests, a DIFFERENT admin
// (a different person as far as the approval rule in ./operator-approvals.ts can tell) approves, and
// only the approval submits the money core's 'adjust' command, with the id `adjust:<requestId>` so a
// retried submission can never apply twice.
//
// States: pending -> approving -> approved | failed; pending -> rejected. The claim (pending ->
// approving) is one conditional UPDATE, so of two concurrent approvals exactly one submits the command;
// the other gets ADJUSTMENT_STATE. If the core refuses the command (e.g. a debit larger than the
// available balance) the request ends as 'failed' with the core's error code; a new request is needed.
import { type Amount, cmp, formatAmount, isNegative, neg, parseAmount } from '@coin/shared/money';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { AccountType, MoneyCore } from '@/core/types';
import type { Executor } from '@/db/client';
import { balanceAdjustments, operators, users } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { walletAssetLimits } from './console-assets';

export const ADJUSTMENT_STATUSES = ['pending', 'approving', 'approved', 'rejected', 'failed'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export interface AdjustmentInput {
  userId: string;
  asset: string;
  accountType: AccountType;
  amount: string;
  reason: string;
}

export interface AdjustmentView {
  id: string;
  userId: string;
  account: string | null;
  asset: string;
  accountType: string;
  amount: string;
  reason: string;
  status: string;
  requestedBy: string;
  requestedByName: string | null;
  decidedBy: string | null;
  decidedByName: string | null;
  decisionReason: string | null;
  failure: string | null;
  coreSeq: number | null;
  createTime: string;
  decideTime: string | null;
}

type Row = typeof balanceAdjustments.$inferSelect;

const requester = alias(operators, 'requester');
const decider = alias(operators, 'decider');

/** numeric(38,18) comes back padded ('5.000000000000000000'); the wire gets the canonical form. */
const canonical = (s: string) => formatAmount(parseAmount(s));

export class AdjustmentService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Executor,
    private readonly clock: Clock,
  ) {}

  private core(): MoneyCore {
    const core = this.app.hasDecorator('core') ? this.app.core : undefined;
    if (!core || typeof core.submit !== 'function') throw new AppError('ADJUSTMENT_CORE_UNAVAILABLE');
    return core;
  }

  async create(operatorId: bigint, input: AdjustmentInput): Promise<AdjustmentView> {
    const asset = input.asset.toUpperCase();
    const assets = await walletAssetLimits(this.app);
    const limits = assets?.get(asset);
    if (assets && !limits) {
      throw new AppError('ADJUSTMENT_ASSET_UNKNOWN', [
        { field: 'asset', key: 'errors.ADJUSTMENT_ASSET_UNKNOWN' },
      ]);
    }
    let amount: Amount;
    try {
      amount = parseAmount(input.amount, limits?.decimals ?? 18);
    } catch {
      throw new AppError('VALIDATION_FAILED', [{ field: 'amount', key: 'validation.tooManyDecimals' }]);
    }
    // The same per-operation maximum as every wallet operation (the core enforces it too).
    const magnitude = isNegative(amount) ? neg(amount) : amount;
    if (limits && cmp(magnitude, parseAmount(limits.maxAmount)) > 0) {
      throw new AppError('WALLET_AMOUNT_TOO_LARGE', [
        { field: 'amount', key: 'validation.max', vars: { max: limits.maxAmount } },
      ]);
    }
    const userId = BigInt(input.userId);
    const [user] = await this.db
      .select({ id: users.id, isMerchant: users.isMerchant })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user)
      throw new AppError('ADMIN_USER_NOT_FOUND', [{ field: 'userId', key: 'errors.ADMIN_USER_NOT_FOUND' }]);
    if (input.accountType === 'merchant' && user.isMerchant !== 2) {
      throw new AppError('VALIDATION_FAILED', [{ field: 'accountType', key: 'validation.oneOf' }]);
    }
    const core = this.core();
    // Checked here for a clear answer now; the core checks again when the approval executes.
    if (isNegative(amount)) {
      const available = parseAmount(core.balance(input.userId, asset, input.accountType).available);
      if (cmp(neg(amount), available) > 0) {
        throw new AppError('ADJUSTMENT_INSUFFICIENT_BALANCE', [
          { field: 'amount', key: 'errors.ADJUSTMENT_INSUFFICIENT_BALANCE' },
        ]);
      }
    }
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(balanceAdjustments)
        .values({
          userId,
          asset,
          accountType: input.accountType,
          amount: formatAmount(amount),
          reason: input.reason,
          requestedBy: operatorId,
          createdAt: now,
        })
        .returning({ id: balanceAdjustments.id });
      if (!row) throw new Error('adjustment insert returned nothing');
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'adjustment.request',
          payload: {
            id: row.id.toString(),
            userId: input.userId,
            asset,
            accountType: input.accountType,
            amount: formatAmount(amount),
            reason: input.reason,
          },
        },
        now,
      );
      return row.id;
    });
    return this.get(id);
  }

  private async row(id: bigint): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.id, id))
      .limit(1);
    if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
    return row;
  }

  async approve(operatorId: bigint, id: bigint): Promise<AdjustmentView> {
    const current = await this.row(id);
    if (current.requestedBy === operatorId) throw new AppError('ADJUSTMENT_SELF_APPROVAL');
    // A different account is not enough: not one linked to the requester by creation, and not a new one
    // (./operator-approvals.ts).
    await this.app.services.operators.assertMayApprove(
      operatorId,
      current.requestedBy,
      'ADJUSTMENT_SELF_APPROVAL',
    );
    const core = this.core();
    const now = this.clock.now();
    // The claim: only one caller moves the row out of 'pending'; everybody else gets ADJUSTMENT_STATE.
    const claimed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(balanceAdjustments)
        .set({ status: 'approving', decidedBy: operatorId, decidedAt: now })
        .where(
          and(
            eq(balanceAdjustments.id, id),
            eq(balanceAdjustments.status, 'pending'),
            sql`${balanceAdjustments.requestedBy} <> ${operatorId}`,
          ),
        )
        .returning();
      if (!row) return undefined;
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'adjustment.approve',
          payload: { id: id.toString(), requestedBy: row.requestedBy.toString() },
        },
        now,
      );
      return row;
    });
    if (!claimed) throw new AppError('ADJUSTMENT_STATE');

    let result: Awaited<ReturnType<MoneyCore['submit']>>;
    try {
      result = await core.submit({
        id: `adjust:${id}`,
        actor: `op:${operatorId}`,
        ts: now.getTime(),
        type: 'adjust',
        payload: {
          userId: claimed.userId.toString(),
          asset: claimed.asset,
          accountType: claimed.accountType as AccountType,
          amount: canonical(claimed.amount),
          ref: `adjustment:${id}`,
        },
      });
    } catch (err) {
      // Not known whether the command became durable, so the row stays 'approving' (visible in the list)
      // rather than going back to pending: a resubmission by another admin would carry a different actor
      // and the core would refuse it as an idempotency mismatch even if the first one was applied.
      this.app.log.error({ err, adjustmentId: id.toString() }, 'adjust command failed to submit');
      throw err;
    }

    const done = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(balanceAdjustments)
        .set(
          result.ok
            ? { status: 'approved', coreSeq: result.seq }
            : { status: 'failed', failure: result.error, coreSeq: result.seq },
        )
        .where(eq(balanceAdjustments.id, id));
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: result.ok ? 'adjustment.applied' : 'adjustment.failed',
          payload: result.ok
            ? { id: id.toString(), commandId: result.commandId, seq: result.seq }
            : { id: id.toString(), commandId: result.commandId, error: result.error },
        },
        done,
      );
    });
    if (!result.ok) {
      throw new AppError(
        result.error === 'INSUFFICIENT_BALANCE' ? 'ADJUSTMENT_INSUFFICIENT_BALANCE' : 'ADJUSTMENT_FAILED',
      );
    }
    return this.get(id);
  }

  async reject(operatorId: bigint, id: bigint, reason: string): Promise<AdjustmentView> {
    const current = await this.row(id);
    if (current.requestedBy === operatorId) throw new AppError('ADJUSTMENT_SELF_APPROVAL');
    const now = this.clock.now();
    const ok = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(balanceAdjustments)
        .set({ status: 'rejected', decidedBy: operatorId, decidedAt: now, decisionReason: reason })
        .where(and(eq(balanceAdjustments.id, id), eq(balanceAdjustments.status, 'pending')))
        .returning({ id: balanceAdjustments.id });
      if (!row) return false;
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'adjustment.reject',
          payload: { id: id.toString(), reason },
        },
        now,
      );
      return true;
    });
    if (!ok) throw new AppError('ADJUSTMENT_STATE');
    return this.get(id);
  }

  private select() {
    return this.db
      .select({
        a: balanceAdjustments,
        account: users.account,
        requestedByName: requester.username,
        decidedByName: decider.username,
      })
      .from(balanceAdjustments)
      .leftJoin(users, eq(users.id, balanceAdjustments.userId))
      .leftJoin(requester, eq(requester.id, balanceAdjustments.requestedBy))
      .leftJoin(decider, eq(decider.id, balanceAdjustments.decidedBy));
  }

  async get(id: bigint): Promise<AdjustmentView> {
    const [row] = await this.select().where(eq(balanceAdjustments.id, id)).limit(1);
    if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND');
    return toView(row);
  }

  async list(filter: {
    status?: AdjustmentStatus | undefined;
    userId?: string | undefined;
    current: number;
    size: number;
  }): Promise<{ records: AdjustmentView[]; total: number; current: number; size: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(balanceAdjustments.status, filter.status));
    if (filter.userId) conditions.push(eq(balanceAdjustments.userId, BigInt(filter.userId)));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await this.select()
      .where(where)
      .orderBy(desc(balanceAdjustments.id))
      .limit(filter.size)
      .offset((filter.current - 1) * filter.size);
    const [total] = await this.db.select({ n: count() }).from(balanceAdjustments).where(where);
    return { records: rows.map(toView), total: total?.n ?? 0, current: filter.current, size: filter.size };
  }
}

function toView(r: {
  a: Row;
  account: string | null;
  requestedByName: string | null;
  decidedByName: string | null;
}): AdjustmentView {
  const a = r.a;
  return {
    id: a.id.toString(),
    userId: a.userId.toString(),
    account: r.account,
    asset: a.asset,
    accountType: a.accountType,
    amount: canonical(a.amount),
    reason: a.reason,
    status: a.status,
    requestedBy: a.requestedBy.toString(),
    requestedByName: r.requestedByName,
    decidedBy: a.decidedBy?.toString() ?? null,
    decidedByName: r.decidedByName,
    decisionReason: a.decisionReason,
    failure: a.failure,
    coreSeq: a.coreSeq,
    createTime: a.createdAt.toISOString(),
    decideTime: a.decidedAt?.toISOString() ?? null,
  };
}
