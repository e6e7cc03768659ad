// Orders of the contracts part (docs/contracts.md): placement with its margin hold (opening orders) or
// close commitment (reduce-only), matching through the spot engine's book and settling its fills, the
// end of an order (hold back, commitment released) and cancels.

import type { LedgerTx } from '../ledger/ledger';
import type { ExecContext, Execution } from '../part';
import { reject, requireString } from '../rejection';
import { BUY, SELL, type Side } from '../spot/order-book';
import {
  bandTicks,
  type ContractMarket,
  feeOf,
  fmt,
  initialMargin,
  lotsToQty,
  priceToTicks,
  qtyToLots,
  ticksToPrice,
  tierOf,
  valueAt,
} from './contract-market';
import { fill } from './contract-positions';
import type { ContractsState } from './contract-state';
import { type Order, type Position, posKey } from './contract-state';
import type { ContractFillSide, ContractPlace } from './contract-types';

export function place(st: ContractsState, p: ContractPlace, tx: LedgerTx, ctx: ExecContext): Execution {
  if (p.triggerPrice !== undefined) reject('INVALID_COMMAND');
  const [o, m] = placeOrder(st, p, ctx.seq, ctx.ts, tx, ctx);
  return st.done(m, String(o.id), {
    orderId: String(o.id),
    status: o.status,
    filledQty: lotsToQty(m, o.filledLots),
  });
}

/**
 * Places an order (id `id`): every check that can refuse runs before the first change, so a refusal
 * leaves everything as it was (a fired stop order relies on it: a refusal cancels the stop, not the tick).
 */
export function placeOrder(
  st: ContractsState,
  p: ContractPlace,
  id: number,
  createdTs: number,
  tx: LedgerTx,
  ctx: ExecContext,
): [Order, ContractMarket] {
  const userId = requireString(p.userId);
  const m = st.marketOf(p.symbol);
  if (m.halted) reject('MARKET_HALTED');
  const direction = p.direction;
  if (direction !== 1 && direction !== 2 && direction !== 3 && direction !== 4) reject('INVALID_COMMAND');
  if (p.type !== 'limit' && p.type !== 'market') reject('INVALID_COMMAND');
  const lots = qtyToLots(m, p.quantity);
  if (lots < m.minLots) reject('BELOW_MIN_QTY');
  const side: Side = direction === 1 || direction === 4 ? BUY : SELL;
  const close = direction > 2;
  const { leverage } = st.settingsOf(userId, m.symbol);
  if (close) {
    const pos = st.positions.get(posKey(userId, m.symbol, direction === 3));
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
    const pos = st.positions.get(posKey(userId, m.symbol, direction === 1));
    const after = (pos?.cost ?? 0n) + v;
    if (leverage > tierOf(m, after).maxLeverage) reject('LEVERAGE_TOO_HIGH');
    hold = initialMargin(m, v, leverage) + feeOf(m, v, m.takerRate);
    if (hold <= 0n) reject('INVALID_QUANTITY');
    ctx.ledger.checkAmount(m.settle, hold);
    tx.freeze(userId, m.settle, 'contract', hold);
  }
  const o: Order = {
    id,
    userId,
    owner: st.ownerOf(userId),
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
    createdTs,
    mark: 0,
    status: 'open',
  };
  st.touchOrder(o);
  if (close) st.posOf(o).closing += lots;
  const left = m.book.match(side, priceTicks, lots, o.owner);
  settleMatch(st, m, o, tx, ctx);
  if (left > 0 && p.type === 'limit') {
    m.book.rest(o.id, o.owner, side, priceTicks, left);
    st.orders.set(o.id, o);
    let mine = st.userOrders.get(userId);
    if (mine === undefined) {
      mine = new Set();
      st.userOrders.set(userId, mine);
    }
    mine.add(o);
  } else {
    endOrder(st, o, m, tx);
  }
  return [o, m];
}

