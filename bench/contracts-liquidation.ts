// Perpetual contracts (issue 17): the cost of a mark tick with 100,000 open positions on one market, in
// core time. 100,000 users each hold a 10x long of one lot opened at a price spread over 50,000..60,000
// (so their liquidation triggers are spread too) against one market participant's short (1x, never
// crossed), who also bids below the mark for the liquidation fills. Timed: the apply of `contract.tick`
// (validation, the mark, the trigger index, and for each crossed position its liquidation through the
// book with the insurance-fund posting and events) for a tick that crosses none and one that crosses
// 100. Goals: < 0.5 ms and < 5 ms. Figures, not pass/fail (DESIGN section 9).
// Run: cd bench && npx tsx contracts-liquidation.ts   (BENCH_CONTRACT_POSITIONS, default 100000)
import { performance } from 'node:perf_hooks';
import type { ContractMarketConfig } from '@/core/contracts/contract-types';
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';

const POSITIONS = Number(process.env.BENCH_CONTRACT_POSITIONS ?? 100_000);
const CROSS = 100;
const T0 = 1_700_000_000_000;

const MARKET: ContractMarketConfig = {
  symbol: 'btcusdt',
  kind: 'linear',
  base: 'BTC',
  quote: 'USDT',
  priceDecimals: 1,
  qtyDecimals: 3,
  contractSize: '1',
  minQty: '0.001',
  maxLeverage: 100,
  tiers: [{ maxNotional: '100000000000', mmr: '0.005', maxLeverage: 100 }],
  makerFeeRate: '0.0002',
  takerFeeRate: '0.0005',
  marketProtection: '0.05',
  markBand: '0.005',
  fundingIntervalMs: 8 * 3600_000,
  fundingCap: '0.0075',
  interestRate: '0.0001',
  status: 'trading',
};

/** A price with one decimal as a canonical decimal string. */
const canonical = (v: number) => String(Number(v.toFixed(1)));

let n = 0;
let ts = T0;
function apply(s: MoneyState, type: string, payload: unknown, actor = 'system'): CommandResult {
  n += 1;
  const r = s.apply({ id: `b${n}`, actor, ts, type, payload } as Command).result;
  if (!r.ok) throw new Error(`${type} refused: ${r.error}`);
  return r;
}

function tick(s: MoneyState, price: string): { ms: number; liquidated: number } {
  ts += 1000;
  const c = {
    id: `b${++n}`,
    actor: 'system',
    ts,
    type: 'contract.tick',
    payload: { symbol: 'btcusdt', tick: { id: `BTCUSDT:${ts}`, time: ts, price, sources: ['bench'] } },
  } as Command;
  const t = performance.now();
  const r = s.apply(c).result;
  const ms = performance.now() - t;
  if (!r.ok) throw new Error(`tick refused: ${r.error}`);
  return { ms, liquidated: Number(r.reply?.liquidated ?? 0) };
}

const s = new MoneyState(sha256Hex);
apply(s, 'asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000000' });
apply(s, 'asset.configure', { asset: 'BTC', decimals: 8, maxAmount: '1000000' });
apply(s, 'contract.market', MARKET);
apply(s, 'adjust', {
  userId: 'mm',
  asset: 'USDT',
  accountType: 'contract',
  amount: '100000000000',
  ref: 'bench',
});
apply(s, 'contract.leverage', { userId: 'mm', symbol: 'btcusdt', leverage: 1, mode: 'isolated' });
const setup = performance.now();
for (let i = 0; i < POSITIONS; i++) {
  const u = `u${i}`;
  // prices spread evenly in 50,000 .. 60,000 (tenths)
  const price = (500_000 + Math.floor((i * 100_000) / POSITIONS)) / 10;
  apply(s, 'adjust', { userId: u, asset: 'USDT', accountType: 'contract', amount: '10000', ref: 'bench' });
  apply(s, 'contract.place', {
    userId: 'mm',
    symbol: 'btcusdt',
    direction: 2,
    type: 'limit',
    price: String(price),
    quantity: '0.001',
  });
  apply(s, 'contract.place', {
    userId: u,
    symbol: 'btcusdt',
    direction: 1,
    type: 'limit',
    price: String(price),
    quantity: '0.001',
  });
}
const setupMs = performance.now() - setup;
const liq: number[] = [];
for (let i = 0; i < POSITIONS; i++) {
  const p = s.contracts.positionsOf(`u${i}`, 'btcusdt')[0];
  if (p?.liquidationPrice) liq.push(Number(p.liquidationPrice));
}
liq.sort((a, b) => b - a);
const none: number[] = [];
for (let i = 0; i < 20; i++) none.push(tick(s, String(61_000 + i)).ms);
const sorted = [...none].sort((a, b) => a - b);
console.log(`contracts: ${POSITIONS} open positions (setup ${(setupMs / 1000).toFixed(1)} s)`);
console.log(
  `  tick crossing none: median ${sorted[10]?.toFixed(3)} ms, max ${sorted[sorted.length - 1]?.toFixed(3)} ms (goal < 0.5 ms)`,
);
// Rounds: each tick crosses the next 100 triggers; the participant bids for them just below that mark.
for (let round = 1; round <= 5; round++) {
  const crossAt = liq[round * CROSS - 1] as number;
  apply(s, 'contract.place', {
    userId: 'mm',
    symbol: 'btcusdt',
    direction: 4,
    type: 'limit',
    price: canonical(crossAt - 0.1),
    quantity: String((CROSS * 2) / 1000),
  });
  tick(s, '61000');
  const crossed = tick(s, canonical(crossAt));
  console.log(
    `  round ${round}: tick crossing ${crossed.liquidated}: ${crossed.ms.toFixed(3)} ms (goal < 5 ms)`,
  );
}
const violations = s.invariantViolations();
if (violations.length > 0) throw new Error(violations.join('\n'));
