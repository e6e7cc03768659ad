// Pledge, finance and DeFi orders of a user: subscribe, redeem (with the amounts stated first), the
// order list and the income summary. Every money movement is one core command; the lists read the SQL
// history the projection writes (after a write, the reply waits briefly until its own row is there).
import { randomUUID } from 'node:crypto';
import { formatAmount, parseAmount, tryParseAmount } from '@coin/shared/money';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DepositKind, EarnOrderEvent } from '@/core/earn/earn-commands';
import { earnOrders, earnProducts } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { coreOf, type EarnContext, earnRefusal, requireEnabled, submitEarn } from './earn-context';
import type { ProductService } from './product-service';
import { tierAtLeast } from './tiers';

export const ORDER_STATUS_CODES = { active: 0, completed: 1, redeemed: 2 } as const;
type OrderStatus = keyof typeof ORDER_STATUS_CODES;

/** An amount of a product's asset from the wire: at most its decimals, positive. */
export function wireAmount(ctx: EarnContext, asset: string, value: string): string {
  const decimals = ctx.asset(asset)?.decimals ?? 18;
  const parsed = tryParseAmount(value, decimals);
  if (!parsed.ok) {
    throw new AppError('EARN_AMOUNT_INVALID', [
      {
        field: 'amount',
        key: parsed.code === 'AMOUNT_TOO_MANY_DECIMALS' ? 'validation.tooManyDecimals' : 'validation.numeric',
      },
    ]);
  }
  if (parsed.value <= 0n)
    throw new AppError('VALIDATION_FAILED', [{ field: 'amount', key: 'validation.positive' }]);
  return formatAmount(parsed.value);
}

/** The core command id of a user's request: fixed by the Idempotency-Key, random without one. */
export function requestCommandId(kind: string, userId: bigint, key: string | undefined): string {
  return key === undefined ? `${kind}:${randomUUID()}` : `${kind}:${userId}:${key}`;
}

type OrderRow = typeof earnOrders.$inferSelect;
const canonical = (v: string | null) => (v === null ? null : formatAmount(parseAmount(v)));

export function orderView(o: OrderRow | EarnOrderEvent, productName: string | null) {
  const row = 'orderId' in o ? undefined : o;
  const event = 'orderId' in o ? o : undefined;
  const iso = (ms: number | Date | null) => (ms === null ? null : new Date(ms).toISOString());
  const status = o.status as OrderStatus;
  return {
    id: event?.orderId ?? row?.id ?? '',
    kind: o.kind,
    productId: o.productId,
    productName,
    coin: o.asset,
    amount: canonical(o.amount),
    dailyRate: canonical(o.dailyRate),
    cycleDays: o.cycleDays,
    lockDays: o.lockDays,
    payout: o.payout,
    earlyPenaltyRate: canonical(o.earlyPenaltyRate),
    beginTime: iso(event?.startTs ?? row?.startAt ?? null),
    endTime: iso(event?.endTs ?? row?.endAt ?? null),
    /** The estimated revenue: the full-term interest, reserved in the pool at subscription. */
    estimatedRevenue: canonical(o.interestTotal),
    accruedDays: o.accruedDays,
    accrued: canonical(o.accrued),
    paid: canonical(o.paid),
    penalty: canonical(o.penalty),
    /** When interest is paid: at the end time (maturity) or every day. */
    paymentDate: o.payout === 'daily' ? 'daily' : iso(event?.endTs ?? row?.endAt ?? null),
    status,
    statusCode: ORDER_STATUS_CODES[status],
    address: o.address,
    gasAsset: o.gasAsset,
    gasFee: canonical(o.gasFee),
    closeTime: iso(event?.closedTs ?? row?.closedAt ?? null),
  };
}

export type OrderView = ReturnType<typeof orderView>;

export class OrderService {
  constructor(
    private readonly ctx: EarnContext,
    private readonly products: ProductService,
  ) {}

  /** Subscribes to a pledge or finance product (DeFi joins go through DefiService with an address). */
  async subscribe(
    userId: bigint,
    kind: DepositKind,
    body: { productId: string; amount: string; address?: string },
    key: string | undefined,
  ): Promise<OrderView> {
    await requireEnabled(this.ctx, kind);
    const { row, view } = await this.products.get(body.productId, kind);
    const config = view.config;
    if (config.status !== 'open') throw new AppError('EARN_PRODUCT_CLOSED');
    if (kind === 'finance' && row.category === 'member') {
      const required = await this.ctx.settings.memberMinTier();
      if (!tierAtLeast(await this.ctx.tiers.tierOf(userId), required))
        throw new AppError('EARN_TIER_REQUIRED', [], { tier: required });
    }
    const amount = wireAmount(this.ctx, config.asset, body.amount);
    const core = coreOf(this.ctx.core());
    const result = await submitEarn(
      core,
      {
        id: requestCommandId('earn.subscribe', userId, key),
        actor: userId.toString(),
        ts: this.ctx.clock.now().getTime(),
        type: 'earn.subscribe',
        payload: {
          userId: userId.toString(),
          productId: body.productId,
          amount,
          ...(body.address === undefined ? {} : { address: body.address }),
        },
      },
      config,
    );
    const orderId = String(result.reply?.orderId ?? '');
    await this.ctx.projected(result.seq);
    return this.get(userId, orderId, row.name);
  }

