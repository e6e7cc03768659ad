// Spot orders for users: placing and cancelling through the money core (the one way in), open orders from
// the core, history and fills from the SQL projection. Core refusals become the spot error codes of
// docs/spot.md, with the field they are about.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import type {
  CoreError,
  MoneyCore,
  SpotOrderEvent,
  SpotPlace,
  SpotSideEffect,
  SpotTimeInForce,
} from '@/core/types';
import type { Db } from '@/db/client';
import { spotOrders, spotTrades } from '@/db/schema';
import { AppError, type FieldIssue } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { SpotMarkets, SpotRules } from './spot-markets';
import {
  fillFromRow,
  orderFromEvent,
  orderFromRow,
  SPOT_STATUS_CODE,
  type SpotFillView,
  type SpotOrderView,
} from './spot-views';

export interface PlaceInput {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price?: string | undefined;
  quantity?: string | undefined;
  quoteQuantity?: string | undefined;
  timeInForce?: SpotTimeInForce | undefined;
  clientOrderId?: string | undefined;
  /** 'spot' (absent), or a margin account code resolved by `margin.account` (docs/margin.md). */
  account?: string | undefined;
  /** Margin accounts only: auto-borrow what the order lacks, auto-repay from its proceeds, or both. */
  sideEffect?: SpotSideEffect | undefined;
}

