// Spot trading through the whole money core:
// - property (fast-check): random orders, cancels, transfers and retries by a few users keep every
//   invariant after EVERY step (zero sum per asset, no negative balance, frozen == the open orders'
//   holds, books consistent and never crossed), and replay from empty and from a snapshot gives the same
//   hash;
// - conservation: a seeded session of 100,000 orders and cancels by 200 users on three markets, through
//   the journaled runtime with snapshots, keeps every asset's total (users plus fee accounts) equal to
//   what was deposited; replaying the journal from empty and from its snapshots gives the same state hash.
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MoneyState } from '@/core/money-state';
import type { Command } from '@/core/types';
import { openMoneyCore, sha256Hex } from '@/journal/money-core';

const T0 = 1_700_000_000_000;
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

function setupCommands(users: string[], markets: [string, string, number, number][]): Command[] {
  const out: Command[] = [];
  let i = 0;
  const c = (type: Command['type'], payload: unknown) =>
    out.push({ id: `setup-${i++}`, actor: 'system', ts: T0, type, payload } as Command);
  c('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000' });
  for (const [base] of markets) c('asset.configure', { asset: base, decimals: 8, maxAmount: '1000000' });
  for (const [base, symbol, pd, qd] of markets) {
    c('spot.market', {
      symbol,
      base,
      quote: 'USDT',
      priceDecimals: pd,
      qtyDecimals: qd,
      minQty: (10 ** -qd).toFixed(qd),
      minNotional: '0',
      makerFeeRate: '0.001',
      takerFeeRate: '0.0015',
      marketProtection: '0.1',
      status: 'trading',
    });
  }
  for (const u of users) {
    c('deposit.credit', { userId: u, asset: 'USDT', amount: '100000', ref: `o-${u}` });
    for (const [base] of markets)
      c('deposit.credit', { userId: u, asset: base, amount: '1000', ref: `o-${u}-${base}` });
  }
  return out;
}

const USERS = ['u1', 'u2', 'u3', 'u4'];
const MARKETS: [string, string, number, number][] = [
  ['AAA', 'aaausdt', 2, 2],
  ['BBB', 'bbbusdt', 1, 3],
];

type Step =
  | {
      k: 'limit';
      u: number;
      m: number;
      buy: boolean;
      price: number;
      qty: number;
      tif: string;
      cid: number | null;
    }
  | { k: 'market'; u: number; m: number; buy: boolean; qty: number; quote: boolean }
  | { k: 'cancel'; u: number; m: number; back: number; byClient: boolean }
  | { k: 'transfer'; u: number; amount: number }
  | { k: 'retry'; back: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      k: fc.constant('limit' as const),
      u: fc.nat(USERS.length - 1),
      m: fc.nat(MARKETS.length - 1),
      buy: fc.boolean(),
      price: fc.integer({ min: 90, max: 110 }),
      qty: fc.integer({ min: 1, max: 400 }),
      tif: fc.constantFrom('GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY'),
      cid: fc.option(fc.nat(5), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('market' as const),
      u: fc.nat(USERS.length - 1),
      m: fc.nat(MARKETS.length - 1),
      buy: fc.boolean(),
      qty: fc.integer({ min: 1, max: 800 }),
      quote: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('cancel' as const),
      u: fc.nat(USERS.length - 1),
      m: fc.nat(MARKETS.length - 1),
      back: fc.nat(30),
      byClient: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('transfer' as const),
      u: fc.nat(USERS.length - 1),
      amount: fc.integer({ min: 1, max: 50000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('retry' as const), back: fc.nat(10) }) },
);

