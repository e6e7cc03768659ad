// The contracts part of the money core (docs/contracts.md): perpetual markets on books of the spot
// matching engine, positions (hedge mode: one long and one short per user and market), margin (isolated,
// or cross: a position about to be liquidated first draws the free balance of the contract account),
// the mark price from stored index ticks, TP/SL, liquidation through the book with the insurance fund
// and auto-deleveraging, and funding between longs and shorts.
//
// Money, all on the user's `contract` account in the market's settle asset: an opening order freezes its
// initial margin plus its fee at its limit; a fill turns the hold into position margin (frozen). Profit
// and loss of every close flow through the `contract_pool` system account, which therefore always holds
// exactly sum over shorts of entry value - sum over longs (linear; the opposite for inverse markets):
// OI long equals OI short, so the marks cancel. A close whose loss exceeds its margin takes the user's
// free balance, then the insurance fund; a liquidated position's whole margin goes to the insurance fund,
// which pays a shortfall, so no user field ever goes negative. Funding moves margin from the paying side
// to the receiving side in one command whose postings sum to zero; the platform takes nothing.
import { formatUnits } from '../atoms';
import { compareText, type Ledger, type LedgerTx } from '../ledger/ledger';
import type { CorePart, ExecContext, Execution, HeldAmount } from '../part';
import { parseCanonical, reject, requireAsset, requireString } from '../rejection';
import { BUY, SELL, type Side } from '../spot/order-book';
import type { Command, CoreEvent } from '../types';
import {
  bandTicks,
  type ContractMarket,
  ceilSettle,
  equityAt,
  feeOf,
  floorSettle,
  fmt,
  fundingRate,
  indexToTicks,
  initialMargin,
  lotsToQty,
  newContractMarket,
  ONE,
  parseContractConfig,
  pnlOf,
  priceToTicks,
  qtyToLots,
  ticksToPrice,
  tierOf,
  triggerTicks,
  valueAt,
} from './contract-market';
import type {
  ContractDirection,
  ContractMarketConfig,
  ContractMarketView,
  ContractOrderEvent,
  ContractOrderView,
  ContractPlace,
  ContractPositionView,
  ContractsReader,
  ContractTick,
  MarginMode,
  PositionSide,
} from './contract-types';

export const CONTRACT_IDEMPOTENCY_WINDOW_MS = 5 * 60_000;
const DEFAULT_LEVERAGE = 10;
/** The mark's basis follows the book by this fraction per tick (exponential smoothing). */
const BASIS_SMOOTHING = 5;

interface Position {
  id: number;
  userId: string;
  symbol: string;
  long: boolean;
  mode: MarginMode;
  leverage: number;
  lots: number;
  cost: bigint;
  margin: bigint;
  /** Lots committed to resting close orders. */
  closing: number;
  realized: bigint;
  tp: number;
  sl: number;
  /** Liquidation trigger in the index (NaN: not indexed). */
  key: number;
  openedTs: number;
  ts: number;
  /** Seq of the last command that touched it (for events). */
  mark: number;
}

interface Order {
  id: number;
  userId: string;
  owner: number;
  symbol: string;
  direction: ContractDirection;
  side: Side;
  close: boolean;
  type: 'limit' | 'market' | 'liquidation' | 'tp' | 'sl';
  priceTicks: number;
  lots: number;
  filledLots: number;
  filledValue: bigint;
  fee: bigint;
  hold: bigint;
  leverage: number;
  profit: bigint;
  createdTs: number;
  mark: number;
  status: 'open' | 'filled' | 'cancelled';
}

/** [id, userId, direction, priceTicks, lots, filledLots, filledValue, fee, hold, leverage, profit, createdTs] */
type OrderRow = [
  number,
  string,
  ContractDirection,
  number,
  number,
  number,
  string,
  string,
  string,
  number,
  string,
  number,
];
/** [id, userId, symbol, long, mode, leverage, lots, cost, margin, realized, tp, sl, openedTs, ts] */
type PositionRow = [
  number,
  string,
  string,
  boolean,
  MarginMode,
  number,
  number,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
];

export interface ContractsSnapshot {
  markets: {
    config: ContractMarketConfig;
    state: [number, number, string, number, number, string, number, number, string, number];
    orders: OrderRow[];
  }[];
  positions: PositionRow[];
  /** [userId, symbol, leverage, mode] */
  settings: [string, string, number, MarginMode][];
}

interface Activity {
  seq: number;
  ts: number;
  orders: Order[];
  positions: Position[];
  events: CoreEvent[];
  trades: number;
  /** Staged insurance fund change per asset in this command. */
  fund: Map<string, bigint>;
}

const posKey = (userId: string, symbol: string, long: boolean) =>
  `${userId}\u0000${symbol}\u0000${long ? 'L' : 'S'}`;

export class ContractsPart implements CorePart, ContractsReader {
  readonly name = 'contracts';
  readonly commandTypes = [
    'contract.market',
    'contract.leverage',
    'contract.place',
    'contract.cancel',
    'contract.margin',
    'contract.tpsl',
    'contract.tick',
    'contract.funding',
    'contract.insurance',
  ] as const;
  readonly idempotencyWindowMs = CONTRACT_IDEMPOTENCY_WINDOW_MS;
  private readonly byMarket = new Map<string, ContractMarket>();
  private readonly orders = new Map<number, Order>();
  private readonly positions = new Map<string, Position>();
  private readonly byId = new Map<number, Position>();
  /** userId -> its open orders. */
  private readonly userOrders = new Map<string, Set<Order>>();
  /** userId\0symbol -> [leverage, mode]. */
  private readonly settings = new Map<string, [number, MarginMode]>();
  /** Positions with a TP or SL, per market. */
  private readonly triggers = new Map<string, Set<Position>>();
  private readonly owners = new Map<string, number>();
  private act: Activity = {
    seq: 0,
    ts: 0,
    orders: [],
    positions: [],
    events: [],
    trades: 0,
    fund: new Map(),
  };
  private ledger: Ledger | undefined;

  execute(command: Command, tx: LedgerTx, ctx: ExecContext): Execution {
    this.ledger = ctx.ledger;
    this.act = {
      seq: ctx.seq,
      ts: ctx.ts,
      orders: [],
      positions: [],
      events: [],
      trades: 0,
      fund: new Map(),
    };
    switch (command.type) {
      case 'contract.market':
        return this.configure(command.payload, ctx.ledger);
      case 'contract.leverage':
        return this.leverage(command.payload);
      case 'contract.place':
        return this.place(command.payload, tx, ctx);
      case 'contract.cancel': {
        const { userId, symbol, orderId } = command.payload;
        requireString(userId);
        const m = this.marketOf(symbol);
        const o = this.orders.get(Number(requireString(orderId, 20)));
        if (o === undefined || o.userId !== userId || o.symbol !== m.symbol) reject('ORDER_NOT_FOUND');
        m.book.cancel(o.id);
        this.endOrder(o, m, tx);
        return this.done(m, String(o.id), { orderId: String(o.id), status: 'cancelled' });
      }
      case 'contract.margin':
        return this.adjustMargin(command.payload, tx);
      case 'contract.tpsl':
        return this.setTpSl(command.payload);
      case 'contract.tick':
        return this.onTick(command.payload.symbol, command.payload.tick, tx, ctx);
      case 'contract.funding':
        return this.funding(command.payload.symbol, command.payload.at, tx, ctx);
      case 'contract.insurance': {
        const { userId, asset, amount } = command.payload;
        requireString(userId);
        requireAsset(asset);
        const a = parseCanonical(amount, 'positive');
        ctx.ledger.checkAmount(asset, a);
        tx.requireAvailable(userId, asset, 'contract', a);
        tx.user(userId, asset, 'contract', 'available', -a);
        tx.system('insurance_fund', asset, a);
        return { ref: `insurance:${userId}`, reply: { amount } };
      }
      default:
        return reject('INVALID_COMMAND');
    }
  }

