// Seconds contracts through the whole money core:
// - property (fast-check): random placements, settlements on random ticks, voids, pool moves, period
//   changes and retries keep every invariant after EVERY step (zero sum per asset, no negative balance,
//   frozen == the open stakes, the exposure equals the open payouts and the pool covers it), and replay from
//   empty and from a snapshot gives the same hash;
// - conservation: a seeded session of 10,000 random contracts on two symbols with an injected tick stream
//   (with gaps longer than the tolerance), settled by the real settlement job's logic through the journaled
//   runtime with snapshots: users + house + pool keep what was deposited, the pool moved by exactly the
//   lost stakes minus the won payouts, every settled contract cites the first tick at or after its expiry,
//   and replaying the journal from empty and from its snapshots gives the same state hash.
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MoneyState } from '@/core/money-state';
import {
  SECONDS_SETTLE_TOLERANCE_MS,
  type SecondsOrderEvent,
  type SecondsTick,
} from '@/core/seconds/seconds-types';
import type { Command, CoreEvent } from '@/core/types';
import { openMoneyCore, sha256Hex } from '@/journal/money-core';
import { settleDue, type TickSource } from '@/modules/seconds/settlement';

const T0 = 1_700_000_000_000;
const ATOMS = 10n ** 18n;
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const PERIODS = [
  { periodId: '30s', durationSec: 30, rate: '0.8', minStake: '1', maxStake: '1000', enabled: true, sort: 1 },
  { periodId: '60s', durationSec: 60, rate: '0.85', minStake: '1', maxStake: '1000', enabled: true, sort: 2 },
  { periodId: '5s', durationSec: 5, rate: '0.333', minStake: '3', maxStake: '50', enabled: true, sort: 0 },
];

function setupCommands(users: string[], pool: string): Command[] {
  const out: Command[] = [];
  let i = 0;
  const c = (type: Command['type'], payload: unknown, actor = 'system') =>
    out.push({ id: `setup-${i++}`, actor, ts: T0, type, payload } as Command);
  c('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000' });
  for (const p of PERIODS) c('seconds.period', p, 'op:1');
  c('deposit.credit', { userId: 'house', asset: 'USDT', amount: '10000000', ref: 'house' });
  c('seconds.pool', { userId: 'house', asset: 'USDT', amount: pool, direction: 'in' }, 'op:1');
  for (const u of users) c('deposit.credit', { userId: u, asset: 'USDT', amount: '5000', ref: `d-${u}` });
  return out;
}

const tickOf = (symbol: string, time: number, cents: number): SecondsTick => ({
  id: `${symbol}:${time}`,
  time,
  price: (cents / 100).toFixed(2).replace(/\.?0+$/, ''),
  sources: ['simulator'],
});

type Step =
  | { k: 'place'; u: number; rise: boolean; period: number; stake: number; price: number; age: number }
  | { k: 'wait'; ms: number }
  | { k: 'settle'; late: number; price: number }
  | { k: 'void'; through: number }
  | { k: 'pool'; out: boolean; amount: number }
  | { k: 'period'; period: number; enabled: boolean; rate: number }
  | { k: 'retry'; back: number };

