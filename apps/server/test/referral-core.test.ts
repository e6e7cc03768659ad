// The referral part of the money core (core/referral) and the one fee split every product posts through:
// - links: once, idempotent, no self-link, no cycle; configure: at most 90 % together;
// - a core with no referral commands has no referral section and posts fees exactly 90/10 as before;
// - property (fast-check): over random spot trading, swaps and withdrawals by a three-level tree, every
//   rebate equals the configured share of the fee its payer was charged (recomputed independently from
//   the trade events, swap replies and withdrawal holds), rebates come out of fee revenue (fee revenue +
//   security fund + rebates = every fee), the fund gets its 10 %, every asset sums to zero, and replay
//   from empty and from a snapshot gives the same state hash.

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Amount, formatAmount, mul, parseAmount, roundTo, splitByRatio } from '@coin/shared/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult, CoreEvent } from '@/core/types';
import { openMoneyCore, sha256Hex } from '@/journal/money-core';

const T0 = 1_700_000_000_000;
const SHARES = ['0.2', '0.1', '0.05'] as const;
const USDT_DECIMALS = 6;
const AAA_DECIMALS = 8;

let n = 0;
const cmd = (type: Command['type'], payload: unknown, actor = 'system'): Command =>
  ({ id: `c-${n++}`, actor, ts: T0 + n, type, payload }) as Command;

function applyAll(state: MoneyState, commands: Command[]): CommandResult[] {
  return commands.map((c) => state.apply(c).result);
}

describe('referral links and shares', () => {
  it('links once, idempotently, refusing self-links, second parents and cycles', () => {
    const s = new MoneyState(sha256Hex);
    const ok = (c: Command) => expect(s.apply(c).result.ok, JSON.stringify(c)).toBe(true);
    const refused = (c: Command, error: string) => {
      const r = s.apply(c).result;
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBe(error);
    };
    ok(cmd('referral.link', { userId: 'b', parentId: 'a' }));
    ok(cmd('referral.link', { userId: 'c', parentId: 'b' }));
    // The same link again (a new id: after the idempotency window) changes nothing and is accepted.
    ok(cmd('referral.link', { userId: 'c', parentId: 'b' }));
    refused(cmd('referral.link', { userId: 'c', parentId: 'a' }), 'INVALID_COMMAND');
    refused(cmd('referral.link', { userId: 'd', parentId: 'd' }), 'INVALID_COMMAND');
    refused(cmd('referral.link', { userId: 'a', parentId: 'c' }), 'INVALID_COMMAND');
    refused(cmd('referral.link', { userId: '', parentId: 'c' }), 'INVALID_COMMAND');
    expect([s.referralParent('b'), s.referralParent('c'), s.referralParent('a')]).toEqual([
      'a',
      'b',
      undefined,
    ]);

    refused(cmd('referral.configure', { shares: ['0.5', '0.3', '0.2'] }), 'INVALID_AMOUNT');
    refused(cmd('referral.configure', { shares: ['0.20', '0.1'] }), 'INVALID_AMOUNT');
    refused(cmd('referral.configure', { shares: ['0.1', '0.1', '0.1', '0.1'] }), 'INVALID_COMMAND');
    expect(s.referralShares()).toEqual([]);
    ok(cmd('referral.configure', { shares: ['0.5', '0.4', '0'] }));
    expect(s.referralShares()).toEqual(['0.5', '0.4']);
    ok(cmd('referral.configure', { shares: [...SHARES] }));
    expect(s.referralShares()).toEqual([...SHARES]);
    expect(s.invariantViolations()).toEqual([]);

    // The chain and shares survive a snapshot.
    const restored = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(s.snapshot())), sha256Hex);
    expect(restored.stateHash()).toBe(s.stateHash());
    expect(restored.referralParent('c')).toBe('b');
  });

  it("without referral commands: no snapshot section and the first release's 90/10 postings", () => {
    const s = new MoneyState(sha256Hex);
    applyAll(s, [
      cmd('asset.configure', { asset: 'USDT', decimals: USDT_DECIMALS, maxAmount: '100000000' }),
      cmd('deposit.credit', { userId: 'u', asset: 'USDT', amount: '100', ref: 'd' }),
      cmd('withdraw.freeze', {
        userId: 'u',
        asset: 'USDT',
        amount: '10',
        fee: '1.234567',
        withdrawalId: 'w',
      }),
    ]);
    const done = s.apply(cmd('withdraw.complete', { withdrawalId: 'w', decimals: USDT_DECIMALS })).result;
    // The section is absent from the snapshot as written and hashed (JSON drops it), so old hashes stay.
    const written = JSON.parse(JSON.stringify(s.snapshot())) as { parts: Record<string, unknown> };
    expect(Object.keys(written.parts).sort()).toEqual(['spot', 'wallet']);
    const postings = done.ok ? done.events.find((e) => e.type === 'postings') : undefined;
    const [revenue = 0n, fund = 0n] = splitByRatio(parseAmount('1.234567'), [9n, 1n], USDT_DECIMALS);
    expect([formatAmount(revenue as Amount), formatAmount(fund as Amount)]).toEqual(['1.111111', '0.123456']);
    expect(postings?.type === 'postings' ? postings.postings.map((p) => [p.account, p.delta]) : []).toEqual([
      [{ kind: 'user', userId: 'u', accountType: 'spot' }, '-11.234567'],
      [{ kind: 'system', name: 'withdrawal_clearing' }, '10'],
      [{ kind: 'system', name: 'fee_revenue' }, '1.111111'],
      [{ kind: 'system', name: 'security_fund' }, '0.123456'],
    ]);
    expect(done.ok && done.events.some((e) => e.type === 'referral.rebate')).toBe(false);
  });
});