  // ---- commands ----

  private marketOf(symbol: unknown): ContractMarket {
    return this.byMarket.get(requireString(symbol, 32)) ?? reject('MARKET_UNKNOWN');
  }

  private configure(payload: ContractMarketConfig, ledger: Ledger): Execution {
    const parsed = parseContractConfig(payload, ledger);
    const old = this.byMarket.get(parsed.symbol);
    if (old === undefined) {
      this.byMarket.set(parsed.symbol, newContractMarket(parsed));
    } else {
      const busy = old.book.size > 0 || old.oiLong > 0;
      if (
        busy &&
        (old.inverse !== parsed.inverse ||
          old.settle !== parsed.settle ||
          old.priceDecimals !== parsed.priceDecimals ||
          old.qtyDecimals !== parsed.qtyDecimals ||
          old.unit !== parsed.unit)
      )
        reject('INVALID_COMMAND');
      Object.assign(old, parsed);
      // Tiers may have changed: every trigger is recomputed.
      for (const p of this.byId.values()) if (p.symbol === old.symbol) this.reindex(p, old);
    }
    return { ref: parsed.symbol, reply: { symbol: parsed.symbol } };
  }

  settingsOf(userId: string, symbol: string): { leverage: number; mode: MarginMode } {
    const s = this.settings.get(`${userId}\u0000${symbol}`);
    const m = this.byMarket.get(symbol);
    const lev = s?.[0] ?? Math.min(DEFAULT_LEVERAGE, m?.maxLeverage ?? DEFAULT_LEVERAGE);
    return { leverage: lev, mode: s?.[1] ?? 'isolated' };
  }

  private leverage(p: { userId: string; symbol: string; leverage: number; mode: MarginMode }): Execution {
    const userId = requireString(p.userId);
    const m = this.marketOf(p.symbol);
    if (!Number.isInteger(p.leverage) || p.leverage < 1) reject('INVALID_COMMAND');
    if (p.mode !== 'cross' && p.mode !== 'isolated') reject('INVALID_COMMAND');
    if (p.leverage > m.maxLeverage) reject('LEVERAGE_TOO_HIGH');
    const current = this.settingsOf(userId, m.symbol);
    const mine = [
      this.positions.get(posKey(userId, m.symbol, true)),
      this.positions.get(posKey(userId, m.symbol, false)),
    ];
    if (p.mode !== current.mode) {
      const hasOrders = [...(this.userOrders.get(userId) ?? [])].some((o) => o.symbol === m.symbol);
      if (hasOrders || mine.some((x) => x !== undefined)) reject('MODE_LOCKED');
    }
    for (const pos of mine) {
      if (pos === undefined) continue;
      // The open position must stay within its tier's leverage and above maintenance.
      if (p.leverage > tierOf(m, pos.cost).maxLeverage) reject('LEVERAGE_TOO_HIGH');
    }
    this.settings.set(`${userId}\u0000${m.symbol}`, [p.leverage, p.mode]);
    for (const pos of mine) {
      if (pos === undefined) continue;
      pos.leverage = p.leverage;
      this.touchPos(pos);
    }
    return this.done(m, m.symbol, { leverage: p.leverage, mode: p.mode });
  }

  private ownerOf(userId: string): number {
    let o = this.owners.get(userId);
    if (o === undefined) {
      o = this.owners.size + 1;
      this.owners.set(userId, o);
    }
    return o;
  }

  private place(p: ContractPlace, tx: LedgerTx, ctx: ExecContext): Execution {
    const userId = requireString(p.userId);
    const m = this.marketOf(p.symbol);
    if (m.halted) reject('MARKET_HALTED');
    const direction = p.direction;
    if (direction !== 1 && direction !== 2 && direction !== 3 && direction !== 4) reject('INVALID_COMMAND');
    if (p.type !== 'limit' && p.type !== 'market') reject('INVALID_COMMAND');
    const lots = qtyToLots(m, p.quantity);
    if (lots < m.minLots) reject('BELOW_MIN_QTY');
    const side: Side = direction === 1 || direction === 4 ? BUY : SELL;
    const close = direction > 2;
    const { leverage } = this.settingsOf(userId, m.symbol);
    if (close) {
      const pos = this.positions.get(posKey(userId, m.symbol, direction === 3));
      if (pos === undefined || pos.lots - pos.closing < lots) reject('REDUCE_ONLY_WOULD_OPEN');
    }
    let priceTicks: number;
    if (p.type === 'limit') {
      priceTicks = priceToTicks(m, p.price);
    } else {
      if (p.price !== undefined) reject('INVALID_PRICE');
      const ref = m.markTicks > 0 ? m.markTicks : m.book.best(side === BUY ? SELL : BUY);
      if (Number.isNaN(ref) || !m.book.crosses(side, side === BUY ? Number.MAX_SAFE_INTEGER : 1))
        reject('NO_LIQUIDITY');
      priceTicks = bandTicks(ref, m.protection, side === BUY);
    }
    let hold = 0n;
    if (!close) {
      // The hold covers the worst value a fill can have: at the limit, or at the best opposite price
      // when fills there are worth more (a linear sell above its limit, an inverse buy below it).
      let holdTicks = priceTicks;
      const best = m.book.best(side === BUY ? SELL : BUY);
      if (!Number.isNaN(best)) {
        if (side === SELL && !m.inverse && best > holdTicks) holdTicks = best;
        if (side === BUY && m.inverse && best < holdTicks) holdTicks = best;
      }
      const v = valueAt(m, lots, holdTicks);
      const pos = this.positions.get(posKey(userId, m.symbol, direction === 1));
      const after = (pos?.cost ?? 0n) + v;
      if (leverage > tierOf(m, after).maxLeverage) reject('LEVERAGE_TOO_HIGH');
      hold = initialMargin(m, v, leverage) + feeOf(m, v, m.takerRate);
      if (hold <= 0n) reject('INVALID_QUANTITY');
      ctx.ledger.checkAmount(m.settle, hold);
      tx.freeze(userId, m.settle, 'contract', hold);
    }
    const o: Order = {
      id: ctx.seq,
      userId,
      owner: this.ownerOf(userId),
      symbol: m.symbol,
      direction,
      side,
      close,
      type: p.type,
      priceTicks,
      lots,
      filledLots: 0,
      filledValue: 0n,
      fee: 0n,
      hold,
      leverage,
      profit: 0n,
      createdTs: ctx.ts,
      mark: 0,
      status: 'open',
    };
    this.touchOrder(o);
    if (close) this.posOf(o).closing += lots;
    const left = m.book.match(side, priceTicks, lots, o.owner);
    this.settleMatch(m, o, tx, ctx);
    if (left > 0 && p.type === 'limit') {
      m.book.rest(o.id, o.owner, side, priceTicks, left);
      this.orders.set(o.id, o);
      let mine = this.userOrders.get(userId);
      if (mine === undefined) {
        mine = new Set();
        this.userOrders.set(userId, mine);
      }
      mine.add(o);
    } else {
      this.endOrder(o, m, tx);
    }
    return this.done(m, String(o.id), {
      orderId: String(o.id),
      status: o.status,
      filledQty: lotsToQty(m, o.filledLots),
    });
  }

