// Golden test of the money core's semantics (issue 11, speed work): a fixed, seeded workload of wallet,
// referral and spot commands (limit, market by quantity and by quote amount, IOC, FOK, post-only, client
// order ids, cancels by id and by client id, self-trades, retries, reused ids with another payload, stale
// commands, ids used again after their window) goes through MoneyState.apply. The final state hash, the
// number of events, and digests of every result and every event are pinned: an optimisation of the hot
// path must not change a single byte of what the core decides or reports. Replaying the same commands
// from the journal (with group commit, and from a snapshot) must reproduce the pinned hash.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '@/core/canonical-json';
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult } from '@/core/types';
import { openMoneyCore, sha256Hex } from '@/journal/money-core';

const T0 = 1_700_000_000_000;
const USERS = 40;
const MID = 6_000_000;

// The pinned figures (recompute only for an intended change of semantics, and say so in the commit).
const GOLDEN = {
  commands: 6134,
  events: 40638,
  stateHash: '603101c388b76bfb2365326865d9fb5539cebf94c8b54675fb5295a76698f260',
  resultsDigest: '60e185b58c33690ae038c2b77f144263b9b9ca3a63ee49675b8d783f4d4df98c',
  eventsDigest: '57c046364138f4f4b7c50d1bcdf93678f26a9bc35aa1806400128ba6d423c2e1',
};

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

function decimal(units: number, places: number): string {
  const scale = 10 ** places;
  const frac = String(units % scale)
    .padStart(places, '0')
    .replace(/0+$/, '');
  return frac === '' ? String(Math.floor(units / scale)) : `${Math.floor(units / scale)}.${frac}`;
}

