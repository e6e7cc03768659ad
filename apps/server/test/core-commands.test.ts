// Unit tests of every money-core command with exact numbers (DESIGN section 3), on the pure state machine,
// plus one check that `app.core` works inside the test app.
import { amountFromAtoms, formatAmount } from '@coin/shared/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { formatAtoms, formatAtomsCached, formatUnits, unitsOfCanonical } from '@/core/atoms';
import { canonicalJson } from '@/core/canonical-json';
import { MoneyState } from '@/core/money-state';
import { parseCanonical, Rejection } from '@/core/rejection';
import type { Command, CommandResult, CoreEvent } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';
import { asRepeat } from './core-results';
import { createTestApp } from './helpers';

let counter = 0;
function cmd<T extends Command['type']>(
  type: T,
  payload: Extract<Command, { type: T }>['payload'],
  id = `c${++counter}`,
): Command {
  return { id, actor: 'u1', ts: 1_700_000_000_000, type, payload } as Command;
}

function okResult(r: CommandResult): Extract<CommandResult, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got ${r.error}`);
  return r;
}

const deposit = (userId: string, asset: string, amount: string, id?: string) =>
  cmd('deposit.credit', { userId, asset, amount, ref: `tx-${amount}` }, id);

describe('money core commands', () => {
  it('deposit.credit moves from deposit clearing to the user spot account', () => {
    const s = new MoneyState(sha256Hex);
    const r = okResult(s.apply(deposit('u1', 'USDT', '100.5')).result);
    expect(r.seq).toBe(1);
    expect(s.balance('u1', 'USDT', 'spot')).toEqual({
      asset: 'USDT',
      accountType: 'spot',
      available: '100.5',
      frozen: '0',
    });
    expect(s.systemBalance('deposit_clearing', 'USDT')).toBe('-100.5');
    const postings = r.events.find((e) => e.type === 'postings');
    expect(postings).toMatchObject({ commandType: 'deposit.credit', ref: 'tx-100.5', seq: 1 });
    expect(r.events.filter((e) => e.type === 'balance')).toEqual([
      {
        type: 'balance',
        seq: 1,
        userId: 'u1',
        asset: 'USDT',
        accountType: 'spot',
        available: '100.5',
        frozen: '0',
      },
    ]);
  });

  it('rejects bad amounts with INVALID_AMOUNT and changes nothing', () => {
    const s = new MoneyState(sha256Hex);
    const before = s.stateHash();
    for (const amount of ['0', '-1', '1.50', '01', '1e3', '0.0000000000000000001', '', ' 1', '+1', '1.']) {
      const r = s.apply(deposit('u1', 'USDT', amount)).result;
      expect(r).toMatchObject({ ok: false, error: 'INVALID_AMOUNT' });
    }
    expect(s.balance('u1', 'USDT', 'spot').available).toBe('0');
    expect(s.systemBalance('deposit_clearing', 'USDT')).toBe('0');
    // Rejections are recorded (idempotency) and take seqs, but no balance moved.
    expect(s.lastSeq()).toBe(10);
    expect(s.stateHash()).not.toBe(before);
    expect([...s.userAccounts()]).toHaveLength(0);
    expect(s.apply(deposit('u1', 'USDT', '0.000000000000000001')).result.ok).toBe(true);
  });

  it('withdraw.freeze, complete (90/10 fee split) and release', () => {
    const s = new MoneyState(sha256Hex);
    s.apply(deposit('u1', 'USDT', '100'));
    const freeze = (id: string, amount: string, fee: string) =>
      cmd('withdraw.freeze', { userId: 'u1', asset: 'USDT', amount, fee, withdrawalId: id });
    expect(s.apply(freeze('w1', '50', '1.000000000000000003')).result.ok).toBe(true);
    expect(s.balance('u1', 'USDT', 'spot')).toMatchObject({
      available: '48.999999999999999997',
      frozen: '51.000000000000000003',
    });
    expect(s.holdOf('w1')).toEqual({
      withdrawalId: 'w1',
      userId: 'u1',
      asset: 'USDT',
      amount: '50',
      fee: '1.000000000000000003',
    });
    expect(s.apply(freeze('w1', '1', '0')).result).toMatchObject({ ok: false, error: 'HOLD_EXISTS' });
    expect(s.apply(freeze('w2', '49', '0')).result).toMatchObject({
      ok: false,
      error: 'INSUFFICIENT_BALANCE',
    });
    expect(s.apply(freeze('w2', '40', '0')).result.ok).toBe(true);

    const done = okResult(s.apply(cmd('withdraw.complete', { withdrawalId: 'w1' })).result);
    expect(s.balance('u1', 'USDT', 'spot')).toMatchObject({
      available: '8.999999999999999997',
      frozen: '40',
    });
    expect(s.systemBalance('withdrawal_clearing', 'USDT')).toBe('50');
    // 1.000000000000000003 * 9/10 = 0.9000000000000000027 -> 0.900000000000000002 + remainder 1 atom.
    expect(s.systemBalance('fee_revenue', 'USDT')).toBe('0.900000000000000003');
    expect(s.systemBalance('security_fund', 'USDT')).toBe('0.1');
    expect(s.holdOf('w1')).toBeUndefined();
    const postings = done.events.find((e) => e.type === 'postings');
    expect(postings?.type === 'postings' && postings.postings.map((p) => p.delta)).toEqual([
      '-51.000000000000000003',
      '50',
      '0.900000000000000003',
      '0.1',
    ]);
    expect(s.apply(cmd('withdraw.complete', { withdrawalId: 'w1' })).result).toMatchObject({
      error: 'HOLD_NOT_FOUND',
    });

    const release = () => cmd('withdraw.release', { withdrawalId: 'w2', reason: 'cancelled' });
    expect(s.apply(release()).result.ok).toBe(true);
    expect(s.balance('u1', 'USDT', 'spot')).toMatchObject({
      available: '48.999999999999999997',
      frozen: '0',
    });
    expect(s.apply(release()).result).toMatchObject({ ok: false, error: 'HOLD_NOT_FOUND' });
    expect(s.balance('u1', 'USDT', 'spot')).toMatchObject({
      available: '48.999999999999999997',
      frozen: '0',
    });
  });

  it('transfer between account types', () => {
    const s = new MoneyState(sha256Hex);
    s.apply(deposit('u1', 'BTC', '2'));
    const t = (amount: string, from: 'spot' | 'contract' | 'finance', to: 'spot' | 'contract' | 'finance') =>
      cmd('transfer', { userId: 'u1', asset: 'BTC', amount, from, to });
    expect(s.apply(t('0.75', 'spot', 'contract')).result.ok).toBe(true);
    expect(s.apply(t('1', 'spot', 'spot')).result).toMatchObject({ ok: false, error: 'SAME_ACCOUNT' });
    expect(s.apply(t('0.76', 'contract', 'finance')).result).toMatchObject({
      ok: false,
      error: 'INSUFFICIENT_BALANCE',
    });
    expect(s.apply(t('0.25', 'contract', 'finance')).result.ok).toBe(true);
    expect(s.balancesOf('u1').map((b) => [b.accountType, b.available])).toEqual([
      ['contract', '0.5'],
      ['finance', '0.25'],
      ['spot', '1.25'],
    ]);
    const bad = cmd('transfer', {
      userId: 'u1',
      asset: 'BTC',
      amount: '1',
      from: 'spot',
      to: 'wallet' as 'spot',
    });
    expect(s.apply(bad).result).toMatchObject({ ok: false, error: 'INVALID_COMMAND' });
  });

  it('swap with toDecimals rounds receive down and the fee up to the asset precision', () => {
    const s = new MoneyState(sha256Hex);
    s.apply(deposit('u1', 'BTC', '1'));
    const r = okResult(
      s.apply(
        cmd('swap', {
          userId: 'u1',
          fromAsset: 'BTC',
          toAsset: 'USDT',
          amount: '0.123456789012345678',
          price: '65000.123',
          feeRate: '0.001',
          priceRef: 'idx@6',
          toDecimals: 6,
        }),
      ).result,
    );
    // receive = 8024.706470987517588518... -> down to 6 dp: 8024.70647
    // fee = 8.02470647 -> up to 6 dp: 8.024707; net = 8016.681763
    expect(s.balance('u1', 'USDT', 'spot').available).toBe('8016.681763');
    expect(s.systemBalance('swap_desk', 'USDT')).toBe('-8024.70647');
    // 10 % of 8.024707 at 6 dp: 0.80247 (0.8024707 truncated); the rest 7.222237 to fee revenue.
    expect(s.systemBalance('security_fund', 'USDT')).toBe('0.80247');
    expect(s.systemBalance('fee_revenue', 'USDT')).toBe('7.222237');
    const postings = r.events.find((e) => e.type === 'postings');
    const sum = (postings?.type === 'postings' ? postings.postings : [])
      .filter((p) => p.asset === 'USDT')
      .reduce((acc, p) => acc + Number(p.delta) * 1e6, 0);
    expect(Math.round(sum)).toBe(0);
    // The whole USDT balance has 6 decimals, so withdrawing all of it (as the wallet would) works.
    okResult(
      s.apply(
        cmd('withdraw.freeze', {
          userId: 'u1',
          asset: 'USDT',
          amount: '8015.681763',
          fee: '1',
          withdrawalId: 'w-all',
        }),
      ).result,
    );
    expect(s.balance('u1', 'USDT', 'spot')).toMatchObject({ available: '0', frozen: '8016.681763' });
    // Bad precision is a malformed command.
    const bad = cmd('swap', {
      userId: 'u1',
      fromAsset: 'BTC',
      toAsset: 'USDT',
      amount: '0.1',
      price: '1',
      feeRate: '0',
      priceRef: 'idx',
      toDecimals: 19,
    });
    expect(s.apply(bad).result).toMatchObject({ ok: false, error: 'INVALID_COMMAND' });
  });

  it('withdraw.complete with decimals splits the fee 90/10 in whole units of the asset', () => {
    const s = new MoneyState(sha256Hex);
    s.apply(deposit('u1', 'USDT', '100'));
    s.apply(
      cmd('withdraw.freeze', {
        userId: 'u1',
        asset: 'USDT',
        amount: '10',
        fee: '0.000015',
        withdrawalId: 'w1',
      }),
    );
    okResult(s.apply(cmd('withdraw.complete', { withdrawalId: 'w1', decimals: 6 })).result);
    // 10 % of 0.000015 = 0.0000015 -> 0.000001 at 6 dp; the remainder 0.000014 to fee revenue.
    expect(s.systemBalance('security_fund', 'USDT')).toBe('0.000001');
    expect(s.systemBalance('fee_revenue', 'USDT')).toBe('0.000014');
    expect(s.systemBalance('withdrawal_clearing', 'USDT')).toBe('10');
    // Without decimals (older journal records) the split stays at 18 places: 0.0000015 / 0.0000135.
    s.apply(
      cmd('withdraw.freeze', {
        userId: 'u1',
        asset: 'USDT',
        amount: '10',
        fee: '0.000015',
        withdrawalId: 'w2',
      }),
    );
    okResult(s.apply(cmd('withdraw.complete', { withdrawalId: 'w2' })).result);
    expect(s.systemBalance('security_fund', 'USDT')).toBe('0.0000025');
    expect(s.apply(cmd('withdraw.complete', { withdrawalId: 'w3', decimals: -1 })).result).toMatchObject({
      ok: false,
      error: 'INVALID_COMMAND',
    });
  });

  it('swap rounds receive down and the fee up, and splits the fee 90/10', () => {
    const s = new MoneyState(sha256Hex);
    s.apply(deposit('u1', 'BTC', '1'));
    const swap = cmd('swap', {
      userId: 'u1',
      fromAsset: 'BTC',
      toAsset: 'USDT',
      amount: '0.123456789012345678',
      price: '0.000000000000000003',
      feeRate: '0.001',
      priceRef: 'idx@1',
    });
    // receive = 0.123456789012345678 * 3e-18 is below one atom -> 0 -> rejected, nothing changes.
    expect(s.apply(swap).result).toMatchObject({ ok: false, error: 'INVALID_AMOUNT' });

    const r = s.apply(
      cmd('swap', {
        userId: 'u1',
        fromAsset: 'BTC',
        toAsset: 'USDT',
        amount: '0.123456789012345678',
        price: '65000.123',
        feeRate: '0.001',
        priceRef: 'idx@2',
      }),
    ).result;
    expect(r.ok).toBe(true);
    // receive = 0.123456789012345678 * 65000.123 = 8024.706470987517588518394 -> down: 8024.706470987517588518
    // fee = 8024.706470987517588518 * 0.001 = 8.024706470987517588518 -> up: 8.024706470987517589
    // net = 8016.681764516530070929
    expect(s.balance('u1', 'USDT', 'spot').available).toBe('8016.681764516530070929');
    expect(s.balance('u1', 'BTC', 'spot').available).toBe('0.876543210987654322');
    expect(s.systemBalance('swap_desk', 'BTC')).toBe('0.123456789012345678');
    expect(s.systemBalance('swap_desk', 'USDT')).toBe('-8024.706470987517588518');
    // 8.024706470987517589 * 1/10 -> down 0.802470647098751758; 9/10 -> 7.222235823888765830 + 1 atom remainder
    expect(s.systemBalance('fee_revenue', 'USDT')).toBe('7.222235823888765831');
    expect(s.systemBalance('security_fund', 'USDT')).toBe('0.802470647098751758');

    const tooMuch = cmd('swap', {
      userId: 'u1',
      fromAsset: 'BTC',
      toAsset: 'USDT',
      amount: '1',
      price: '1',
      feeRate: '0',
      priceRef: 'x',
    });
    expect(s.apply(tooMuch).result).toMatchObject({ ok: false, error: 'INSUFFICIENT_BALANCE' });
    const same = cmd('swap', {
      userId: 'u1',
      fromAsset: 'BTC',
      toAsset: 'BTC',
      amount: '0.1',
      price: '1',
      feeRate: '0',
      priceRef: 'x',
    });
    expect(s.apply(same).result).toMatchObject({ ok: false, error: 'INVALID_COMMAND' });
    const feeOne = cmd('swap', {
      userId: 'u1',
      fromAsset: 'BTC',
      toAsset: 'USDT',
      amount: '0.1',
      price: '1',
      feeRate: '1',
      priceRef: 'x',
    });
    expect(s.apply(feeOne).result).toMatchObject({ ok: false, error: 'INVALID_AMOUNT' });
  });

  it('adjust is signed and never makes a balance negative', () => {
    const s = new MoneyState(sha256Hex);
    const adj = (amount: string) =>
      cmd('adjust', { userId: 'u1', asset: 'ETH', accountType: 'finance', amount, ref: 'ticket-1' });
    expect(s.apply(adj('-1')).result).toMatchObject({ ok: false, error: 'INSUFFICIENT_BALANCE' });
    expect(s.apply(adj('3.5')).result.ok).toBe(true);
    expect(s.apply(adj('-1.25')).result.ok).toBe(true);
    expect(s.apply(adj('-0')).result).toMatchObject({ ok: false, error: 'INVALID_AMOUNT' });
    expect(s.apply(adj('--1')).result).toMatchObject({ ok: false, error: 'INVALID_AMOUNT' });
    expect(s.balance('u1', 'ETH', 'finance').available).toBe('2.25');
    expect(s.systemBalance('adjustment', 'ETH')).toBe('-2.25');
  });

  it('idempotency: same id + same payload returns the first result; other payload is a mismatch', () => {
    const s = new MoneyState(sha256Hex);
    const first = s.apply(deposit('u1', 'USDT', '10', 'dep-1')).result;
    const retry = { ...deposit('u1', 'USDT', '10', 'dep-1'), ts: 1_800_000_000_000 };
    const again = s.apply(retry);
    expect(again.fresh).toBe(false);
    expect(again.result).toEqual(asRepeat(first));
    expect(s.balance('u1', 'USDT', 'spot').available).toBe('10');
    expect(s.apply(deposit('u1', 'USDT', '11', 'dep-1')).result).toEqual({
      ok: false,
      seq: 1,
      commandId: 'dep-1',
      error: 'IDEMPOTENCY_MISMATCH',
    });
    expect(s.lastSeq()).toBe(1);
    // A rejection is recorded too: the retry gets the same rejection even after funds arrive.
    const t = cmd(
      'transfer',
      { userId: 'u1', asset: 'USDT', amount: '50', from: 'spot', to: 'contract' },
      't-1',
    );
    const rejected = s.apply(t).result;
    expect(rejected).toMatchObject({ ok: false, error: 'INSUFFICIENT_BALANCE', seq: 2 });
    s.apply(deposit('u1', 'USDT', '100'));
    expect(s.apply(t).result).toEqual(rejected);
    expect(s.balance('u1', 'USDT', 'contract').available).toBe('0');
  });

  it('snapshot round trip keeps the state hash and behaviour', () => {
    const s = new MoneyState(sha256Hex);
    s.apply(deposit('u1', 'USDT', '10', 'a'));
    s.apply(
      cmd('withdraw.freeze', { userId: 'u1', asset: 'USDT', amount: '3', fee: '0.1', withdrawalId: 'w' }),
    );
    const copy = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(s.snapshot())), sha256Hex);
    expect(copy.stateHash()).toBe(s.stateHash());
    expect(copy.apply(deposit('u1', 'USDT', '10', 'a')).fresh).toBe(false);
    const rel = cmd('withdraw.release', { withdrawalId: 'w', reason: 'rejected' }, 'r');
    copy.apply(rel);
    s.apply(rel);
    expect(copy.stateHash()).toBe(s.stateHash());
    expect(copy.balance('u1', 'USDT', 'spot').available).toBe('10');
  });

  it('journal settings have their documented defaults', () => {
    const c = loadConfig({});
    expect([
      c.JOURNAL_DIR,
      c.JOURNAL_GROUP_COMMIT,
      c.JOURNAL_BATCH_WINDOW_MS,
      c.JOURNAL_SNAPSHOT_EVERY,
    ]).toEqual([undefined, true, 0, 10_000]);
    const d = loadConfig({ JOURNAL_GROUP_COMMIT: 'false', JOURNAL_BATCH_WINDOW_MS: '0', JOURNAL_DIR: '/x' });
    expect([d.JOURNAL_DIR, d.JOURNAL_GROUP_COMMIT, d.JOURNAL_BATCH_WINDOW_MS]).toEqual(['/x', false, 0]);
    expect(() => loadConfig({ JOURNAL_GROUP_COMMIT: 'maybe' })).toThrow(/JOURNAL_GROUP_COMMIT/);
  });

  it('formatAtoms matches formatAmount exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), (a) => {
        expect(formatAtoms(a)).toBe(formatAmount(amountFromAtoms(a)));
      }),
      { numRuns: 2000 },
    );
    for (const a of [0n, 1n, -1n, 10n ** 18n, -(10n ** 18n), 10n ** 17n, 123n * 10n ** 16n]) {
      expect(formatAtoms(a)).toBe(formatAmount(amountFromAtoms(a)));
    }
  });

  it('formatAtomsCached gives formatAtoms for every amount, also amounts that share a double', () => {
    // Neighbours of large amounts round to the same double, so they land in the same slot of the cache:
    // each must still get its own text, asked in any order and again.
    const near = (base: bigint) => [base, base + 1n, base - 1n, base + 2n];
    const amounts = [
      ...near(10n ** 24n),
      ...near(-(10n ** 24n)),
      ...near(123_456_789n * 10n ** 18n),
      0n,
      1n,
      -1n,
      10n ** 12n,
    ];
    for (let round = 0; round < 3; round++) {
      for (const a of round === 1 ? [...amounts].reverse() : amounts) {
        expect(formatAtomsCached(a)).toBe(formatAtoms(a));
      }
    }
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), { maxLength: 50 }), (list) => {
        for (const a of [...list, ...list]) expect(formatAtomsCached(a)).toBe(formatAtoms(a));
      }),
      { numRuns: 300 },
    );
  });

  it('canonicalJson is JSON with sorted keys (against a plain reference)', () => {
    const reference = (value: unknown): string => {
      if (value === null) return 'null';
      switch (typeof value) {
        case 'string':
          return JSON.stringify(value);
        case 'number':
          return Number.isFinite(value) ? JSON.stringify(value) : 'null';
        case 'boolean':
          return value ? 'true' : 'false';
        case 'object': {
          if (Array.isArray(value)) return `[${value.map((v) => reference(v ?? null)).join(',')}]`;
          const record = value as Record<string, unknown>;
          const parts: string[] = [];
          for (const key of Object.keys(record).sort()) {
            const v = record[key];
            if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
            parts.push(`${JSON.stringify(key)}:${reference(v)}`);
          }
          return `{${parts.join(',')}}`;
        }
        default:
          return 'null';
      }
    };
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(canonicalJson(v)).toBe(reference(v));
      }),
      { numRuns: 3000 },
    );
    const odd = { b: 1, a: -0, '10': 'x"y', '9': '\u2028\ud800', é: 1e21, z: [undefined, NaN], y: undefined };
    expect(canonicalJson(odd)).toBe(reference(odd));
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${(i * 7919) % 97}`, i]));
    expect(canonicalJson(many)).toBe(reference(many));
  });

  it('formatUnits and unitsOfCanonical (the spot fast paths) agree with the exact bigint paths', () => {
    const pow = (d: number) => 10n ** BigInt(18 - d);
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.maxSafeNat()), fc.integer({ min: 0, max: 18 }), (units, d) => {
        expect(formatUnits(units, d)).toBe(formatAtoms(BigInt(units) * pow(d)));
      }),
      { numRuns: 3000 },
    );
    for (const [u, d] of [
      [0, 2],
      [100, 2],
      [5, 4],
      [2 ** 53 + 2, 3],
      [1e21, 0],
    ] as const) {
      expect(formatUnits(u, d)).toBe(formatAtoms(BigInt(u) * pow(d)));
    }
    // unitsOfCanonical: either undefined (the caller takes the exact path) or exactly the exact path's value.
    const exact = (v: string, d: number): number | undefined => {
      try {
        const a = parseCanonical(v, 'nonNegative');
        return a % pow(d) === 0n && a / pow(d) <= BigInt(Number.MAX_SAFE_INTEGER)
          ? Number(a / pow(d))
          : undefined;
      } catch (e) {
        if (e instanceof Rejection) return undefined;
        throw e;
      }
    };
    const text = fc.oneof(
      fc.stringMatching(/^[0-9]{0,9}(\.[0-9]{0,9})?$/),
      fc.tuple(fc.nat(), fc.integer({ min: 0, max: 10 })).map(([u, d]) => formatUnits(u, d)),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 12 }), (v, d) => {
        const fast = unitsOfCanonical(v, d);
        if (fast !== undefined) expect(fast).toBe(exact(v, d));
      }),
      { numRuns: 5000 },
    );
    for (const v of [
      '0',
      '1',
      '0.5',
      '60000.12',
      '123456789012345',
      '1.0',
      '01',
      '.5',
      '5.',
      '-1',
      '1e3',
      ' 1',
    ]) {
      const fast = unitsOfCanonical(v, 2);
      if (fast !== undefined) expect(fast).toBe(exact(v, 2));
    }
    expect(unitsOfCanonical('60000.12', 2)).toBe(6000012);
    expect(unitsOfCanonical('60000.1', 2)).toBe(6000010);
    expect(unitsOfCanonical('60000.123', 2)).toBeUndefined();
    expect(unitsOfCanonical('1.50', 2)).toBeUndefined();
  });

  it('app.core is decorated in the test app and publishes events after submit', async () => {
    const ctx = await createTestApp();
    try {
      const seen: CoreEvent[] = [];
      const off = ctx.app.core.subscribe((events) => seen.push(...events));
      // The wallet configured its assets' limits at start (one command each).
      const configured = ctx.app.core.lastSeq();
      expect(ctx.app.core.assetLimits('USDT')).toMatchObject({ decimals: 6 });
      const r = await ctx.app.core.submit({
        ...deposit('user-9', 'USDT', '5', 'app-dep'),
        ts: ctx.clock.now().getTime(),
      });
      expect(r.ok).toBe(true);
      expect(ctx.app.core.balance('user-9', 'USDT', 'spot').available).toBe('5');
      expect(seen.map((e) => e.type)).toEqual(['postings', 'balance']);
      expect(ctx.app.core.lastSeq()).toBe(configured + 1);
      off();
      // Let the wallet's bill projection write this batch before the app (and its database) closes.
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