/** What the margin area lends the spot orders (set by it; docs/margin.md "Orders from margin accounts"). */
export interface MarginOrders {
  /** The core account of an order's margin account code on a market; refuses one that may not trade. */
  account(userId: bigint, code: string, symbol: string): SpotPlace['account'];
  /** The mark prices an auto-borrow's limit is checked at. */
  prices(): Record<string, string>;
  /** The margin error of a core refusal that is the account's (its limit, its lock ...), if it is one. */
  refusal(error: CoreError): AppError | undefined;
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

function refusal(error: CoreError, rules: SpotRules, input: PlaceInput): AppError {
  const field = (name: string, key: string, vars?: Record<string, string>): FieldIssue[] => [
    { field: name, key, ...(vars ? { vars } : {}) },
  ];
  const qtyField = input.quoteQuantity !== undefined ? 'quoteQuantity' : 'quantity';
  switch (error) {
    case 'MARKET_UNKNOWN':
      return new AppError('SPOT_MARKET_UNKNOWN');
    case 'MARKET_HALTED':
      return new AppError('SPOT_MARKET_HALTED');
    case 'INVALID_PRICE':
      return new AppError(
        'SPOT_PRICE_INVALID',
        field('price', 'errors.SPOT_PRICE_INVALID', { tick: rules.tickSize }),
        {
          tick: rules.tickSize,
        },
      );
    case 'INVALID_QUANTITY':
      return new AppError(
        'SPOT_QUANTITY_INVALID',
        field('quantity', 'errors.SPOT_QUANTITY_INVALID', { lot: rules.lotSize }),
        { lot: rules.lotSize },
      );
    case 'BELOW_MIN_QTY':
      return new AppError(
        'SPOT_BELOW_MIN_QTY',
        field('quantity', 'errors.SPOT_BELOW_MIN_QTY', { min: rules.minQty }),
        {
          min: rules.minQty,
        },
      );
    case 'BELOW_MIN_NOTIONAL': {
      const min = `${rules.minNotional} ${rules.quote}`;
      return new AppError(
        'SPOT_BELOW_MIN_NOTIONAL',
        field(qtyField, 'errors.SPOT_BELOW_MIN_NOTIONAL', { min }),
        {
          min,
        },
      );
    }
    case 'INSUFFICIENT_BALANCE':
      return new AppError('SPOT_INSUFFICIENT_BALANCE');
    case 'POST_ONLY_WOULD_TAKE':
      return new AppError('SPOT_POST_ONLY_WOULD_TAKE');
    case 'NO_LIQUIDITY':
      return new AppError('SPOT_NO_LIQUIDITY');
    case 'ORDER_NOT_FOUND':
      return new AppError('SPOT_ORDER_NOT_FOUND');
    case 'DUPLICATE_CLIENT_ORDER_ID':
      return new AppError(
        'SPOT_CLIENT_ORDER_ID_IN_USE',
        field('clientOrderId', 'errors.SPOT_CLIENT_ORDER_ID_IN_USE'),
      );
    case 'AMOUNT_TOO_LARGE':
      return new AppError('SPOT_AMOUNT_TOO_LARGE', field(qtyField, 'errors.SPOT_AMOUNT_TOO_LARGE'));
    case 'INVALID_AMOUNT':
      // A malformed price or quantity that the wire schema let through (it checks the form only).
      return new AppError(
        'VALIDATION_FAILED',
        field(input.price !== undefined ? 'price' : qtyField, 'validation.numeric'),
      );
    case 'IDEMPOTENCY_MISMATCH':
      return new AppError('IDEMPOTENCY_KEY_REUSED');
    default:
      return new AppError('SPOT_ORDER_REJECTED');
  }
}

/** The order a command's events say it left (the placing/cancelling command's own order). */
function orderIn(events: readonly { type: string }[], orderId: string): SpotOrderEvent | undefined {
  for (const e of events) {
    if (e.type === 'spot.order' && (e as SpotOrderEvent).orderId === orderId) return e as SpotOrderEvent;
  }
  return undefined;
}

export class SpotService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly core: () => MoneyCore,
    readonly markets: SpotMarkets,
    private readonly isPlatform: (userId: bigint) => boolean,
  ) {}

  /** Set by the margin area (margin accounts and their side effects); without it only spot is accepted. */
  margin: MarginOrders | undefined;

  /**
   * Places an order. With an Idempotency-Key the command id is derived from it, so a retry (also after a
   * crash) gets the first answer and never places twice.
   */
  async place(userId: bigint, input: PlaceInput, key: string | undefined): Promise<SpotOrderView> {
    const rules = this.markets.find(input.symbol);
    if (rules.status === 'halted') throw new AppError('SPOT_MARKET_HALTED');
    // The fields in this order (the journal's text of the command), each only when given.
    const payload: SpotPlace = {
      userId: userId.toString(),
      symbol: rules.symbol,
      side: input.side,
      type: input.type,
    };
    if (input.timeInForce !== undefined) payload.timeInForce = input.timeInForce;
    if (input.price !== undefined) payload.price = input.price;
    if (input.quantity !== undefined) payload.quantity = input.quantity;
    if (input.quoteQuantity !== undefined) payload.quoteQuantity = input.quoteQuantity;
    if (input.clientOrderId !== undefined) payload.clientOrderId = input.clientOrderId;
    const sideEffect = input.sideEffect ?? 'none';
    if (input.account !== undefined && input.account !== 'spot' && input.account !== '1') {
      if (this.margin === undefined) throw new AppError('MARGIN_DISABLED');
      payload.account = this.margin.account(userId, input.account, rules.symbol);
      if (sideEffect !== 'none') payload.sideEffect = sideEffect;
      if (sideEffect === 'autoBorrow' || sideEffect === 'autoBorrowRepay')
        payload.prices = this.margin.prices();
    } else if (sideEffect !== 'none') {
      // Borrowing and repaying are the margin accounts'.
      throw new AppError('MARGIN_SIDE_EFFECT_SPOT', [
        { field: 'sideEffect', key: 'errors.MARGIN_SIDE_EFFECT_SPOT' },
      ]);
    }
    const core = this.core();
    const id = key === undefined ? `spot:${randomUUID()}` : `spot:${userId}:${key}`;
    const result = await core.submit({
      id,
      actor: userId.toString(),
      ts: this.clock.now().getTime(),
      type: 'spot.place',
      payload,
    });
    if (!result.ok) {
      const own = payload.account === undefined ? undefined : this.margin?.refusal(result.error);
      throw own ?? refusal(result.error, rules, input);
    }
    const orderId = String(result.reply?.orderId ?? result.seq);
    const event = orderIn(result.events, orderId) ?? core.spotOpenOrder(orderId);
    // A repeat of the key: the order as it is now (open in the core, or its row once projected).
    return event ? orderFromEvent(this.markets, event) : this.get(userId, orderId);
  }

  /** Cancels an own open order (by id, or by client order id within a market). */
  async cancel(
    userId: bigint,
    by: { id?: string; clientOrderId?: string; symbol?: string },
  ): Promise<SpotOrderView> {
    const core = this.core();
    let symbol: string;
    if (by.id !== undefined) {
      const open = core.spotOpenOrder(by.id);
      if (!open || open.userId !== userId.toString()) throw new AppError('SPOT_ORDER_NOT_FOUND');
      symbol = open.symbol;
    } else {
      symbol = this.markets.find(by.symbol ?? '').symbol;
    }
    const result = await core.submit({
      id: `spot.cancel:${randomUUID()}`,
      actor: userId.toString(),
      ts: this.clock.now().getTime(),
      type: 'spot.cancel',
      payload: {
        userId: userId.toString(),
        symbol,
        ...(by.id !== undefined ? { orderId: by.id } : { clientOrderId: by.clientOrderId ?? '' }),
      },
    });
    if (!result.ok)
      throw new AppError(result.error === 'ORDER_NOT_FOUND' ? 'SPOT_ORDER_NOT_FOUND' : 'SPOT_ORDER_REJECTED');
    const orderId = String(result.reply?.orderId ?? '');
    const event = orderIn(result.events, orderId);
    if (!event) throw new AppError('SPOT_ORDER_NOT_FOUND');
    return orderFromEvent(this.markets, event);
  }

  /** Cancels every open order of the user in one market (or all markets); returns how many. */
  async cancelAll(userId: bigint, symbol: string | undefined): Promise<number> {
    const market = symbol === undefined ? undefined : this.markets.find(symbol).symbol;
    let n = 0;
    for (const o of this.core().spotOpenOrders(userId.toString(), market)) {
      try {
        await this.cancel(userId, { id: o.orderId });
        n += 1;
      } catch (err) {
        // Filled or cancelled meanwhile.
        if (!(err instanceof AppError) || err.errorCode !== 'SPOT_ORDER_NOT_FOUND') throw err;
      }
    }
    return n;
  }

  /** One own order: open from the core, else from history; SPOT_ORDER_NOT_FOUND for anyone else's. */
  async get(userId: bigint, orderId: string): Promise<SpotOrderView> {
    const open = this.core().spotOpenOrder(orderId);
    if (open) {
      if (open.userId !== userId.toString()) throw new AppError('SPOT_ORDER_NOT_FOUND');
      return orderFromEvent(this.markets, open);
    }
    if (!/^\d{1,18}$/.test(orderId)) throw new AppError('SPOT_ORDER_NOT_FOUND');
    const [row] = await this.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.id, BigInt(orderId)), eq(spotOrders.userId, userId)))
      .limit(1);
    if (!row) throw new AppError('SPOT_ORDER_NOT_FOUND');
    return orderFromRow(this.markets, row);
  }

  /** Open orders, live from the core, newest first. */
  openOrders(
    userId: bigint,
    q: { symbol?: string | undefined; side?: string | undefined; current: number; size: number },
  ): Page<SpotOrderView> {
    const symbol = q.symbol ? this.markets.find(q.symbol).symbol : undefined;
    const all = this.core()
      .spotOpenOrders(userId.toString(), symbol)
      .filter((o) => q.side === undefined || o.side === q.side)
      .reverse();
    const records = all
      .slice((q.current - 1) * q.size, q.current * q.size)
      .map((o) => orderFromEvent(this.markets, o));
    return { records, total: all.length, current: q.current, size: q.size };
  }

  /** Order history from SQL (every state), newest first; status 0 is answered from the core. */
  async history(
    userId: bigint,
    q: {
      symbol?: string | undefined;
      side?: string | undefined;
      status?: number | undefined;
      startTime?: Date | undefined;
      endTime?: Date | undefined;
      current: number;
      size: number;
    },
  ): Promise<Page<SpotOrderView>> {
    if (q.status === SPOT_STATUS_CODE.open && q.startTime === undefined && q.endTime === undefined) {
      return this.openOrders(userId, q);
    }
    const conditions: SQL[] = [eq(spotOrders.userId, userId)];
    if (q.symbol) conditions.push(eq(spotOrders.symbol, this.markets.find(q.symbol).symbol));
    if (q.side) conditions.push(eq(spotOrders.side, q.side));
    if (q.status !== undefined) conditions.push(eq(spotOrders.status, q.status));
    if (q.startTime) conditions.push(gte(spotOrders.createdAt, q.startTime));
    if (q.endTime) conditions.push(lte(spotOrders.createdAt, q.endTime));
    const where = and(...conditions);
    const rows = await this.db
      .select()
      .from(spotOrders)
      .where(where)
      .orderBy(desc(spotOrders.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const [total] = await this.db.select({ n: count() }).from(spotOrders).where(where);
    // Rows may lag the core by a batch: an order still open in the core shows its live state.
    const core = this.core();
    const records = rows.map((r) => {
      const live = r.status === SPOT_STATUS_CODE.open ? core.spotOpenOrder(r.id.toString()) : undefined;
      return live ? orderFromEvent(this.markets, live) : orderFromRow(this.markets, r);
    });
    return { records, total: total?.n ?? 0, current: q.current, size: q.size };
  }

  /** The fills of one own order. */
  async fills(userId: bigint, orderId: string): Promise<SpotFillView[]> {
    await this.get(userId, orderId);
    const id = BigInt(orderId);
    const rows = await this.db
      .select()
      .from(spotTrades)
      .where(or(eq(spotTrades.makerOrderId, id), eq(spotTrades.takerOrderId, id)))
      .orderBy(spotTrades.seq, spotTrades.id);
    return rows.map((t) => fillFromRow(this.markets, t, userId, this.isPlatform));
  }

  /** The newest stored trades of a market, newest first (what the recent-trades list showed before a
   * restart); with `maxSeq`, only those up to that seq (the rest come from the journal, spot-feed.ts). */
  async latestTrades(symbol: string, limit: number, maxSeq?: number) {
    const rows = await this.db
      .select({
        price: spotTrades.price,
        qty: spotTrades.qty,
        takerSide: spotTrades.takerSide,
        makerUserId: spotTrades.makerUserId,
        takerUserId: spotTrades.takerUserId,
        createdAt: spotTrades.createdAt,
      })
      .from(spotTrades)
      .where(
        maxSeq === undefined
          ? eq(spotTrades.symbol, symbol)
          : and(eq(spotTrades.symbol, symbol), lte(spotTrades.seq, maxSeq)),
      )
      .orderBy(desc(spotTrades.seq), desc(spotTrades.id))
      .limit(limit);
    return rows.map((t) => ({
      price: t.price,
      qty: t.qty,
      time: t.createdAt.getTime(),
      side: t.takerSide === 'sell' ? ('sell' as const) : ('buy' as const),
      demo: this.isPlatform(t.makerUserId) && this.isPlatform(t.takerUserId),
    }));
  }

  /** The user's fills, newest first (one market or all). */
  async myTrades(
    userId: bigint,
    q: { symbol?: string | undefined; current: number; size: number },
  ): Promise<Page<SpotFillView>> {
    const mine = or(eq(spotTrades.makerUserId, userId), eq(spotTrades.takerUserId, userId));
    const where = q.symbol ? and(mine, eq(spotTrades.symbol, this.markets.find(q.symbol).symbol)) : mine;
    const rows = await this.db
      .select()
      .from(spotTrades)
      .where(where)
      .orderBy(desc(spotTrades.seq), desc(spotTrades.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    const [total] = await this.db.select({ n: count() }).from(spotTrades).where(where);
    return {
      records: rows.map((t) => fillFromRow(this.markets, t, userId, this.isPlatform)),
      total: total?.n ?? 0,
      current: q.current,
      size: q.size,
    };
  }

  /** The spot balances of a pair's two coins. */
  pairBalances(userId: bigint, base: string, quote: string) {
    const core = this.core();
    const side = (coin: string) => {
      const b = core.balance(userId.toString(), coin.toUpperCase(), 'spot');
      return { coin: coin.toUpperCase(), available: b.available, frozen: b.frozen };
    };
    return { base: side(base), quote: side(quote) };
  }
}
