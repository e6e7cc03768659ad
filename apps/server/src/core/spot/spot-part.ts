// The spot part of the money core: markets, their order books and the open orders, with the commands
// spot.market, spot.place and spot.cancel (docs/spot.md).
//
// Money: an accepted order freezes what it can spend on the user's spot account (a buy: price x
// quantity of the quote at its limit, or at the protection bound for a market buy, or the quote amount;
// a sell: the base quantity). Each fill moves the frozen funds to the other side and charges each side
// its fee on what it receives (maker or taker rate, rounded up to the asset's decimals, split 90/10 into
// fee revenue and the security fund in the same command). Whatever an order has frozen and not spent is
// released exactly once: when it fills, is cancelled, or (for a buy that filled below its limit, and
// every immediate-or-cancel order) at the end of the placing command.
//
// Order ids are the placing command's seq. Only open orders are kept here; what happened to every order
// is in the events (order, trade, depth), which the SQL projection records.
import { formatAtoms, formatAtomsCached } from '../atoms';
import { compareText, type Ledger, type LedgerTx } from '../ledger/ledger';
import type { MarginAccountType } from '../margin/margin-types';
import type { CorePart, ExecContext, Execution, HeldAmount } from '../part';
import { parseCanonical, reject, requireString } from '../rejection';
import {
  type AccountType,
  type Command,
  type CoreEvent,
  SPOT_TIME_IN_FORCE,
  type SpotCancelReason,
  type SpotMarketConfig,
  type SpotOrderEvent,
  type SpotOrderStatus,
  type SpotPlace,
  type SpotSideEffect,
  type SpotTimeInForce,
} from '../types';
import { BUY, SELL, type Side } from './order-book';
import {
  feeOn,
  lotsToAtoms,
  lotsToQty,
  newMarket,
  notional,
  parseMarketConfig,
  priceToTicks,
  protectedLimit,
  qtyToLots,
  type SpotMarket,
  ticksToPrice,
} from './spot-market';

const descending = (a: number, b: number) => b - a;
const ascending = (a: number, b: number) => a - b;
const TIME_IN_FORCE: ReadonlySet<unknown> = new Set(SPOT_TIME_IN_FORCE);
const CLIENT_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
/** Budgets of market buys by quote amount are capped so ticks x lots sums stay exact in a double. */
const MAX_BUDGET_UNITS = 2 ** 52;

interface OpenOrder {
  id: number;
  /** The id as its decimal string (events, replies), built once. */
  idText: string;
  userId: string;
  owner: number;
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  tif: SpotTimeInForce;
  /** Limit price in ticks (market orders: their protection bound while the command runs). */
  priceTicks: number;
  /** Ordered lots; 0 for a market buy by quote amount. */
  lots: number;
  quoteQuantity: bigint;
  filledLots: number;
  filledQuote: bigint;
  fee: bigint;
  /** What the order still has frozen (quote atoms for a buy, base atoms for a sell). */
  hold: bigint;
  clientOrderId: string | undefined;
  createdTs: number;
  /** The account the order draws on: 'spot', or a margin account (docs/margin.md). */
  account: AccountType;
  /** Repays the account's debt from its proceeds ('autoRepay' / 'autoBorrowRepay'; margin accounts). */
  repay: SpotSideEffect | undefined;
  /** What the order received (net of fees) in the command being executed, when it repays. */
  proceeds: bigint;
  /** The seq of the last command that touched the order, and how it ended in that command (events only). */
  mark: number;
  end: SpotOrderStatus | null;
  endReason: SpotCancelReason | null;
}

/**
 * [orderId, userId, side, type, tif, priceTicks, lots, quoteQty, filledLots, filledQuote, fee, hold,
 * clientOrderId, createdTs, account?, sideEffect?] — the account only when it is not 'spot', the side
 * effect only for an order that repays from its proceeds (older snapshots and their hash unchanged).
 */
type OrderRowBase = [
  number,
  string,
  'buy' | 'sell',
  'limit' | 'market',
  SpotTimeInForce,
  number,
  number,
  string,
  number,
  string,
  string,
  string,
  string | null,
  number,
];
type OrderRow =
  | OrderRowBase
  | [...OrderRowBase, account: string]
  | [...OrderRowBase, account: string, sideEffect: SpotSideEffect];