  /** What redeeming now would return; EARN_ORDER_NOT_FOUND for an order that is not the user's. */
  async quote(userId: bigint, orderId: string) {
    const order = this.owned(userId, orderId);
    const q = this.ctx.core().earn().redemptionQuote(orderId, this.ctx.clock.now().getTime());
    if (!q || order.status !== 'active') throw new AppError('EARN_ORDER_CLOSED');
    return { orderId, coin: order.asset, ...q };
  }

  async redeem(userId: bigint, orderId: string, key: string | undefined): Promise<OrderView> {
    const order = this.owned(userId, orderId);
    const core = coreOf(this.ctx.core());
    const result = await core.submit({
      id: requestCommandId('earn.redeem', userId, key),
      actor: userId.toString(),
      ts: this.ctx.clock.now().getTime(),
      type: 'earn.redeem',
      payload: { userId: userId.toString(), orderId },
    });
    if (!result.ok) throw earnRefusal(result.error);
    await this.ctx.projected(result.seq);
    return this.get(userId, orderId, await this.productName(order.productId));
  }

  /** The user's order as the core has it (active or recently closed), else the history row. */
  private owned(userId: bigint, orderId: string): EarnOrderEvent {
    const order = /^E\d{1,15}$/.test(orderId) ? this.ctx.core().earn().order(orderId) : undefined;
    // Someone else's order reads exactly like one that does not exist.
    if (!order || order.userId !== userId.toString()) throw new AppError('EARN_ORDER_NOT_FOUND');
    return order;
  }

  private async productName(productId: string): Promise<string | null> {
    if (!/^\d{1,18}$/.test(productId)) return null;
    const [row] = await this.ctx.db
      .select({ name: earnProducts.name })
      .from(earnProducts)
      .where(eq(earnProducts.id, BigInt(productId)))
      .limit(1);
    return row?.name ?? null;
  }

  async get(userId: bigint, orderId: string, name?: string | null): Promise<OrderView> {
    const live = /^E\d{1,15}$/.test(orderId) ? this.ctx.core().earn().order(orderId) : undefined;
    if (live && live.userId === userId.toString())
      return orderView(live, name === undefined ? await this.productName(live.productId) : name);
    const [row] = await this.ctx.db
      .select()
      .from(earnOrders)
      .where(and(eq(earnOrders.id, orderId), eq(earnOrders.userId, userId)))
      .limit(1);
    if (!row) throw new AppError('EARN_ORDER_NOT_FOUND');
    return orderView(row, name === undefined ? await this.productName(row.productId) : name);
  }

  async list(
    userId: bigint,
    q: { kind?: DepositKind | undefined; status?: OrderStatus | undefined; current: number; size: number },
  ) {
    const conds = [eq(earnOrders.userId, userId)];
    if (q.kind) conds.push(eq(earnOrders.kind, q.kind));
    if (q.status) conds.push(eq(earnOrders.status, q.status));
    const where = and(...conds);
    const rows = await this.ctx.db
      .select({ o: earnOrders, name: earnProducts.name })
      .from(earnOrders)
      .leftJoin(earnProducts, sql`${earnProducts.id}::text = ${earnOrders.productId}`)
      .where(where)
      .orderBy(desc(earnOrders.startAt), desc(earnOrders.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const [total] = await this.ctx.db.select({ n: count() }).from(earnOrders).where(where);
    return {
      records: rows.map((r) => orderView(r.o, r.name)),
      total: total?.n ?? 0,
      current: q.current,
      size: q.size,
    };
  }

  /** Interest received and principal held, per coin (all deposit kinds, or one). */
  async income(userId: bigint, kind?: DepositKind) {
    const conds = [eq(earnOrders.userId, userId)];
    if (kind) conds.push(eq(earnOrders.kind, kind));
    const rows = await this.ctx.db
      .select({
        coin: earnOrders.asset,
        income: sql<string>`coalesce(sum(${earnOrders.paid}), 0)::text`,
        holding: sql<string>`coalesce(sum(case when ${earnOrders.status} = 'active' then ${earnOrders.amount} else 0 end), 0)::text`,
        pending: sql<string>`coalesce(sum(case when ${earnOrders.status} = 'active' then ${earnOrders.interestTotal} - ${earnOrders.paid} else 0 end), 0)::text`,
        active: sql<number>`count(*) filter (where ${earnOrders.status} = 'active')::int`,
        orders: sql<number>`count(*)::int`,
      })
      .from(earnOrders)
      .where(and(...conds))
      .groupBy(earnOrders.asset)
      .orderBy(earnOrders.asset);
    let activeOrders = 0;
    let totalOrders = 0;
    const coins = rows.map((r) => {
      activeOrders += r.active;
      totalOrders += r.orders;
      return {
        coin: r.coin,
        totalIncome: formatAmount(parseAmount(r.income)),
        holding: formatAmount(parseAmount(r.holding)),
        /** Interest still to come from active orders (their estimated revenue less what was paid). */
        pendingIncome: formatAmount(parseAmount(r.pending)),
      };
    });
    const usdt = coins.find((c) => c.coin === 'USDT');
    return {
      coins,
      activeOrders,
      totalOrders,
      totalIncomeUsdt: usdt?.totalIncome ?? '0',
      holdingUsdt: usdt?.holding ?? '0',
    };
  }
}
