// Money core throughput (DESIGN section 9; figures, not pass/fail). Run: cd bench && npx tsx wallet-journal.ts
// BENCH_JOURNAL_DIR picks the disk (default the OS temp folder); BENCH_JOURNAL_ON / _OFF the command counts.
// 1. Pure state-machine apply rate (no journal).
// 2. Durable wallet commands per second on a real temporary folder with group commit ON and OFF
//    (64 concurrent submitters), with p50/p99 acknowledgement latency.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MoneyState } from '@/core/money-state';
import type { Command } from '@/core/types';
import { openMoneyCore, sha256Hex } from '@/journal/money-core';

const USERS = 1000;

/** A wallet mix: deposits, transfers, withdrawal freezes and releases, swaps (after an opening deposit). */
function command(i: number, prefix: string): Command {
  const userId = `u${i % USERS}`;
  const base = { id: `${prefix}-${i}`, actor: userId, ts: 1_700_000_000_000 + i };
  if (i < USERS) {
    return {
      ...base,
      type: 'deposit.credit',
      payload: { userId, asset: 'USDT', amount: '1000000', ref: 'open' },
    };
  }
  switch (i % 5) {
    case 0:
      return {
        ...base,
        type: 'deposit.credit',
        payload: { userId, asset: 'USDT', amount: '12.5', ref: `tx-${i}` },
      };
    case 1:
      return {
        ...base,
        type: 'transfer',
        payload: { userId, asset: 'USDT', amount: '1.25', from: 'spot', to: 'contract' },
      };
    case 2:
      return {
        ...base,
        type: 'withdraw.freeze',
        payload: { userId, asset: 'USDT', amount: '3', fee: '0.1', withdrawalId: `${prefix}-w-${i}` },
      };
    case 3:
      return {
        ...base,
        type: 'withdraw.release',
        payload: { withdrawalId: `${prefix}-w-${i - 1}`, reason: 'cancelled' },
      };
    default:
      return {
        ...base,
        type: 'swap',
        payload: {
          userId,
          fromAsset: 'USDT',
          toAsset: 'BTC',
          amount: '10',
          price: '0.0000153',
          feeRate: '0.001',
          priceRef: 'idx',
        },
      };
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function line(name: string, ops: number, ms: number, extra = ''): void {
  console.log(
    `${name.padEnd(46)} ${((ops / ms) * 1000).toFixed(0).padStart(9)} cmd/s   (${ops} in ${ms.toFixed(0)} ms)${extra}`,
  );
}

function pureApply(): void {
  const n = 100_000;
  const commands = Array.from({ length: n }, (_, i) => command(i, 'pure'));
  const state = new MoneyState(sha256Hex);
  const t0 = performance.now();
  let ok = 0;
  for (const c of commands) if (state.apply(c).result.ok) ok++;
  line('core apply (pure, no journal)', n, performance.now() - t0, `  ok ${ok}`);
}

async function durable(groupCommit: boolean, n: number, concurrency: number): Promise<void> {
  const dir = await mkdtemp(join(process.env.BENCH_JOURNAL_DIR ?? tmpdir(), 'bench-journal-'));
  try {
    const core = await openMoneyCore({ dir, groupCommit, batchWindowMs: 2, snapshotEvery: 0 });
    // Opening deposits outside the measurement.
    await Promise.all(Array.from({ length: USERS }, (_, i) => core.submit(command(i, 'd'))));
    const latencies: number[] = [];
    let next = USERS;
    const end = USERS + n;
    const t0 = performance.now();
    const worker = async () => {
      while (next < end) {
        const c = command(next++, 'd');
        const s = performance.now();
        await core.submit(c);
        latencies.push(performance.now() - s);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const ms = performance.now() - t0;
    latencies.sort((a, b) => a - b);
    line(
      `journal ${groupCommit ? 'group commit ON ' : 'group commit OFF'} (${concurrency} submitters)`,
      n,
      ms,
      `  ack p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
    );
    await core.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `money core bench (journal in a temp folder under ${process.env.BENCH_JOURNAL_DIR ?? tmpdir()})`,
  );
  pureApply();
  await durable(true, Number(process.env.BENCH_JOURNAL_ON ?? 20_000), 64);
  await durable(false, Number(process.env.BENCH_JOURNAL_OFF ?? 1_000), 64);
}

await main();