  private posOf(o: Order): Position {
    const pos = this.positions.get(posKey(o.userId, o.symbol, o.direction === 3));
    if (pos === undefined) throw new Error(`close order ${o.id} without position`);
    return pos;
  }

  /** Settles the fills and self-trade cancellations of the book's last match, taker `taker`. */
  private settleMatch(m: ContractMarket, taker: Order, tx: LedgerTx, ctx: ExecContext): void {
    const r = m.book.result;
    const stp: number[] = [];
    for (let i = 0; i < r.stp; i++) stp.push(r.stpId[i] as number);
    const fills: [number, number, number][] = [];
    for (let i = 0; i < r.fills; i++)
      fills.push([r.makerId[i] as number, r.priceTicks[i] as number, r.lots[i] as number]);
    for (const id of stp) {
      const resting = this.orders.get(id);
      if (resting !== undefined) this.endOrder(resting, m, tx);
    }
    for (const [makerId, ticks, lots] of fills) {
      const maker = this.orders.get(makerId);
      if (maker === undefined) throw new Error(`fill of unknown contract order ${makerId}`);
      this.fill(maker, m, lots, ticks, m.makerRate, tx, ctx);
      this.fill(taker, m, lots, ticks, m.takerRate, tx, ctx);
      if (m.book.lotsOf(maker.id) === 0) this.endOrder(maker, m, tx);
      m.lastTradeTicks = ticks;
      this.act.trades += 1;
      this.act.events.push({
        type: 'contract.trade',
        seq: this.act.seq,
        tradeId: `${this.act.seq}-${this.act.trades}`,
        symbol: m.symbol,
        price: ticksToPrice(m, ticks),
        qty: lotsToQty(m, lots),
        takerSide: taker.side === BUY ? 'buy' : 'sell',
        ts: this.act.ts,
      });
    }
  }

  /** One side of one fill. */
  private fill(
    o: Order,
    m: ContractMarket,
    lots: number,
    ticks: number,
    rate: bigint,
    tx: LedgerTx,
    ctx: ExecContext,
  ): void {
    this.touchOrder(o);
    const v = valueAt(m, lots, ticks);
    const remaining = o.lots - o.filledLots;
    o.filledLots += lots;
    o.filledValue += v;
    if (o.close) {
      const pos = this.posOf(o);
      pos.closing -= lots;
      const { pnl, fee } = this.closeLots(pos, m, lots, ticks, rate, 'user', tx, ctx);
      o.profit += pnl;
      o.fee += fee;
      return;
    }
    const share = lots === remaining ? o.hold : (o.hold * BigInt(lots)) / BigInt(remaining);
    o.hold -= share;
    let fee = feeOf(m, v, rate);
    if (fee > share) fee = share;
    let margin = initialMargin(m, v, o.leverage);
    if (margin > share - fee) margin = share - fee;
    const release = share - fee - margin;
    // The hold: its fee to the fee split, its margin stays frozen as the position's, the rest released.
    tx.user(o.userId, m.settle, 'contract', 'frozen', -(fee + release));
    tx.user(o.userId, m.settle, 'contract', 'available', release);
    ctx.fees.post(tx, o.userId, m.settle, fee, m.settleDecimals);
    o.fee += fee;
    const long = o.side === BUY;
    const key = posKey(o.userId, m.symbol, long);
    let pos = this.positions.get(key);
    if (pos === undefined) {
      const s = this.settingsOf(o.userId, m.symbol);
      pos = {
        id: this.act.seq * 1000 + (this.act.positions.length % 1000),
        userId: o.userId,
        symbol: m.symbol,
        long,
        mode: s.mode,
        leverage: o.leverage,
        lots: 0,
        cost: 0n,
        margin: 0n,
        closing: 0,
        realized: 0n,
        tp: 0,
        sl: 0,
        key: Number.NaN,
        openedTs: this.act.ts,
        ts: this.act.ts,
        mark: 0,
      };
      while (this.byId.has(pos.id)) pos.id += 1;
      this.positions.set(key, pos);
      this.byId.set(pos.id, pos);
    } else {
      this.unindex(pos, m);
    }
    pos.lots += lots;
    pos.cost += v;
    pos.margin += margin;
    if (long) m.oiLong += lots;
    else m.oiShort += lots;
    this.touchPos(pos);
    this.index(pos, m);
  }

  /**
   * Closes `lots` of a position at `ticks`: its share of cost and margin leave, profit comes from (or
   * loss goes to) the contract pool. `to`: 'user' pays the rest to the user's free balance (a loss beyond
   * the margin from it, then from the insurance fund); 'insurance' (liquidation) gives the rest to the
   * insurance fund, which pays what is missing.
   */
  private closeLots(
    pos: Position,
    m: ContractMarket,
    lots: number,
    ticks: number,
    rate: bigint,
    to: 'user' | 'insurance',
    tx: LedgerTx,
    ctx: ExecContext,
  ): { pnl: bigint; fee: bigint } {
    this.unindex(pos, m);
    const v = valueAt(m, lots, ticks);
    const cost = lots === pos.lots ? pos.cost : (pos.cost * BigInt(lots)) / BigInt(pos.lots);
    const margin = lots === pos.lots ? pos.margin : (pos.margin * BigInt(lots)) / BigInt(pos.lots);
    const pnl = pnlOf(m, pos.long, cost, v);
    let fee = to === 'user' ? feeOf(m, v, rate) : 0n;
    const gross = margin + pnl;
    if (fee > gross) fee = gross > 0n ? gross : 0n;
    const rest = gross - fee;
    const u = pos.userId;
    tx.user(u, m.settle, 'contract', 'frozen', -margin);
    tx.system('contract_pool', m.settle, -pnl);
    if (fee > 0n) ctx.fees.post(tx, u, m.settle, fee, m.settleDecimals);
    if (to === 'insurance') {
      tx.system('insurance_fund', m.settle, rest);
      this.act.fund.set(m.settle, (this.act.fund.get(m.settle) ?? 0n) + rest);
    } else if (rest >= 0n) {
      tx.user(u, m.settle, 'contract', 'available', rest);
    } else {
      const free = tx.balanceOf(u, m.settle, 'contract').available;
      const x = free < -rest ? free : -rest;
      tx.user(u, m.settle, 'contract', 'available', -x);
      const shortfall = -rest - x;
      tx.system('insurance_fund', m.settle, -shortfall);
      this.act.fund.set(m.settle, (this.act.fund.get(m.settle) ?? 0n) - shortfall);
    }
    pos.lots -= lots;
    pos.cost -= cost;
    pos.margin -= margin;
    pos.realized += pnl - fee;
    if (pos.long) m.oiLong -= lots;
    else m.oiShort -= lots;
    this.touchPos(pos);
    if (pos.lots === 0) {
      this.positions.delete(posKey(pos.userId, pos.symbol, pos.long));
      this.byId.delete(pos.id);
      this.triggers.get(m.symbol)?.delete(pos);
    } else {
      this.index(pos, m);
    }
    return { pnl, fee };
  }

