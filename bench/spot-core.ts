// Spot orders through the whole money core without disk (issue 11): `spot.place` / `spot.cancel` commands
// applied to the state machine (MoneyState: sequence, idempotency table with its sha256 digest, the spot
// part, the ledger with its postings, balance, order, trade and depth events), no journal. In the same
// run, the wallet's `transfer` command (spot -> contract and back) through the same state machine is the
// reference, and the ratio is printed. Figures, not pass/fail (DESIGN section 9).
// Run: cd bench && npx tsx spot-core.ts   (BENCH_CORE_ORDERS, default 300,000 commands per run)
//
// Workload (seeded, generated once by a dry run on its own state, then replayed on a fresh one, so the
// timed loop only applies ready-made commands): 1,000 funded users on BTCUSDT (tick 0.01, lot 0.0001),
// a book kept around 2,000 resting orders: ~70 % limit orders near the mid (passive, or aggressive when
// the book is above its target), ~25 % cancels of the user's own open orders, ~5 % market orders.
import { performance } from 'node:perf_hooks';
import { MoneyState } from '@/core/money-state';
import type { Command } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';

const ORDERS = Number(process.env.BENCH_CORE_ORDERS ?? 300_000);
const USERS = 1000;
const RESTING = 2000;
const GOAL_PER_SECOND = 200_000;
const T0 = 1_700_000_000_000;
const MID = 6_000_000; // ticks of 0.01: 60,000.00

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

/** The setup commands (assets, market, funded users) of the workload. */
export function setupCommands(): Command[] {
  return setup().setupCommands;
}

function setup(): { state: MoneyState; setupCommands: Command[] } {
  const setupCommands: Command[] = [];
  let n = 0;
  const c = (type: Command['type'], payload: unknown): Command =>
    ({ id: `setup-${n++}`, actor: 'system', ts: T0, type, payload }) as Command;
  setupCommands.push(c('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000000' }));
  setupCommands.push(c('asset.configure', { asset: 'BTC', decimals: 8, maxAmount: '1000000' }));
  setupCommands.push(
    c('spot.market', {
      symbol: 'btcusdt',
      base: 'BTC',
      quote: 'USDT',
      priceDecimals: 2,
      qtyDecimals: 4,
      minQty: '0.0001',
      minNotional: '1',
      makerFeeRate: '0.001',
      takerFeeRate: '0.002',
      marketProtection: '0.05',
      status: 'trading',
    }),
  );
  for (let u = 0; u < USERS; u++) {
    setupCommands.push(
      c('deposit.credit', { userId: `u${u}`, asset: 'USDT', amount: '1000000000', ref: `usdt-${u}` }),
    );
    setupCommands.push(
      c('deposit.credit', { userId: `u${u}`, asset: 'BTC', amount: '10000', ref: `btc-${u}` }),
    );
  }
  const state = new MoneyState(sha256Hex);
  for (const cmd of setupCommands) {
    const r = state.apply(cmd).result;
    if (!r.ok) throw new Error(`setup ${cmd.type}: ${r.error}`);
  }
  return { state, setupCommands };
}

/** Canonical decimal of `units` / 10^places (no trailing zeros), as the core requires. */
function decimal(units: number, places: number): string {
  const scale = 10 ** places;
  const frac = String(units % scale)
    .padStart(places, '0')
    .replace(/0+$/, '');
  return frac === '' ? String(Math.floor(units / scale)) : `${Math.floor(units / scale)}.${frac}`;
}
const price = (ticks: number) => decimal(ticks, 2);
const qty = (lots: number) => decimal(lots, 4);

/** Dry run: builds the spot commands on a state of their own, tracking each user's open orders. */
export function generate(count: number): Command[] {
  const { state } = setup();
  const rnd = prng(0x5907);
  const out: Command[] = [];
  const open: string[][] = Array.from({ length: USERS }, () => []);
  let resting = 0;
  for (let i = 0; i < count + RESTING; i++) {
    const r = rnd();
    const kind = i < RESTING ? 'limit' : r < 0.7 ? 'limit' : r < 0.95 ? 'cancel' : 'market';
    let u = Math.floor(rnd() * USERS);
    // A cancel goes to a user with open orders (a few tries).
    for (let k = 0; kind === 'cancel' && k < 16 && (open[u] as string[]).length === 0; k++) {
      u = Math.floor(rnd() * USERS);
    }
    const userId = `u${u}`;
    const base = { id: `s-${i}`, actor: userId, ts: T0 + 1 + (i >> 4) };
    const side = rnd() < 0.5 ? 'buy' : 'sell';
    let cmd: Command;
    const mine = open[u] as string[];
    if (kind === 'cancel' && mine.length > 0) {
      const at = Math.floor(rnd() * mine.length);
      const orderId = mine[at] as string;
      cmd = { ...base, type: 'spot.cancel', payload: { userId, symbol: 'btcusdt', orderId } };
    } else if (kind === 'market') {
      const lots = 1 + Math.floor(rnd() * 20);
      cmd = {
        ...base,
        type: 'spot.place',
        payload: { userId, symbol: 'btcusdt', side, type: 'market', quantity: qty(lots * 10) },
      };
    } else {
      const aggressive =
        i >= RESTING && rnd() < Math.min(0.9, Math.max(0.05, 0.3 + ((resting - RESTING) / RESTING) * 8));
      const offset = Math.floor(rnd() * rnd() * 60);
      let ticks: number;
      let lots: number;
      if (aggressive) {
        ticks = side === 'buy' ? MID + 1 + (offset % 4) : MID - 1 - (offset % 4);
        lots = 5 + Math.floor(rnd() * 40);
      } else {
        ticks = side === 'buy' ? MID - 1 - offset : MID + 1 + offset;
        lots = 1 + Math.floor(rnd() * 10);
      }
      cmd = {
        ...base,
        type: 'spot.place',
        payload: {
          userId,
          symbol: 'btcusdt',
          side,
          type: 'limit',
          price: price(ticks),
          quantity: qty(lots * 10),
        },
      };
    }
    const res = state.apply(cmd).result;
    if (!res.ok) throw new Error(`dry run ${cmd.type}: ${res.error}`);
    // Track open orders from the events: every order the command touched, with its state after it.
    for (const e of res.events) {
      if (e.type !== 'spot.order') continue;
      const list = open[Number(e.userId.slice(1))] as string[];
      const at = list.indexOf(e.orderId);
      if (e.status === 'open' && at < 0) {
        list.push(e.orderId);
        resting++;
      } else if (e.status !== 'open' && at >= 0) {
        list.splice(at, 1);
        resting--;
      }
    }
    out.push(cmd);
  }
  return out;
}

