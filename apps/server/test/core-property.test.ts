// Property test of ledger conservation (DESIGN section 9): random sequences of every wallet command over a
// few users and assets, including overdraws, bad amounts, duplicate ids, reused ids with another payload and
// double releases, always keep the invariants, and the postings explain every balance exactly.
import { amountFromAtoms, formatAmount } from '@coin/shared/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invariantViolations } from '@/core/invariants';
import { MoneyState } from '@/core/money-state';
import { ACCOUNT_TYPES, type Command, type CoreEvent } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';

const users = ['u0', 'u1', 'u2'];
const assets = ['BTC', 'USDT', 'ETH'];
const withdrawalIds = ['w0', 'w1', 'w2', 'w3', 'w4'];

// Mostly amounts well below the opening deposits (so many commands succeed), some dust, some overdraws.
const atoms = fc.oneof(
  { weight: 6, arbitrary: fc.bigInt({ min: 1n, max: 50n * 10n ** 18n }) },
  { weight: 2, arbitrary: fc.bigInt({ min: 1n, max: 1000n }) },
  { weight: 1, arbitrary: fc.constantFrom(10n ** 18n, 5n * 10n ** 18n, 10n ** 21n) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 22n }) },
);
const goodAmount = atoms.map((a) => formatAmount(amountFromAtoms(a)));
const amount = fc.oneof(
  { weight: 8, arbitrary: goodAmount },
  { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.50', 'abc', '0.0000000000000000001', '1e3', '') },
);
const fee = fc.oneof(goodAmount, fc.constant('0'));
const user = fc.constantFrom(...users);
const asset = fc.constantFrom(...assets);
const accountType = fc.constantFrom(...ACCOUNT_TYPES);
const withdrawalId = fc.constantFrom(...withdrawalIds);
// A small id pool makes reused ids (with the same or another payload) frequent.
const commandId = fc.oneof(fc.uuid(), fc.constantFrom('k0', 'k1', 'k2', 'k3'));

type Body = Pick<Command, 'type' | 'payload'>;

const body: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ userId: user, asset, amount, ref: fc.constant('tx') })
      .map((payload) => ({ type: 'deposit.credit' as const, payload })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ userId: user, asset, amount, fee, withdrawalId })
      .map((payload) => ({ type: 'withdraw.freeze' as const, payload })),
  },
  {
    weight: 2,
    // decimals: absent (18, older commands), an asset precision, or junk (INVALID_COMMAND).
    arbitrary: fc
      .record({ id: withdrawalId, decimals: fc.constantFrom(undefined, 0, 2, 6, 8, 18, 19, -1, 1.5) })
      .map(({ id, decimals }) => ({
        type: 'withdraw.complete' as const,
        payload: decimals === undefined ? { withdrawalId: id } : { withdrawalId: id, decimals },
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ withdrawalId, reason: fc.constantFrom('rejected' as const, 'cancelled' as const) })
      .map((payload) => ({ type: 'withdraw.release' as const, payload })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ userId: user, asset, amount, from: accountType, to: accountType })
      .map((payload) => ({ type: 'transfer' as const, payload })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        userId: user,
        fromAsset: asset,
        toAsset: asset,
        amount,
        price: fc.oneof(goodAmount, fc.constantFrom('65000.123', '0.000031', '1', '0.5')),
        feeRate: fc.constantFrom('0', '0.001', '0.002', '0.5', '1', '0.0000000000000000001'),
        priceRef: fc.constant('idx'),
        toDecimals: fc.constantFrom(undefined, 0, 2, 6, 8, 18, 19, -1),
      })
      .map(({ toDecimals, ...rest }) => ({
        type: 'swap' as const,
        payload: toDecimals === undefined ? rest : { ...rest, toDecimals },
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        userId: user,
        asset,
        accountType,
        amount: fc.oneof(
          amount,
          goodAmount.map((a) => `-${a}`),
        ),
        ref: fc.constant('ticket'),
      })
      .map((payload) => ({ type: 'adjust' as const, payload })),
  },
);

type Step = { kind: 'new'; id: string; body: Body } | { kind: 'retry'; back: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 9, arbitrary: fc.record({ kind: fc.constant('new' as const), id: commandId, body }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('retry' as const), back: fc.nat(20) }) },
);

function balancesOnly(s: MoneyState): string {
  const snap = s.snapshot();
  return JSON.stringify([snap.ledger.accounts, snap.ledger.system, snap.parts]);
}