/** The account an order may draw on: 'spot', cross margin, or the isolated account of its own pair. */
function orderAccount(v: unknown, symbol: string): AccountType {
  if (v === undefined || v === 'spot') return 'spot';
  if (v === 'margin' || v === `isolated:${symbol}`) return v as AccountType;
  return reject('INVALID_COMMAND');
}

/** An order's side effect: none on the spot account; borrow and/or repay on a margin account. */
interface SideEffect {
  readonly borrow: boolean;
  readonly repay: SpotSideEffect | undefined;
}
/** The four possible side effects, one frozen object each (no allocation per order). */
const NO_EFFECT: SideEffect = Object.freeze({ borrow: false, repay: undefined });
const AUTO_BORROW: SideEffect = Object.freeze({ borrow: true, repay: undefined });
const AUTO_REPAY: SideEffect = Object.freeze({ borrow: false, repay: 'autoRepay' });
const AUTO_BORROW_REPAY: SideEffect = Object.freeze({ borrow: true, repay: 'autoBorrowRepay' });

function orderSideEffect(v: unknown, account: AccountType): SideEffect {
  if (v === undefined || v === 'none') return NO_EFFECT;
  if (account === 'spot') return reject('INVALID_COMMAND');
  if (v === 'autoBorrow') return AUTO_BORROW;
  if (v === 'autoRepay') return AUTO_REPAY;
  if (v === 'autoBorrowRepay') return AUTO_BORROW_REPAY;
  return reject('INVALID_COMMAND');
}

export interface SpotSnapshot {
  /** Per market, sorted by symbol: its configuration and its open orders in price-time priority. */
  markets: { config: SpotMarketConfig; bids: OrderRow[]; asks: OrderRow[] }[];
}

/**
 * Collects what one command did, for its events: the orders it touched (in first-touch order, each once),
 * how those that ended ended, the price levels it changed. Plain arrays and marks on the orders instead of
 * maps and sets: a command touches few orders, and nothing is allocated per touched order.
 */
class Activity {
  seq = 0;
  /** The first `orderCount` entries are this command's (the arrays keep their storage between commands;
   * entries beyond the counts are stale). */
  orders: OpenOrder[] = [];
  orderCount = 0;
  events: CoreEvent[] = [];
  /** Changed level prices per side (may repeat; sorted and deduplicated when the events are built). */
  bidLevels: number[] = [];
  bidCount = 0;
  askLevels: number[] = [];
  askCount = 0;
  trades = 0;
  /** An order that repays from its proceeds received some in this command. */
  repays = false;

  /** Ready for the command `seq` (a new events array: the last one went out with its command; the
   * others are internal and reused). */
  reset(seq: number): this {
    this.seq = seq;
    this.orderCount = 0;
    this.events = [];
    this.bidCount = 0;
    this.askCount = 0;
    this.trades = 0;
    this.repays = false;
    return this;
  }

  /** Records an order as touched by this command (once). */
  add(o: OpenOrder): void {
    if (o.mark === this.seq) return;
    o.mark = this.seq;
    o.end = null;
    o.endReason = null;
    this.orders[this.orderCount++] = o;
  }

  /** Touched and its level changed. */
  touch(o: OpenOrder): void {
    this.add(o);
    this.level(o);
  }

  level(o: OpenOrder): void {
    if (o.side === BUY) this.bidLevels[this.bidCount++] = o.priceTicks;
    else this.askLevels[this.askCount++] = o.priceTicks;
  }

  ended(o: OpenOrder, status: SpotOrderStatus, reason: SpotCancelReason | null): void {
    this.add(o);
    o.end = status;
    o.endReason = reason;
  }
}

/**
 * How long a spot command's id is remembered (command time): a retry of an order or a cancel within it
 * gets the first answer. Orders arrive by the hundred per second (the demo market maker alone sends ~180
 * commands a second), so the core's 24 h would keep millions of ids; a client retries within seconds, and
 * Binance itself refuses requests older than a 60 s recvWindow.
 */
export const SPOT_IDEMPOTENCY_WINDOW_MS = 5 * 60_000;

