// Liquidation (docs/contracts.md): a position whose mark crosses its trigger closes by an IOC order into
// the book at no worse than what the insurance fund can cover, the rest of its margin going to the fund;
// what the book does not take closes against the most profitable opposite positions (auto-deleveraging)
// at the bankruptcy price.

import type { Ledger, LedgerTx } from '../ledger/ledger';
import type { ExecContext, Execution } from '../part';
import { parseCanonical, requireAsset, requireString } from '../rejection';
import { BUY, SELL, type Side } from '../spot/order-book';
import {
  bandTicks,
  type ContractMarket,
  equityAt,
  fmt,
  initialMargin,
  lotsToQty,
  MAX_TICKS,
  ONE,
  pnlOf,
  ticksToPrice,
  triggerTicks,
  valueAt,
} from './contract-market';
import { cancelCloses, endOrder, fillSide } from './contract-orders';
import { closeLots, fill } from './contract-positions';
import { type ContractsState, type Order, type Position, posKey } from './contract-state';
import type { PositionSide } from './contract-types';

export function fundOf(st: ContractsState, m: ContractMarket): bigint {
  return (st.ledger as Ledger).systemAmount('insurance_fund', m.settle) + (st.act.fund.get(m.settle) ?? 0n);
}

/**
 * The limit of a liquidation: the worst tick at which all of `pos` could close with a shortfall the
 * fund can pay, but never beyond the protection band around the mark (`band`).
 */
export function liquidationLimit(
  pos: Position,
  m: ContractMarket,
  bk: number,
  band: number,
  fund: bigint,
): number {
  if (pos.long ? band >= bk : band <= bk) return band;
  if (shortfallAt(pos, m, band) <= fund) return band;
  if (fund <= 0n) return bk;
  // Between the band (too far for the fund) and bankruptcy (no shortfall): the farthest tick it covers.
  let bad = band;
  let good = bk;
  while (Math.abs(good - bad) > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (shortfallAt(pos, m, mid) <= fund) good = mid;
    else bad = mid;
  }
  return good;
}

/** What the insurance fund pays if all of `pos` closes at `t` (0 when its equity stays >= 0). */
function shortfallAt(pos: Position, m: ContractMarket, t: number): bigint {
  const e = equityAt(m, pos.long, pos.lots, pos.cost, pos.margin, t);
  return e < 0n ? -e : 0n;
}

