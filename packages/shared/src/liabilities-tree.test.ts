// Fixed vectors of the proof-of-liabilities encoding: the server (node sha256), the web client (Web
// Crypto) and the standalone verifier (scripts/verify-liabilities-proof.mjs) must all produce these.
// The first leaf digest can be checked with any tool:
//   printf '%s' 'coin-pol-v1|leaf|64:aaaa…a,1:1,4:USDT,19:1500000000000000000,' | sha256sum
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildSumTree,
  type InclusionProof,
  LiabilityTreeError,
  leafHash,
  leafPreimage,
  nodePreimage,
  POL_VERSION,
  proofPath,
  verifyInclusion,
  webCryptoSha256Hex,
} from './liabilities-tree';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const salt = (c: string) => c.repeat(64);

const VECTORS = {
  leafPreimage:
    'coin-pol-v1|leaf|64:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa,1:1,4:USDT,19:1500000000000000000,',
  leaves: [
    '1dc86e529aa7d2db199718d081a9663237c6c7d465d3097dafba23e0bc0e5e05',
    'd46bbadb8805461d624d3c7bad39bb674b2e76f875b921e839496cbac78d64af',
    'd45058b8e99d6aa1de417f17a8afbb51b3100afec49a4f5f86572b7af6e232b2',
  ],
  node01: '5f33627e6c43e28b31d10a625ca140867fe91516b759a303020ca022dc17de24',
  root: {
    hash: '5b1a43d790089cef1a8ecc5e41be3f2f9761bbaaaba9caf54a3f390fad01a1e6',
    sum: '1500000000000000250',
  },
};

const LEAVES = [
  ['1', 1_500_000_000_000_000_000n, 'a'],
  ['2', 0n, 'b'],
  ['3', 250n, 'c'],
] as const;

describe('liabilities tree encoding', () => {
  it('leaf and node preimages are the documented netstrings', () => {
    expect(leafPreimage(salt('a'), '1', 'USDT', '1500000000000000000')).toBe(VECTORS.leafPreimage);
    expect(nodePreimage('x', '12', 'y', '0')).toBe('coin-pol-v1|node|1:x,2:12,1:y,1:0,');
  });

  it('node sha256 and Web Crypto give the same vectors', async () => {
    const hashes = LEAVES.map(([u, b, s]) => leafHash(sha, salt(s), u, 'USDT', b));
    expect(hashes).toStrictEqual(VECTORS.leaves);
    for (const [i, [u, b, s]] of LEAVES.entries()) {
      expect(await webCryptoSha256Hex(leafPreimage(salt(s), u, 'USDT', b.toString()))).toBe(
        VECTORS.leaves[i],
      );
    }
    const tree = buildSumTree(
      sha,
      hashes,
      LEAVES.map((l) => l[1]),
    );
    expect(tree?.levels[1]?.hashes[0]).toBe(VECTORS.node01);
    // Three leaves: the third is promoted unchanged to level 1, never paired with itself.
    expect(tree?.levels[1]?.hashes[1]).toBe(VECTORS.leaves[2]);
    expect({ hash: tree?.root.hash, sum: tree?.root.sum.toString() }).toStrictEqual(VECTORS.root);
  });

  it('proofs verify with either hash and fail against another root', async () => {
    const hashes = LEAVES.map(([u, b, s]) => leafHash(sha, salt(s), u, 'USDT', b));
    const tree = buildSumTree(
      sha,
      hashes,
      LEAVES.map((l) => l[1]),
    );
    if (!tree) throw new Error('no tree');
    for (const [i, [u, b, s]] of LEAVES.entries()) {
      const proof: InclusionProof = {
        version: POL_VERSION,
        asset: 'USDT',
        userId: u,
        salt: salt(s),
        balance: b.toString(),
        path: proofPath(tree, i),
      };
      expect((await verifyInclusion(proof, VECTORS.root, sha)).ok).toBe(true);
      expect((await verifyInclusion(proof, VECTORS.root, (x) => webCryptoSha256Hex(x))).ok).toBe(true);
      const wrongSum = await verifyInclusion(proof, { ...VECTORS.root, sum: '1' }, sha);
      expect(wrongSum).toMatchObject({ ok: false, reason: 'sum_mismatch' });
      const wrongHash = await verifyInclusion(proof, { ...VECTORS.root, hash: '0'.repeat(64) }, sha);
      expect(wrongHash).toMatchObject({ ok: false, reason: 'hash_mismatch' });
    }
  });

  it('refuses malformed input', async () => {
    expect(() => leafHash(sha, 'short', '1', 'USDT', 1n)).toThrow(LiabilityTreeError);
    expect(() => leafHash(sha, salt('a'), 'has space', 'USDT', 1n)).toThrow(LiabilityTreeError);
    expect(() => leafHash(sha, salt('a'), '1', 'USDT', -1n)).toThrow('NEGATIVE_LEAF');
    const base: InclusionProof = {
      version: POL_VERSION,
      asset: 'USDT',
      userId: '1',
      salt: salt('a'),
      balance: '1',
      path: [],
    };
    for (const bad of [
      { ...base, balance: '01' },
      { ...base, balance: '1.5' },
      { ...base, salt: 'A'.repeat(64) },
      { ...base, version: 'v0' },
      { ...base, path: [{ side: 'up', hash: 'a'.repeat(64), sum: '1' }] },
      { ...base, path: [{ side: 'left', hash: 'a'.repeat(64), sum: '1e3' }] },
    ]) {
      expect(await verifyInclusion(bad as InclusionProof, VECTORS.root, sha)).toMatchObject({
        ok: false,
        reason: 'malformed',
      });
    }
  });
});