export class SpotPart implements CorePart {
  readonly name = 'spot';
  readonly commandTypes = ['spot.market', 'spot.place', 'spot.cancel'] as const;
  readonly idempotencyWindowMs = SPOT_IDEMPOTENCY_WINDOW_MS;
  private readonly markets = new Map<string, SpotMarket>();
  private readonly open = new Map<number, OpenOrder>();
  /** userId -> clientOrderId -> order id, for the user's open orders. */
  private readonly clientIds = new Map<string, Map<string, number>>();
  /** Book owners are small integers: one per user, assigned on first use (not part of the state). */
  private readonly owners = new Map<string, number>();
  /** What the command being executed did (commands run one at a time). */
  private readonly activity = new Activity();

  execute(command: Command, tx: LedgerTx, ctx: ExecContext): Execution {
    switch (command.type) {
      case 'spot.market':
        return this.configure(command.payload, ctx.ledger);
      case 'spot.place':
        return this.place(command.payload, tx, ctx);
      case 'spot.cancel': {
        const { userId, symbol, orderId, clientOrderId } = command.payload;
        requireString(userId);
        const m = this.markets.get(requireString(symbol, 32)) ?? reject('MARKET_UNKNOWN');
        const id = this.resolveId(userId, orderId, clientOrderId);
        const o = this.open.get(id);
        if (o === undefined || o.userId !== userId || o.symbol !== m.symbol) reject('ORDER_NOT_FOUND');
        const act = this.activity.reset(ctx.seq);
        m.book.cancel(o.id);
        this.close(o, m, tx, act, 'cancelled', 'user');
        this.emit(m, act, ctx);
        return {
          ref: o.idText,
          events: act.events,
          reply: { orderId: o.idText, status: 'cancelled' },
        };
      }
      default:
        return reject('INVALID_COMMAND');
    }
  }

  // ---- queries ----

  market(symbol: string): SpotMarket | undefined {
    return this.markets.get(symbol);
  }

  symbols(): string[] {
    return [...this.markets.keys()].sort(compareText);
  }

  /** A user's open orders (all markets, or one), oldest first. */
  openOrdersOf(userId: string, symbol?: string): SpotOrderEvent[] {
    const out: SpotOrderEvent[] = [];
    for (const o of this.open.values()) {
      if (o.userId !== userId || (symbol !== undefined && o.symbol !== symbol)) continue;
      const m = this.markets.get(o.symbol);
      if (m !== undefined) out.push(this.orderEvent(m, o, 'open', null, o.id, o.createdTs));
    }
    return out.sort((a, b) => Number(a.orderId) - Number(b.orderId));
  }

  openOrder(orderId: number): SpotOrderEvent | undefined {
    const o = this.open.get(orderId);
    const m = o === undefined ? undefined : this.markets.get(o.symbol);
    return o === undefined || m === undefined
      ? undefined
      : this.orderEvent(m, o, 'open', null, o.id, o.createdTs);
  }

  /** The best `n` levels of each side, as decimal strings. */
  depth(symbol: string, n: number): { bids: [string, string][]; asks: [string, string][] } | undefined {
    const m = this.markets.get(symbol);
    if (m === undefined) return undefined;
    const level = ([t, l]: [number, number]): [string, string] => [ticksToPrice(m, t), lotsToQty(m, l)];
    return { bids: m.book.depth(BUY, n).map(level), asks: m.book.depth(SELL, n).map(level) };
  }

  // ---- commands ----

  private configure(payload: SpotMarketConfig, ledger: Ledger): Execution {
    const parsed = parseMarketConfig(payload, ledger);
    const current = this.markets.get(parsed.symbol);
    if (current === undefined) {
      this.markets.set(parsed.symbol, newMarket(parsed));
    } else {
      const sameUnits =
        current.base === parsed.base &&
        current.quote === parsed.quote &&
        current.tick === parsed.tick &&
        current.lot === parsed.lot;
      if (!sameUnits && current.book.size > 0) reject('INVALID_COMMAND');
      this.markets.set(parsed.symbol, { ...parsed, book: current.book });
    }
    return { ref: parsed.symbol };
  }

