// Proof of liabilities: the Merkle sum tree the server builds per asset and the inclusion check that
// users run (docs/proof-of-liabilities.md has the scheme and the attacks it avoids). One implementation
// for the server (sync node sha256) and the web client (async Web Crypto): the hash is passed in, and
// everything that decides a digest — the byte encoding of leaves and nodes — lives only here.
//
// Encoding (ASCII; the byte string that is hashed with SHA-256, the digest written as 64 lowercase hex):
//   leaf = "coin-pol-v1|leaf|" ns(salt) ns(userId) ns(asset) ns(balance)
//   node = "coin-pol-v1|node|" ns(leftHash) ns(leftSum) ns(rightHash) ns(rightSum)
// where ns(x) is the netstring `<length in decimal>:<x>,` (all fields are ASCII, so length in characters
// = length in bytes) and every amount is a non-negative integer count
// of atoms (10^-18 of a unit) in decimal without leading zeros. A node commits to both children's hashes
// AND both children's sums; its own sum is leftSum + rightSum. A level with an odd count promotes its
// last node unchanged (it is never paired with a copy of itself).

/** Digest of an ASCII string as 64 lowercase hex characters (sha256). */
export type HashHex = (input: string) => string;
/** The same, for hash functions that answer asynchronously (Web Crypto). */
export type HashHexAsync = (input: string) => string | Promise<string>;

export const POL_VERSION = 'coin-pol-v1';
const LEAF_TAG = `${POL_VERSION}|leaf|`;
const NODE_TAG = `${POL_VERSION}|node|`;

const HEX64 = /^[0-9a-f]{64}$/;
const ATOMS = /^(0|[1-9][0-9]{0,59})$/;
/** User ids as the ledger keys them: printable ASCII without spaces. */
const USER_ID = /^[\x21-\x7e]{1,64}$/;
const ASSET = /^[A-Za-z0-9._-]{1,32}$/;
/** A tree of 2^64 leaves is far beyond any exchange; longer paths are malformed. */
const MAX_PATH = 64;
/** Leaves and sums have at most 60 digits (NUMERIC(60,0) in SQL). */
const ATOMS_BOUND = 10n ** 60n;

// Each preimage is one template (no string per field): the tree builder makes one per node.
export function leafPreimage(salt: string, userId: string, asset: string, balance: string): string {
  return `${LEAF_TAG}${salt.length}:${salt},${userId.length}:${userId},${asset.length}:${asset},${balance.length}:${balance},`;
}

export function nodePreimage(leftHash: string, leftSum: string, rightHash: string, rightSum: string): string {
  return `${NODE_TAG}${leftHash.length}:${leftHash},${leftSum.length}:${leftSum},${rightHash.length}:${rightHash},${rightSum.length}:${rightSum},`;
}

export class LiabilityTreeError extends Error {
  constructor(readonly code: 'NEGATIVE_LEAF' | 'MALFORMED_LEAF') {
    super(code);
    this.name = 'LiabilityTreeError';
  }
}

/** Checks a leaf's salt and user id (once per user and snapshot: the builder's salt cache calls it). */
export function checkLeafOwner(salt: string, userId: string): void {
  // A 64-character salt from our own HMAC needs no pattern test (a third of this check's cost).
  if (salt.length !== 64 || !USER_ID.test(userId)) throw new LiabilityTreeError('MALFORMED_LEAF');
}

/** Checks an asset code (once per tree). */
export function checkAsset(asset: string): void {
  if (!ASSET.test(asset)) throw new LiabilityTreeError('MALFORMED_LEAF');
}

/**
 * A leaf's digest; checks the balance (NEGATIVE_LEAF for a negative one). The salt, user id and asset must
 * have passed checkLeafOwner / checkAsset: `leafHash` below does both.
 */
export function leafHashOf(
  hash: HashHex,
  salt: string,
  userId: string,
  asset: string,
  balance: bigint,
): string {
  if (balance < 0n) throw new LiabilityTreeError('NEGATIVE_LEAF');
  if (balance >= ATOMS_BOUND) throw new LiabilityTreeError('MALFORMED_LEAF');
  return hash(leafPreimage(salt, userId, asset, balance.toString()));
}

export function leafHash(
  hash: HashHex,
  salt: string,
  userId: string,
  asset: string,
  balance: bigint,
): string {
  checkLeafOwner(salt, userId);
  checkAsset(asset);
  return leafHashOf(hash, salt, userId, asset, balance);
}

/** Level 0 are the leaves in tree order; the last level holds the root alone. */
export interface SumTreeLevel {
  hashes: string[];
  sums: bigint[];
}

export interface SumTree {
  levels: SumTreeLevel[];
  root: { hash: string; sum: bigint };
}

/**
 * Builds the inner levels over leaves already in tree order (parallel arrays: no object per node).
 * Refuses a negative leaf sum. Empty input has no tree (undefined).
 */
