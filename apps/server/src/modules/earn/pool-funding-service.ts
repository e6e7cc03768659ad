// Funding the platform's earn pools (DESIGN section 1: an operator's balance change needs a second
// operator). One admin requests a funding (or a draw-down of free balance, a negative amount); a
// different admin, not linked to the first (modules/admin/operator-approvals.ts), approves, and only
// the approval submits `earn.pool.fund` with the id `earn.pool.fund:<requestId>`, so it applies once.
// pending -> approving -> approved | failed; pending -> rejected. Every step is in the audit log.
import { formatAmount, parseAmount, tryParseAmount } from '@coin/shared/money';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EARN_POOLS, type EarnPool } from '@/core/earn/earn-commands';
import { earnPoolFundings, operators } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import { coreOf, type EarnContext, earnRefusal } from './earn-context';

export const FUNDING_STATUSES = ['pending', 'approving', 'approved', 'rejected', 'failed'] as const;

type Row = typeof earnPoolFundings.$inferSelect;
const canonical = (v: string) => formatAmount(parseAmount(v));

function view(r: Row & { requestedByName?: string | null }) {
  return {
    id: r.id.toString(),
    pool: r.pool,
    coin: r.asset,
    amount: canonical(r.amount),
    reason: r.reason,
    status: r.status,
    requestedBy: r.requestedBy.toString(),
    requestedByName: r.requestedByName ?? null,
    decidedBy: r.decidedBy?.toString() ?? null,
    decisionReason: r.decisionReason,
    failure: r.failure,
    coreSeq: r.coreSeq,
    createTime: r.createdAt.toISOString(),
    decideTime: r.decidedAt?.toISOString() ?? null,
  };
}

