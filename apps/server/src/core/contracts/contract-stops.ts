// Stop (trigger) orders of the contracts part (docs/contracts.md): an order with a trigger price rests in
// the core, indexed by trigger per market and side (like the liquidation index: a mark tick looks only at
// the end of each index and visits only the stops it crosses). A buy stop fires when the mark rises to
// its trigger, a sell stop when the mark falls to it; it then places its limit or market order through
// the book (the order keeps the stop's id), citing the tick. While it waits it freezes nothing (as the
// large futures exchanges do): the margin hold is taken when it fires; if the order is refused then
// (not enough balance, no liquidity, a reduce-only close without position left), the stop is cancelled
// and the tick goes on. A close stop (direction 3 or 4) is reduce-only: it needs the position when
// placed, commits none of it while waiting, and at firing closes at most what is not already committed.
import type { LedgerTx } from '../ledger/ledger';
import type { ExecContext, Execution } from '../part';
import { Rejection, reject, requireString } from '../rejection';
import { BUY, SELL, type Side } from '../spot/order-book';
import { type ContractMarket, lotsToQty, priceToTicks, qtyToLots, ticksToPrice } from './contract-market';
import { placeOrder } from './contract-orders';
import { type ContractsState, posKey, type Stop } from './contract-state';
import type { ContractPlace } from './contract-types';

/** At most this many resting stops per user and market (they hold nothing, so they are counted). */
export const MAX_STOPS_PER_MARKET = 100;

const indexOf = (m: ContractMarket, side: Side) => (side === BUY ? m.stopBuys : m.stopSells);

export function placeStop(st: ContractsState, p: ContractPlace, ctx: ExecContext): Execution {
  const userId = requireString(p.userId);
  const m = st.marketOf(p.symbol);
  if (m.halted) reject('MARKET_HALTED');
  const direction = p.direction;
  if (direction !== 1 && direction !== 2 && direction !== 3 && direction !== 4) reject('INVALID_COMMAND');
  if (p.type !== 'limit' && p.type !== 'market') reject('INVALID_COMMAND');
  const lots = qtyToLots(m, p.quantity);
  if (lots < m.minLots) reject('BELOW_MIN_QTY');
  const triggerTicks = priceToTicks(m, p.triggerPrice);
  let priceTicks = 0;
  if (p.type === 'limit') priceTicks = priceToTicks(m, p.price);
  else if (p.price !== undefined) reject('INVALID_PRICE');
  const side: Side = direction === 1 || direction === 4 ? BUY : SELL;
  const mark = m.markTicks;
  if (mark === 0) reject('PRICE_STALE');
  // A trigger the mark has already reached would fire at once: refused (a plain order does that).
  if (side === BUY ? triggerTicks <= mark : triggerTicks >= mark) reject('TRIGGER_WRONG_SIDE');
  if (direction > 2) {
    const pos = st.positions.get(posKey(userId, m.symbol, direction === 3));
    if (pos === undefined || pos.lots < lots) reject('REDUCE_ONLY_WOULD_OPEN');
  }
  let mine = st.userStops.get(userId);
  let count = 0;
  for (const s of mine ?? []) if (s.symbol === m.symbol) count += 1;
  if (count >= MAX_STOPS_PER_MARKET) reject('TOO_MANY_OPEN_ORDERS');
  const stop: Stop = {
    id: ctx.seq,
    userId,
    symbol: m.symbol,
    direction,
    side,
    orderType: p.type,
    priceTicks,
    triggerTicks,
    lots,
    createdTs: ctx.ts,
    mark: 0,
    status: 'open',
  };
  if (mine === undefined) {
    mine = new Set();
    st.userStops.set(userId, mine);
  }
  addStop(st, stop, m, mine);
  st.touchStop(stop);
  return st.done(m, String(stop.id), {
    orderId: String(stop.id),
    status: 'open',
    filledQty: '0',
  });
}

/** Puts a stop in the maps and its market's index (placement and restore). */
export function addStop(st: ContractsState, stop: Stop, m: ContractMarket, mine: Set<Stop>): void {
  st.stops.set(stop.id, stop);
  mine.add(stop);
  indexOf(m, stop.side).add(stop.triggerTicks, stop.id);
}

function removeStop(st: ContractsState, stop: Stop, m: ContractMarket): void {
  indexOf(m, stop.side).remove(stop.triggerTicks, stop.id);
  st.stops.delete(stop.id);
  st.userStops.get(stop.userId)?.delete(stop);
}

/** The owner's stop `orderId` on `symbol`, or undefined. */
export function ownStop(
  st: ContractsState,
  userId: string,
  orderId: number,
  symbol: string,
): Stop | undefined {
  const s = st.stops.get(orderId);
  return s !== undefined && s.userId === userId && s.symbol === symbol ? s : undefined;
}

export function cancelStop(st: ContractsState, stop: Stop, m: ContractMarket): Execution {
  removeStop(st, stop, m);
  stop.status = 'cancelled';
  st.touchStop(stop);
  return st.done(m, String(stop.id), { orderId: String(stop.id), status: 'cancelled' });
}

/**
 * Fires every stop the mark crosses, in trigger order (ties: older first): each places its order
 * through the book. Returns how many fired (placed or, refused, cancelled).
 */
export function fireStops(
  st: ContractsState,
  m: ContractMarket,
  mark: number,
  tx: LedgerTx,
  ctx: ExecContext,
): number {
  let fired = 0;
  for (;;) {
    let id = m.stopSells.crossed(mark);
    if (id < 0) id = m.stopBuys.crossed(mark);
    if (id < 0) break;
    const stop = st.stops.get(id) as Stop;
    removeStop(st, stop, m);
    fired += 1;
    let lots = stop.lots;
    if (stop.direction > 2) {
      const pos = st.positions.get(posKey(stop.userId, m.symbol, stop.direction === 3));
      lots = pos === undefined ? 0 : Math.min(lots, pos.lots - pos.closing);
    }
    if (lots >= m.minLots) {
      const order: ContractPlace = {
        userId: stop.userId,
        symbol: m.symbol,
        direction: stop.direction,
        type: stop.orderType,
        quantity: lotsToQty(m, lots),
        ...(stop.orderType === 'limit' ? { price: ticksToPrice(m, stop.priceTicks) } : {}),
      };
      try {
        placeOrder(st, order, stop.id, stop.createdTs, tx, ctx);
        continue;
      } catch (e) {
        // Refused before any change (placeOrder checks first): the stop ends cancelled.
        if (!(e instanceof Rejection)) throw e;
      }
    }
    stop.status = 'cancelled';
    st.touchStop(stop);
  }
  return fired;
}
