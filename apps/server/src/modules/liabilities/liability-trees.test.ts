// Property tests of the liabilities trees (issue 21 acceptance): for random ledgers the root total is
// the sum of the users' balances per asset, every user's proof verifies, and changing a leaf, dropping a
// user or a negative balance makes verification fail.
import { createHash, createHmac } from 'node:crypto';
import {
  type InclusionProof,
  LiabilityTreeError,
  POL_VERSION,
  proofPath,
  verifyInclusion,
} from '@coin/shared/liabilities-tree';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AssetLiabilities, buildLiabilityTrees, type LedgerAccountRow } from './liability-trees';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const saltOf = (userId: string) => createHmac('sha256', 'k').update(userId).digest('hex');

const accountArb = fc.record({
  userId: fc.integer({ min: 1, max: 40 }).map(String),
  asset: fc.constantFrom('BTC', 'ETH', 'USDT'),
  available: fc.bigInt({ min: 0n, max: 10n ** 30n }),
  frozen: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 10n ** 24n })),
});
const ledgerArb = fc.array(accountArb, { minLength: 1, maxLength: 120 });

function proofOf(a: AssetLiabilities, i: number): InclusionProof {
  if (!a.tree) throw new Error('no tree');
  return {
    version: POL_VERSION,
    asset: a.asset,
    userId: a.userIds[i] as string,
    salt: saltOf(a.userIds[i] as string),
    balance: (a.balances[i] as bigint).toString(),
    path: proofPath(a.tree, i),
  };
}

function rootOf(a: AssetLiabilities) {
  if (!a.tree) throw new Error('no tree');
  return { hash: a.tree.root.hash, sum: a.tree.root.sum.toString() };
}

function expectedTotals(rows: LedgerAccountRow[]) {
  const m = new Map<string, Map<string, bigint>>();
  for (const r of rows) {
    const users = m.get(r.asset) ?? new Map<string, bigint>();
    users.set(r.userId, (users.get(r.userId) ?? 0n) + r.available + r.frozen);
    m.set(r.asset, users);
  }
  return m;
}