const USERS = ['u1', 'u2', 'u3'];
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      k: fc.constant('place' as const),
      u: fc.nat(USERS.length - 1),
      rise: fc.boolean(),
      period: fc.nat(PERIODS.length - 1),
      stake: fc.integer({ min: 0, max: 1200 }),
      price: fc.integer({ min: 9990, max: 10010 }),
      age: fc.integer({ min: 0, max: 6000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ k: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 40_000 }) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant('settle' as const),
      late: fc.integer({ min: 0, max: 8000 }),
      price: fc.integer({ min: 9990, max: 10010 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant('void' as const), through: fc.integer({ min: 0, max: 20_000 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('pool' as const),
      out: fc.boolean(),
      amount: fc.integer({ min: 1, max: 3000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('period' as const),
      period: fc.nat(PERIODS.length - 1),
      enabled: fc.boolean(),
      rate: fc.integer({ min: 1, max: 300 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('retry' as const), back: fc.nat(8) }) },
);

describe('seconds property: invariants at every step', () => {
  it('keeps frozen == open stakes, zero sums, exposure == open payouts <= pool, and replays to the same hash', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 100 }), (steps) => {
        const s = new MoneyState(sha256Hex);
        const sent: Command[] = setupCommands(USERS, '2000');
        for (const c of sent) s.apply(c);
        let now = T0 + 10_000;
        steps.forEach((st, i) => {
          const id = `s${i}`;
          let c: Command | undefined;
          if (st.k === 'wait') {
            now += st.ms;
            return;
          }
          if (st.k === 'retry') {
            const prev = sent[sent.length - 1 - st.back];
            if (prev !== undefined) c = { ...prev, ts: now };
          } else if (st.k === 'place') {
            const u = USERS[st.u] as string;
            const p = PERIODS[st.period] as (typeof PERIODS)[number];
            c = {
              id,
              actor: u,
              ts: now,
              type: 'seconds.place',
              payload: {
                userId: u,
                symbol: 'btcusdt',
                direction: st.rise ? 'rise' : 'fall',
                periodId: p.periodId,
                stake: String(st.stake),
                asset: 'USDT',
                tick: tickOf('btcusdt', now - st.age, st.price),
              },
            };
          } else if (st.k === 'settle') {
            const next = s.seconds.nextExpiries()[0];
            const from = next?.expiresAt ?? now;
            const t = Math.max(from + st.late, now);
            now = t;
            c = {
              id,
              actor: 'system',
              ts: now,
              type: 'seconds.settle',
              payload: { symbol: 'btcusdt', from, tick: tickOf('btcusdt', t, st.price) },
            };
          } else if (st.k === 'void') {
            const next = s.seconds.nextExpiries()[0];
            const from = next?.expiresAt ?? now;
            now = Math.max(now, from + st.through);
            c = {
              id,
              actor: 'system',
              ts: now,
              type: 'seconds.void',
              payload: { symbol: 'btcusdt', from, through: from + st.through },
            };
          } else if (st.k === 'pool') {
            c = {
              id,
              actor: 'op:1',
              ts: now,
              type: 'seconds.pool',
              payload: {
                userId: 'house',
                asset: 'USDT',
                amount: String(st.amount),
                direction: st.out ? 'out' : 'in',
              },
            };
          } else {
            const p = PERIODS[st.period] as (typeof PERIODS)[number];
            c = {
              id,
              actor: 'op:1',
              ts: now,
              type: 'seconds.period',
              payload: { ...p, enabled: st.enabled, rate: (st.rate / 100).toString() },
            };
          }
          if (c === undefined) return;
          sent.push(c);
          s.apply(c);
          expect(s.invariantViolations()).toEqual([]);
        });
        const replay = new MoneyState(sha256Hex);
        const half = Math.floor(sent.length / 2);
        for (const c of sent.slice(0, half)) replay.apply(c);
        const resumed = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(replay.snapshot())), sha256Hex);
        for (const c of sent.slice(half)) {
          replay.apply(c);
          resumed.apply(c);
        }
        expect(replay.stateHash()).toBe(s.stateHash());
        expect(resumed.stateHash()).toBe(s.stateHash());
      }),
      { numRuns: 150 },
    );
  });
});

/** Mulberry32: a small seeded generator, so the session is the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An injected tick record: per symbol, ticks in time order. */
class MemoryTicks implements TickSource {
  readonly bySymbol = new Map<string, SecondsTick[]>();
  add(symbol: string, t: SecondsTick): void {
    let list = this.bySymbol.get(symbol);
    if (!list) {
      list = [];
      this.bySymbol.set(symbol, list);
    }
    list.push(t);
  }
  async firstAtOrAfter(symbol: string, time: number): Promise<SecondsTick | undefined> {
    const list = this.bySymbol.get(symbol) ?? [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((list[mid] as SecondsTick).time < time) lo = mid + 1;
      else hi = mid;
    }
    return list[lo];
  }
}

const atoms = (v: string) => {
  const neg = v.startsWith('-');
  const [i = '0', f = ''] = (neg ? v.slice(1) : v).split('.');
  const a = BigInt(i) * ATOMS + BigInt(f.padEnd(18, '0'));
  return neg ? -a : a;
};