  /** Takes an order off the books' bookkeeping: its hold back, its close commitment released. */
  private endOrder(o: Order, m: ContractMarket, tx: LedgerTx): void {
    this.touchOrder(o);
    const left = o.lots - o.filledLots;
    if (o.hold > 0n) {
      tx.user(o.userId, m.settle, 'contract', 'frozen', -o.hold);
      tx.user(o.userId, m.settle, 'contract', 'available', o.hold);
      o.hold = 0n;
    }
    if (o.close && left > 0) {
      const pos = this.positions.get(posKey(o.userId, o.symbol, o.direction === 3));
      if (pos !== undefined) pos.closing -= left;
    }
    o.status = left === 0 ? 'filled' : 'cancelled';
    this.orders.delete(o.id);
    this.userOrders.get(o.userId)?.delete(o);
  }

  private cancelCloses(pos: Position, m: ContractMarket, tx: LedgerTx): void {
    if (pos.closing === 0) return;
    for (const o of [...(this.userOrders.get(pos.userId) ?? [])]) {
      if (o.symbol === pos.symbol && o.close && (o.direction === 3) === pos.long) {
        m.book.cancel(o.id);
        this.endOrder(o, m, tx);
      }
    }
  }

  private mmrOf(pos: Position, m: ContractMarket): bigint {
    return tierOf(m, pos.cost).mmr;
  }

  private index(pos: Position, m: ContractMarket): void {
    pos.key = triggerTicks(m, pos.long, pos.lots, pos.cost, pos.margin, this.mmrOf(pos, m));
    if (!Number.isNaN(pos.key)) (pos.long ? m.longs : m.shorts).add(pos.key, pos.id);
  }

  private unindex(pos: Position, m: ContractMarket): void {
    if (!Number.isNaN(pos.key)) (pos.long ? m.longs : m.shorts).remove(pos.key, pos.id);
    pos.key = Number.NaN;
  }

  private reindex(pos: Position, m: ContractMarket): void {
    this.unindex(pos, m);
    this.index(pos, m);
  }

  private ownPosition(userId: unknown, positionId: unknown): [Position, ContractMarket] {
    requireString(userId);
    const pos = this.byId.get(Number(requireString(positionId, 20)));
    if (pos === undefined || pos.userId !== userId) reject('POSITION_NOT_FOUND');
    return [pos, this.byMarket.get(pos.symbol) as ContractMarket];
  }

  private adjustMargin(
    p: { userId: string; positionId: string; amount: string; flag: 'add' | 'reduce' },
    tx: LedgerTx,
  ): Execution {
    const [pos, m] = this.ownPosition(p.userId, p.positionId);
    const a = parseCanonical(p.amount, 'positive');
    if (floorSettle(m, a) !== a) reject('INVALID_AMOUNT');
    if (p.flag === 'add') {
      tx.freeze(pos.userId, m.settle, 'contract', a);
    } else if (p.flag === 'reduce') {
      const im = initialMargin(m, pos.cost, pos.leverage);
      const equity =
        m.markTicks > 0 ? equityAt(m, pos.long, pos.lots, pos.cost, pos.margin, m.markTicks) : pos.margin;
      if (pos.margin - a < im || equity - a < im) reject('MARGIN_BELOW_INITIAL');
      tx.user(pos.userId, m.settle, 'contract', 'frozen', -a);
      tx.user(pos.userId, m.settle, 'contract', 'available', a);
    } else {
      reject('INVALID_COMMAND');
    }
    this.unindex(pos, m);
    pos.margin += p.flag === 'add' ? a : -a;
    this.index(pos, m);
    this.touchPos(pos);
    const ex = this.done(m, String(pos.id), { positionId: String(pos.id) });
    return ex;
  }

  private setTpSl(p: {
    userId: string;
    positionId: string;
    takeProfit: string | null;
    stopLoss: string | null;
  }): Execution {
    const [pos, m] = this.ownPosition(p.userId, p.positionId);
    const tp = p.takeProfit === null ? 0 : priceToTicks(m, p.takeProfit);
    const sl = p.stopLoss === null ? 0 : priceToTicks(m, p.stopLoss);
    const mark = m.markTicks;
    if (mark === 0) reject('PRICE_STALE');
    const liq = pos.key;
    if (pos.long) {
      if (tp !== 0 && tp <= mark) reject('TPSL_WRONG_SIDE');
      if (sl !== 0 && (sl >= mark || (!Number.isNaN(liq) && sl <= liq))) reject('TPSL_WRONG_SIDE');
    } else {
      if (tp !== 0 && tp >= mark) reject('TPSL_WRONG_SIDE');
      if (sl !== 0 && (sl <= mark || (!Number.isNaN(liq) && sl >= liq))) reject('TPSL_WRONG_SIDE');
    }
    pos.tp = tp;
    pos.sl = sl;
    let set = this.triggers.get(m.symbol);
    if (set === undefined) {
      set = new Set();
      this.triggers.set(m.symbol, set);
    }
    if (tp === 0 && sl === 0) set.delete(pos);
    else set.add(pos);
    this.touchPos(pos);
    return this.done(m, String(pos.id), { positionId: String(pos.id) });
  }

  // ---- ticks: mark, TP/SL, liquidation ----

