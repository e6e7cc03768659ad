// What the contracts part shows (ContractsReader) and checks: market, position and order views, depth,
// the contract pool's expected balance, holds and the part's invariants.

import { compareText } from '../ledger/ledger';
import type { HeldAmount } from '../part';
import { BUY, SELL, type Side } from '../spot/order-book';
import {
  type ContractMarket,
  fmt,
  fundingRate,
  lotsToQty,
  ticksToPrice,
  triggerTicks,
} from './contract-market';
import type { ContractsState } from './contract-state';
import { type Order, posKey, type Stop } from './contract-state';
import type { ContractMarketView, ContractOrderView, ContractPositionView } from './contract-types';

export function markets(st: ContractsState): ContractMarketView[] {
  return [...st.byMarket.keys()]
    .sort(compareText)
    .map((s) => marketView(st.byMarket.get(s) as ContractMarket));
}

export function market(st: ContractsState, symbol: string): ContractMarketView | undefined {
  const m = st.byMarket.get(symbol);
  return m === undefined ? undefined : marketView(m);
}

export function marketView(m: ContractMarket): ContractMarketView {
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

export function positionsOf(st: ContractsState, userId: string, symbol?: string): ContractPositionView[] {
  // Looked up by key per market and side (a user has at most two per market): no scan of everyone's.
  const out: ContractPositionView[] = [];
  const symbols = symbol === undefined ? [...st.byMarket.keys()] : [symbol];
  for (const s of symbols) {
    for (const long of [true, false]) {
      const p = st.positions.get(posKey(userId, s, long));
      if (p !== undefined) out.push(st.view(p));
    }
  }
  return out.sort((a, b) => Number(a.positionId) - Number(b.positionId));
}

export function position(st: ContractsState, positionId: string): ContractPositionView | undefined {
  const p = st.byId.get(Number(positionId));
  return p === undefined ? undefined : st.view(p);
}

export function orderView(st: ContractsState, o: Order): ContractOrderView {
  const m = st.byMarket.get(o.symbol) as ContractMarket;
  return {
    orderId: String(o.id),
    userId: o.userId,
    symbol: o.symbol,
    direction: o.direction,
    type: o.type === 'market' ? 'market' : 'limit',
    price: ticksToPrice(m, o.priceTicks),
    triggerPrice: null,
    triggerType: null,
    quantity: lotsToQty(m, o.lots),
    filledQty: lotsToQty(m, o.filledLots),
    hold: fmt(o.hold),
    leverage: o.leverage,
    createdTs: o.createdTs,
  };
}

/** A resting stop order as an open order of type 'trigger'. */
export function stopView(st: ContractsState, s: Stop): ContractOrderView {
  const m = st.byMarket.get(s.symbol) as ContractMarket;
  return {
    orderId: String(s.id),
    userId: s.userId,
    symbol: s.symbol,
    direction: s.direction,
    type: 'trigger',
    price: ticksToPrice(m, s.orderType === 'limit' ? s.priceTicks : s.triggerTicks),
    triggerPrice: ticksToPrice(m, s.triggerTicks),
    triggerType: s.orderType,
    quantity: lotsToQty(m, s.lots),
    filledQty: '0',
    hold: '0',
    leverage: st.settingsOf(s.userId, s.symbol).leverage,
    createdTs: s.createdTs,
  };
}

/** Open orders on the book and resting stops, oldest first. */
export function openOrdersOf(st: ContractsState, userId: string, symbol?: string): ContractOrderView[] {
  const mine = (o: { symbol: string }) => symbol === undefined || o.symbol === symbol;
  const out: [number, ContractOrderView][] = [];
  for (const o of st.userOrders.get(userId) ?? []) if (mine(o)) out.push([o.id, orderView(st, o)]);
  for (const s of st.userStops.get(userId) ?? []) if (mine(s)) out.push([s.id, stopView(st, s)]);
  return out.sort((a, b) => a[0] - b[0]).map((x) => x[1]);
}

export function openOrder(st: ContractsState, orderId: string): ContractOrderView | undefined {
  const o = st.orders.get(Number(orderId));
  if (o !== undefined) return orderView(st, o);
  const s = st.stops.get(Number(orderId));
  return s === undefined ? undefined : stopView(st, s);
}

export function depth(
  st: ContractsState,
  symbol: string,
  limit: number,
): { bids: [string, string][]; asks: [string, string][] } | undefined {
  const m = st.byMarket.get(symbol);
  if (m === undefined) return undefined;
  const side = (s: Side) =>
    m.book.depth(s, limit).map(([t, l]): [string, string] => [ticksToPrice(m, t), lotsToQty(m, l)]);
  return { bids: side(BUY), asks: side(SELL) };
}

/** The contract pool's expected balance per settle asset (what the ledger must show). */
export function expectedPool(st: ContractsState): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const p of st.byId.values()) {
    const m = st.byMarket.get(p.symbol) as ContractMarket;
    // linear: shorts' entry value minus longs'; inverse: the opposite.
    const sign = (p.long ? -1n : 1n) * (m.inverse ? -1n : 1n);
    out.set(m.settle, (out.get(m.settle) ?? 0n) + sign * p.cost);
  }
  return out;
}

