// The mark tick (docs/contracts.md): index plus a smoothed, clamped basis from the book; then the TP/SL
// it crosses fire, then the stop orders it crosses, and the positions it crosses are liquidated, all
// citing the tick.

import type { LedgerTx } from '../ledger/ledger';
import type { ExecContext, Execution } from '../part';
import { reject, requireString } from '../rejection';
import { BUY, SELL } from '../spot/order-book';
import { liquidateCrossed } from './contract-liquidation';
import { indexToTicks, ONE, ticksToPrice } from './contract-market';
import type { ContractsState } from './contract-state';
import { fireStops } from './contract-stops';
import { fireTpSl } from './contract-tpsl';
import type { ContractTick } from './contract-types';

/** The mark's basis follows the book by this fraction per tick (exponential smoothing). */
const BASIS_SMOOTHING = 5;

export function onTick(
  st: ContractsState,
  symbol: string,
  tick: ContractTick,
  tx: LedgerTx,
  ctx: ExecContext,
): Execution {
  const m = st.marketOf(symbol);
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
  const markText = ticksToPrice(m, mark);
  st.act.events.push({
    type: 'contract.mark',
    seq: ctx.seq,
    symbol: m.symbol,
    tickId,
    time: tick.time,
    mark: markText,
  });
  const fired = fireTpSl(st, m, mark, tx, ctx);
  const triggered = fireStops(st, m, mark, tx, ctx);
  const liquidated = liquidateCrossed(st, m, mark, tickId, tx, ctx);
  return st.done(m, tickId, {
    mark: markText,
    fired,
    liquidated,
    // Only when stops fired: replies (kept in the idempotency table) of journals without stops unchanged.
    ...(triggered > 0 ? { triggered } : {}),
  });
}