  private place(p: SpotPlace, tx: LedgerTx, ctx: ExecContext): Execution {
    const userId = requireString(p.userId);
    const m = this.markets.get(requireString(p.symbol, 32)) ?? reject('MARKET_UNKNOWN');
    if (m.halted) reject('MARKET_HALTED');
    if (p.side !== 'buy' && p.side !== 'sell') reject('INVALID_COMMAND');
    if (p.type !== 'limit' && p.type !== 'market') reject('INVALID_COMMAND');
    const tif: SpotTimeInForce = p.timeInForce ?? (p.type === 'market' ? 'IOC' : 'GTC');
    if (!TIME_IN_FORCE.has(tif)) reject('INVALID_COMMAND');
    if (p.type === 'market' && tif !== 'IOC') reject('INVALID_COMMAND');
    const side: Side = p.side === 'buy' ? BUY : SELL;
    const clientOrderId = p.clientOrderId;
    if (clientOrderId !== undefined) {
      if (typeof clientOrderId !== 'string' || !CLIENT_ID_PATTERN.test(clientOrderId))
        reject('INVALID_COMMAND');
      if (this.clientIds.get(userId)?.has(clientOrderId)) reject('DUPLICATE_CLIENT_ORDER_ID');
    }
    const owner = this.ownerOf(userId);
    const account = orderAccount(p.account, m.symbol);
    const effect = orderSideEffect(p.sideEffect, account);

    // What the order may take from the book and what it freezes for that.
    let limitTicks: number;
    let lots: number;
    let budget = Number.POSITIVE_INFINITY;
    let quoteQuantity = 0n;
    let hold: bigint;
    if (p.type === 'limit') {
      if (p.quoteQuantity !== undefined) reject('INVALID_COMMAND');
      limitTicks = priceToTicks(m, p.price);
      lots = qtyToLots(m, p.quantity);
      if (lots < m.minLots) reject('BELOW_MIN_QTY');
      const value = notional(m, limitTicks, lots);
      if (value < m.minNotional) reject('BELOW_MIN_NOTIONAL');
      ctx.ledger.checkAmount(m.quote, value);
      const baseAtoms = lotsToAtoms(m, lots);
      ctx.ledger.checkAmount(m.base, baseAtoms);
      hold = side === BUY ? value : baseAtoms;
      if (tif === 'POST_ONLY' && m.book.crosses(side, limitTicks)) reject('POST_ONLY_WOULD_TAKE');
    } else {
      if (p.price !== undefined) reject('INVALID_COMMAND');
      const best = m.book.best(side === BUY ? SELL : BUY);
      if (Number.isNaN(best)) reject('NO_LIQUIDITY');
      limitTicks = protectedLimit(m, best, side === BUY);
      if (side === BUY && p.quoteQuantity !== undefined) {
        if (p.quantity !== undefined) reject('INVALID_COMMAND');
        quoteQuantity = parseCanonical(p.quoteQuantity, 'positive');
        ctx.ledger.checkAmount(m.quote, quoteQuantity);
        if (quoteQuantity < m.minNotional) reject('BELOW_MIN_NOTIONAL');
        const units = quoteQuantity / m.tickLot;
        budget = units > BigInt(MAX_BUDGET_UNITS) ? MAX_BUDGET_UNITS : Number(units);
        lots = Number.MAX_SAFE_INTEGER;
        hold = quoteQuantity;
      } else {
        if (p.quoteQuantity !== undefined) reject('INVALID_COMMAND');
        lots = qtyToLots(m, p.quantity);
        if (lots < m.minLots) reject('BELOW_MIN_QTY');
        if (notional(m, best, lots) < m.minNotional) reject('BELOW_MIN_NOTIONAL');
        const baseAtoms = lotsToAtoms(m, lots);
        ctx.ledger.checkAmount(m.base, baseAtoms);
        hold = side === BUY ? notional(m, limitTicks, lots) : baseAtoms;
        ctx.ledger.checkAmount(side === BUY ? m.quote : m.base, hold);
      }
    }
    const holdAsset = side === BUY ? m.quote : m.base;
    const fok = tif === 'FOK' && !m.book.fillable(side, limitTicks, lots, owner);
    let accountEvents: CoreEvent[] | undefined;
    if (account !== 'spot') {
      // The account's own rules (a margin account: its lock, an auto-borrow of what it lacks).
      const borrow = effect.borrow && !fok;
      accountEvents = ctx.orderAccounts.beforeOrder(
        { userId, account, asset: holdAsset, amount: hold, borrow, prices: p.prices },
        tx,
        ctx,
      );
    }
    // An auto-borrowing FOK order that cannot fill borrows nothing and freezes nothing.
    if (!(fok && effect.borrow)) tx.requireAvailable(userId, holdAsset, account, hold);
    // Nothing below refuses: the funds are there, and every later posting only moves frozen funds.
    if (!fok) tx.freeze(userId, holdAsset, account, hold);

    const o: OpenOrder = {
      id: ctx.seq,
      idText: String(ctx.seq),
      userId,
      owner,
      symbol: m.symbol,
      side,
      type: p.type,
      tif,
      priceTicks: limitTicks,
      lots: p.type === 'market' && quoteQuantity > 0n ? 0 : lots,
      quoteQuantity,
      filledLots: 0,
      filledQuote: 0n,
      fee: 0n,
      hold: fok ? 0n : hold,
      clientOrderId,
      createdTs: ctx.ts,
      account,
      repay: effect.repay,
      proceeds: 0n,
      mark: 0,
      end: null,
      endReason: null,
    };
    const act = this.activity.reset(ctx.seq);
    if (accountEvents !== undefined) for (const e of accountEvents) act.events.push(e);
    act.add(o);
    if (fok) {
      // Not entirely fillable now: it ends at once, nothing frozen, nothing traded.
      this.close(o, m, tx, act, 'cancelled', 'fok');
    } else {
      const left = m.book.match(side, limitTicks, lots, owner, budget);
      this.settle(o, m, tx, act, ctx);
      if (p.type === 'limit' && left > 0 && tif !== 'IOC') {
        m.book.rest(o.id, owner, side, limitTicks, left);
        this.open.set(o.id, o);
        if (clientOrderId !== undefined) this.clientIdsOf(userId).set(clientOrderId, o.id);
        act.touch(o);
        // A buy that filled below its limit froze more than its resting part needs.
        const needed = side === BUY ? notional(m, limitTicks, left) : lotsToAtoms(m, left);
        this.release(o, m, tx, o.hold - needed);
      } else if (p.type === 'market' && quoteQuantity > 0n) {
        const spentAll = o.filledQuote > 0n && this.budgetExhausted(m, side, limitTicks, o);
        this.close(
          o,
          m,
          tx,
          act,
          spentAll ? 'filled' : 'cancelled',
          spentAll ? null : this.whyMarketStopped(m, side),
        );
      } else if (left === 0) {
        this.close(o, m, tx, act, 'filled', null);
      } else {
        const reason = p.type === 'market' ? this.whyMarketStopped(m, side) : 'ioc';
        this.close(o, m, tx, act, 'cancelled', reason);
      }
    }
    if (act.repays) this.repayFromProceeds(act, m, tx, ctx);
    this.emit(m, act, ctx);
    const state = o.end ?? 'open';
    return { ref: o.idText, events: act.events, reply: { orderId: o.idText, status: state } };
  }

