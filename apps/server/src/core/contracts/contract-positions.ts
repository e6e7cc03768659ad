// Positions of the contracts part (docs/contracts.md): a fill opens or adds to a position (its order's
// hold becomes margin), a close takes its share of cost and margin with the profit or loss through the
// contract pool; isolated margin added or reduced; leverage and margin mode per user and market; a
// market's configuration (whose tiers move every liquidation trigger).

import type { Ledger, LedgerTx } from '../ledger/ledger';
import type { ExecContext, Execution } from '../part';
import { parseCanonical, reject, requireString } from '../rejection';
import { BUY } from '../spot/order-book';
import {
  type ContractMarket,
  equityAt,
  feeOf,
  floorSettle,
  initialMargin,
  newContractMarket,
  parseContractConfig,
  pnlOf,
  tierOf,
  valueAt,
} from './contract-market';
import type { ContractsState } from './contract-state';
import { type Order, type Position, posKey } from './contract-state';
import type { ContractMarketConfig, MarginMode } from './contract-types';

export function configure(st: ContractsState, payload: ContractMarketConfig, ledger: Ledger): Execution {
  const parsed = parseContractConfig(payload, ledger);
  const old = st.byMarket.get(parsed.symbol);
  if (old === undefined) {
    st.byMarket.set(parsed.symbol, newContractMarket(parsed));
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
    for (const p of st.byId.values()) if (p.symbol === old.symbol) st.reindex(p, old);
  }
  return { ref: parsed.symbol, reply: { symbol: parsed.symbol } };
}

export function leverage(
  st: ContractsState,
  p: { userId: string; symbol: string; leverage: number; mode: MarginMode },
): Execution {
  const userId = requireString(p.userId);
  const m = st.marketOf(p.symbol);
  if (!Number.isInteger(p.leverage) || p.leverage < 1) reject('INVALID_COMMAND');
  if (p.mode !== 'cross' && p.mode !== 'isolated') reject('INVALID_COMMAND');
  if (p.leverage > m.maxLeverage) reject('LEVERAGE_TOO_HIGH');
  const current = st.settingsOf(userId, m.symbol);
  const mine = [
    st.positions.get(posKey(userId, m.symbol, true)),
    st.positions.get(posKey(userId, m.symbol, false)),
  ];
  if (p.mode !== current.mode) {
    // As on the large futures exchanges: no mode change while the market has a position, an open order
    // or a resting stop of the user (a stop takes the leverage and mode at firing time; a leverage change
    // applies to it, a mode change is refused).
    const hasOrders = [...(st.userOrders.get(userId) ?? [])].some((o) => o.symbol === m.symbol);
    const hasStops = [...(st.userStops.get(userId) ?? [])].some((o) => o.symbol === m.symbol);
    if (hasOrders || hasStops || mine.some((x) => x !== undefined)) reject('MODE_LOCKED');
  }
  for (const pos of mine) {
    if (pos === undefined) continue;
    // The open position must stay within its tier's leverage and above maintenance.
    if (p.leverage > tierOf(m, pos.cost).maxLeverage) reject('LEVERAGE_TOO_HIGH');
  }
  st.settings.set(`${userId}\u0000${m.symbol}`, [p.leverage, p.mode]);
  for (const pos of mine) {
    if (pos === undefined) continue;
    pos.leverage = p.leverage;
    st.touchPos(pos);
  }
  return st.done(m, m.symbol, { leverage: p.leverage, mode: p.mode });
}

/** One side of one fill. */
export function fill(
  st: ContractsState,
  o: Order,
  m: ContractMarket,
  lots: number,
  ticks: number,
  rate: bigint,
  tx: LedgerTx,
  ctx: ExecContext,
): void {
  st.touchOrder(o);
  const v = valueAt(m, lots, ticks);
  const remaining = o.lots - o.filledLots;
  o.filledLots += lots;
  o.filledValue += v;
  if (o.close) {
    const pos = st.posOf(o);
    pos.closing -= lots;
    const { pnl, fee } = closeLots(st, pos, m, lots, ticks, rate, 'user', tx, ctx);
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
  let pos = st.positions.get(key);
  if (pos === undefined) {
    const s = st.settingsOf(o.userId, m.symbol);
    pos = {
      id: st.act.seq * 1000 + (st.act.positions.length % 1000),
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
      openedTs: st.act.ts,
      ts: st.act.ts,
      mark: 0,
    };
    while (st.byId.has(pos.id)) pos.id += 1;
    st.positions.set(key, pos);
    st.byId.set(pos.id, pos);
  } else {
    st.unindex(pos, m);
  }
  pos.lots += lots;
  pos.cost += v;
  pos.margin += margin;
  if (long) m.oiLong += lots;
  else m.oiShort += lots;
  st.touchPos(pos);
  st.index(pos, m);
}

/**
 * Closes `lots` of a position at `ticks`: its share of cost and margin leave, profit comes from (or
 * loss goes to) the contract pool. `to`: 'user' pays the rest to the user's free balance (a loss beyond
 * the margin from it, then from the insurance fund); 'insurance' (liquidation) gives the rest to the
 * insurance fund, which pays what is missing.
 */
export function closeLots(
  st: ContractsState,
  pos: Position,
  m: ContractMarket,
  lots: number,
  ticks: number,
  rate: bigint,
  to: 'user' | 'insurance',
  tx: LedgerTx,
  ctx: ExecContext,
): { pnl: bigint; fee: bigint } {
  st.unindex(pos, m);
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
    st.act.fund.set(m.settle, (st.act.fund.get(m.settle) ?? 0n) + rest);
  } else if (rest >= 0n) {
    tx.user(u, m.settle, 'contract', 'available', rest);
  } else {
    const free = tx.balanceOf(u, m.settle, 'contract').available;
    const x = free < -rest ? free : -rest;
    tx.user(u, m.settle, 'contract', 'available', -x);
    const shortfall = -rest - x;
    tx.system('insurance_fund', m.settle, -shortfall);
    st.act.fund.set(m.settle, (st.act.fund.get(m.settle) ?? 0n) - shortfall);
  }
  pos.lots -= lots;
  pos.cost -= cost;
  pos.margin -= margin;
  pos.realized += pnl - fee;
  if (pos.long) m.oiLong -= lots;
  else m.oiShort -= lots;
  st.touchPos(pos);
  if (pos.lots === 0) {
    st.positions.delete(posKey(pos.userId, pos.symbol, pos.long));
    st.byId.delete(pos.id);
    st.triggers.get(m.symbol)?.delete(pos);
  } else {
    st.index(pos, m);
  }
  return { pnl, fee };
}

export function adjustMargin(
  st: ContractsState,
  p: { userId: string; positionId: string; amount: string; flag: 'add' | 'reduce' },
  tx: LedgerTx,
): Execution {
  const [pos, m] = st.ownPosition(p.userId, p.positionId);
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
  st.unindex(pos, m);
  pos.margin += p.flag === 'add' ? a : -a;
  st.index(pos, m);
  st.touchPos(pos);
  const ex = st.done(m, String(pos.id), { positionId: String(pos.id) });
  return ex;
}