describe('spot property: invariants at every step', () => {
  it('keeps frozen == open orders, zero sums and sane books, and replays to the same hash', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 120 }), (steps) => {
        const s = new MoneyState(sha256Hex);
        const sent: Command[] = setupCommands(USERS, MARKETS);
        for (const c of sent) s.apply(c);
        const placed: { seq: number; u: string; symbol: string; cid: string | null }[] = [];
        let ts = T0 + 1;
        steps.forEach((st, i) => {
          let c: Command;
          const id = `s${i}`;
          if (st.k === 'retry') {
            const prev = sent[sent.length - 1 - st.back];
            if (prev === undefined) return;
            c = { ...prev, ts: ts++ };
          } else if (st.k === 'transfer') {
            const u = USERS[st.u] as string;
            c = {
              id,
              actor: u,
              ts: ts++,
              type: 'transfer',
              payload: { userId: u, asset: 'USDT', amount: String(st.amount), from: 'spot', to: 'contract' },
            };
          } else if (st.k === 'cancel') {
            const mine = placed.filter((p) => p.u === USERS[st.u]);
            const target = mine[mine.length - 1 - (st.back % Math.max(1, mine.length))];
            const u = USERS[st.u] as string;
            const symbol = target?.symbol ?? (MARKETS[st.m] as [string, string, number, number])[1];
            const by =
              st.byClient && target?.cid
                ? { clientOrderId: target.cid }
                : { orderId: String(target?.seq ?? 1) };
            c = { id, actor: u, ts: ts++, type: 'spot.cancel', payload: { userId: u, symbol, ...by } };
          } else {
            const [, symbol, pd, qd] = MARKETS[st.m] as [string, string, number, number];
            const u = USERS[st.u] as string;
            const qty = (st.qty / 10 ** qd).toFixed(qd).replace(/\.?0+$/, '');
            if (st.k === 'limit') {
              const price = (st.price / 10 ** Math.min(pd, 1)).toFixed(pd).replace(/\.?0+$/, '');
              const cid = st.cid === null ? undefined : `c${st.cid}`;
              c = {
                id,
                actor: u,
                ts: ts++,
                type: 'spot.place',
                payload: {
                  userId: u,
                  symbol,
                  side: st.buy ? 'buy' : 'sell',
                  type: 'limit',
                  price,
                  quantity: qty,
                  timeInForce: st.tif as 'GTC',
                  ...(cid ? { clientOrderId: cid } : {}),
                },
              };
            } else {
              c = {
                id,
                actor: u,
                ts: ts++,
                type: 'spot.place',
                payload:
                  st.quote && st.buy
                    ? { userId: u, symbol, side: 'buy', type: 'market', quoteQuantity: String(st.qty) }
                    : { userId: u, symbol, side: st.buy ? 'buy' : 'sell', type: 'market', quantity: qty },
              };
            }
          }
          sent.push(c);
          const { result } = s.apply(c);
          if (c.type === 'spot.place' && result.ok) {
            const p = c.payload;
            placed.push({ seq: result.seq, u: p.userId, symbol: p.symbol, cid: p.clientOrderId ?? null });
          }
          expect(s.invariantViolations()).toEqual([]);
        });
        // Replay from empty and from a snapshot half-way.
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

describe('spot conservation: 100,000 orders and cancels by 200 users', () => {
  it('keeps every asset total, fees included, and replays to the same hash', async () => {
    const users = Array.from({ length: 200 }, (_, i) => `t${i}`);
    const markets: [string, string, number, number][] = [
      ['XAA', 'xaausdt', 2, 3],
      ['XBB', 'xbbusdt', 3, 2],
      ['XCC', 'xccusdt', 1, 4],
    ];
    const dir = await mkdtemp(join(tmpdir(), 'spot-conservation-'));
    dirs.push(dir);
    const core = await openMoneyCore({
      dir,
      snapshotEvery: 20_000,
      batchWindowMs: 1,
      now: () => T0 + 10_000_000,
    });
    for (const c of setupCommands(users, markets)) expect((await core.submit(c)).ok).toBe(true);
    const random = rng(20261123);
    const open: { id: string; u: string; symbol: string }[] = [];
    let accepted = 0;
    const refused = new Map<string, number>();
    const total = 100_000;
    const batch: Promise<unknown>[] = [];
    for (let i = 0; i < total; i++) {
      const u = users[Math.floor(random() * users.length)] as string;
      const [, symbol, pd, qd] = markets[Math.floor(random() * markets.length)] as [
        string,
        string,
        number,
        number,
      ];
      let c: Command;
      const r = random();
      if (r < 0.25 && open.length > 0) {
        const k = Math.floor(random() * open.length);
        const target = open[k] as { id: string; u: string; symbol: string };
        open[k] = open[open.length - 1] as { id: string; u: string; symbol: string };
        open.pop();
        c = {
          id: `x${i}`,
          actor: target.u,
          ts: T0 + i,
          type: 'spot.cancel',
          payload: { userId: target.u, symbol: target.symbol, orderId: target.id },
        };
      } else if (r < 0.3) {
        const buy = random() < 0.5;
        c = {
          id: `x${i}`,
          actor: u,
          ts: T0 + i,
          type: 'spot.place',
          payload: buy
            ? {
                userId: u,
                symbol,
                side: 'buy',
                type: 'market',
                quoteQuantity: String(1 + Math.floor(random() * 500)),
              }
            : {
                userId: u,
                symbol,
                side: 'sell',
                type: 'market',
                quantity: (Math.floor(1 + random() * 500) / 10 ** qd).toFixed(qd),
              },
        };
      } else {
        const buy = random() < 0.5;
        // Prices near a mid of 100 so that about half the limit orders cross.
        const ticks = Math.round((100 + (random() - 0.5) * 6 + (buy ? -0.5 : 0.5)) * 10 ** pd);
        c = {
          id: `x${i}`,
          actor: u,
          ts: T0 + i,
          type: 'spot.place',
          payload: {
            userId: u,
            symbol,
            side: buy ? 'buy' : 'sell',
            type: 'limit',
            price: (ticks / 10 ** pd).toFixed(pd),
            quantity: (Math.floor(1 + random() * 300) / 10 ** qd).toFixed(qd),
          },
        };
      }
      // Canonical decimals (no trailing zeros).
      const p = (c as { payload: Record<string, unknown> }).payload;
      for (const k of ['price', 'quantity'])
        if (typeof p[k] === 'string')
          p[k] = String(p[k])
            .replace(/(\.\d*?)0+$/, '$1')
            .replace(/\.$/, '');
      batch.push(
        core.submit(c).then((res) => {
          if (res.ok) accepted += 1;
          else refused.set(res.error, (refused.get(res.error) ?? 0) + 1);
          if (res.ok && c.type === 'spot.place' && res.reply?.status === 'open')
            open.push({ id: String(res.reply.orderId), u: c.payload.userId, symbol: c.payload.symbol });
        }),
      );
      if (batch.length >= 512) await Promise.all(batch.splice(0));
    }
    await Promise.all(batch);
    // Refusals are cancels of orders that filled meanwhile and orders beyond a user's balance.
    console.log('spot conservation: accepted', accepted, 'refused', Object.fromEntries(refused));
    expect(
      [...refused.keys()].every((e) =>
        ['ORDER_NOT_FOUND', 'INSUFFICIENT_BALANCE', 'NO_LIQUIDITY'].includes(e),
      ),
    ).toBe(true);
    expect(accepted).toBeGreaterThan(total * 0.75);
    const state = (core as unknown as { state: MoneyState }).state;
    expect(state.invariantViolations()).toEqual([]);
    // Per asset: users' balances plus the fee accounts equal what was deposited.
    for (const asset of ['USDT', 'XAA', 'XBB', 'XCC']) {
      let sum = 0n;
      for (const a of state.userAccounts()) if (a.asset === asset) sum += a.available + a.frozen;
      for (const sys of state.systemAccounts()) {
        if (sys.asset === asset && (sys.name === 'fee_revenue' || sys.name === 'security_fund'))
          sum += sys.balance;
      }
      const deposited = BigInt(users.length) * (asset === 'USDT' ? 100_000n : 1000n) * 10n ** 18n;
      expect(sum, asset).toBe(deposited);
      expect(BigInt(core.systemBalance('fee_revenue', asset).split('.')[0] ?? '0')).toBeGreaterThanOrEqual(
        0n,
      );
    }
    // Fees were charged (the session traded), 10 % of them to the security fund.
    expect(BigInt(core.systemBalance('security_fund', 'USDT').replace('.', ''))).toBeGreaterThan(0n);
    const hash = core.stateHash();
    await core.close();
    // Replay from the newest snapshot plus the journal tail.
    const reopened = await openMoneyCore({ dir, now: () => T0 + 10_000_000 });
    expect(reopened.stateHash()).toBe(hash);
    await reopened.close();
    // Replay of the whole journal from empty: the same folder without its snapshots.
    const bare = await mkdtemp(join(tmpdir(), 'spot-conservation-bare-'));
    dirs.push(bare);
    await cp(dir, bare, { recursive: true, filter: (src) => !/snapshot-/.test(src) });
    expect((await readdir(bare)).some((f) => f.startsWith('snapshot-'))).toBe(false);
    const fromEmpty = await openMoneyCore({ dir: bare, snapshotEvery: 0, now: () => T0 + 10_000_000 });
    expect(fromEmpty.stateHash()).toBe(hash);
    await fromEmpty.close();
  }, 300_000);
});