  /** Applies the book's fills and self-trade cancellations of the last match to both sides' funds. */
  private settle(taker: OpenOrder, m: SpotMarket, tx: LedgerTx, act: Activity, ctx: ExecContext): void {
    const r = m.book.result;
    for (let i = 0; i < r.stp; i++) {
      const resting = this.open.get(r.stpId[i] as number);
      if (resting !== undefined) this.close(resting, m, tx, act, 'cancelled', 'stp');
    }
    for (let i = 0; i < r.fills; i++) {
      const maker = this.open.get(r.makerId[i] as number);
      if (maker === undefined) throw new Error(`fill of unknown order ${r.makerId[i]}`);
      const ticks = r.priceTicks[i] as number;
      const lots = r.lots[i] as number;
      const quote = notional(m, ticks, lots);
      const base = lotsToAtoms(m, lots);
      const buyer = taker.side === BUY ? taker : maker;
      const seller = taker.side === BUY ? maker : taker;
      const buyerRate = buyer === taker ? m.takerRate : m.makerRate;
      const sellerRate = seller === taker ? m.takerRate : m.makerRate;
      const buyerFee = feeOn(base, buyerRate, m.baseDecimals);
      const sellerFee = feeOn(quote, sellerRate, m.quoteDecimals);
      // The buyer's frozen quote pays the seller; the seller's frozen base goes to the buyer.
      tx.user(buyer.userId, m.quote, buyer.account, 'frozen', -quote);
      tx.user(seller.userId, m.quote, seller.account, 'available', quote - sellerFee);
      tx.user(seller.userId, m.base, seller.account, 'frozen', -base);
      tx.user(buyer.userId, m.base, buyer.account, 'available', base - buyerFee);
      ctx.fees.post(tx, buyer.userId, m.base, buyerFee, m.baseDecimals);
      ctx.fees.post(tx, seller.userId, m.quote, sellerFee, m.quoteDecimals);
      if (buyer.repay !== undefined) {
        buyer.proceeds += base - buyerFee;
        act.repays = true;
      }
      if (seller.repay !== undefined) {
        seller.proceeds += quote - sellerFee;
        act.repays = true;
      }
      buyer.hold -= quote;
      seller.hold -= base;
      buyer.fee += buyerFee;
      seller.fee += sellerFee;
      maker.filledLots += lots;
      maker.filledQuote += quote;
      taker.filledLots += lots;
      taker.filledQuote += quote;
      act.touch(maker);
      act.trades += 1;
      act.events.push({
        type: 'spot.trade',
        seq: ctx.seq,
        tradeId: `${ctx.seq}-${act.trades}`,
        symbol: m.symbol,
        price: ticksToPrice(m, ticks),
        qty: lotsToQty(m, lots),
        quoteQty: formatAtomsCached(quote),
        takerSide: taker.side === BUY ? 'buy' : 'sell',
        makerOrderId: maker.idText,
        takerOrderId: taker.idText,
        makerUserId: maker.userId,
        takerUserId: taker.userId,
        makerFee: formatAtomsCached(maker === buyer ? buyerFee : sellerFee),
        takerFee: formatAtomsCached(taker === buyer ? buyerFee : sellerFee),
        ts: ctx.ts,
      });
      if ((r.makerLeft[i] as number) === 0) this.close(maker, m, tx, act, 'filled', null);
    }
  }

