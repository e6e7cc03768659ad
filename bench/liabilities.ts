// Proof of liabilities (issue 21): building the Merkle sum trees of one snapshot from ledger accounts, as
// the snapshot job does after its synchronous read of the core (aggregation per user and asset, one
// HMAC salt per user, leaf hashes, tree order, inner nodes). Figures, not pass/fail (DESIGN section 9).
// Goal: 1,000,000 accounts over 10 assets in under 10 s. Run: cd bench && npx tsx liabilities.ts
//
// Workload (seeded PRNG, generated before timing): BENCH_POL_ACCOUNTS ledger accounts (default 1M) with
// random available and frozen amounts (a fifth have a frozen part), spread evenly over 10 assets (10 trees
// of 100,000 leaves): account i belongs to user i % BENCH_POL_USERS, default accounts / 10 = 100,000 users
// each holding every asset; BENCH_POL_USERS=1000000 gives a million users holding one asset each (ten
// times the salts to derive). Timed: aggregation per (asset, user), one HMAC salt per user, 1M leaf
// hashes, tree order, ~1M inner nodes. Not timed: the SQL writes. Wall and CPU time are
// printed (the CPU figure is the one a busy shared machine blurs least).
import { performance } from 'node:perf_hooks';
import { salter, sha256Hex } from '@/modules/liabilities/liability-hash';
import { buildLiabilityTrees, type LedgerAccountRow } from '@/modules/liabilities/liability-trees';

const ACCOUNTS = Number(process.env.BENCH_POL_ACCOUNTS ?? 1_000_000);
const ASSETS = ['BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'XRP', 'DOGE', 'ADA', 'TRX', 'LTC'];
const USERS = Number(process.env.BENCH_POL_USERS ?? Math.ceil(ACCOUNTS / ASSETS.length));
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
    // Account i: user i % USERS; the asset shifts with each block of USERS accounts, so a user's accounts
    // are in different assets and every asset gets a tenth of the accounts.
    const user = i % USERS;
    const asset = ASSETS[(i + Math.floor(i / USERS)) % ASSETS.length] as string;
    rows[i] = {
      userId: String(100_000 + user),
      asset: `${asset}`,
      available: BigInt(Math.floor(rnd() * 1e15)) * 1_000n,
      frozen: rnd() < 0.2 ? BigInt(Math.floor(rnd() * 1e12)) * 1_000n : 0n,
    };
  }
  return rows;
}

const rows = workload();
const saltKey = 'bench-salt-key';
for (let run = 1; run <= 2; run++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const trees = buildLiabilityTrees(rows, [], salter(saltKey), sha256Hex);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const leaves = trees.reduce((n, t) => n + t.userIds.length, 0);
  console.log(
    `${`liabilities: trees for ${ACCOUNTS.toLocaleString('en')} accounts, ${ASSETS.length} assets`.padEnd(58)} ${ms.toFixed(0).padStart(7)} ms` +
      `   (run ${run}: ${cpuMs.toFixed(0)} ms CPU, ${leaves.toLocaleString('en')} leaves, ${USERS.toLocaleString('en')} users; goal < ${GOAL_MS / 1000} s: ${ms < GOAL_MS ? 'met' : 'NOT met'})`,
  );
}
