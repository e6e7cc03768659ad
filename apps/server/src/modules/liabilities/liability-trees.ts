// Pure part of a liabilities snapshot: from the ledger's accounts at one sequence number to one Merkle sum
// tree per asset (the tree itself and its encoding: @coin/shared/liabilities-tree). A user's leaf in an
// asset is everything the platform owes them in it: available plus frozen (open orders, withdrawal holds)
// over every account type. System accounts are not leaves; their totals are published beside the roots,
// so users see that user total + system total is the ledger's zero.
import {
  buildSumTree,
  checkAsset,
  checkLeafOwner,
  type HashHex,
  leafHashOf,
  type SumTree,
} from '@coin/shared/liabilities-tree';

export interface LedgerAccountRow {
  userId: string;
  asset: string;
  available: bigint;
  frozen: bigint;
}

export interface SystemAccountRow {
  name: string;
  asset: string;
  balance: bigint;
}

export interface AssetLiabilities {
  asset: string;
  /** Tree order (leaf i of the tree). */
  userIds: string[];
  balances: bigint[];
  leafHashes: string[];
  /** Undefined when no user has an account in the asset. */
  tree: SumTree | undefined;
  userTotal: bigint;
  systemTotal: bigint;
}

export class NegativeBalanceError extends Error {
  constructor(
    readonly userId: string,
    readonly asset: string,
  ) {
    super(`negative balance of user ${userId} in ${asset}`);
    this.name = 'NegativeBalanceError';
  }
}

/** Leaf balances per asset and user; refuses a negative field (the ledger's invariant, checked again). */
export function aggregateAccounts(accounts: Iterable<LedgerAccountRow>): Map<string, Map<string, bigint>> {
  const perAsset = new Map<string, Map<string, bigint>>();
  for (const a of accounts) {
    if (a.available < 0n || a.frozen < 0n) throw new NegativeBalanceError(a.userId, a.asset);
    let users = perAsset.get(a.asset);
    if (users === undefined) {
      users = new Map();
      perAsset.set(a.asset, users);
    }
    users.set(a.userId, (users.get(a.userId) ?? 0n) + a.available + a.frozen);
  }
  return perAsset;
}

/** Up to this many leaves the order is found with one typed-array sort (index packed under the key). */
const PACKED_SORT_LIMIT = 1 << 21;

/**
 * Tree order of the leaves: by leaf hash, which is salted and so random-looking and unlinkable between
 * snapshots (a position says nothing about who sits next to whom). The first 32 bits of the hash are the
 * key; equal keys (rare) keep their input order, which is fine: the order only has to be stored, not
 * recomputed by anyone.
 */
function treeOrder(hashes: string[]): number[] {
  const n = hashes.length;
  if (n <= PACKED_SORT_LIMIT) {
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      packed[i] = Number.parseInt((hashes[i] as string).slice(0, 8), 16) * PACKED_SORT_LIMIT + i;
    }
    packed.sort();
    const order = new Array<number>(n);
    for (let i = 0; i < n; i++) order[i] = (packed[i] as number) % PACKED_SORT_LIMIT;
    return order;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  return order.sort((a, b) => {
    const x = hashes[a] as string;
    const y = hashes[b] as string;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
}

/** Each user's salt, derived and checked once per snapshot (a user has leaves in several assets). */
export function saltCache(saltOf: (userId: string) => string): (userId: string) => string {
  const salts = new Map<string, string>();
  return (userId) => {
    let salt = salts.get(userId);
    if (salt === undefined) {
      salt = saltOf(userId);
      checkLeafOwner(salt, userId);
      salts.set(userId, salt);
    }
    return salt;
  };
}

/** One asset's tree from its users' balances (any input order); `saltOf` as made by saltCache. */
export function buildAssetTree(
  asset: string,
  users: Map<string, bigint>,
  saltOf: (userId: string) => string,
  hash: HashHex,
): Omit<AssetLiabilities, 'systemTotal'> {
  checkAsset(asset);
  const n = users.size;
  const ids = new Array<string>(n);
  const sums = new Array<bigint>(n);
  const hashes = new Array<string>(n);
  let i = 0;
  let total = 0n;
  for (const [userId, balance] of users) {
    ids[i] = userId;
    sums[i] = balance;
    hashes[i] = leafHashOf(hash, saltOf(userId), userId, asset, balance);
    total += balance;
    i++;
  }
  const order = treeOrder(hashes);
  const userIds = order.map((k) => ids[k] as string);
  const balances = order.map((k) => sums[k] as bigint);
  const leafHashes = order.map((k) => hashes[k] as string);
  return {
    asset,
    userIds,
    balances,
    leafHashes,
    tree: buildSumTree(hash, leafHashes, balances),
    userTotal: total,
  };
}

/** Every asset's tree and totals, assets sorted by code. */
export function buildLiabilityTrees(
  accounts: Iterable<LedgerAccountRow>,
  system: Iterable<SystemAccountRow>,
  saltOf: (userId: string) => string,
  hash: HashHex,
): AssetLiabilities[] {
  const perAsset = aggregateAccounts(accounts);
  const systemTotals = new Map<string, bigint>();
  for (const s of system) systemTotals.set(s.asset, (systemTotals.get(s.asset) ?? 0n) + s.balance);
  const assets = [...new Set([...perAsset.keys(), ...systemTotals.keys()])].sort();
  const salts = saltCache(saltOf);
  return assets.map((asset) => ({
    ...buildAssetTree(asset, perAsset.get(asset) ?? new Map(), salts, hash),
    systemTotal: systemTotals.get(asset) ?? 0n,
  }));
}