export class PoolFundingService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly ctx: EarnContext,
  ) {}

  /** Every pool with a balance, and the gas account. */
  overview() {
    const earn = this.ctx.core().earn();
    const gas = this.ctx
      .assetCodes()
      .map((coin) => ({ coin, balance: this.ctx.core().systemBalance('earn_gas_fees', coin) }))
      .filter((g) => g.balance !== '0');
    return { pools: earn.poolList(), gas };
  }

  async create(operatorId: bigint, input: { pool: EarnPool; asset: string; amount: string; reason: string }) {
    if (!(EARN_POOLS as readonly string[]).includes(input.pool))
      throw new AppError('VALIDATION_FAILED', [{ field: 'pool', key: 'validation.oneOf' }]);
    const asset = this.ctx.asset(input.asset);
    if (!asset)
      throw new AppError('VALIDATION_FAILED', [{ field: 'asset', key: 'errors.WALLET_ASSET_UNKNOWN' }]);
    const negative = input.amount.startsWith('-');
    const parsed = tryParseAmount(negative ? input.amount.slice(1) : input.amount, asset.decimals);
    if (!parsed.ok || parsed.value === 0n) {
      const key =
        !parsed.ok && parsed.code === 'AMOUNT_TOO_MANY_DECIMALS'
          ? 'validation.tooManyDecimals'
          : 'validation.numeric';
      throw new AppError('VALIDATION_FAILED', [{ field: 'amount', key }]);
    }
    if (parsed.value > parseAmount(asset.maxAmount))
      throw new AppError('EARN_AMOUNT_TOO_LARGE', [
        { field: 'amount', key: 'validation.max', vars: { max: asset.maxAmount } },
      ]);
    const amount = `${negative ? '-' : ''}${formatAmount(parsed.value)}`;
    if (negative && parsed.value > parseAmount(this.ctx.core().earn().pool(input.pool, asset.asset).free))
      throw new AppError('EARN_POOL_INSUFFICIENT', [
        { field: 'amount', key: 'errors.EARN_POOL_INSUFFICIENT' },
      ]);
    const now = this.ctx.clock.now();
    const id = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(earnPoolFundings)
        .values({
          pool: input.pool,
          asset: asset.asset,
          amount,
          reason: input.reason,
          requestedBy: operatorId,
          createdAt: now,
        })
        .returning({ id: earnPoolFundings.id });
      if (!row) throw new Error('pool funding insert returned nothing');
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'earn.pool.request',
          payload: {
            id: row.id.toString(),
            pool: input.pool,
            asset: asset.asset,
            amount,
            reason: input.reason,
          },
        },
        now,
      );
      return row.id;
    });
    return this.get(id);
  }

  async get(id: bigint) {
    const [row] = await this.ctx.db
      .select({ f: earnPoolFundings, name: operators.username })
      .from(earnPoolFundings)
      .leftJoin(operators, eq(operators.id, earnPoolFundings.requestedBy))
      .where(eq(earnPoolFundings.id, id))
      .limit(1);
    if (!row) throw new AppError('EARN_POOL_FUNDING_NOT_FOUND');
    return view({ ...row.f, requestedByName: row.name });
  }

  async list(q: { status?: (typeof FUNDING_STATUSES)[number] | undefined; current: number; size: number }) {
    const where = q.status ? eq(earnPoolFundings.status, q.status) : undefined;
    const rows = await this.ctx.db
      .select({ f: earnPoolFundings, name: operators.username })
      .from(earnPoolFundings)
      .leftJoin(operators, eq(operators.id, earnPoolFundings.requestedBy))
      .where(where)
      .orderBy(desc(earnPoolFundings.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const [total] = await this.ctx.db.select({ n: count() }).from(earnPoolFundings).where(where);
    return {
      records: rows.map((r) => view({ ...r.f, requestedByName: r.name })),
      total: total?.n ?? 0,
      current: q.current,
      size: q.size,
    };
  }

  async approve(operatorId: bigint, id: bigint) {
    const current = await this.get(id);
    const requester = BigInt(current.requestedBy);
    if (requester === operatorId) throw new AppError('EARN_POOL_FUNDING_SELF');
    await this.app.services.operators.assertMayApprove(operatorId, requester, 'EARN_POOL_FUNDING_SELF');
    const core = coreOf(this.ctx.core());
    const now = this.ctx.clock.now();
    const claimed = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(earnPoolFundings)
        .set({ status: 'approving', decidedBy: operatorId, decidedAt: now })
        .where(
          and(
            eq(earnPoolFundings.id, id),
            eq(earnPoolFundings.status, 'pending'),
            sql`${earnPoolFundings.requestedBy} <> ${operatorId}`,
          ),
        )
        .returning();
      if (!row) return undefined;
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'earn.pool.approve',
          payload: { id: id.toString() },
        },
        now,
      );
      return row;
    });
    if (!claimed) throw new AppError('EARN_POOL_FUNDING_STATE');
    const result = await core.submit({
      id: `earn.pool.fund:${id}`,
      actor: `op:${operatorId}`,
      ts: now.getTime(),
      type: 'earn.pool.fund',
      payload: {
        pool: claimed.pool as EarnPool,
        asset: claimed.asset,
        amount: canonical(claimed.amount),
        source: 'adjustment',
        ref: `pool-funding:${id}`,
      },
    });
    await this.ctx.db.transaction(async (tx) => {
      await tx
        .update(earnPoolFundings)
        .set(
          result.ok
            ? { status: 'approved', coreSeq: result.seq }
            : { status: 'failed', failure: result.error, coreSeq: result.seq },
        )
        .where(eq(earnPoolFundings.id, id));
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: result.ok ? 'earn.pool.applied' : 'earn.pool.failed',
          payload: result.ok
            ? { id: id.toString(), seq: result.seq }
            : { id: id.toString(), error: result.error },
        },
        this.ctx.clock.now(),
      );
    });
    if (!result.ok) throw earnRefusal(result.error);
    return this.get(id);
  }

  async reject(operatorId: bigint, id: bigint, reason: string) {
    const current = await this.get(id);
    if (BigInt(current.requestedBy) === operatorId) throw new AppError('EARN_POOL_FUNDING_SELF');
    const now = this.ctx.clock.now();
    const ok = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(earnPoolFundings)
        .set({ status: 'rejected', decidedBy: operatorId, decidedAt: now, decisionReason: reason })
        .where(and(eq(earnPoolFundings.id, id), eq(earnPoolFundings.status, 'pending')))
        .returning({ id: earnPoolFundings.id });
      if (!row) return false;
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'earn.pool.reject',
          payload: { id: id.toString(), reason },
        },
        now,
      );
      return true;
    });
    if (!ok) throw new AppError('EARN_POOL_FUNDING_STATE');
    return this.get(id);
  }
}