/**
 * The reference: wallet transfers spot -> contract and back through the same state machine, each user's
 * pair in a row (the even command moves to contract, the next one moves it back), so every one succeeds.
 */
function transfers(count: number): Command[] {
  return Array.from({ length: count }, (_, i): Command => {
    const userId = `u${(i >> 1) % USERS}`;
    return {
      id: `t-${i}`,
      actor: userId,
      ts: T0 + 1 + (i >> 4),
      type: 'transfer',
      payload: {
        userId,
        asset: 'USDT',
        amount: '1.25',
        from: i % 2 === 0 ? 'spot' : 'contract',
        to: i % 2 === 0 ? 'contract' : 'spot',
      },
    };
  });
}

interface Run {
  /** Commands per wall-clock second. */
  perSecond: number;
  /** Commands per second of this process's CPU time (user + system): what a busy shared machine blurs least. */
  perCpuSecond: number;
  ms: number;
  ok: number;
  events: number;
}

function timed(commands: Command[], from: number): Run {
  const { state } = setup();
  for (let i = 0; i < from; i++) state.apply(commands[i] as Command);
  let ok = 0;
  let events = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = from; i < commands.length; i++) {
    const r = state.apply(commands[i] as Command).result;
    if (r.ok) {
      ok++;
      events += r.events.length;
    }
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const problems = state.invariantViolations();
  if (problems.length > 0) throw new Error(`invariants: ${problems.slice(0, 3).join('; ')}`);
  const n = commands.length - from;
  return { perSecond: (n / ms) * 1000, perCpuSecond: (n / cpuMs) * 1000, ms, ok, events };
}

function fmt(n: number): string {
  return n.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function main(): void {
  console.log(
    `spot orders through the money core (MoneyState.apply, no journal), ${fmt(ORDERS)} commands per run`,
  );
  const spot = generate(ORDERS);
  let places = 0;
  let cancels = 0;
  let markets = 0;
  for (let i = RESTING; i < spot.length; i++) {
    const c = spot[i] as Command;
    if (c.type === 'spot.cancel') cancels++;
    else if (c.type === 'spot.place' && c.payload.type === 'market') markets++;
    else places++;
  }
  const reference = transfers(ORDERS);
  // Warm-up of both paths, then alternating measured runs; the best of each is reported.
  timed(spot.slice(0, RESTING + 50_000), RESTING);
  timed(reference.slice(0, 50_000), 0);
  const runs = 2;
  const none: Run = { perSecond: 0, perCpuSecond: 0, ms: 0, ok: 0, events: 0 };
  let best = none;
  let bestRef = none;
  for (let r = 0; r < runs; r++) {
    const s = timed(spot, RESTING);
    if (s.perCpuSecond > best.perCpuSecond) best = s;
    const t = timed(reference, 0);
    if (t.perCpuSecond > bestRef.perCpuSecond) bestRef = t;
  }
  console.log(
    `  spot.place/cancel ${fmt(best.perSecond).padStart(10)} cmd/s wall, ${fmt(best.perCpuSecond).padStart(10)} per CPU s   ` +
      `(${fmt(ORDERS)} in ${best.ms.toFixed(0)} ms; limit ${fmt(places)}, cancel ${fmt(cancels)}, market ` +
      `${fmt(markets)}; ${fmt(best.ok)} ok, ${(best.events / Math.max(1, best.ok)).toFixed(1)} events per command; ` +
      `after ${fmt(RESTING)} resting)`,
  );
  console.log(
    `  wallet transfer   ${fmt(bestRef.perSecond).padStart(10)} cmd/s wall, ${fmt(bestRef.perCpuSecond).padStart(10)} per CPU s   ` +
      `(reference, ${fmt(ORDERS)} in ${bestRef.ms.toFixed(0)} ms; ${fmt(bestRef.ok)} ok, ` +
      `${(bestRef.events / Math.max(1, bestRef.ok)).toFixed(1)} events per command)`,
  );
  console.log(
    `  ratio spot / transfer ${(best.perSecond / bestRef.perSecond).toFixed(2)} wall, ` +
      `${(best.perCpuSecond / bestRef.perCpuSecond).toFixed(2)} CPU; goal >= ${fmt(GOAL_PER_SECOND)} orders/s: ` +
      `${best.perSecond >= GOAL_PER_SECOND ? 'met' : 'MISSED'} (best of ${runs} runs each; invariants checked after each run)`,
  );
}

// Run as a script (perf-callgrind.ts imports the workload without running it).
if (process.argv[1]?.endsWith('spot-core.ts')) main();
