// The state of the contracts part (docs/contracts.md) and the bookkeeping every command shares: the
// markets, open orders and positions with their lookups, the per-command activity (touched orders and
// positions become events when the command is done), the liquidation-trigger index upkeep, and the views
// of positions and orders in events. The commands themselves live beside it: contract-positions.ts
// (fills, closes, margin, leverage), contract-orders.ts (placement, matching, cancels), contract-tpsl.ts,
// contract-liquidation.ts (liquidation and ADL), contract-funding.ts, contract-tick.ts (the mark tick);
// contract-views.ts reads, contracts-snapshot.ts saves and restores; contracts-part.ts composes them.
import { formatUnits } from '../atoms';
import type { Ledger } from '../ledger/ledger';
import type { ExecContext, Execution } from '../part';
import { reject, requireString } from '../rejection';
import type { Side } from '../spot/order-book';
import type { CoreEvent } from '../types';
import {
  type ContractMarket,
  fmt,
  lotsToQty,
  ONE,
  ticksToPrice,
  tierOf,
  triggerTicks,
} from './contract-market';
import type {
  ContractDirection,
  ContractOrderEvent,
  ContractPositionView,
  MarginMode,
} from './contract-types';

export const DEFAULT_LEVERAGE = 10;

export interface Position {
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

export interface Order {
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

/** A resting stop order (contract-stops.ts): no hold while it waits. */
export interface Stop {
  id: number;
  userId: string;
  symbol: string;
  direction: ContractDirection;
  side: Side;
  /** What it places when it fires. */
  orderType: 'limit' | 'market';
  /** The limit of a stop limit (0: stop market). */
  priceTicks: number;
  triggerTicks: number;
  lots: number;
  createdTs: number;
  mark: number;
  status: 'open' | 'cancelled';
}

export interface Activity {
  seq: number;
  ts: number;
  orders: Order[];
  positions: Position[];
  stops: Stop[];
  events: CoreEvent[];
  trades: number;
  /** Staged insurance fund change per asset in this command. */
  fund: Map<string, bigint>;
}

export const posKey = (userId: string, symbol: string, long: boolean) =>
  `${userId}\u0000${symbol}\u0000${long ? 'L' : 'S'}`;

export class ContractsState {
  readonly byMarket = new Map<string, ContractMarket>();
  readonly orders = new Map<number, Order>();
  readonly positions = new Map<string, Position>();
  readonly byId = new Map<number, Position>();
  /** userId -> its open orders. */
  readonly userOrders = new Map<string, Set<Order>>();
  /** userId\0symbol -> [leverage, mode]. */
  readonly settings = new Map<string, [number, MarginMode]>();
  /** Positions with a TP or SL, per market. */
  readonly triggers = new Map<string, Set<Position>>();
  readonly owners = new Map<string, number>();
  /** Resting stop orders by id, and per user. */
  readonly stops = new Map<number, Stop>();
  readonly userStops = new Map<string, Set<Stop>>();
  act: Activity = {
    seq: 0,
    ts: 0,
    orders: [],
    positions: [],
    stops: [],
    events: [],
    trades: 0,
    fund: new Map(),
  };
  ledger: Ledger | undefined;

  /** A new command starts: a fresh activity. */
  begin(ctx: ExecContext): void {
    this.ledger = ctx.ledger;
    this.act = {
      seq: ctx.seq,
      ts: ctx.ts,
      orders: [],
      positions: [],
      stops: [],
      events: [],
      trades: 0,
      fund: new Map(),
    };
  }

  marketOf(symbol: unknown): ContractMarket {
    return this.byMarket.get(requireString(symbol, 32)) ?? reject('MARKET_UNKNOWN');
  }

  settingsOf(userId: string, symbol: string): { leverage: number; mode: MarginMode } {
    const s = this.settings.get(`${userId}\u0000${symbol}`);
    const m = this.byMarket.get(symbol);
    const lev = s?.[0] ?? Math.min(DEFAULT_LEVERAGE, m?.maxLeverage ?? DEFAULT_LEVERAGE);
    return { leverage: lev, mode: s?.[1] ?? 'isolated' };
  }

  ownerOf(userId: string): number {
    let o = this.owners.get(userId);
    if (o === undefined) {
      o = this.owners.size + 1;
      this.owners.set(userId, o);
    }
    return o;
  }

  posOf(o: Order): Position {
    const pos = this.positions.get(posKey(o.userId, o.symbol, o.direction === 3));
    if (pos === undefined) throw new Error(`close order ${o.id} without position`);
    return pos;
  }

  mmrOf(pos: Position, m: ContractMarket): bigint {
    return tierOf(m, pos.cost).mmr;
  }

  index(pos: Position, m: ContractMarket): void {
    pos.key = triggerTicks(m, pos.long, pos.lots, pos.cost, pos.margin, this.mmrOf(pos, m));
    if (!Number.isNaN(pos.key)) (pos.long ? m.longs : m.shorts).add(pos.key, pos.id);
  }

  unindex(pos: Position, m: ContractMarket): void {
    if (!Number.isNaN(pos.key)) (pos.long ? m.longs : m.shorts).remove(pos.key, pos.id);
    pos.key = Number.NaN;
  }

  reindex(pos: Position, m: ContractMarket): void {
    this.unindex(pos, m);
    this.index(pos, m);
  }

  ownPosition(userId: unknown, positionId: unknown): [Position, ContractMarket] {
    requireString(userId);
    const pos = this.byId.get(Number(requireString(positionId, 20)));
    if (pos === undefined || pos.userId !== userId) reject('POSITION_NOT_FOUND');
    return [pos, this.byMarket.get(pos.symbol) as ContractMarket];
  }

  touchOrder(o: Order): void {
    if (o.mark === this.act.seq) return;
    o.mark = this.act.seq;
    this.act.orders.push(o);
  }

  touchStop(o: Stop): void {
    if (o.mark === this.act.seq) return;
    o.mark = this.act.seq;
    this.act.stops.push(o);
  }

  stopEvent(o: Stop, m: ContractMarket): ContractOrderEvent {
    return {
      type: 'contract.order',
      seq: this.act.seq,
      orderId: String(o.id),
      userId: o.userId,
      symbol: o.symbol,
      direction: o.direction,
      orderType: 'trigger',
      price: o.orderType === 'limit' ? ticksToPrice(m, o.priceTicks) : null,
      triggerPrice: ticksToPrice(m, o.triggerTicks),
      triggerType: o.orderType,
      quantity: lotsToQty(m, o.lots),
      filledQty: '0',
      filledValue: '0',
      fee: '0',
      leverage: this.settingsOf(o.userId, o.symbol).leverage,
      status: o.status,
      profit: '0',
      createdTs: o.createdTs,
      ts: this.act.ts,
    };
  }

  touchPos(p: Position): void {
    p.ts = this.act.ts;
    if (p.mark === this.act.seq) return;
    p.mark = this.act.seq;
    this.act.positions.push(p);
  }

  done(m: ContractMarket, ref: string, reply: Record<string, string | number | boolean | null>): Execution {
    const events = this.act.events;
    for (const o of this.act.orders) events.push(this.orderEvent(o, m));
    for (const o of this.act.stops) events.push(this.stopEvent(o, m));
    for (const p of this.act.positions)
      events.push({ type: 'contract.position', seq: this.act.seq, position: this.view(p) });
    return { ref, events, reply };
  }

  orderEvent(o: Order, m: ContractMarket): ContractOrderEvent {
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

  view(p: Position): ContractPositionView {
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
}
