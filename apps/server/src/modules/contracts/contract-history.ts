// Contract history from the SQL read models (docs/contracts.md "History"), written by the projection in
// batches off the acknowledgement path (projection/contract-rows.ts): ended orders, closed and liquidated
// positions, funding payments, the last-price K-lines from the contract trades, and (for operators) the
// recent liquidations. Rows may lag the core by a batch; they survive restarts.
import { and, count, desc, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  contractFills,
  contractFunding,
  contractLiquidations,
  contractOrders,
  contractPositions,
  contractTrades,
} from '@/db/schema';
import type { Clock } from '@/lib/clock';
import type { ContractMarkets } from './contract-markets';
import type { OrderView } from './contract-service';

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export interface PositionHistoryView {
  positionId: string;
  symbol: string;
  pair: string;
  side: 'long' | 'short';
  direction: 1 | 2;
  mode: string;
  leverage: number;
  /** The largest quantity the position held. */
  qty: string;
  avgPrice: string;
  margin: string;
  realizedPnl: string;
  status: 'closed' | 'liquidated';
  tickId: string | null;
  closeMark: string | null;
  bankruptcyPrice: string | null;
  openedTs: number;
  closedTs: number;
}

/** One of the user's own fills (a side of a contract trade). */
export interface FillView {
  tradeId: string;
  orderId: string;
  symbol: string;
  pair: string;
  /** The order's direction: 1 open long, 2 open short, 3 close long, 4 close short. */
  direction: 1 | 2 | 3 | 4;
  /** 'adl': the other side of an auto-deleveraging close (order id `adl-<positionId>`, fee 0). */
  role: 'maker' | 'taker' | 'adl';
  price: string;
  qty: string;
  /** Fee in the settle asset (`feeAsset`). */
  fee: string;
  feeAsset: string;
  /** Profit realized by a closing fill before its fee ('0' for an opening fill). */
  pnl: string;
  /** The fill closed a liquidated position. */
  liquidation: boolean;
  seq: number;
  time: number;
}

export const CONTRACT_KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type ContractKlineInterval = (typeof CONTRACT_KLINE_INTERVALS)[number];
const MINUTE = 60_000;
const INTERVAL_MS: Record<ContractKlineInterval, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
  '1M': 31 * 1440 * MINUTE,
};
/** Weeks start on Monday (the epoch was a Thursday). */
const WEEK_OFFSET = 4 * 1440 * MINUTE;

/** Trims a numeric(38,18) text to its significant decimals. */
const trim = (v: string | null): string | null =>
  v === null ? null : v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
const t = (v: string): string => trim(v) ?? '0';

const ORDER_STATUS_CODE = { 0: 0, 1: 1, 2: 2 } as const;

export class ContractHistory {
  constructor(
    private readonly db: Db,
    private readonly markets: ContractMarkets,
    private readonly clock: Clock,
  ) {}

  private pairOf(symbol: string): string {
    try {
      return this.markets.find(symbol).pair;
    } catch {
      return symbol.toUpperCase();
    }
  }

  private settleOf(symbol: string): string {
    try {
      return this.markets.find(symbol).settle;
    } catch {
      return '';
    }
  }

  private symbolOf(symbol: string | undefined): string | undefined {
    return symbol === undefined ? undefined : this.markets.find(symbol).config.symbol;
  }