// ---- the conservation property ----

// A three-level tree below a root, plus users outside it: r <- a1, a2 <- b1 (of a1), b2 (of a2) <- c1 (of b1).
const TREE: Record<string, string> = { a1: 'r', a2: 'r', b1: 'a1', b2: 'a2', c1: 'b1', c2: 'b1' };
const USERS = ['r', 'a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'x1', 'x2'];

type Step =
  | { k: 'limit'; u: number; buy: boolean; price: number; qty: number }
  | { k: 'market'; u: number; buy: boolean; qty: number }
  | { k: 'swap'; u: number; amount: number }
  | { k: 'withdraw'; u: number; amount: number; fee: number; complete: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      k: fc.constant('limit' as const),
      u: fc.nat(USERS.length - 1),
      buy: fc.boolean(),
      price: fc.integer({ min: 95, max: 105 }),
      qty: fc.integer({ min: 1, max: 5000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('market' as const),
      u: fc.nat(USERS.length - 1),
      buy: fc.boolean(),
      qty: fc.integer({ min: 1, max: 5000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('swap' as const),
      u: fc.nat(USERS.length - 1),
      amount: fc.integer({ min: 1, max: 100000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant('withdraw' as const),
      u: fc.nat(USERS.length - 1),
      amount: fc.integer({ min: 1, max: 1000 }),
      fee: fc.integer({ min: 0, max: 3_000_000 }),
      complete: fc.boolean(),
    }),
  },
);

/** Setup: assets, a market, deposits, the tree and the shares. */
function setup(): Command[] {
  const out: Command[] = [
    cmd('asset.configure', { asset: 'USDT', decimals: USDT_DECIMALS, maxAmount: '100000000' }),
    cmd('asset.configure', { asset: 'AAA', decimals: AAA_DECIMALS, maxAmount: '1000000' }),
    cmd('spot.market', {
      symbol: 'aaausdt',
      base: 'AAA',
      quote: 'USDT',
      priceDecimals: 2,
      qtyDecimals: 2,
      minQty: '0.01',
      minNotional: '0',
      makerFeeRate: '0.001',
      takerFeeRate: '0.0015',
      marketProtection: '0.1',
      status: 'trading',
    }),
  ];
  for (const u of USERS) {
    out.push(cmd('deposit.credit', { userId: u, asset: 'USDT', amount: '1000000', ref: `d-${u}` }));
    out.push(cmd('deposit.credit', { userId: u, asset: 'AAA', amount: '10000', ref: `d-${u}-a` }));
  }
  for (const [child, parent] of Object.entries(TREE))
    out.push(cmd('referral.link', { userId: child, parentId: parent }));
  out.push(cmd('referral.configure', { shares: [...SHARES] }));
  return out;
}

function toCommand(step: Step, i: number): Command[] {
  const userId = USERS[step.u] as string;
  switch (step.k) {
    case 'limit':
      return [
        cmd(
          'spot.place',
          {
            userId,
            symbol: 'aaausdt',
            side: step.buy ? 'buy' : 'sell',
            type: 'limit',
            price: String(step.price),
            quantity: (step.qty / 100).toString(),
          },
          userId,
        ),
      ];
    case 'market':
      return [
        cmd(
          'spot.place',
          {
            userId,
            symbol: 'aaausdt',
            side: step.buy ? 'buy' : 'sell',
            type: 'market',
            quantity: (step.qty / 100).toString(),
          },
          userId,
        ),
      ];
    case 'swap':
      return [
        cmd(
          'swap',
          {
            userId,
            fromAsset: 'USDT',
            toAsset: 'AAA',
            amount: (step.amount / 100).toString(),
            price: '0.0099',
            feeRate: '0.002',
            priceRef: 'test',
            toDecimals: AAA_DECIMALS,
          },
          userId,
        ),
      ];
    case 'withdraw': {
      const withdrawalId = `w${i}`;
      const fee = (step.fee / 1_000_000).toString();
      return [
        cmd(
          'withdraw.freeze',
          { userId, asset: 'USDT', amount: String(step.amount), fee, withdrawalId },
          userId,
        ),
        step.complete
          ? cmd('withdraw.complete', { withdrawalId, decimals: USDT_DECIMALS })
          : cmd('withdraw.release', { withdrawalId, reason: 'cancelled' }),
      ];
    }
  }
}

interface Fee {
  payer: string;
  asset: string;
  fee: bigint;
  decimals: number;
}

/** Every fee charged, read from what the commands report (not from the rebates). */
function feesOf(
  commands: Command[],
  results: CommandResult[],
  holds: Map<string, { userId: string; fee: bigint }>,
): Fee[] {
  const fees: Fee[] = [];
  results.forEach((r, i) => {
    const c = commands[i] as Command;
    if (!r.ok) return;
    if (c.type === 'withdraw.freeze') {
      holds.set(c.payload.withdrawalId, { userId: c.payload.userId, fee: parseAmount(c.payload.fee) });
    } else if (c.type === 'withdraw.complete') {
      const h = holds.get(c.payload.withdrawalId);
      if (h) fees.push({ payer: h.userId, asset: 'USDT', fee: h.fee, decimals: USDT_DECIMALS });
    } else if (c.type === 'swap') {
      fees.push({
        payer: c.payload.userId,
        asset: 'AAA',
        fee: parseAmount(String(r.reply?.fee)),
        decimals: AAA_DECIMALS,
      });
    }
    for (const e of r.events) {
      if (e.type !== 'spot.trade') continue;
      const buyer = e.takerSide === 'buy' ? e.takerUserId : e.makerUserId;
      const seller = e.takerSide === 'buy' ? e.makerUserId : e.takerUserId;
      const buyerFee = parseAmount(e.takerSide === 'buy' ? e.takerFee : e.makerFee);
      const sellerFee = parseAmount(e.takerSide === 'buy' ? e.makerFee : e.takerFee);
      fees.push({ payer: buyer, asset: 'AAA', fee: buyerFee, decimals: AAA_DECIMALS });
      fees.push({ payer: seller, asset: 'USDT', fee: sellerFee, decimals: USDT_DECIMALS });
    }
  });
  return fees;
}

/** The rebates the rule gives: share_g x fee, truncated to the asset's units, to the g-th ancestor. */
function expectedRebates(fees: Fee[]): string[] {
  const out: string[] = [];
  for (const f of fees) {
    let ancestor = TREE[f.payer];
    for (let g = 0; g < SHARES.length && ancestor !== undefined; g++) {
      const amount = roundTo(
        mul(f.fee as Amount, parseAmount(SHARES[g] as string), 'down'),
        f.decimals,
        'down',
      );
      if (amount > 0n) out.push(`${ancestor}|${g + 1}|${f.asset}|${amount}|${f.payer}`);
      ancestor = TREE[ancestor];
    }
  }
  return out.sort();
}

describe('referral conservation (property)', () => {
  it('rebates are the configured shares of the fees, paid out of fee revenue; zero sum; replay', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 20, maxLength: 120 }), (steps) => {
        const state = new MoneyState(sha256Hex);
        const commands = [...setup(), ...steps.flatMap((s, i) => toCommand(s, i))];
        const results = applyAll(state, commands);
        expect(state.invariantViolations()).toEqual([]);

        const events: CoreEvent[] = results.flatMap((r) => (r.ok ? r.events : []));
        const rebates = events.filter((e) => e.type === 'referral.rebate');
        const fees = feesOf(commands, results, new Map());
        // Every rebate is exactly the rule applied to a fee that was charged.
        expect(
          rebates
            .map(
              (e) =>
                `${e.beneficiaryUserId}|${e.generation}|${e.asset}|${parseAmount(e.amount)}|${e.payerUserId}`,
            )
            .sort(),
        ).toEqual(expectedRebates(fees));

        for (const asset of ['USDT', 'AAA'] as const) {
          const decimals = asset === 'USDT' ? USDT_DECIMALS : AAA_DECIMALS;
          const charged = fees.filter((f) => f.asset === asset);
          const total = charged.reduce((s, f) => s + f.fee, 0n);
          const fund = charged.reduce(
            (s, f) => s + (splitByRatio(f.fee as Amount, [9n, 1n], decimals)[1] as bigint),
            0n,
          );
          const paid = rebates
            .filter((e) => e.asset === asset)
            .reduce((s, e) => s + parseAmount(e.amount), 0n);
          const revenue = parseAmount(state.systemBalance('fee_revenue', asset));
          // The fund keeps its 10 %; rebates come out of fee revenue; together they are every fee.
          expect(parseAmount(state.systemBalance('security_fund', asset))).toBe(fund);
          expect(revenue + fund + paid).toBe(total);
          expect(revenue).toBeGreaterThanOrEqual(0n);
          expect(paid * 100n).toBeLessThanOrEqual(total * 35n);
          // Users plus system accounts sum to zero.
          let sum = 0n;
          for (const a of state.userAccounts()) if (a.asset === asset) sum += a.available + a.frozen;
          for (const a of state.systemAccounts()) if (a.asset === asset) sum += a.balance;
          expect(sum).toBe(0n);
        }

        // Replay from empty, and from a snapshot taken halfway, gives the same state hash.
        const replay = new MoneyState(sha256Hex);
        applyAll(replay, commands);
        expect(replay.stateHash()).toBe(state.stateHash());
        const half = new MoneyState(sha256Hex);
        const cut = Math.floor(commands.length / 2);
        applyAll(half, commands.slice(0, cut));
        const resumed = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(half.snapshot())), sha256Hex);
        applyAll(resumed, commands.slice(cut));
        expect(resumed.stateHash()).toBe(state.stateHash());
      }),
      { numRuns: 60 },
    );
  });
});