export function liquidate(
  st: ContractsState,
  pos: Position,
  m: ContractMarket,
  tickId: string,
  tx: LedgerTx,
  ctx: ExecContext,
): void {
  cancelCloses(st, pos, m, tx);
  const mark = m.markTicks;
  if (pos.mode === 'cross') {
    // Cross margin: the free balance backs the position before it is liquidated, then the surplus of the
    // user's other cross positions in the same settle asset (at their current marks), if that suffices.
    const im = initialMargin(m, valueAt(m, pos.lots, mark), pos.leverage);
    const equity = equityAt(m, pos.long, pos.lots, pos.cost, pos.margin, mark);
    const free = tx.balanceOf(pos.userId, m.settle, 'contract').available;
    const need = im - equity;
    const top = need > free ? free : need;
    if (top > 0n) {
      tx.user(pos.userId, m.settle, 'contract', 'available', -top);
      tx.user(pos.userId, m.settle, 'contract', 'frozen', top);
    }
    const drawn = need > top ? drawCrossSurplus(st, pos, m, need - top) : 0n;
    if (top > 0n || drawn > 0n) {
      st.unindex(pos, m);
      pos.margin += top + drawn;
      st.index(pos, m);
      st.touchPos(pos);
      const still = pos.long ? mark <= pos.key : mark >= pos.key;
      if (Number.isNaN(pos.key) || !still) return;
    }
  }
  const long = pos.long;
  const qty = pos.lots;
  const bk = bankruptcyTicks(pos, m);
  const fund = fundOf(st, m);
  // The fund's change by this liquidation: only its staged part moves within a command.
  const stagedBefore = st.act.fund.get(m.settle) ?? 0n;
  const limit = liquidationLimit(pos, m, bk, bandTicks(mark, m.protection, !long), fund);
  const side: Side = long ? SELL : BUY;
  const o: Order = {
    id: -pos.id,
    userId: pos.userId,
    owner: st.ownerOf(pos.userId),
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
    createdTs: st.act.ts,
    mark: 0,
    status: 'open',
  };
  st.touchOrder(o);
  m.book.match(side, limit, qty, o.owner);
  // The book's fills: makers settle as usual, the position closes into the insurance fund. Read in place
  // from the book's result (nothing below matches again, so it stays as the match left it).
  const r = m.book.result;
  for (let i = 0; i < r.stp; i++) {
    const resting = st.orders.get(r.stpId[i] as number);
    if (resting !== undefined) endOrder(st, resting, m, tx);
  }
  let bookLots = 0;
  for (let i = 0, n = r.fills; i < n; i++) {
    const makerId = r.makerId[i] as number;
    const ticks = r.priceTicks[i] as number;
    const lots = r.lots[i] as number;
    const maker = st.orders.get(makerId) as Order;
    const [makerFee, makerPnl] = [maker.fee, maker.profit];
    fill(st, maker, m, lots, ticks, m.makerRate, tx, ctx);
    if (m.book.lotsOf(maker.id) === 0) endOrder(st, maker, m, tx);
    const { pnl } = closeLots(st, pos, m, lots, ticks, 0n, 'insurance', tx, ctx);
    o.filledLots += lots;
    o.filledValue += valueAt(m, lots, ticks);
    o.profit += pnl;
    bookLots += lots;
    m.lastTradeTicks = ticks;
    st.act.trades += 1;
    st.act.events.push({
      type: 'contract.trade',
      seq: st.act.seq,
      tradeId: `${st.act.seq}-${st.act.trades}`,
      symbol: m.symbol,
      price: ticksToPrice(m, ticks),
      qty: lotsToQty(m, lots),
      takerSide: side === BUY ? 'buy' : 'sell',
      maker: fillSide(maker, maker.fee - makerFee, maker.profit - makerPnl),
      taker: fillSide(o, 0n, pnl),
      liquidation: true,
      ts: st.act.ts,
    });
  }
  // Auto-deleveraging: what the book did not take closes against the most profitable opposite
  // positions at the bankruptcy price.
  let adlLots = 0;
  let adlCloses = 0;
  if (pos.lots > 0) {
    for (const other of ranking(st, m, !long)) {
      if (pos.lots === 0) break;
      cancelCloses(st, other, m, tx);
      const q = Math.min(pos.lots, other.lots);
      const { pnl } = closeLots(st, pos, m, q, bk, 0n, 'insurance', tx, ctx);
      const closed = closeLots(st, other, m, q, bk, 0n, 'user', tx, ctx);
      o.filledLots += q;
      o.filledValue += valueAt(m, q, bk);
      o.profit += pnl;
      adlLots += q;
      adlCloses += 1;
      st.act.events.push({
        type: 'contract.adl',
        seq: st.act.seq,
        tradeId: `${st.act.seq}-adl${adlCloses}`,
        symbol: m.symbol,
        price: ticksToPrice(m, bk),
        qty: lotsToQty(m, q),
        liquidated: fillSide(o, 0n, pnl),
        counterparty: {
          orderId: `adl-${other.id}`,
          userId: other.userId,
          direction: other.long ? 3 : 4,
          fee: '0',
          pnl: fmt(closed.pnl),
        },
        ts: st.act.ts,
      });
    }
  }
  o.status = 'filled';
  st.act.events.push({
    type: 'contract.liquidation',
    seq: st.act.seq,
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
    insurance: fmt((st.act.fund.get(m.settle) ?? 0n) - stagedBefore),
    ts: st.act.ts,
  });
  if (pos.lots > 0) throw new Error(`liquidation left ${pos.lots} lots of position ${pos.id}`);
}

/**
 * Account-wide cross margin without a scan: when the free balance does not lift a crossed cross position
 * `pos` back to its initial margin at the mark, the user's other cross positions in the same settle
 * asset (found by key, one per market and side; oldest first) give it what their equity at their own
 * market's current mark holds above their initial margin there (at most their margin: only margin is
 * money). It is all or nothing: when their surplus together falls short of `need`, nothing moves and the
 * position is liquidated as before. The margin moves between positions of one user inside the frozen
 * part of one contract account: no posting; every position involved is re-keyed in its index, so each
 * key still marks where that position's own equity meets maintenance (the givers keep at least their
 * initial margin, far from their keys), and the next crossing of any of them looks again.
 */