export function buildSumTree(hash: HashHex, leafHashes: string[], leafSums: bigint[]): SumTree | undefined {
  if (leafHashes.length !== leafSums.length) throw new Error('leaf hashes and sums differ in length');
  if (leafHashes.length === 0) return undefined;
  for (let i = 0; i < leafSums.length; i++) {
    if ((leafSums[i] as bigint) < 0n) throw new LiabilityTreeError('NEGATIVE_LEAF');
  }
  const levels: SumTreeLevel[] = [{ hashes: leafHashes, sums: leafSums }];
  let hashes = leafHashes;
  let sums = leafSums;
  // Decimal text of the current level's sums, computed once per node (each is used once as a child).
  let sumText: string[] = new Array<string>(sums.length);
  for (let i = 0; i < sums.length; i++) sumText[i] = (sums[i] as bigint).toString();
  while (hashes.length > 1) {
    const n = hashes.length;
    const half = n >>> 1;
    const upN = half + (n & 1);
    const upHashes = new Array<string>(upN);
    const upSums = new Array<bigint>(upN);
    const upText = new Array<string>(upN);
    for (let i = 0, j = 0; j < half; i += 2, j++) {
      const s = (sums[i] as bigint) + (sums[i + 1] as bigint);
      const text = s.toString();
      upHashes[j] = hash(
        nodePreimage(
          hashes[i] as string,
          sumText[i] as string,
          hashes[i + 1] as string,
          sumText[i + 1] as string,
        ),
      );
      upSums[j] = s;
      upText[j] = text;
    }
    if (n & 1) {
      upHashes[half] = hashes[n - 1] as string;
      upSums[half] = sums[n - 1] as bigint;
      upText[half] = sumText[n - 1] as string;
    }
    hashes = upHashes;
    sums = upSums;
    sumText = upText;
    levels.push({ hashes, sums });
  }
  return { levels, root: { hash: hashes[0] as string, sum: sums[0] as bigint } };
}

export interface ProofStep {
  /** Where the sibling sits: 'left' means node = H(sibling, current). */
  side: 'left' | 'right';
  hash: string;
  /** Atoms, decimal. */
  sum: string;
}

/** The sibling path of leaf `index` (levels where the node was promoted have no step). */
export function proofPath(tree: SumTree, index: number): ProofStep[] {
  const path: ProofStep[] = [];
  let i = index;
  for (let k = 0; k < tree.levels.length - 1; k++) {
    const level = tree.levels[k] as SumTreeLevel;
    const sibling = i ^ 1;
    if (sibling < level.hashes.length) {
      path.push({
        side: (i & 1) === 0 ? 'right' : 'left',
        hash: level.hashes[sibling] as string,
        sum: (level.sums[sibling] as bigint).toString(),
      });
    }
    i >>>= 1;
  }
  return path;
}

/** What a user needs to recompute the root from their own leaf. */
export interface InclusionProof {
  version: typeof POL_VERSION;
  asset: string;
  userId: string;
  /** 64 hex characters, this user's secret for this snapshot. */
  salt: string;
  /** The leaf's balance: atoms, decimal. */
  balance: string;
  path: ProofStep[];
}

export type VerifyFailure = 'malformed' | 'negative' | 'sum_mismatch' | 'hash_mismatch';

export type VerifyResult =
  | { ok: true; leafHash: string; rootHash: string; rootSum: string }
  | { ok: false; reason: VerifyFailure; rootHash?: string; rootSum?: string };

function wellFormed(proof: InclusionProof): boolean {
  if (typeof proof !== 'object' || proof === null) return false;
  if (proof.version !== POL_VERSION) return false;
  if (typeof proof.salt !== 'string' || !HEX64.test(proof.salt)) return false;
  if (typeof proof.userId !== 'string' || !USER_ID.test(proof.userId)) return false;
  if (typeof proof.asset !== 'string' || !ASSET.test(proof.asset)) return false;
  if (!Array.isArray(proof.path) || proof.path.length > MAX_PATH) return false;
  for (const step of proof.path) {
    if (typeof step !== 'object' || step === null) return false;
    if (step.side !== 'left' && step.side !== 'right') return false;
    if (typeof step.hash !== 'string' || !HEX64.test(step.hash)) return false;
  }
  return true;
}

/** A decimal atoms string: 'negative' for a signed one, undefined when not a number at all. */
function atomsOf(v: unknown): bigint | 'negative' | undefined {
  if (typeof v !== 'string') return undefined;
  if (ATOMS.test(v)) return BigInt(v);
  return /^-[0-9]+$/.test(v) ? 'negative' : undefined;
}

/**
 * Recomputes the root from the proof and compares it with the published root (hash and total). Every sum
 * on the path must be a non-negative integer; a negative leaf or sibling fails as 'negative'.
 */
export async function verifyInclusion(
  proof: InclusionProof,
  published: { hash: string; sum: string },
  hash: HashHexAsync,
): Promise<VerifyResult> {
  if (!wellFormed(proof)) return { ok: false, reason: 'malformed' };
  const balance = atomsOf(proof.balance);
  if (balance === 'negative') return { ok: false, reason: 'negative' };
  if (balance === undefined) return { ok: false, reason: 'malformed' };
  let current = await hash(leafPreimage(proof.salt, proof.userId, proof.asset, balance.toString()));
  const leaf = current;
  let sum = balance;
  for (const step of proof.path) {
    const sibling = atomsOf(step.sum);
    if (sibling === 'negative') return { ok: false, reason: 'negative' };
    if (sibling === undefined) return { ok: false, reason: 'malformed' };
    const preimage =
      step.side === 'left'
        ? nodePreimage(step.hash, sibling.toString(), current, sum.toString())
        : nodePreimage(current, sum.toString(), step.hash, sibling.toString());
    current = await hash(preimage);
    sum += sibling;
  }
  const rootHash = current;
  const rootSum = sum.toString();
  if (rootHash !== published.hash) return { ok: false, reason: 'hash_mismatch', rootHash, rootSum };
  if (rootSum !== published.sum) return { ok: false, reason: 'sum_mismatch', rootHash, rootSum };
  return { ok: true, leafHash: leaf, rootHash, rootSum };
}

/** The part of SubtleCrypto used here (this package has no DOM types). */
export interface DigestOnly {
  digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
}

/** SHA-256 through Web Crypto (browsers in a secure context, node >= 20): the web client's hash. */
export async function webCryptoSha256Hex(input: string, subtle: DigestOnly = globalThis.crypto.subtle) {
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(input)));
  let out = '';
  for (const b of digest) out += b.toString(16).padStart(2, '0');
  return out;
}