  private onTick(symbol: string, tick: ContractTick, tx: LedgerTx, ctx: ExecContext): Execution {
    const m = this.marketOf(symbol);
    if (typeof tick !== 'object' || tick === null) reject('INVALID_COMMAND');
    const tickId = requireString(tick.id, 80);
    if (!Number.isSafeInteger(tick.time) || tick.time > ctx.ts) reject('INVALID_COMMAND');
    if (tick.time <= m.tickTime) reject('TICK_STALE');
    const index = indexToTicks(m, tick.price);
    // Mark = index + smoothed basis from the book's mid, clamped to the band.
    const bid = m.book.best(BUY);
    const ask = m.book.best(SELL);
    let sample = 0;
    if (!Number.isNaN(bid) && !Number.isNaN(ask)) {
      const bound = Number((BigInt(index) * m.band) / ONE);
      sample = Math.trunc((bid + ask) / 2) - index;
      if (sample > bound) sample = bound;
      if (sample < -bound) sample = -bound;
    }
    m.basis += Math.trunc((sample - m.basis) / BASIS_SMOOTHING);
    const mark = Math.max(1, index + m.basis);
    m.markTicks = mark;
    m.indexTicks = index;
    m.tickId = tickId;
    m.tickTime = tick.time;
    m.premiumSum += (BigInt(mark - index) * ONE) / BigInt(index);
    m.premiumCount += 1;
    let fired = 0;
    // TP/SL on the mark: reduce-only market closes of the whole position.
    const set = this.triggers.get(m.symbol);
    if (set !== undefined && set.size > 0) {
      const due: [Position, 'tp' | 'sl'][] = [];
      for (const pos of set) {
        const tpHit = pos.tp !== 0 && (pos.long ? mark >= pos.tp : mark <= pos.tp);
        const slHit = pos.sl !== 0 && (pos.long ? mark <= pos.sl : mark >= pos.sl);
        if (tpHit || slHit) due.push([pos, tpHit ? 'tp' : 'sl']);
      }
      due.sort((a, b) => a[0].id - b[0].id);
      for (const [pos, kind] of due) {
        if (!this.byId.has(pos.id)) continue;
        this.triggerClose(pos, m, kind, tx, ctx);
        fired += 1;
      }
    }
    let liquidated = 0;
    for (;;) {
      let id = m.longs.crossed(mark);
      if (id < 0) id = m.shorts.crossed(mark);
      if (id < 0) break;
      const pos = this.byId.get(id) as Position;
      this.liquidate(pos, m, tickId, tx, ctx);
      liquidated += 1;
    }
    return this.done(m, tickId, { mark: ticksToPrice(m, mark), fired, liquidated });
  }

  private triggerClose(
    pos: Position,
    m: ContractMarket,
    kind: 'tp' | 'sl',
    tx: LedgerTx,
    ctx: ExecContext,
  ): void {
    this.cancelCloses(pos, m, tx);
    const side: Side = pos.long ? SELL : BUY;
    const o: Order = {
      id: -pos.id,
      userId: pos.userId,
      owner: this.ownerOf(pos.userId),
      symbol: m.symbol,
      direction: pos.long ? 3 : 4,
      side,
      close: true,
      type: kind,
      priceTicks: bandTicks(m.markTicks, m.protection, side === BUY),
      lots: pos.lots,
      filledLots: 0,
      filledValue: 0n,
      fee: 0n,
      hold: 0n,
      leverage: pos.leverage,
      profit: 0n,
      createdTs: this.act.ts,
      mark: 0,
      status: 'open',
    };
    this.touchOrder(o);
    pos.closing += o.lots;
    m.book.match(side, o.priceTicks, o.lots, o.owner);
    this.settleMatch(m, o, tx, ctx);
    this.endOrder(o, m, tx);
    if (this.byId.has(pos.id)) {
      pos.tp = 0;
      pos.sl = 0;
      this.triggers.get(m.symbol)?.delete(pos);
      this.touchPos(pos);
    }
  }

  private fundOf(m: ContractMarket): bigint {
    return (
      (this.ledger as Ledger).systemAmount('insurance_fund', m.settle) + (this.act.fund.get(m.settle) ?? 0n)
    );
  }

  /**
   * The limit of a liquidation: the worst tick at which all of `pos` could close with a shortfall the
   * fund can pay, but never beyond the protection band around the mark (`band`).
   */
  private liquidationLimit(pos: Position, m: ContractMarket, bk: number, band: number, fund: bigint): number {
    const shortfall = (t: number) => {
      const e = equityAt(m, pos.long, pos.lots, pos.cost, pos.margin, t);
      return e < 0n ? -e : 0n;
    };
    if (pos.long ? band >= bk : band <= bk) return band;
    if (shortfall(band) <= fund) return band;
    if (fund <= 0n) return bk;
    // Between the band (too far for the fund) and bankruptcy (no shortfall): the farthest tick it covers.
    let bad = band;
    let good = bk;
    while (Math.abs(good - bad) > 1) {
      const mid = Math.floor((good + bad) / 2);
      if (shortfall(mid) <= fund) good = mid;
      else bad = mid;
    }
    return good;
  }

  private liquidate(pos: Position, m: ContractMarket, tickId: string, tx: LedgerTx, ctx: ExecContext): void {
    this.cancelCloses(pos, m, tx);
    const mark = m.markTicks;
    if (pos.mode === 'cross') {
      // Cross margin: the free balance backs the position before it is liquidated.
      const im = initialMargin(m, valueAt(m, pos.lots, mark), pos.leverage);
      const equity = equityAt(m, pos.long, pos.lots, pos.cost, pos.margin, mark);
      const free = tx.balanceOf(pos.userId, m.settle, 'contract').available;
      const need = im - equity;
      const top = need > free ? free : need;
      if (top > 0n) {
        tx.user(pos.userId, m.settle, 'contract', 'available', -top);
        tx.user(pos.userId, m.settle, 'contract', 'frozen', top);
        this.unindex(pos, m);
        pos.margin += top;
        this.index(pos, m);
        this.touchPos(pos);
        const still = pos.long ? mark <= pos.key : mark >= pos.key;
        if (Number.isNaN(pos.key) || !still) return;
      }
    }
    const long = pos.long;
    const qty = pos.lots;
    const bk = this.bankruptcyTicks(pos, m);
    const fund = this.fundOf(m);
    const fundBefore = fund;
    const limit = this.liquidationLimit(pos, m, bk, bandTicks(mark, m.protection, !long), fund);
    const side: Side = long ? SELL : BUY;
    const o: Order = {
      id: -pos.id,
      userId: pos.userId,
      owner: this.ownerOf(pos.userId),
      symbol: m.symbol,
      direction: long ? 3 : 4,
      side,
      close: true,
      type: 'liquidation',
      priceTicks: limit,
      lots: qty,
      filledLots: 0,
      filledValue: 0n,
      fee: 0n,
      hold: 0n,
      leverage: pos.leverage,
      profit: 0n,
      createdTs: this.act.ts,
      mark: 0,
      status: 'open',
    };
    this.touchOrder(o);
    m.book.match(side, limit, qty, o.owner);
    // The book's fills: makers settle as usual, the position closes into the insurance fund.
    const r = m.book.result;
    const stp: number[] = [];
    for (let i = 0; i < r.stp; i++) stp.push(r.stpId[i] as number);
    const fills: [number, number, number][] = [];
    for (let i = 0; i < r.fills; i++)
      fills.push([r.makerId[i] as number, r.priceTicks[i] as number, r.lots[i] as number]);
    for (const id of stp) {
      const resting = this.orders.get(id);
      if (resting !== undefined) this.endOrder(resting, m, tx);
    }
    let bookLots = 0;
    for (const [makerId, ticks, lots] of fills) {
      const maker = this.orders.get(makerId) as Order;
      this.fill(maker, m, lots, ticks, m.makerRate, tx, ctx);
      if (m.book.lotsOf(maker.id) === 0) this.endOrder(maker, m, tx);
      const { pnl } = this.closeLots(pos, m, lots, ticks, 0n, 'insurance', tx, ctx);
      o.filledLots += lots;
      o.filledValue += valueAt(m, lots, ticks);
      o.profit += pnl;
      bookLots += lots;
      m.lastTradeTicks = ticks;
      this.act.trades += 1;
      this.act.events.push({
        type: 'contract.trade',
        seq: this.act.seq,
        tradeId: `${this.act.seq}-${this.act.trades}`,
        symbol: m.symbol,
        price: ticksToPrice(m, ticks),
        qty: lotsToQty(m, lots),
        takerSide: side === BUY ? 'buy' : 'sell',
        ts: this.act.ts,
      });
    }
    // Auto-deleveraging: what the book did not take closes against the most profitable opposite
    // positions at the bankruptcy price.
    let adlLots = 0;
    if (pos.lots > 0) {
      for (const other of this.ranking(m, !long)) {
        if (pos.lots === 0) break;
        this.cancelCloses(other, m, tx);
        const q = Math.min(pos.lots, other.lots);
        const { pnl } = this.closeLots(pos, m, q, bk, 0n, 'insurance', tx, ctx);
        this.closeLots(other, m, q, bk, 0n, 'user', tx, ctx);
        o.filledLots += q;
        o.filledValue += valueAt(m, q, bk);
        o.profit += pnl;
        adlLots += q;
      }
    }
    o.status = 'filled';
    this.act.events.push({
      type: 'contract.liquidation',
      seq: this.act.seq,
      symbol: m.symbol,
      positionId: String(pos.id),
      userId: pos.userId,
      side: long ? 'long' : 'short',
      qty: lotsToQty(m, qty),
      tickId,
      mark: ticksToPrice(m, mark),
      bankruptcyPrice: ticksToPrice(m, bk),
      bookQty: lotsToQty(m, bookLots),
      adlQty: lotsToQty(m, adlLots),
      insurance: fmt(this.fundOf(m) - fundBefore),
      ts: this.act.ts,
    });
    if (pos.lots > 0) throw new Error(`liquidation left ${pos.lots} lots of position ${pos.id}`);
  }