export function* holds(st: ContractsState): Iterable<HeldAmount> {
  const sums = new Map<string, HeldAmount>();
  const add = (userId: string, asset: string, amount: bigint) => {
    const k = `${userId}\u0000${asset}`;
    const h = sums.get(k);
    if (h === undefined) sums.set(k, { userId, asset, accountType: 'contract', amount });
    else h.amount += amount;
  };
  for (const p of st.byId.values())
    add(p.userId, (st.byMarket.get(p.symbol) as ContractMarket).settle, p.margin);
  for (const o of st.orders.values())
    add(o.userId, (st.byMarket.get(o.symbol) as ContractMarket).settle, o.hold);
  yield* sums.values();
}

export function violations(st: ContractsState): string[] {
  const problems: string[] = [];
  for (const m of st.byMarket.values()) {
    if (m.oiLong !== m.oiShort)
      problems.push(`contracts ${m.symbol}: open interest long ${m.oiLong} != short ${m.oiShort}`);
    let longs = 0;
    let shorts = 0;
    for (const p of st.byId.values()) {
      if (p.symbol !== m.symbol) continue;
      if (p.long) longs += p.lots;
      else shorts += p.lots;
    }
    if (longs !== m.oiLong || shorts !== m.oiShort)
      problems.push(`contracts ${m.symbol}: open interest out of step`);
  }
  let stops = 0;
  for (const m of st.byMarket.values()) stops += m.stopBuys.size + m.stopSells.size;
  if (stops !== st.stops.size) problems.push(`contracts: ${st.stops.size} stops, ${stops} indexed`);
  for (const s of st.stops.values()) {
    const m = st.byMarket.get(s.symbol) as ContractMarket;
    if (s.status !== 'open' || s.lots <= 0 || s.triggerTicks <= 0 || m === undefined)
      problems.push(`contracts stop ${s.id}: not open or empty`);
  }
  for (const p of st.byId.values()) {
    if (p.lots <= 0 || p.margin < 0n || p.cost < 0n)
      problems.push(`contracts position ${p.id}: negative or empty`);
    if (p.closing < 0 || p.closing > p.lots)
      problems.push(`contracts position ${p.id}: closing ${p.closing} of ${p.lots}`);
    const m = st.byMarket.get(p.symbol) as ContractMarket;
    const key = triggerTicks(m, p.long, p.lots, p.cost, p.margin, st.mmrOf(p, m));
    if (!(Number.isNaN(key) && Number.isNaN(p.key)) && key !== p.key)
      problems.push(`contracts position ${p.id}: stale trigger`);
  }
  return problems;
}
