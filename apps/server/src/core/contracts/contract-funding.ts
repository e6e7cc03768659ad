// Funding (docs/contracts.md): at each interval the paying side's margin moves to the receiving side in
// one command whose postings sum to zero; the platform takes nothing.

import type { LedgerTx } from '../ledger/ledger';
import type { ExecContext, Execution } from '../part';
import { reject } from '../rejection';
import { floorSettle, fmt, fundingRate, ONE, ticksToPrice, valueAt } from './contract-market';
import type { ContractsState, Position } from './contract-state';

export function funding(
  st: ContractsState,
  symbol: string,
  at: number,
  tx: LedgerTx,
  ctx: ExecContext,
): Execution {
  const m = st.marketOf(symbol);
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
  for (const p of st.byId.values()) {
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
      st.unindex(p, m);
      p.margin -= a;
      st.index(p, m);
      tx.user(p.userId, m.settle, 'contract', 'frozen', -a);
      payments.push([String(p.id), p.userId, fmt(-a)]);
      st.touchPos(p);
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
      st.unindex(p, m);
      p.margin += b;
      st.index(p, m);
      tx.user(p.userId, m.settle, 'contract', 'frozen', b);
      payments.push([String(p.id), p.userId, fmt(b)]);
      st.touchPos(p);
    });
  }
  m.lastFundingAt = at;
  m.lastFundingRate = rate;
  m.premiumSum = 0n;
  m.premiumCount = 0;
  st.act.events.push({
    type: 'contract.funding',
    seq: st.act.seq,
    symbol: m.symbol,
    at,
    rate: fmt(rate),
    mark: ticksToPrice(m, mark),
    total: fmt(total),
    payments,
  });
  return st.done(m, `${m.symbol}:${at}`, { rate: fmt(rate), total: fmt(total) });
}