describe('money core property: conservation', () => {
  it('keeps the invariants and explains every balance by its postings', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 150, size: 'max' }), (steps) => {
        const s = new MoneyState(sha256Hex);
        const sent: Command[] = [];
        // Opening deposits: every user holds every asset, so most commands have something to move.
        let n = 0;
        for (const userId of users) {
          for (const a of assets) {
            const c: Command = {
              id: `open-${n++}`,
              actor: 'actor',
              ts: 0,
              type: 'deposit.credit',
              payload: { userId, asset: a, amount: '1000', ref: 'open' },
            };
            s.apply(c);
            sent.push(c);
          }
        }
        const ledger = new Map<string, bigint>();
        let ts = 1_700_000_000_000;
        let seq = s.lastSeq();
        for (const [account, value] of [...s.userAccounts()].map(
          (a) => [`u/${a.userId}/${a.asset}/${a.accountType}/available`, a.available] as const,
        ))
          ledger.set(account, value);
        for (const a of s.systemAccounts()) ledger.set(`s/${a.name}/${a.asset}`, a.balance);
        for (const st of steps) {
          let c: Command;
          if (st.kind === 'retry') {
            const prev = sent[Math.max(0, sent.length - 1 - st.back)];
            if (prev === undefined) continue;
            c = { ...prev, ts: ts++ };
          } else {
            c = { id: st.id, actor: 'actor', ts: ts++, ...st.body } as Command;
          }
          sent.push(c);
          const before = balancesOnly(s);
          const { result, fresh } = s.apply(c);
          if (fresh) {
            seq += 1;
            expect(result.seq).toBe(seq);
          }
          expect(s.lastSeq()).toBe(seq);
          if (!result.ok || !fresh) {
            expect(balancesOnly(s)).toBe(before);
            continue;
          }
          // A swap with toDecimals moves toAsset only in whole units of it (receive, fee and its split).
          const precision = c.type === 'swap' ? c.payload.toDecimals : undefined;
          if (c.type === 'swap' && precision !== undefined) {
            const unit = 10n ** BigInt(18 - precision);
            for (const e of result.events as CoreEvent[]) {
              if (e.type !== 'postings') continue;
              for (const p of e.postings) {
                if (p.asset === c.payload.toAsset) expect(toAtoms(p.delta) % unit).toBe(0n);
              }
            }
          }
          const perAsset = new Map<string, bigint>();
          for (const e of result.events as CoreEvent[]) {
            if (e.type === 'balance') {
              expect(s.balance(e.userId, e.asset, e.accountType)).toMatchObject({
                available: e.available,
                frozen: e.frozen,
              });
              continue;
            }
            if (e.type !== 'postings') continue;
            for (const p of e.postings) {
              const d = toAtoms(p.delta);
              perAsset.set(p.asset, (perAsset.get(p.asset) ?? 0n) + d);
              const key =
                p.account.kind === 'user'
                  ? `u/${p.account.userId}/${p.asset}/${p.account.accountType}/${p.field}`
                  : `s/${p.account.name}/${p.asset}`;
              ledger.set(key, (ledger.get(key) ?? 0n) + d);
            }
          }
          for (const sum of perAsset.values()) expect(sum).toBe(0n);
        }
        expect(invariantViolations(s)).toEqual([]);
        // The postings alone rebuild every balance.
        for (const a of s.userAccounts()) {
          expect(ledger.get(`u/${a.userId}/${a.asset}/${a.accountType}/available`) ?? 0n).toBe(a.available);
          expect(ledger.get(`u/${a.userId}/${a.asset}/${a.accountType}/frozen`) ?? 0n).toBe(a.frozen);
        }
        for (const a of s.systemAccounts())
          expect(ledger.get(`s/${a.name}/${a.asset}`) ?? 0n).toBe(a.balance);
        // Replaying the same commands, from scratch and from a mid-way snapshot, gives the same state.
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
      { numRuns: 200 },
    );
  });

  it('the invariant checker catches a broken state', () => {
    const s = new MoneyState(sha256Hex);
    s.apply({
      id: 'a',
      actor: 'x',
      ts: 1,
      type: 'deposit.credit',
      payload: { userId: 'u', asset: 'BTC', amount: '1', ref: 'r' },
    });
    const snap = s.snapshot();
    const broken = {
      ...snap,
      ledger: { ...snap.ledger, system: snap.ledger.system.map((r) => [r[0], r[1], '-0.5'] as typeof r) },
    };
    expect(invariantViolations(MoneyState.fromSnapshot(broken, sha256Hex))).toEqual([
      'asset BTC sums to 500000000000000000 atoms, not 0',
    ]);
    const frozen = {
      ...snap,
      ledger: {
        ...snap.ledger,
        accounts: snap.ledger.accounts.map((r) => [r[0], r[1], r[2], '0.5', '0.5'] as typeof r),
      },
    };
    expect(invariantViolations(MoneyState.fromSnapshot(frozen, sha256Hex))).toEqual([
      'frozen 500000000000000000 != holds 0 for u/BTC/spot',
    ]);
  });
});

function toAtoms(decimal: string): bigint {
  const negative = decimal.startsWith('-');
  const [int = '0', frac = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  const a = BigInt(int) * 10n ** 18n + BigInt(frac.padEnd(18, '0'));
  return negative ? -a : a;
}