/** Settles the fills and self-trade cancellations of the book's last match, taker `taker`. */
export function settleMatch(
  st: ContractsState,
  m: ContractMarket,
  taker: Order,
  tx: LedgerTx,
  ctx: ExecContext,
): void {
  const r = m.book.result;
  const stp: number[] = [];
  for (let i = 0; i < r.stp; i++) stp.push(r.stpId[i] as number);
  const fills: [number, number, number][] = [];
  for (let i = 0; i < r.fills; i++)
    fills.push([r.makerId[i] as number, r.priceTicks[i] as number, r.lots[i] as number]);
  for (const id of stp) {
    const resting = st.orders.get(id);
    if (resting !== undefined) endOrder(st, resting, m, tx);
  }
  for (const [makerId, ticks, lots] of fills) {
    const maker = st.orders.get(makerId);
    if (maker === undefined) throw new Error(`fill of unknown contract order ${makerId}`);
    const [makerFee, makerPnl, takerFee, takerPnl] = [maker.fee, maker.profit, taker.fee, taker.profit];
    fill(st, maker, m, lots, ticks, m.makerRate, tx, ctx);
    fill(st, taker, m, lots, ticks, m.takerRate, tx, ctx);
    if (m.book.lotsOf(maker.id) === 0) endOrder(st, maker, m, tx);
    m.lastTradeTicks = ticks;
    st.act.trades += 1;
    st.act.events.push({
      type: 'contract.trade',
      seq: st.act.seq,
      tradeId: `${st.act.seq}-${st.act.trades}`,
      symbol: m.symbol,
      price: ticksToPrice(m, ticks),
      qty: lotsToQty(m, lots),
      takerSide: taker.side === BUY ? 'buy' : 'sell',
      maker: fillSide(maker, maker.fee - makerFee, maker.profit - makerPnl),
      taker: fillSide(taker, taker.fee - takerFee, taker.profit - takerPnl),
      liquidation: false,
      ts: st.act.ts,
    });
  }
}

/** One side of a fill as the trade event names it. */
export function fillSide(o: Order, fee: bigint, pnl: bigint): ContractFillSide {
  return { orderId: String(o.id), userId: o.userId, direction: o.direction, fee: fmt(fee), pnl: fmt(pnl) };
}

/** Takes an order off the books' bookkeeping: its hold back, its close commitment released. */
export function endOrder(st: ContractsState, o: Order, m: ContractMarket, tx: LedgerTx): void {
  st.touchOrder(o);
  const left = o.lots - o.filledLots;
  if (o.hold > 0n) {
    tx.user(o.userId, m.settle, 'contract', 'frozen', -o.hold);
    tx.user(o.userId, m.settle, 'contract', 'available', o.hold);
    o.hold = 0n;
  }
  if (o.close && left > 0) {
    const pos = st.positions.get(posKey(o.userId, o.symbol, o.direction === 3));
    if (pos !== undefined) pos.closing -= left;
  }
  o.status = left === 0 ? 'filled' : 'cancelled';
  st.orders.delete(o.id);
  st.userOrders.get(o.userId)?.delete(o);
}

export function cancelCloses(st: ContractsState, pos: Position, m: ContractMarket, tx: LedgerTx): void {
  if (pos.closing === 0) return;
  for (const o of [...(st.userOrders.get(pos.userId) ?? [])]) {
    if (o.symbol === pos.symbol && o.close && (o.direction === 3) === pos.long) {
      m.book.cancel(o.id);
      endOrder(st, o, m, tx);
    }
  }
}

/** The owner cancels an open order. */
export function cancel(
  st: ContractsState,
  p: { userId: string; symbol: string; orderId: string },
  tx: LedgerTx,
): Execution {
  const { userId, symbol, orderId } = p;
  requireString(userId);
  const m = st.marketOf(symbol);
  const o = st.orders.get(Number(requireString(orderId, 20)));
  if (o === undefined || o.userId !== userId || o.symbol !== m.symbol) reject('ORDER_NOT_FOUND');
  m.book.cancel(o.id);
  endOrder(st, o, m, tx);
  return st.done(m, String(o.id), { orderId: String(o.id), status: 'cancelled' });
}