  /** Hands what the orders flagged to repay received in this command to their account's rules. */
  private repayFromProceeds(act: Activity, m: SpotMarket, tx: LedgerTx, ctx: ExecContext): void {
    const credits: { userId: string; account: AccountType; asset: string; amount: bigint }[] = [];
    for (let i = 0; i < act.orderCount; i++) {
      const o = act.orders[i] as OpenOrder;
      if (o.repay === undefined || o.proceeds <= 0n) continue;
      credits.push({
        userId: o.userId,
        account: o.account,
        asset: o.side === BUY ? m.base : m.quote,
        amount: o.proceeds,
      });
      o.proceeds = 0n;
    }
    for (const e of ctx.orderAccounts.afterProceeds(credits, tx, ctx)) act.events.push(e);
  }

  /** Ends an order: releases what it still has frozen, forgets it, records its final state. */
  private close(
    o: OpenOrder,
    m: SpotMarket,
    tx: LedgerTx,
    act: Activity,
    status: SpotOrderStatus,
    reason: SpotCancelReason | null,
  ): void {
    this.release(o, m, tx, o.hold);
    if (this.open.delete(o.id)) {
      act.level(o);
      if (o.clientOrderId !== undefined) this.clientIds.get(o.userId)?.delete(o.clientOrderId);
    }
    act.ended(o, status, reason);
  }

  private release(o: OpenOrder, m: SpotMarket, tx: LedgerTx, amount: bigint): void {
    if (amount <= 0n) return;
    const asset = o.side === BUY ? m.quote : m.base;
    tx.user(o.userId, asset, o.account, 'frozen', -amount);
    tx.user(o.userId, asset, o.account, 'available', amount);
    o.hold -= amount;
  }

  /** A market buy by quote amount stopped because the rest of its budget cannot pay one more lot. */
  private budgetExhausted(m: SpotMarket, side: Side, limitTicks: number, o: OpenOrder): boolean {
    const best = m.book.best(side === BUY ? SELL : BUY);
    if (Number.isNaN(best) || best > limitTicks) return false;
    return o.hold < notional(m, best, 1);
  }

  /** A market order stopped with quantity left: the book ran dry, or the rest is beyond the protection band. */
  private whyMarketStopped(m: SpotMarket, side: Side): SpotCancelReason {
    return Number.isNaN(m.book.best(side === BUY ? SELL : BUY)) ? 'no_liquidity' : 'protection';
  }