  /** Own ended orders (filled or cancelled), newest first. */
  async orders(userId: bigint, q: { symbol?: string | undefined; current: number; size: number }) {
    const conditions: SQL[] = [eq(contractOrders.userId, userId), ne(contractOrders.status, 0)];
    const symbol = this.symbolOf(q.symbol);
    if (symbol) conditions.push(eq(contractOrders.symbol, symbol));
    const where = and(...conditions);
    const rows = await this.db
      .select()
      .from(contractOrders)
      .where(where)
      .orderBy(desc(contractOrders.updatedAt), desc(contractOrders.seq))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const [total] = await this.db.select({ n: count() }).from(contractOrders).where(where);
    const records: OrderView[] = rows.map((r) => ({
      orderId: r.id,
      userId: r.userId.toString(),
      symbol: r.symbol,
      pair: this.pairOf(r.symbol),
      direction: r.direction as 1 | 2 | 3 | 4,
      // A stop cancelled before it fired stays a trigger; one that fired shows the order it placed and
      // the trigger it had.
      type: r.orderType === 'limit' ? 'limit' : r.orderType === 'trigger' ? 'trigger' : 'market',
      orderType: r.orderType,
      price: t(r.price ?? r.triggerPrice ?? '0'),
      triggerPrice: trim(r.triggerPrice),
      triggerType: r.triggerType === 'limit' || r.triggerType === 'market' ? r.triggerType : null,
      quantity: t(r.quantity),
      filledQty: t(r.filledQty),
      filledValue: t(r.filledValue),
      fee: t(r.fee),
      profit: t(r.profit),
      leverage: r.leverage,
      status: ORDER_STATUS_CODE[r.status as 0 | 1 | 2] ?? 2,
      createdTs: r.createdAt.getTime(),
    }));
    return { records, total: total?.n ?? 0, current: q.current, size: q.size } satisfies Page<OrderView>;
  }