describe('referral through the journal', () => {
  it('a journal with links, shares and rebates replays to the same state hash, from snapshots and from empty', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'referral-journal-'));
    try {
      const live = await openMoneyCore({ dir, batchWindowMs: 0, snapshotEvery: 50 });
      const steps =
        fc.sample(fc.array(stepArb, { minLength: 150, maxLength: 150 }), { numRuns: 1, seed: 13 })[0] ?? [];
      const commands = [...setup(), ...steps.flatMap((s, i) => toCommand(s, i))];
      const results = [];
      for (const c of commands) results.push(await live.submit(c));
      const rebates = results
        .flatMap((r) => (r.ok ? r.events : []))
        .filter((e) => e.type === 'referral.rebate');
      expect(rebates.length).toBeGreaterThan(0);
      const hash = live.stateHash();
      const balance = live.balance('r', 'USDT', 'spot');
      await live.close();

      const fromSnapshot = await openMoneyCore({ dir, snapshotEvery: 0 });
      expect(fromSnapshot.stateHash()).toBe(hash);
      expect(fromSnapshot.referralShares()).toEqual([...SHARES]);
      expect(fromSnapshot.referralParent('c1')).toBe('b1');
      expect(fromSnapshot.balance('r', 'USDT', 'spot')).toEqual(balance);
      await fromSnapshot.close();

      for (const f of await readdir(dir)) if (f.startsWith('snapshot-')) await rm(join(dir, f));
      const fromEmpty = await openMoneyCore({ dir, snapshotEvery: 0 });
      expect(fromEmpty.stateHash()).toBe(hash);
      // The events regenerated from the journal carry the same rebates.
      const again = (await fromEmpty.eventsSince(0, 1_000_000)).filter((e) => e.type === 'referral.rebate');
      expect(again).toEqual(rebates);
      await fromEmpty.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