  /** The price at which the position's equity is zero, rounded so that closing there leaves it >= 0. */
  private bankruptcyTicks(pos: Position, m: ContractMarket): number {
    let t = triggerTicks(m, pos.long, pos.lots, pos.cost, pos.margin, 0n);
    if (Number.isNaN(t)) t = pos.long ? 1 : Number(2n ** 40n);
    const neg = (x: number) => equityAt(m, pos.long, pos.lots, pos.cost, pos.margin, x) < 0n;
    while (neg(t) && (pos.long ? t < 2 ** 40 : t > 1)) t += pos.long ? 1 : -1;
    return t;
  }

  /** Open positions of a side, most profitable per margin first (ties: older first): the ADL queue. */
  private ranking(m: ContractMarket, long: boolean): Position[] {
    const mark = m.markTicks;
    const scored: [Position, bigint][] = [];
    for (const p of this.byId.values()) {
      if (p.symbol !== m.symbol || p.long !== long || p.lots === 0) continue;
      const pnl = pnlOf(m, long, p.cost, valueAt(m, p.lots, mark));
      const denom = p.margin > 0n ? p.margin : 1n;
      scored.push([p, (pnl * ONE) / denom]);
    }
    scored.sort((a, b) => (a[1] === b[1] ? a[0].id - b[0].id : a[1] > b[1] ? -1 : 1));
    return scored.map((s) => s[0]);
  }

  adlRanking(symbol: string, side: PositionSide): { positionId: string; score: string }[] {
    const m = this.byMarket.get(symbol);
    if (m === undefined || m.markTicks === 0) return [];
    return this.ranking(m, side === 'long').map((p) => {
      const pnl = pnlOf(m, p.long, p.cost, valueAt(m, p.lots, m.markTicks));
      return { positionId: String(p.id), score: fmt((pnl * ONE) / (p.margin > 0n ? p.margin : 1n)) };
    });
  }

  // ---- funding ----

  private funding(symbol: string, at: number, tx: LedgerTx, ctx: ExecContext): Execution {
    const m = this.marketOf(symbol);
    if (!Number.isSafeInteger(at) || at <= 0 || at % m.fundingIntervalMs !== 0) reject('INVALID_COMMAND');
    if (at > ctx.ts || at <= m.lastFundingAt) reject('FUNDING_NOT_DUE');
    if (m.markTicks === 0) reject('PRICE_STALE');
    const rate = fundingRate(m);
    const mark = m.markTicks;
    const payments: [string, string, string][] = [];
    const payersLong = rate > 0n;
    const abs = rate < 0n ? -rate : rate;
    const payers: Position[] = [];
    const receivers: Position[] = [];
    for (const p of this.byId.values()) {
      if (p.symbol !== m.symbol) continue;
      (p.long === payersLong ? payers : receivers).push(p);
    }
    payers.sort((a, b) => a.id - b.id);
    receivers.sort((a, b) => a.id - b.id);
    let total = 0n;
    if (abs > 0n) {
      for (const p of payers) {
        let a = floorSettle(m, (valueAt(m, p.lots, mark) * abs) / ONE);
        if (a > p.margin) a = floorSettle(m, p.margin);
        if (a <= 0n) continue;
        total += a;
        this.unindex(p, m);
        p.margin -= a;
        this.index(p, m);
        tx.user(p.userId, m.settle, 'contract', 'frozen', -a);
        payments.push([String(p.id), p.userId, fmt(-a)]);
        this.touchPos(p);
      }
    }
    if (total > 0n && receivers.length > 0) {
      // Shares by quantity in whole settle units; the units left over go one each in position order.
      const unit = 10n ** BigInt(18 - m.settleDecimals);
      const units = total / unit;
      const oi = BigInt(receivers.reduce((s, p) => s + p.lots, 0));
      const shares = receivers.map((p) => (units * BigInt(p.lots)) / oi);
      let left = units - shares.reduce((s, x) => s + x, 0n);
      for (let i = 0; left > 0n; i = (i + 1) % shares.length, left -= 1n)
        shares[i] = (shares[i] as bigint) + 1n;
      receivers.forEach((p, i) => {
        const b = (shares[i] as bigint) * unit;
        if (b === 0n) return;
        this.unindex(p, m);
        p.margin += b;
        this.index(p, m);
        tx.user(p.userId, m.settle, 'contract', 'frozen', b);
        payments.push([String(p.id), p.userId, fmt(b)]);
        this.touchPos(p);
      });
    }
    m.lastFundingAt = at;
    m.lastFundingRate = rate;
    m.premiumSum = 0n;
    m.premiumCount = 0;
    this.act.events.push({
      type: 'contract.funding',
      seq: this.act.seq,
      symbol: m.symbol,
      at,
      rate: fmt(rate),
      mark: ticksToPrice(m, mark),
      total: fmt(total),
      payments,
    });
    return this.done(m, `${m.symbol}:${at}`, { rate: fmt(rate), total: fmt(total) });
  }

  // ---- events ----

  private touchOrder(o: Order): void {
    if (o.mark === this.act.seq) return;
    o.mark = this.act.seq;
    this.act.orders.push(o);
  }

