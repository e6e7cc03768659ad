// Reads of a user's orders and fills in Binance's terms (allOrders, myTrades, an order by client order id):
// the SQL history, overlaid with the live state from the core and the orders changed a moment ago (the
// SQL projection may lag the core by a batch). Reads only: placing and cancelling go through SpotService.
import { and, asc, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import type { MoneyCore, SpotOrderEvent } from '@/core/types';
import type { Db } from '@/db/client';
import { spotOrders, spotTrades } from '@/db/schema';
import type { SpotMarkets, SpotRules } from '@/modules/spot/spot-markets';
import { fillFromRow, orderFromEvent, orderFromRow, type SpotOrderView } from '@/modules/spot/spot-views';
import type { RecentActivity } from './binance-activity';
import { tradeNumber } from './binance-views';

export interface OrderQuery {
  orderId?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  limit: number;
}

export class BinanceOrderReader {
  constructor(
    private readonly db: Db,
    private readonly core: MoneyCore,
    private readonly markets: SpotMarkets,
    private readonly activity: RecentActivity,
    private readonly isPlatform: (userId: bigint) => boolean,
  ) {}

  /** The freshest view of an order: open in the core, changed a moment ago, else undefined. */
  live(orderId: string): SpotOrderEvent | undefined {
    return this.core.spotOpenOrder(orderId) ?? this.activity.order(orderId);
  }

  /** An own order of a market by its client order id (the newest one with that id). */
  async byClientOrderId(
    userId: bigint,
    r: SpotRules,
    clientOrderId: string,
  ): Promise<SpotOrderView | undefined> {
    const user = userId.toString();
    const open = this.core.spotOpenOrders(user, r.symbol).find((o) => o.clientOrderId === clientOrderId);
    if (open) return orderFromEvent(this.markets, open);
    const recent = this.activity
      .ordersOf(user, r.symbol)
      .filter((o) => o.clientOrderId === clientOrderId)
      .sort((a, b) => Number(b.orderId) - Number(a.orderId))[0];
    const [row] = await this.db
      .select()
      .from(spotOrders)
      .where(
        and(
          eq(spotOrders.userId, userId),
          eq(spotOrders.symbol, r.symbol),
          eq(spotOrders.clientOrderId, clientOrderId),
        ),
      )
      .orderBy(desc(spotOrders.id))
      .limit(1);
    if (recent && (!row || Number(recent.orderId) >= Number(row.id)))
      return orderFromEvent(this.markets, recent);
    if (!row) return undefined;
    const live = this.live(row.id.toString());
    return live ? orderFromEvent(this.markets, live) : orderFromRow(this.markets, row);
  }

  /** allOrders: oldest first; from `orderId` on, else within the times, else the newest `limit`. */
  async allOrders(userId: bigint, r: SpotRules, q: OrderQuery): Promise<SpotOrderView[]> {
    const conditions: SQL[] = [eq(spotOrders.userId, userId), eq(spotOrders.symbol, r.symbol)];
    if (q.orderId !== undefined) conditions.push(gte(spotOrders.id, BigInt(q.orderId)));
    if (q.startTime !== undefined) conditions.push(gte(spotOrders.createdAt, new Date(q.startTime)));
    if (q.endTime !== undefined) conditions.push(lte(spotOrders.createdAt, new Date(q.endTime)));
    const fromStart = q.orderId !== undefined || q.startTime !== undefined;
    const rows = await this.db
      .select()
      .from(spotOrders)
      .where(and(...conditions))
      .orderBy(fromStart ? asc(spotOrders.id) : desc(spotOrders.id))
      .limit(q.limit);
    const byId = new Map<string, SpotOrderView>();
    for (const row of rows) {
      const live = this.live(row.id.toString());
      byId.set(
        row.id.toString(),
        live ? orderFromEvent(this.markets, live) : orderFromRow(this.markets, row),
      );
    }
    // Orders the projection has not written yet.
    const user = userId.toString();
    const unwritten = [
      ...this.core.spotOpenOrders(user, r.symbol),
      ...this.activity.ordersOf(user, r.symbol),
    ];
    for (const e of unwritten) {
      if (byId.has(e.orderId)) continue;
      if (q.orderId !== undefined && Number(e.orderId) < q.orderId) continue;
      if (q.startTime !== undefined && e.createdTs < q.startTime) continue;
      if (q.endTime !== undefined && e.createdTs > q.endTime) continue;
      byId.set(e.orderId, orderFromEvent(this.markets, this.live(e.orderId) ?? e));
    }
    const all = [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
    return fromStart ? all.slice(0, q.limit) : all.slice(-q.limit);
  }

  /** myTrades: the user's fills of a market, oldest first (from `fromId`, an order, times, or newest). */
  async myTrades(userId: bigint, r: SpotRules, q: OrderQuery & { fromId?: number | undefined }) {
    const mine = or(eq(spotTrades.makerUserId, userId), eq(spotTrades.takerUserId, userId));
    const conditions: (SQL | undefined)[] = [mine, eq(spotTrades.symbol, r.symbol)];
    if (q.orderId !== undefined) {
      const id = BigInt(q.orderId);
      conditions.push(or(eq(spotTrades.makerOrderId, id), eq(spotTrades.takerOrderId, id)));
    }
    if (q.fromId !== undefined) conditions.push(gte(spotTrades.seq, Math.floor(q.fromId / 100_000)));
    if (q.startTime !== undefined) conditions.push(gte(spotTrades.createdAt, new Date(q.startTime)));
    if (q.endTime !== undefined) conditions.push(lte(spotTrades.createdAt, new Date(q.endTime)));
    const fromStart = q.fromId !== undefined || q.startTime !== undefined;
    const rows = await this.db
      .select()
      .from(spotTrades)
      .where(and(...conditions))
      .orderBy(fromStart ? asc(spotTrades.seq) : desc(spotTrades.seq))
      .limit(q.limit + 100);
    const fills = new Map(
      rows.map((t) => [t.id, fillFromRow(this.markets, t, userId, this.isPlatform)] as const),
    );
    // Fills the projection has not written yet.
    const user = userId.toString();
    for (const t of this.activity.tradesOf(r.symbol)) {
      if (fills.has(t.tradeId) || (t.makerUserId !== user && t.takerUserId !== user)) continue;
      if (
        q.orderId !== undefined &&
        t.makerOrderId !== String(q.orderId) &&
        t.takerOrderId !== String(q.orderId)
      )
        continue;
      if (q.startTime !== undefined && t.ts < q.startTime) continue;
      if (q.endTime !== undefined && t.ts > q.endTime) continue;
      const maker = t.makerUserId === user;
      fills.set(
        t.tradeId,
        fillFromRow(
          this.markets,
          {
            id: t.tradeId,
            seq: t.seq,
            symbol: t.symbol,
            price: t.price,
            qty: t.qty,
            quoteQty: t.quoteQty,
            takerSide: t.takerSide,
            makerOrderId: BigInt(t.makerOrderId),
            takerOrderId: BigInt(t.takerOrderId),
            makerUserId: BigInt(t.makerUserId),
            takerUserId: BigInt(t.takerUserId),
            makerFee: t.makerFee,
            takerFee: t.takerFee,
            createdAt: new Date(t.ts),
          },
          maker ? BigInt(t.makerUserId) : BigInt(t.takerUserId),
          this.isPlatform,
        ),
      );
    }
    let all = [...fills.values()].sort((a, b) => tradeNumber(a.tradeId) - tradeNumber(b.tradeId));
    if (q.fromId !== undefined) all = all.filter((f) => tradeNumber(f.tradeId) >= (q.fromId ?? 0));
    return fromStart ? all.slice(0, q.limit) : all.slice(-q.limit);
  }
}