  /** Own closed and liquidated positions, newest first. */
  async positions(
    userId: bigint,
    q: { symbol?: string | undefined; current: number; size: number },
  ): Promise<Page<PositionHistoryView>> {
    const conditions: SQL[] = [
      eq(contractPositions.userId, userId),
      inArray(contractPositions.status, ['closed', 'liquidated']),
    ];
    const symbol = this.symbolOf(q.symbol);
    if (symbol) conditions.push(eq(contractPositions.symbol, symbol));
    const where = and(...conditions);
    const rows = await this.db
      .select()
      .from(contractPositions)
      .where(where)
      .orderBy(desc(contractPositions.updatedAt), desc(contractPositions.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const [total] = await this.db.select({ n: count() }).from(contractPositions).where(where);
    const records = rows.map((r) => ({
      positionId: r.id.toString(),
      symbol: r.symbol,
      pair: this.pairOf(r.symbol),
      side: r.side as 'long' | 'short',
      direction: (r.side === 'long' ? 1 : 2) as 1 | 2,
      mode: r.mode,
      leverage: r.leverage,
      qty: t(r.maxQty),
      avgPrice: t(r.avgPrice),
      margin: t(r.margin),
      realizedPnl: t(r.realizedPnl),
      status: r.status as 'closed' | 'liquidated',
      tickId: r.tickId,
      closeMark: trim(r.closeMark),
      bankruptcyPrice: trim(r.bankruptcyPrice),
      openedTs: r.openedAt.getTime(),
      closedTs: r.updatedAt.getTime(),
    }));
    return { records, total: total?.n ?? 0, current: q.current, size: q.size };
  }

  /** Own fills (maker and taker sides, liquidation fills flagged), newest first. */
  async fills(
    userId: bigint,
    q: { symbol?: string | undefined; current: number; size: number },
  ): Promise<Page<FillView>> {
    const conditions: SQL[] = [eq(contractFills.userId, userId)];
    const symbol = this.symbolOf(q.symbol);
    if (symbol) conditions.push(eq(contractFills.symbol, symbol));
    const where = and(...conditions);
    const rows = await this.db
      .select()
      .from(contractFills)
      .where(where)
      .orderBy(
        desc(contractFills.createdAt),
        desc(contractFills.seq),
        desc(sql`length(${contractFills.tradeId})`),
        desc(contractFills.tradeId),
        desc(contractFills.role),
      )
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const [total] = await this.db.select({ n: count() }).from(contractFills).where(where);
    const records = rows.map((r) => ({
      tradeId: r.tradeId,
      orderId: r.orderId,
      symbol: r.symbol,
      pair: this.pairOf(r.symbol),
      direction: r.direction as 1 | 2 | 3 | 4,
      role: r.role as 'maker' | 'taker' | 'adl',
      price: t(r.price),
      qty: t(r.qty),
      fee: t(r.fee),
      feeAsset: this.settleOf(r.symbol),
      pnl: t(r.pnl),
      liquidation: r.liquidation,
      seq: r.seq,
      time: r.createdAt.getTime(),
    }));
    return { records, total: total?.n ?? 0, current: q.current, size: q.size };
  }

  /** Own funding payments (negative: paid), newest first. */
  async funding(userId: bigint, q: { symbol?: string | undefined; current: number; size: number }) {
    const conditions: SQL[] = [eq(contractFunding.userId, userId)];
    const symbol = this.symbolOf(q.symbol);
    if (symbol) conditions.push(eq(contractFunding.symbol, symbol));
    const where = and(...conditions);
    const rows = await this.db
      .select()
      .from(contractFunding)
      .where(where)
      .orderBy(desc(contractFunding.fundingAt), desc(contractFunding.seq))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const [total] = await this.db.select({ n: count() }).from(contractFunding).where(where);
    const records = rows.map((r) => ({
      positionId: r.positionId.toString(),
      symbol: r.symbol,
      pair: this.pairOf(r.symbol),
      rate: t(r.rate),
      mark: t(r.mark),
      amount: t(r.amount),
      fundingTime: r.fundingAt.getTime(),
    }));
    return { records, total: total?.n ?? 0, current: q.current, size: q.size };
  }

  /** The most recent liquidations of every user (operators). */
  async recentLiquidations(limit: number) {
    const rows = await this.db
      .select()
      .from(contractLiquidations)
      .orderBy(desc(contractLiquidations.createdAt), desc(contractLiquidations.seq))
      .limit(limit);
    return rows.map((r) => ({
      seq: r.seq,
      positionId: r.positionId.toString(),
      userId: r.userId.toString(),
      symbol: r.symbol,
      pair: this.pairOf(r.symbol),
      side: r.side,
      qty: t(r.qty),
      tickId: r.tickId,
      mark: t(r.mark),
      bankruptcyPrice: t(r.bankruptcyPrice),
      bookQty: t(r.bookQty),
      adlQty: t(r.adlQty),
      insurance: t(r.insurance),
      time: r.createdAt.getTime(),
    }));
  }

  /** Last-price K-lines of a contract market from its trades, oldest first (the last bar may be open). */
  async klines(symbol: string, interval: ContractKlineInterval, limit: number) {
    const s = this.markets.find(symbol).config.symbol;
    const ms = INTERVAL_MS[interval];
    const now = this.clock.now().getTime();
    const epochMs = sql`(extract(epoch from ${contractTrades.createdAt}) * 1000)::bigint`;
    const bucket =
      interval === '1M'
        ? sql`(extract(epoch from date_trunc('month', ${contractTrades.createdAt} at time zone 'UTC')) * 1000)::bigint`
        : interval === '1w'
          ? sql`(floor((${epochMs} - ${WEEK_OFFSET})::numeric / ${ms}) * ${ms} + ${WEEK_OFFSET})::bigint`
          : sql`(floor(${epochMs}::numeric / ${ms}) * ${ms})::bigint`;
    const since = new Date(now - (limit + 1) * ms);
    const rows = await this.db
      .select({
        time: sql<string>`${bucket}`.as('time'),
        open: sql<string>`(array_agg(${contractTrades.price} order by ${contractTrades.seq}, length(${contractTrades.id}), ${contractTrades.id}))[1]`,
        close: sql<string>`(array_agg(${contractTrades.price} order by ${contractTrades.seq} desc, length(${contractTrades.id}) desc, ${contractTrades.id} desc))[1]`,
        high: sql<string>`max(${contractTrades.price})`,
        low: sql<string>`min(${contractTrades.price})`,
        volume: sql<string>`sum(${contractTrades.qty})`,
      })
      .from(contractTrades)
      .where(and(eq(contractTrades.symbol, s), gte(contractTrades.createdAt, since)))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    const bars = rows.slice(-limit).map((r) => ({
      time: Number(r.time),
      open: t(String(r.open)),
      high: t(String(r.high)),
      low: t(String(r.low)),
      close: t(String(r.close)),
      volume: t(String(r.volume)),
    }));
    return { symbol: s, interval, bars };
  }
}