  private touchPos(p: Position): void {
    p.ts = this.act.ts;
    if (p.mark === this.act.seq) return;
    p.mark = this.act.seq;
    this.act.positions.push(p);
  }

  private done(
    m: ContractMarket,
    ref: string,
    reply: Record<string, string | number | boolean | null>,
  ): Execution {
    const events = this.act.events;
    for (const o of this.act.orders) events.push(this.orderEvent(o, m));
    for (const p of this.act.positions)
      events.push({ type: 'contract.position', seq: this.act.seq, position: this.view(p) });
    return { ref, events, reply };
  }

  private orderEvent(o: Order, m: ContractMarket): ContractOrderEvent {
    return {
      type: 'contract.order',
      seq: this.act.seq,
      orderId: String(o.id),
      userId: o.userId,
      symbol: o.symbol,
      direction: o.direction,
      orderType: o.type,
      price: o.type === 'limit' ? ticksToPrice(m, o.priceTicks) : null,
      quantity: lotsToQty(m, o.lots),
      filledQty: lotsToQty(m, o.filledLots),
      filledValue: fmt(o.filledValue),
      fee: fmt(o.fee),
      leverage: o.leverage,
      status: o.status,
      profit: fmt(o.profit),
      createdTs: o.createdTs,
      ts: this.act.ts,
    };
  }

  private view(p: Position): ContractPositionView {
    const m = this.byMarket.get(p.symbol) as ContractMarket;
    // The average entry price from the entry value: linear value / quantity, inverse quantity / value.
    let avg = '0';
    if (p.lots > 0 && p.cost > 0n) {
      const q = BigInt(p.lots) * m.unit;
      const price = m.inverse ? (q * ONE) / p.cost : (p.cost * ONE) / q;
      avg = formatUnits(Number(price / m.tick), m.priceDecimals);
    }
    return {
      positionId: String(p.id),
      userId: p.userId,
      symbol: p.symbol,
      side: p.long ? 'long' : 'short',
      mode: p.mode,
      leverage: p.leverage,
      qty: lotsToQty(m, p.lots),
      entryValue: fmt(p.cost),
      avgPrice: avg,
      margin: fmt(p.margin),
      closing: lotsToQty(m, p.closing),
      realizedPnl: fmt(p.realized),
      takeProfit: p.tp === 0 ? null : ticksToPrice(m, p.tp),
      stopLoss: p.sl === 0 ? null : ticksToPrice(m, p.sl),
      liquidationPrice: Number.isNaN(p.key) || p.lots === 0 ? null : ticksToPrice(m, p.key),
      openedTs: p.openedTs,
      ts: p.ts,
    };
  }

  // ---- reader ----

  markets(): ContractMarketView[] {
    return [...this.byMarket.keys()]
      .sort(compareText)
      .map((s) => this.marketView(this.byMarket.get(s) as ContractMarket));
  }

  market(symbol: string): ContractMarketView | undefined {
    const m = this.byMarket.get(symbol);
    return m === undefined ? undefined : this.marketView(m);
  }

  private marketView(m: ContractMarket): ContractMarketView {
    return {
      config: { ...m.config, tiers: m.config.tiers.map((t) => ({ ...t })) },
      settle: m.settle,
      mark: m.markTicks === 0 ? null : ticksToPrice(m, m.markTicks),
      index: m.indexTicks === 0 ? null : ticksToPrice(m, m.indexTicks),
      tickId: m.tickId === '' ? null : m.tickId,
      lastPrice: m.lastTradeTicks === 0 ? null : ticksToPrice(m, m.lastTradeTicks),
      openInterest: lotsToQty(m, m.oiLong),
      lastFundingAt: m.lastFundingAt,
      predictedFundingRate: fmt(fundingRate(m)),
      lastFundingRate: fmt(m.lastFundingRate),
    };
  }

  positionsOf(userId: string, symbol?: string): ContractPositionView[] {
    // Looked up by key per market and side (a user has at most two per market): no scan of everyone's.
    const out: ContractPositionView[] = [];
    const symbols = symbol === undefined ? [...this.byMarket.keys()] : [symbol];
    for (const s of symbols) {
      for (const long of [true, false]) {
        const p = this.positions.get(posKey(userId, s, long));
        if (p !== undefined) out.push(this.view(p));
      }
    }
    return out.sort((a, b) => Number(a.positionId) - Number(b.positionId));
  }

  position(positionId: string): ContractPositionView | undefined {
    const p = this.byId.get(Number(positionId));
    return p === undefined ? undefined : this.view(p);
  }

  private orderView(o: Order): ContractOrderView {
    const m = this.byMarket.get(o.symbol) as ContractMarket;
    return {
      orderId: String(o.id),
      userId: o.userId,
      symbol: o.symbol,
      direction: o.direction,
      type: o.type === 'market' ? 'market' : 'limit',
      price: ticksToPrice(m, o.priceTicks),
      quantity: lotsToQty(m, o.lots),
      filledQty: lotsToQty(m, o.filledLots),
      hold: fmt(o.hold),
      leverage: o.leverage,
      createdTs: o.createdTs,
    };
  }

  openOrdersOf(userId: string, symbol?: string): ContractOrderView[] {
    return [...(this.userOrders.get(userId) ?? [])]
      .filter((o) => symbol === undefined || o.symbol === symbol)
      .sort((a, b) => a.id - b.id)
      .map((o) => this.orderView(o));
  }

  openOrder(orderId: string): ContractOrderView | undefined {
    const o = this.orders.get(Number(orderId));
    return o === undefined ? undefined : this.orderView(o);
  }

  depth(symbol: string, limit: number): { bids: [string, string][]; asks: [string, string][] } | undefined {
    const m = this.byMarket.get(symbol);
    if (m === undefined) return undefined;
    const side = (s: Side) =>
      m.book.depth(s, limit).map(([t, l]): [string, string] => [ticksToPrice(m, t), lotsToQty(m, l)]);
    return { bids: side(BUY), asks: side(SELL) };
  }

  /** The contract pool's expected balance per settle asset (what the ledger must show). */
  expectedPool(): Map<string, bigint> {
    const out = new Map<string, bigint>();
    for (const p of this.byId.values()) {
      const m = this.byMarket.get(p.symbol) as ContractMarket;
      // linear: shorts' entry value minus longs'; inverse: the opposite.
      const sign = (p.long ? -1n : 1n) * (m.inverse ? -1n : 1n);
      out.set(m.settle, (out.get(m.settle) ?? 0n) + sign * p.cost);
    }
    return out;
  }

  // ---- part contract ----

  prune(): void {}

  *holds(): Iterable<HeldAmount> {
    const sums = new Map<string, HeldAmount>();
    const add = (userId: string, asset: string, amount: bigint) => {
      const k = `${userId}\u0000${asset}`;
      const h = sums.get(k);
      if (h === undefined) sums.set(k, { userId, asset, accountType: 'contract', amount });
      else h.amount += amount;
    };
    for (const p of this.byId.values())
      add(p.userId, (this.byMarket.get(p.symbol) as ContractMarket).settle, p.margin);
    for (const o of this.orders.values())
      add(o.userId, (this.byMarket.get(o.symbol) as ContractMarket).settle, o.hold);
    yield* sums.values();
  }