function drawCrossSurplus(st: ContractsState, pos: Position, m: ContractMarket, need: bigint): bigint {
  const givers: [Position, ContractMarket, bigint][] = [];
  let total = 0n;
  for (const om of st.byMarket.values()) {
    if (om.settle !== m.settle || om.markTicks === 0) continue;
    for (const long of [true, false]) {
      const q = st.positions.get(posKey(pos.userId, om.symbol, long));
      if (q === undefined || q === pos || q.mode !== 'cross' || q.lots === 0) continue;
      const surplus =
        equityAt(om, q.long, q.lots, q.cost, q.margin, om.markTicks) -
        initialMargin(om, valueAt(om, q.lots, om.markTicks), q.leverage);
      const x = surplus > q.margin ? q.margin : surplus;
      if (x <= 0n) continue;
      givers.push([q, om, x]);
      total += x;
    }
  }
  if (total < need) return 0n;
  // Oldest position first (ids grow with the seq that opened them): the order is the state's, not the map's.
  givers.sort((a, b) => a[0].id - b[0].id);
  let left = need;
  for (const [q, om, x] of givers) {
    if (left === 0n) break;
    const take = x < left ? x : left;
    st.unindex(q, om);
    q.margin -= take;
    st.index(q, om);
    st.touchPos(q);
    left -= take;
  }
  return need;
}

/** The price at which the position's equity is zero, rounded so that closing there leaves it >= 0. */
export function bankruptcyTicks(pos: Position, m: ContractMarket): number {
  const { long, lots, cost, margin } = pos;
  let t = triggerTicks(m, long, lots, cost, margin, 0n);
  if (Number.isNaN(t)) t = long ? 1 : MAX_TICKS;
  // (No closure here: the hot path of every liquidation.)
  while (equityAt(m, long, lots, cost, margin, t) < 0n && (long ? t < MAX_TICKS : t > 1)) t += long ? 1 : -1;
  return t;
}

/** Open positions of a side, most profitable per margin first (ties: older first): the ADL queue. */
export function ranking(st: ContractsState, m: ContractMarket, long: boolean): Position[] {
  const mark = m.markTicks;
  const scored: [Position, bigint][] = [];
  for (const p of st.byId.values()) {
    if (p.symbol !== m.symbol || p.long !== long || p.lots === 0) continue;
    const pnl = pnlOf(m, long, p.cost, valueAt(m, p.lots, mark));
    const denom = p.margin > 0n ? p.margin : 1n;
    scored.push([p, (pnl * ONE) / denom]);
  }
  scored.sort((a, b) => (a[1] === b[1] ? a[0].id - b[0].id : a[1] > b[1] ? -1 : 1));
  return scored.map((s) => s[0]);
}

export function adlRanking(
  st: ContractsState,
  symbol: string,
  side: PositionSide,
): { positionId: string; score: string }[] {
  const m = st.byMarket.get(symbol);
  if (m === undefined || m.markTicks === 0) return [];
  return ranking(st, m, side === 'long').map((p) => {
    const pnl = pnlOf(m, p.long, p.cost, valueAt(m, p.lots, m.markTicks));
    return { positionId: String(p.id), score: fmt((pnl * ONE) / (p.margin > 0n ? p.margin : 1n)) };
  });
}

/** Liquidates every position the mark crosses, next crossed first (the index's order). */
export function liquidateCrossed(
  st: ContractsState,
  m: ContractMarket,
  mark: number,
  tickId: string,
  tx: LedgerTx,
  ctx: ExecContext,
): number {
  let liquidated = 0;
  for (;;) {
    let id = m.longs.crossed(mark);
    if (id < 0) id = m.shorts.crossed(mark);
    if (id < 0) break;
    const pos = st.byId.get(id) as Position;
    liquidate(st, pos, m, tickId, tx, ctx);
    liquidated += 1;
  }
  return liquidated;
}

/** A deposit from a user's free contract balance into the insurance fund. */
export function fundInsurance(
  p: { userId: string; asset: string; amount: string },
  tx: LedgerTx,
  ctx: ExecContext,
): Execution {
  const { userId, asset, amount } = p;
  requireString(userId);
  requireAsset(asset);
  const a = parseCanonical(amount, 'positive');
  ctx.ledger.checkAmount(asset, a);
  tx.requireAvailable(userId, asset, 'contract', a);
  tx.user(userId, asset, 'contract', 'available', -a);
  tx.system('insurance_fund', asset, a);
  return { ref: `insurance:${userId}`, reply: { amount } };
}