describe('liability trees (properties)', () => {
  it('root total = sum of user balances per asset, and every proof verifies', async () => {
    await fc.assert(
      fc.asyncProperty(ledgerArb, async (rows) => {
        const trees = buildLiabilityTrees(rows, [], saltOf, sha);
        const expected = expectedTotals(rows);
        expect(trees.map((t) => t.asset)).toStrictEqual([...expected.keys()].sort());
        for (const a of trees) {
          const users = expected.get(a.asset) as Map<string, bigint>;
          let sum = 0n;
          for (const v of users.values()) sum += v;
          expect(a.tree?.root.sum).toBe(sum);
          expect(a.userTotal).toBe(sum);
          expect(a.userIds.length).toBe(users.size);
          for (let i = 0; i < a.userIds.length; i++) {
            expect(a.balances[i]).toBe(users.get(a.userIds[i] as string));
            const r = await verifyInclusion(proofOf(a, i), rootOf(a), sha);
            expect(r.ok).toBe(true);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('changing any leaf (balance, salt, user, asset) makes its proof fail', async () => {
    await fc.assert(
      fc.asyncProperty(
        ledgerArb,
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.constantFrom('up', 'down', 'salt', 'user', 'asset'),
        async (rows, pick, delta, how) => {
          const trees = buildLiabilityTrees(rows, [], saltOf, sha);
          const a = trees[pick % trees.length] as AssetLiabilities;
          const i = pick % a.userIds.length;
          const proof = proofOf(a, i);
          const balance = BigInt(proof.balance);
          const changed: InclusionProof =
            how === 'up'
              ? { ...proof, balance: (balance + delta).toString() }
              : how === 'down'
                ? { ...proof, balance: (balance >= delta ? balance - delta : balance + delta).toString() }
                : how === 'salt'
                  ? { ...proof, salt: saltOf(`${proof.userId}x`) }
                  : how === 'user'
                    ? { ...proof, userId: `${proof.userId}0` }
                    : { ...proof, asset: `${proof.asset}X` };
          const r = await verifyInclusion(changed, rootOf(a), sha);
          expect(r.ok).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a tampered sibling (hash or sum, the sum-split attack) fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        ledgerArb,
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        async (rows, pick, step, delta) => {
          const trees = buildLiabilityTrees(rows, [], saltOf, sha);
          const a = trees[pick % trees.length] as AssetLiabilities;
          const i = pick % a.userIds.length;
          const proof = proofOf(a, i);
          if (proof.path.length === 0) return;
          const k = step % proof.path.length;
          const s = proof.path[k] as InclusionProof['path'][number];
          const sum = BigInt(s.sum);
          // Lowering a sibling's sum (what an exchange would show to hide liabilities) or raising it.
          const path = proof.path.map((p, j) =>
            j === k ? { ...p, sum: (sum >= delta ? sum - delta : sum + delta).toString() } : p,
          );
          expect((await verifyInclusion({ ...proof, path }, rootOf(a), sha)).ok).toBe(false);
          const flipped = proof.path.map((p, j) =>
            j === k ? { ...p, side: p.side === 'left' ? ('right' as const) : ('left' as const) } : p,
          );
          expect((await verifyInclusion({ ...proof, path: flipped }, rootOf(a), sha)).ok).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('dropping a user: their proof fails against the published root', async () => {
    await fc.assert(
      fc.asyncProperty(ledgerArb, fc.nat(), async (rows, pick) => {
        const trees = buildLiabilityTrees(rows, [], saltOf, sha);
        const a = trees[pick % trees.length] as AssetLiabilities;
        const dropped = a.userIds[pick % a.userIds.length] as string;
        const before = proofOf(a, a.userIds.indexOf(dropped));
        const without = rows.filter((r) => !(r.userId === dropped && r.asset === a.asset));
        const published = buildLiabilityTrees(without, [], saltOf, sha).find((t) => t.asset === a.asset);
        if (published?.tree === undefined) return; // the asset had one user: nothing is published
        expect((await verifyInclusion(before, rootOf(published), sha)).ok).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('a negative balance is refused by the builder and by the verifier', async () => {
    await fc.assert(
      fc.asyncProperty(
        ledgerArb,
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        async (rows, pick, neg) => {
          const bad = rows.map((r, j) => (j === pick % rows.length ? { ...r, available: -neg } : r));
          expect(() => buildLiabilityTrees(bad, [], saltOf, sha)).toThrow(/negative balance/);
          const trees = buildLiabilityTrees(rows, [], saltOf, sha);
          const a = trees[pick % trees.length] as AssetLiabilities;
          const proof = proofOf(a, pick % a.userIds.length);
          const r1 = await verifyInclusion({ ...proof, balance: (-neg).toString() }, rootOf(a), sha);
          expect(r1).toMatchObject({ ok: false, reason: 'negative' });
          if (proof.path.length > 0) {
            const path = proof.path.map((p, j) => (j === 0 ? { ...p, sum: `-${p.sum}` } : p));
            const r2 = await verifyInclusion({ ...proof, path }, rootOf(a), sha);
            expect(r2.ok).toBe(false);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('system accounts are totalled per asset beside the trees', () => {
    const trees = buildLiabilityTrees(
      [{ userId: '1', asset: 'USDT', available: 10n, frozen: 5n }],
      [
        { name: 'deposit_clearing', asset: 'USDT', balance: -20n },
        { name: 'fee_revenue', asset: 'USDT', balance: 5n },
        { name: 'fee_revenue', asset: 'BTC', balance: 0n },
      ],
      saltOf,
      sha,
    );
    expect(trees.map((t) => [t.asset, t.userTotal, t.systemTotal, t.tree === undefined])).toStrictEqual([
      ['BTC', 0n, 0n, true],
      ['USDT', 15n, -15n, false],
    ]);
  });

  it('the shared builder refuses a negative leaf directly', async () => {
    const { buildSumTree } = await import('@coin/shared/liabilities-tree');
    expect(() => buildSumTree(sha, ['a'.repeat(64), 'b'.repeat(64)], [1n, -1n])).toThrow(LiabilityTreeError);
  });
});

describe('salts', () => {
  it('salter (key prepared once) gives HMAC-SHA256(saltKey, userId), as saltFor', async () => {
    const { saltFor, salter } = await import('./liability-hash');
    const key = 'ab'.repeat(32);
    const salt = salter(key);
    for (const u of ['1', '42', 'mm:market-maker']) {
      expect(salt(u)).toBe(saltFor(key, u));
      expect(salt(u)).toBe(createHmac('sha256', key).update(u).digest('hex'));
    }
  });
});