  violations(): string[] {
    const problems: string[] = [];
    for (const m of this.byMarket.values()) {
      if (m.oiLong !== m.oiShort)
        problems.push(`contracts ${m.symbol}: open interest long ${m.oiLong} != short ${m.oiShort}`);
      let longs = 0;
      let shorts = 0;
      for (const p of this.byId.values()) {
        if (p.symbol !== m.symbol) continue;
        if (p.long) longs += p.lots;
        else shorts += p.lots;
      }
      if (longs !== m.oiLong || shorts !== m.oiShort)
        problems.push(`contracts ${m.symbol}: open interest out of step`);
    }
    for (const p of this.byId.values()) {
      if (p.lots <= 0 || p.margin < 0n || p.cost < 0n)
        problems.push(`contracts position ${p.id}: negative or empty`);
      if (p.closing < 0 || p.closing > p.lots)
        problems.push(`contracts position ${p.id}: closing ${p.closing} of ${p.lots}`);
      const m = this.byMarket.get(p.symbol) as ContractMarket;
      const key = triggerTicks(m, p.long, p.lots, p.cost, p.margin, this.mmrOf(p, m));
      if (!(Number.isNaN(key) && Number.isNaN(p.key)) && key !== p.key)
        problems.push(`contracts position ${p.id}: stale trigger`);
    }
    return problems;
  }

  snapshot(): ContractsSnapshot | undefined {
    // Nothing configured: no section, so journals without contracts keep their state hash.
    if (this.byMarket.size === 0 && this.settings.size === 0) return undefined;
    const markets = [...this.byMarket.values()]
      .sort((a, b) => compareText(a.symbol, b.symbol))
      .map((m) => {
        const orders: OrderRow[] = [];
        for (const side of [BUY, SELL] as const) {
          for (const r of m.book.orders(side)) {
            const o = this.orders.get(r.id) as Order;
            orders.push([
              o.id,
              o.userId,
              o.direction,
              o.priceTicks,
              o.lots,
              o.filledLots,
              fmt(o.filledValue),
              fmt(o.fee),
              fmt(o.hold),
              o.leverage,
              fmt(o.profit),
              o.createdTs,
            ]);
          }
        }
        const state: ContractsSnapshot['markets'][number]['state'] = [
          m.markTicks,
          m.indexTicks,
          m.tickId,
          m.tickTime,
          m.basis,
          fmt(m.premiumSum),
          m.premiumCount,
          m.lastFundingAt,
          fmt(m.lastFundingRate),
          m.lastTradeTicks,
        ];
        return { config: m.config, state, orders };
      });
    const positions: PositionRow[] = [...this.byId.values()]
      .sort((a, b) => a.id - b.id)
      .map((p) => [
        p.id,
        p.userId,
        p.symbol,
        p.long,
        p.mode,
        p.leverage,
        p.lots,
        fmt(p.cost),
        fmt(p.margin),
        fmt(p.realized),
        p.tp,
        p.sl,
        p.openedTs,
        p.ts,
      ]);
    const settings: ContractsSnapshot['settings'] = [...this.settings.entries()]
      .map(([k, [lev, mode]]): ContractsSnapshot['settings'][number] => {
        const [userId = '', symbol = ''] = k.split('\u0000');
        return [userId, symbol, lev, mode];
      })
      .sort((a, b) => compareText(`${a[0]}\u0000${a[1]}`, `${b[0]}\u0000${b[1]}`));
    return { markets, positions, settings };
  }

  restore(data: unknown, ledger: Ledger): void {
    const snap = data as ContractsSnapshot;
    const atoms = (v: string) => parseSignedAtoms(v);
    for (const entry of snap.markets) {
      const m = newContractMarket(parseContractConfig(entry.config, ledger));
      const [
        mark,
        index,
        tickId,
        tickTime,
        basis,
        premiumSum,
        premiumCount,
        lastFundingAt,
        lastRate,
        lastTrade,
      ] = entry.state;
      Object.assign(m, {
        markTicks: mark,
        indexTicks: index,
        tickId,
        tickTime,
        basis,
        premiumSum: atoms(premiumSum),
        premiumCount,
        lastFundingAt,
        lastFundingRate: atoms(lastRate),
        lastTradeTicks: lastTrade,
      });
      this.byMarket.set(m.symbol, m);
    }
    for (const [
      id,
      userId,
      symbol,
      long,
      mode,
      leverage,
      lots,
      cost,
      margin,
      realized,
      tp,
      sl,
      openedTs,
      ts,
    ] of snap.positions) {
      const m = this.byMarket.get(symbol) as ContractMarket;
      const p: Position = {
        id,
        userId,
        symbol,
        long,
        mode,
        leverage,
        lots,
        cost: atoms(cost),
        margin: atoms(margin),
        closing: 0,
        realized: atoms(realized),
        tp,
        sl,
        key: Number.NaN,
        openedTs,
        ts,
        mark: 0,
      };
      this.positions.set(posKey(userId, symbol, long), p);
      this.byId.set(id, p);
      if (long) m.oiLong += lots;
      else m.oiShort += lots;
      this.index(p, m);
      if (tp !== 0 || sl !== 0) {
        let set = this.triggers.get(symbol);
        if (set === undefined) {
          set = new Set();
          this.triggers.set(symbol, set);
        }
        set.add(p);
      }
    }
    for (const entry of snap.markets) {
      const m = this.byMarket.get(entry.config.symbol) as ContractMarket;
      for (const [
        id,
        userId,
        direction,
        priceTicks,
        lots,
        filledLots,
        filledValue,
        fee,
        hold,
        leverage,
        profit,
        createdTs,
      ] of entry.orders) {
        const side: Side = direction === 1 || direction === 4 ? BUY : SELL;
        const o: Order = {
          id,
          userId,
          owner: this.ownerOf(userId),
          symbol: m.symbol,
          direction,
          side,
          close: direction > 2,
          type: 'limit',
          priceTicks,
          lots,
          filledLots,
          filledValue: atoms(filledValue),
          fee: atoms(fee),
          hold: atoms(hold),
          leverage,
          profit: atoms(profit),
          createdTs,
          mark: 0,
          status: 'open',
        };
        m.book.rest(id, o.owner, side, priceTicks, lots - filledLots);
        this.orders.set(id, o);
        let mine = this.userOrders.get(userId);
        if (mine === undefined) {
          mine = new Set();
          this.userOrders.set(userId, mine);
        }
        mine.add(o);
        if (o.close)
          (this.positions.get(posKey(userId, m.symbol, direction === 3)) as Position).closing +=
            lots - filledLots;
      }
    }
    for (const [userId, symbol, lev, mode] of snap.settings)
      this.settings.set(`${userId}\u0000${symbol}`, [lev, mode]);
  }
}

function parseSignedAtoms(v: string): bigint {
  const negative = v.startsWith('-');
  const [int = '0', frac = ''] = (negative ? v.slice(1) : v).split('.');
  const a = BigInt(int) * 10n ** 18n + BigInt(frac.padEnd(18, '0'));
  return negative ? -a : a;
}

void ceilSettle;