  /** The command's order, trade and depth events: every touched order's state, every changed level. */
  private emit(m: SpotMarket, act: Activity, ctx: ExecContext): void {
    for (let i = 0; i < act.orderCount; i++) {
      const o = act.orders[i] as OpenOrder;
      act.events.push(this.orderEvent(m, o, o.end ?? 'open', o.endReason, ctx.seq, ctx.ts));
    }
    if (act.bidCount > 0 || act.askCount > 0) {
      act.events.push({
        type: 'spot.depth',
        seq: ctx.seq,
        symbol: m.symbol,
        bids: this.levels(m, BUY, act.bidLevels, act.bidCount),
        asks: this.levels(m, SELL, act.askLevels, act.askCount),
      });
    }
  }

  /** Changed levels of a side, best first, each with its new total ('0' when it emptied). */
  private levels(m: SpotMarket, side: Side, changed: number[], count: number): [string, string][] {
    let prices = changed;
    if (count > 32) {
      prices = changed.slice(0, count);
      prices.sort(side === BUY ? descending : ascending);
    } else {
      // The first `count` entries in place, best first (insertion sort: a command changes a few levels).
      for (let i = 1; i < count; i++) {
        const t = prices[i] as number;
        let j = i - 1;
        while (j >= 0 && (side === BUY ? (prices[j] as number) < t : (prices[j] as number) > t)) {
          prices[j + 1] = prices[j] as number;
          j--;
        }
        prices[j + 1] = t;
      }
    }
    const out: [string, string][] = [];
    for (let i = 0; i < count; i++) {
      const t = prices[i] as number;
      if (i > 0 && t === prices[i - 1]) continue;
      out.push([ticksToPrice(m, t), lotsToQty(m, m.book.levelLots(side, t))]);
    }
    return out;
  }

  private orderEvent(
    m: SpotMarket,
    o: OpenOrder,
    status: SpotOrderStatus,
    reason: SpotCancelReason | null,
    seq: number,
    ts: number,
  ): SpotOrderEvent {
    const byQuote = o.type === 'market' && o.quoteQuantity > 0n;
    const event: SpotOrderEvent = {
      type: 'spot.order',
      seq,
      orderId: o.idText,
      userId: o.userId,
      symbol: m.symbol,
      side: o.side === BUY ? 'buy' : 'sell',
      orderType: o.type,
      timeInForce: o.tif,
      price: o.type === 'limit' ? ticksToPrice(m, o.priceTicks) : null,
      quantity: byQuote ? null : lotsToQty(m, o.lots),
      quoteQuantity: byQuote ? formatAtomsCached(o.quoteQuantity) : null,
      filledQty: lotsToQty(m, o.filledLots),
      filledQuote: formatAtomsCached(o.filledQuote),
      fee: formatAtomsCached(o.fee),
      feeAsset: o.side === BUY ? m.base : m.quote,
      status,
      cancelReason: reason,
      clientOrderId: o.clientOrderId ?? null,
      createdTs: o.createdTs,
      ts,
    };
    if (o.account !== 'spot') event.account = o.account as MarginAccountType;
    if (o.repay !== undefined) event.sideEffect = o.repay;
    return event;
  }

  private resolveId(userId: string, orderId: unknown, clientOrderId: unknown): number {
    if (orderId !== undefined) {
      if (typeof orderId !== 'string' || !/^\d{1,15}$/.test(orderId)) reject('ORDER_NOT_FOUND');
      return Number(orderId);
    }
    if (typeof clientOrderId !== 'string') reject('INVALID_COMMAND');
    return this.clientIds.get(userId)?.get(clientOrderId) ?? reject('ORDER_NOT_FOUND');
  }

  private ownerOf(userId: string): number {
    let n = this.owners.get(userId);
    if (n === undefined) {
      n = this.owners.size + 1;
      this.owners.set(userId, n);
    }
    return n;
  }

  private clientIdsOf(userId: string): Map<string, number> {
    let map = this.clientIds.get(userId);
    if (map === undefined) {
      map = new Map();
      this.clientIds.set(userId, map);
    }
    return map;
  }

  // ---- invariants, holds, snapshot ----