/** The workload: the same commands on every run (no clock, no randomness but the seeded one). */
function goldenWorkload(): Command[] {
  const out: Command[] = [];
  let n = 0;
  let ts = T0;
  const c = (type: string, actor: string, payload: unknown, id = `g-${n++}`): Command =>
    ({ id, actor, ts, type, payload }) as Command;
  out.push(c('asset.configure', 'system', { asset: 'USDT', decimals: 6, maxAmount: '100000000000' }));
  out.push(c('asset.configure', 'system', { asset: 'BTC', decimals: 8, maxAmount: '1000000' }));
  out.push(
    c('spot.market', 'system', {
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
  out.push(c('referral.configure', 'system', { shares: ['0.2', '0.1'] }));
  for (let u = 0; u < USERS; u++) {
    out.push(
      c('deposit.credit', 'system', { userId: `u${u}`, asset: 'USDT', amount: '5000000', ref: `d${u}` }),
    );
    out.push(c('deposit.credit', 'system', { userId: `u${u}`, asset: 'BTC', amount: '100.5', ref: `b${u}` }));
    if (u >= 2)
      out.push(c('referral.link', 'system', { userId: `u${u}`, parentId: `u${u % 3 === 0 ? 0 : 1}` }));
    if (u >= 4 && u % 4 === 0)
      out.push(c('referral.link', 'system', { userId: `u1`, parentId: 'u0' }, `link-${u}`));
  }
  const rnd = prng(0x601d);
  const cids: string[][] = Array.from({ length: USERS }, () => []);
  const sent: Command[] = [];
  for (let i = 0; i < 6000; i++) {
    // Time moves on: mostly slowly, sometimes by minutes (spot ids leave their 5 min window).
    ts += i % 1500 === 1499 ? 6 * 60_000 : Math.floor(rnd() * 40);
    const u = Math.floor(rnd() * USERS);
    const userId = `u${u}`;
    const r = rnd();
    const side = rnd() < 0.5 ? 'buy' : 'sell';
    let cmd: Command;
    if (r < 0.02 && sent.length > 0) {
      // A retry (same id and payload; within or beyond its window), or a reused id with another payload.
      const old = sent[Math.floor(rnd() * sent.length)] as Command;
      cmd =
        rnd() < 0.7
          ? { ...old, ts }
          : ({ ...old, ts, payload: { ...(old.payload as object), userId: 'u0' } } as Command);
    } else if (r < 0.025) {
      // A stale command (older than the spot window).
      cmd = c('spot.place', userId, {
        userId,
        symbol: 'btcusdt',
        side,
        type: 'limit',
        price: decimal(MID, 2),
        quantity: '0.01',
      });
      cmd = { ...cmd, ts: ts - 10 * 60_000 };
    } else if (r < 0.05) {
      cmd = c('transfer', userId, {
        userId,
        asset: 'USDT',
        amount: '1.25',
        from: i % 2 === 0 ? 'spot' : 'contract',
        to: i % 2 === 0 ? 'contract' : 'spot',
      });
    } else if (r < 0.25) {
      // Cancel: by client id when the user has one, else by an order id near the recent ones.
      const mine = cids[u] as string[];
      if (mine.length > 0 && rnd() < 0.5) {
        const cid = mine.splice(Math.floor(rnd() * mine.length), 1)[0] as string;
        cmd = c('spot.cancel', userId, { userId, symbol: 'btcusdt', clientOrderId: cid });
      } else {
        const back = 1 + Math.floor(rnd() * 200);
        cmd = c('spot.cancel', userId, {
          userId,
          symbol: 'btcusdt',
          orderId: String(Math.max(1, out.length - back)),
        });
      }
    } else if (r < 0.3) {
      const byQuote = side === 'buy' && rnd() < 0.5;
      cmd = c('spot.place', userId, {
        userId,
        symbol: 'btcusdt',
        side,
        type: 'market',
        ...(byQuote
          ? { quoteQuantity: decimal(1000 + Math.floor(rnd() * 5_000_000), 2) }
          : { quantity: decimal(1 + Math.floor(rnd() * 300), 4) }),
      });
    } else {
      const aggressive = rnd() < 0.3;
      const offset = Math.floor(rnd() * rnd() * 80);
      const ticks = aggressive
        ? side === 'buy'
          ? MID + (offset % 5)
          : MID - (offset % 5)
        : side === 'buy'
          ? MID - 1 - offset
          : MID + 1 + offset;
      const t = rnd();
      const tif = t < 0.7 ? undefined : t < 0.8 ? 'IOC' : t < 0.9 ? 'FOK' : 'POST_ONLY';
      const withCid = rnd() < 0.3;
      const cid = withCid ? `c${u}-${i % 97}` : undefined;
      if (cid !== undefined) (cids[u] as string[]).push(cid);
      cmd = c('spot.place', userId, {
        userId,
        symbol: 'btcusdt',
        side,
        type: 'limit',
        price: decimal(ticks, 2),
        quantity: decimal(1 + Math.floor(rnd() * 400), 4),
        ...(tif === undefined ? {} : { timeInForce: tif }),
        ...(cid === undefined ? {} : { clientOrderId: cid }),
      });
    }
    sent.push(cmd);
    out.push(cmd);
  }
  // A few bad inputs: each refused, nothing changes but the seq.
  out.push(
    c('spot.place', 'u3', {
      userId: 'u3',
      symbol: 'nope',
      side: 'buy',
      type: 'limit',
      price: '1',
      quantity: '1',
    }),
  );
  out.push(
    c('spot.place', 'u3', {
      userId: 'u3',
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '1.001',
      quantity: '1',
    }),
  );
  out.push(
    c('spot.place', 'u3', {
      userId: 'u3',
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '60000',
      quantity: '100000',
    }),
  );
  return out;
}

interface Run {
  state: MoneyState;
  events: number;
  resultsDigest: string;
  eventsDigest: string;
}

function run(commands: Command[]): Run {
  const state = new MoneyState(sha256Hex);
  const results = createHash('sha256');
  const events = createHash('sha256');
  let count = 0;
  for (const cmd of commands) {
    const { result, fresh } = state.apply(cmd);
    const { events: evs, ...rest } = result as CommandResult & { events?: unknown[] };
    results.update(`${canonicalJson({ fresh, ...rest })}\n`);
    if (fresh && result.ok) {
      for (const e of result.events) events.update(`${canonicalJson(e)}\n`);
      count += result.events.length;
    }
  }
  return { state, events: count, resultsDigest: results.digest('hex'), eventsDigest: events.digest('hex') };
}

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('money core golden workload', () => {
  const commands = goldenWorkload();

  it('gives the pinned state hash, results and events', () => {
    const r = run(commands);
    expect(r.state.invariantViolations()).toEqual([]);
    const figures = {
      commands: commands.length,
      events: r.events,
      stateHash: r.state.stateHash(),
      resultsDigest: r.resultsDigest,
      eventsDigest: r.eventsDigest,
    };
    expect(figures).toEqual(GOLDEN);
  });

  it('replays from the journal (group commit, snapshots) to the pinned hash', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'core-golden-'));
    dirs.push(dir);
    const now = () => T0 + 10 * 24 * 3600_000;
    const live = await openMoneyCore({ dir, groupCommit: true, batchWindowMs: 1, snapshotEvery: 2500, now });
    // Batches of concurrent submits; a command whose id was seen before waits until everything before it
    // is applied (the sequencer answers a retry at submit time, from the state as it is then).
    const seen = new Set<string>();
    let batch: Promise<unknown>[] = [];
    for (const cmd of commands) {
      if (seen.has(cmd.id) || batch.length === 500) {
        await Promise.all(batch);
        batch = [];
      }
      seen.add(cmd.id);
      batch.push(live.submit(cmd));
    }
    await Promise.all(batch);
    expect(live.stateHash()).toBe(GOLDEN.stateHash);
    await live.snapshotSettled();
    await live.close();
    const replayed = await openMoneyCore({ dir, now });
    expect(replayed.stateHash()).toBe(GOLDEN.stateHash);
    await replayed.close();
  });
});
