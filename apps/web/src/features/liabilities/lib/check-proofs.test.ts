// The in-browser check against the published snapshot, with Web Crypto (node's globalThis.crypto here):
// a proof built by the shared builder verifies; a proof for another snapshot, another user, or with a
// changed balance does not.
import { createHash } from 'node:crypto';
import { buildSumTree, leafHash, POL_VERSION, proofPath } from '@coin/shared/liabilities-tree';
import { describe, expect, it } from 'vitest';
import { browserHash, checkProofs } from './check-proofs';
import type { Snapshot, UserProofs } from './liabilities-types';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const users = [
  ['7', 'a'.repeat(64), 5_000_000_000_000_000_000n],
  ['8', 'b'.repeat(64), 1n],
] as const;
const hashes = users.map(([u, salt, b]) => leafHash(sha, salt, u, 'USDT', b));
const tree = buildSumTree(
  sha,
  hashes,
  users.map((u) => u[2]),
);
if (!tree) throw new Error('no tree');

const snapshot: Snapshot = {
  id: '3',
  kind: 'daily',
  takenAt: '2026-06-01T00:00:00.000Z',
  coreSeq: 42,
  stateHash: 'f'.repeat(64),
  users: 2,
  assets: [
    {
      asset: 'USDT',
      rootHash: tree.root.hash,
      leaves: 2,
      userTotal: '5.000000000000000001',
      userTotalAtoms: tree.root.sum.toString(),
      systemTotal: '-5.000000000000000001',
      systemTotalAtoms: (-tree.root.sum).toString(),
      balanced: true,
      system: [],
    },
  ],
  reserves: null,
};

const mine: UserProofs = {
  snapshot,
  userId: '7',
  proofs: [
    {
      asset: 'USDT',
      balance: '5',
      root: { hash: tree.root.hash, sum: tree.root.sum.toString() },
      proof: {
        version: POL_VERSION,
        asset: 'USDT',
        userId: '7',
        salt: 'a'.repeat(64),
        balance: '5000000000000000000',
        path: proofPath(tree, 0),
      },
    },
  ],
};

describe('checkProofs', () => {
  const hash = browserHash();
  it('has Web Crypto here', () => {
    expect(hash).toBeDefined();
  });

  it('includes a proof that rebuilds the published root', async () => {
    const r = await checkProofs(snapshot, mine, '7', hash ?? sha);
    expect(r).toStrictEqual([{ asset: 'USDT', balance: '5', ok: true, rootHash: tree.root.hash }]);
  });

  it('refuses a changed balance, another user and another snapshot', async () => {
    const changed = structuredClone(mine);
    (changed.proofs[0] as UserProofs['proofs'][number]).proof.balance = '5000000000000000001';
    expect((await checkProofs(snapshot, changed, '7', hash ?? sha))[0]).toMatchObject({
      ok: false,
      reason: 'hash_mismatch',
    });
    expect((await checkProofs(snapshot, mine, '8', hash ?? sha))[0]).toMatchObject({
      ok: false,
      reason: 'other_user',
    });
    expect((await checkProofs({ ...snapshot, id: '4' }, mine, '7', hash ?? sha))[0]).toMatchObject({
      ok: false,
      reason: 'not_published',
    });
  });
});
