// Seconds contracts (issue 12): settling 10,000 contracts that expire in the same second, in core time.
// The contracts are placed by 100 users within one second (30 s period, random rise/fall, stakes 10..500
// USDT) on the state machine (MoneyState: sequence, idempotency digest, the seconds part, the ledger's
// postings and balance events), then one `seconds.settle` command carrying the first tick after the
// expiries settles them all. Timed: the apply of that command (validation, outcome per contract, the
// summed postings, 10,000 order events and the balance events), five rounds on fresh states. Also the
// placing rate, and the same settlement through the journaled runtime (memory journal). Goal: < 100 ms.
// Figures, not pass/fail (DESIGN section 9). Run: cd bench && npx tsx seconds-settle.ts
//   BENCH_SECONDS_CONTRACTS (default 10000), BENCH_SECONDS_ROUNDS (default 5)
import { performance } from 'node:perf_hooks';
import { MoneyState } from '@/core/money-state';
import type { SecondsTick } from '@/core/seconds/seconds-types';
import type { Command, CommandResult } from '@/core/types';
import { openMoneyCore, sha256Hex } from '@/journal/money-core';

const CONTRACTS = Number(process.env.BENCH_SECONDS_CONTRACTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_SECONDS_ROUNDS ?? 5);
const USERS = 100;
const GOAL_MS = 100;
const T0 = 1_700_000_000_000;

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const tick = (time: number, price: string): SecondsTick => ({
  id: `btcusdt:${time}`,
  time,
  price,
  sources: ['simulator'],
});

/** Setup, placing and settling commands of one round (seeded). */
function workload(seed: number): { setup: Command[]; place: Command[]; settle: Command } {
  const rnd = prng(seed);
  const setup: Command[] = [];
  let n = 0;
  const c = (type: Command['type'], payload: unknown, ts = T0, actor = 'system'): Command =>
    ({ id: `r${seed}-${n++}`, actor, ts, type, payload }) as Command;
  setup.push(c('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000000' }));
  setup.push(
    c('seconds.period', {
      periodId: '30s',
      durationSec: 30,
      rate: '0.85',
      minStake: '10',
      maxStake: '5000',
      enabled: true,
      sort: 1,
    }),
  );
  setup.push(c('deposit.credit', { userId: 'house', asset: 'USDT', amount: '100000000', ref: 'house' }));
  setup.push(
    c('seconds.pool', { userId: 'house', asset: 'USDT', amount: '100000000', direction: 'in' }, T0, 'op:1'),
  );
  for (let u = 0; u < USERS; u++)
    setup.push(c('deposit.credit', { userId: `u${u}`, asset: 'USDT', amount: '1000000', ref: `u${u}` }));
  const start = T0 + 60_000;
  const place: Command[] = [];
  for (let i = 0; i < CONTRACTS; i++) {
    // All accepted within one second: they all expire within the same second.
    const at = start + Math.floor((i / CONTRACTS) * 1000);
    const userId = `u${i % USERS}`;
    place.push(
      c(
        'seconds.place',
        {
          userId,
          symbol: 'btcusdt',
          direction: rnd() < 0.5 ? 'rise' : 'fall',
          periodId: '30s',
          stake: String(10 + Math.floor(rnd() * 491)),
          asset: 'USDT',
          tick: tick(at - 200, '65000.5'),
        },
        at,
        userId,
      ),
    );
  }
  const exitAt = start + 30_000 + 1000;
  const settle = c(
    'seconds.settle',
    { symbol: 'btcusdt', from: start + 30_000, tick: tick(exitAt, rnd() < 0.5 ? '65001' : '65000') },
    exitAt + 50,
    'system:seconds',
  );
  return { setup, place, settle };
}

function must(r: CommandResult): Extract<CommandResult, { ok: true }> {
  if (!r.ok) throw new Error(`refused: ${r.error}`);
  return r;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  console.log(`seconds settlement: ${CONTRACTS} contracts expiring in the same second, ${ROUNDS} rounds`);
  const settleMs: number[] = [];
  const placeRates: number[] = [];
  let events = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const { setup, place, settle } = workload(round + 1);
    const state = new MoneyState(sha256Hex);
    for (const cmd of setup) must(state.apply(cmd).result);
    const p0 = performance.now();
    for (const cmd of place) must(state.apply(cmd).result);
    placeRates.push((place.length / (performance.now() - p0)) * 1000);
    const t0 = performance.now();
    const r = must(state.apply(settle).result);
    settleMs.push(performance.now() - t0);
    events = r.events.length;
    if (r.reply?.settled !== CONTRACTS) throw new Error(`settled ${r.reply?.settled}`);
    if (state.seconds.openCount() !== 0) throw new Error('contracts left open');
    const problems = state.invariantViolations();
    if (problems.length > 0) throw new Error(problems.join('; '));
  }
  const med = median(settleMs);
  const worst = Math.max(...settleMs);
  console.log(
    `${'settle (one command, core apply)'.padEnd(44)} median ${med.toFixed(1)} ms, worst ${worst.toFixed(1)} ms ` +
      `(goal < ${GOAL_MS} ms: ${worst < GOAL_MS ? 'met' : med < GOAL_MS ? 'met at the median' : 'missed'}); ` +
      `${events} events; rounds ${settleMs.map((m) => m.toFixed(1)).join(', ')}`,
  );
  console.log(`${'place (core apply)'.padEnd(44)} ${median(placeRates).toFixed(0).padStart(10)} commands/s`);

  // The same through the runtime (journal in memory): submit -> durable -> applied -> events published.
  const { setup, place, settle } = workload(99);
  const core = await openMoneyCore({ dir: 'memory://', now: () => settle.ts });
  for (const cmd of setup) must(await core.submit(cmd));
  await Promise.all(place.map((cmd) => core.submit(cmd)));
  const t0 = performance.now();
  must(await core.submit(settle));
  console.log(
    `${'settle through the runtime (memory journal)'.padEnd(44)} ${(performance.now() - t0).toFixed(1)} ms`,
  );
  await core.close();
}

await main();