  *holds(): Generator<HeldAmount> {
    for (const o of this.open.values()) {
      const m = this.markets.get(o.symbol);
      if (m !== undefined) {
        yield {
          userId: o.userId,
          asset: o.side === BUY ? m.quote : m.base,
          accountType: o.account,
          amount: o.hold,
        };
      }
    }
  }

  violations(): string[] {
    const problems: string[] = [];
    for (const o of this.open.values()) {
      const m = this.markets.get(o.symbol);
      if (m === undefined) {
        problems.push(`order ${o.id} on unknown market ${o.symbol}`);
        continue;
      }
      const left = m.book.lotsOf(o.id);
      if (left <= 0) problems.push(`open order ${o.id} is not in the book`);
      if (o.filledLots + left !== o.lots) problems.push(`order ${o.id}: filled + resting != ordered`);
      const needed = o.side === BUY ? notional(m, o.priceTicks, left) : lotsToAtoms(m, left);
      if (o.hold !== needed) problems.push(`order ${o.id}: holds ${o.hold}, needs ${needed}`);
    }
    for (const m of this.markets.values()) {
      if (m.book.size !== [...this.open.values()].filter((o) => o.symbol === m.symbol).length) {
        problems.push(`book ${m.symbol} holds orders the part does not know`);
      }
      const bid = m.book.best(BUY);
      const ask = m.book.best(SELL);
      if (bid >= ask) problems.push(`book ${m.symbol} is crossed: ${bid} >= ${ask}`);
    }
    return problems;
  }

  snapshot(): SpotSnapshot {
    const row = (o: OpenOrder): OrderRow => {
      const r: OrderRow = [
        o.id,
        o.userId,
        o.side === BUY ? 'buy' : 'sell',
        o.type,
        o.tif,
        o.priceTicks,
        o.lots,
        formatAtoms(o.quoteQuantity),
        o.filledLots,
        formatAtoms(o.filledQuote),
        formatAtoms(o.fee),
        formatAtoms(o.hold),
        o.clientOrderId ?? null,
        o.createdTs,
      ];
      if (o.account !== 'spot') (r as unknown[]).push(o.account);
      if (o.repay !== undefined) (r as unknown[]).push(o.repay);
      return r;
    };
    const side = (m: SpotMarket, s: Side) =>
      [...m.book.orders(s)].map((e) => {
        const o = this.open.get(e.id);
        if (o === undefined) throw new Error(`book order ${e.id} unknown`);
        return row(o);
      });
    return {
      markets: this.symbols().map((symbol) => {
        const m = this.markets.get(symbol) as SpotMarket;
        return { config: m.config, bids: side(m, BUY), asks: side(m, SELL) };
      }),
    };
  }

  restore(data: unknown, ledger: Ledger): void {
    const { markets } = data as SpotSnapshot;
    for (const { config, bids, asks } of markets) {
      const m = newMarket(parseMarketConfig(config, ledger));
      this.markets.set(m.symbol, m);
      for (const r of [...bids, ...asks]) {
        const [
          id,
          userId,
          side,
          type,
          tif,
          priceTicks,
          lots,
          quoteQty,
          filledLots,
          filledQuote,
          fee,
          hold,
          cid,
          createdTs,
          account,
          sideEffect,
        ] = r as [...OrderRowBase, string?, SpotSideEffect?];
        const o: OpenOrder = {
          id,
          idText: String(id),
          userId,
          owner: this.ownerOf(userId),
          symbol: m.symbol,
          side: side === 'buy' ? BUY : SELL,
          type,
          tif,
          priceTicks,
          lots,
          quoteQuantity: parseCanonical(quoteQty, 'nonNegative'),
          filledLots,
          filledQuote: parseCanonical(filledQuote, 'nonNegative'),
          fee: parseCanonical(fee, 'nonNegative'),
          hold: parseCanonical(hold, 'nonNegative'),
          clientOrderId: cid ?? undefined,
          createdTs,
          account: (account ?? 'spot') as AccountType,
          repay: sideEffect,
          proceeds: 0n,
          mark: 0,
          end: null,
          endReason: null,
        };
        m.book.rest(o.id, o.owner, o.side, o.priceTicks, o.lots - o.filledLots);
        this.open.set(o.id, o);
        if (o.clientOrderId !== undefined) this.clientIdsOf(userId).set(o.clientOrderId, o.id);
      }
    }
  }
}