describe('seconds conservation: 10,000 random contracts', () => {
  it('keeps the total, moves the pool by exactly the outcomes, cites the right ticks and replays', async () => {
    const users = Array.from({ length: 100 }, (_, i) => `t${i}`);
    const symbols = ['btcusdt', 'ethusdt'];
    const dir = await mkdtemp(join(tmpdir(), 'seconds-conservation-'));
    dirs.push(dir);
    let now = T0 + 10_000;
    const core = await openMoneyCore({ dir, snapshotEvery: 4000, batchWindowMs: 1, now: () => now });
    for (const c of setupCommands(users, '1000000')) expect((await core.submit(c)).ok).toBe(true);
    const events: CoreEvent[] = [];
    core.subscribe((es) => {
      for (const e of es) if (e.type === 'seconds.order' && e.status !== 'open') events.push(e);
    });
    const random = rng(20261126);
    const ticks = new MemoryTicks();
    const cents = new Map(symbols.map((s) => [s, 10_000_00]));
    const total = 10_000;
    let placed = 0;
    let refused = 0;
    let gapUntil = 0;
    while (placed < total || core.seconds().openCount() > 0) {
      now += 1000;
      // The tick stream: one tick a second per symbol, with outages of 4-12 s now and then.
      if (now >= gapUntil && random() < 0.01) gapUntil = now + 4000 + Math.floor(random() * 8000);
      if (now >= gapUntil) {
        for (const s of symbols) {
          const step = Math.floor(random() * 5) - 2; // -2..2 cents: draws happen
          const c = (cents.get(s) ?? 0) + step;
          cents.set(s, c);
          // Ticks land a little after the second (as a step's do).
          ticks.add(s, tickOf(s, now - Math.floor(random() * 300), c));
        }
      }
      if (placed < total) {
        const batch: Promise<void>[] = [];
        for (let k = 0; k < 12 && placed < total; k++, placed++) {
          const u = users[Math.floor(random() * users.length)] as string;
          const s = symbols[Math.floor(random() * symbols.length)] as string;
          const p = PERIODS[Math.floor(random() * 2)] as (typeof PERIODS)[number];
          const latest = (ticks.bySymbol.get(s) ?? []).at(-1);
          const command: Command = {
            id: `p${placed}`,
            actor: u,
            ts: now,
            type: 'seconds.place',
            payload: {
              userId: u,
              symbol: s,
              direction: random() < 0.5 ? 'rise' : 'fall',
              periodId: p.periodId,
              stake: String(1 + Math.floor(random() * 100)),
              asset: 'USDT',
              tick: latest ?? tickOf(s, now, 1),
            },
          };
          batch.push(
            core.submit(command).then((r) => {
              if (!r.ok) {
                refused += 1;
                // During a tick outage the last tick is stale.
                expect(r.error).toBe('PRICE_STALE');
              }
            }),
          );
        }
        await Promise.all(batch);
      }
      await settleDue(core, ticks, now);
    }
    expect(refused).toBeLessThan(total * 0.2);
    const state = (core as unknown as { state: MoneyState }).state;
    expect(state.invariantViolations()).toEqual([]);
    expect(core.seconds().exposure('USDT')).toBe('0');

    // Every settlement cites the first tick at or after its expiry; a void had none within the tolerance.
    let lostStakes = 0n;
    let wonPayouts = 0n;
    const counts = { won: 0, lost: 0, draw: 0, void: 0 };
    for (const e of events as SecondsOrderEvent[]) {
      const first = await ticks.firstAtOrAfter(e.symbol, e.expiresAt);
      if (e.status === 'void') {
        expect(first === undefined || first.time - e.expiresAt > SECONDS_SETTLE_TOLERANCE_MS).toBe(true);
      } else {
        expect(e.exit).toEqual(first);
        expect((e.exit?.time ?? 0) - e.expiresAt).toBeLessThanOrEqual(SECONDS_SETTLE_TOLERANCE_MS);
        const move = atoms(e.exit?.price ?? '0') - atoms(e.entry.price);
        const want = move === 0n ? 'draw' : move > 0n === (e.direction === 'rise') ? 'won' : 'lost';
        expect(e.status).toBe(want);
      }
      counts[e.status as keyof typeof counts] += 1;
      if (e.status === 'lost') lostStakes += atoms(e.stake);
      if (e.status === 'won') wonPayouts += atoms(e.payout);
      expect(atoms(e.profit)).toBe(
        e.status === 'won' ? atoms(e.payout) : e.status === 'lost' ? -atoms(e.stake) : 0n,
      );
    }
    console.log('seconds conservation:', { placed: total - refused, refused, ...counts });
    expect(events.length).toBe(total - refused);
    for (const k of ['won', 'lost', 'draw', 'void'] as const) expect(counts[k]).toBeGreaterThan(0);
    // The pool moved by exactly the lost stakes minus the won payouts.
    expect(atoms(core.systemBalance('seconds_pool', 'USDT'))).toBe(
      1_000_000n * ATOMS + lostStakes - wonPayouts,
    );
    // Users, house and pool together hold what was deposited.
    let sum = atoms(core.systemBalance('seconds_pool', 'USDT'));
    for (const a of state.userAccounts()) if (a.asset === 'USDT') sum += a.available + a.frozen;
    expect(sum).toBe((10_000_000n + 5000n * BigInt(users.length)) * ATOMS);

    const hash = core.stateHash();
    await core.close();
    const reopened = await openMoneyCore({ dir, now: () => now });
    expect(reopened.stateHash()).toBe(hash);
    await reopened.close();
    const bare = await mkdtemp(join(tmpdir(), 'seconds-conservation-bare-'));
    dirs.push(bare);
    await cp(dir, bare, { recursive: true, filter: (src) => !/snapshot-/.test(src) });
    expect((await readdir(bare)).some((f) => f.startsWith('snapshot-'))).toBe(false);
    const fromEmpty = await openMoneyCore({ dir: bare, snapshotEvery: 0, now: () => now });
    expect(fromEmpty.stateHash()).toBe(hash);
    await fromEmpty.close();
  }, 300_000);
});
