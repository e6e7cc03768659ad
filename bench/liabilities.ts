// Proof of liabilities (issue 21): building the Merkle sum trees of one snapshot from ledger accounts, as
// the snapshot job does after its synchronous read of the core (aggregation per user and asset, one
// HMAC salt per user, leaf hashes, tree order, inner nodes). Figures, not pass/fail (DESIGN section 9).
// Goal: 1,000,000 accounts over 10 assets in under 10 s. Run: cd bench && npx tsx liabilities.ts
//
// Workload (seeded PRNG, generated before timing): BENCH_POL_ACCOUNTS ledger accounts (default 1M), each
// (user, asset, account type) with a random available and frozen amount, over 10 assets; users are
// drawn so that each asset holds about a tenth of the accounts (100,000 users, every one in every asset
// with one account type, by default). BENCH_POL_USERS changes the user count.
import { performance } from 'node:perf_hooks';
import { saltFor, sha256Hex } from '@/modules/liabilities/liability-hash';
import { buildLiabilityTrees, type LedgerAccountRow } from '@/modules/liabilities/liability-trees';

const ACCOUNTS = Number(process.env.BENCH_POL_ACCOUNTS ?? 1_000_000);
const ASSETS = ['BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'XRP', 'DOGE', 'ADA', 'TRX', 'LTC'];
const USERS = Number(process.env.BENCH_POL_USERS ?? Math.ceil(ACCOUNTS / ASSETS.length));
const TYPES = ['spot', 'contract', 'finance', 'merchant'] as const;
const GOAL_MS = 10_000;

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

function workload(): LedgerAccountRow[] {
  const rnd = prng(21);
  const rows: LedgerAccountRow[] = new Array(ACCOUNTS);
  for (let i = 0; i < ACCOUNTS; i++) {
    // Account i: user i % USERS, asset by the block of users, so (user, asset) pairs are spread evenly.
    const user = i % USERS;
    const asset = ASSETS[Math.floor(i / USERS) % ASSETS.length] as string;
    const type = TYPES[Math.floor(rnd() * TYPES.length)] as string;
    rows[i] = {
      userId: String(100_000 + user),
      asset: `${asset}`,
      available: BigInt(Math.floor(rnd() * 1e15)) * 1_000n,
      frozen: rnd() < 0.2 ? BigInt(Math.floor(rnd() * 1e12)) * 1_000n : 0n,
    };
    void type;
  }
  return rows;
}

const rows = workload();
const saltKey = 'bench-salt-key';
for (let run = 1; run <= 2; run++) {
  const t0 = performance.now();
  const trees = buildLiabilityTrees(rows, [], (u) => saltFor(saltKey, u), sha256Hex);
  const ms = performance.now() - t0;
  const leaves = trees.reduce((n, t) => n + t.userIds.length, 0);
  console.log(
    `${`liabilities: trees for ${ACCOUNTS.toLocaleString('en')} accounts, ${ASSETS.length} assets`.padEnd(58)} ${ms.toFixed(0).padStart(7)} ms` +
      `   (run ${run}, ${leaves.toLocaleString('en')} leaves, ${USERS.toLocaleString('en')} users; goal < ${GOAL_MS / 1000} s: ${ms < GOAL_MS ? 'met' : 'NOT met'})`,
  );
}
