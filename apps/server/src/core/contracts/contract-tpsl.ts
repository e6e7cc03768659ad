// Take-profit and stop-loss of a position (docs/contracts.md): validated against the mark and the
// liquidation price, fired on the mark tick as reduce-only market closes of the whole position.

import type { LedgerTx } from '../ledger/ledger';
import type { ExecContext, Execution } from '../part';
import { reject } from '../rejection';
import { BUY, SELL, type Side } from '../spot/order-book';
import { bandTicks, type ContractMarket, priceToTicks } from './contract-market';
import { cancelCloses, endOrder, settleMatch } from './contract-orders';
import type { ContractsState, Order, Position } from './contract-state';

export function setTpSl(
  st: ContractsState,
  p: {
    userId: string;
    positionId: string;
    takeProfit: string | null;
    stopLoss: string | null;
  },
): Execution {
  const [pos, m] = st.ownPosition(p.userId, p.positionId);
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
  let set = st.triggers.get(m.symbol);
  if (set === undefined) {
    set = new Set();
    st.triggers.set(m.symbol, set);
  }
  if (tp === 0 && sl === 0) set.delete(pos);
  else set.add(pos);
  st.touchPos(pos);
  return st.done(m, String(pos.id), { positionId: String(pos.id) });
}

export function triggerClose(
  st: ContractsState,
  pos: Position,
  m: ContractMarket,
  kind: 'tp' | 'sl',
  tx: LedgerTx,
  ctx: ExecContext,
): void {
  cancelCloses(st, pos, m, tx);
  const side: Side = pos.long ? SELL : BUY;
  const o: Order = {
    id: -pos.id,
    userId: pos.userId,
    owner: st.ownerOf(pos.userId),
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
    createdTs: st.act.ts,
    mark: 0,
    status: 'open',
  };
  st.touchOrder(o);
  pos.closing += o.lots;
  m.book.match(side, o.priceTicks, o.lots, o.owner);
  settleMatch(st, m, o, tx, ctx);
  endOrder(st, o, m, tx);
  if (st.byId.has(pos.id)) {
    pos.tp = 0;
    pos.sl = 0;
    st.triggers.get(m.symbol)?.delete(pos);
    st.touchPos(pos);
  }
}

/** The TP/SL the mark crosses fire, in position order: reduce-only market closes of the whole position. */
export function fireTpSl(
  st: ContractsState,
  m: ContractMarket,
  mark: number,
  tx: LedgerTx,
  ctx: ExecContext,
): number {
  let fired = 0;
  const set = st.triggers.get(m.symbol);
  if (set !== undefined && set.size > 0) {
    const due: [Position, 'tp' | 'sl'][] = [];
    for (const pos of set) {
      const tpHit = pos.tp !== 0 && (pos.long ? mark >= pos.tp : mark <= pos.tp);
      const slHit = pos.sl !== 0 && (pos.long ? mark <= pos.sl : mark >= pos.sl);
      if (tpHit || slHit) due.push([pos, tpHit ? 'tp' : 'sl']);
    }
    due.sort((a, b) => a[0].id - b[0].id);
    for (const [pos, kind] of due) {
      if (!st.byId.has(pos.id)) continue;
      triggerClose(st, pos, m, kind, tx, ctx);
      fired += 1;
    }
  }
  return fired;
}
