// Shared by the JetStream journal tests: the local NATS (NATS_URL, default 127.0.0.1:4222), a unique
// stream name per test (the server is shared) and its removal, and a small deterministic workload.
import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import type { Command } from '@/core/types';
import { snapshotBucket } from '@/journal/jetstream-store';
import { leaseBucket } from '@/journal/leader-lease';

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** True when NATS with JetStream answers at NATS_URL; says why on the console when not. */
export async function jetStreamReachable(): Promise<boolean> {
  try {
    const nc = await connect({ servers: NATS_URL, timeout: 1500, reconnect: false });
    try {
      await (await nc.jetstreamManager()).getAccountInfo();
      return true;
    } finally {
      await nc.close();
    }
  } catch (error) {
    console.warn(`JetStream journal tests SKIPPED: no NATS with JetStream at ${NATS_URL} (${String(error)})`);
    return false;
  }
}

const streams = new Set<string>();

export function uniqueStream(prefix = 'TEST_JOURNAL'): string {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  streams.add(name);
  return name;
}

/** Deletes the journal stream, its snapshot object store and its lease bucket of every stream named here. */
export async function removeStreams(nc: NatsConnection): Promise<void> {
  const jsm = await nc.jetstreamManager();
  for (const stream of streams) {
    for (const name of [stream, `OBJ_${snapshotBucket(stream)}`, `KV_${leaseBucket(stream)}`]) {
      await jsm.streams.delete(name).catch(() => false);
    }
  }
  streams.clear();
}

/** Deposits, transfers and retries over a few users (each command valid on its own). */
export function workload(n: number, prefix = 'c', ts0 = 1_700_000_000_000): Command[] {
  const out: Command[] = [];
  for (let i = 0; i < n; i++) {
    const userId = `u${i % 5}`;
    const base = { id: `${prefix}${i}`, actor: userId, ts: ts0 + i };
    if (i % 4 === 3 && i >= 5) {
      out.push({
        ...base,
        type: 'transfer',
        payload: { userId, asset: 'USDT', amount: '1.5', from: 'spot', to: 'contract' },
      });
    } else {
      out.push({
        ...base,
        type: 'deposit.credit',
        payload: { userId, asset: 'USDT', amount: `${10 + i}.25`, ref: `${prefix}tx${i}` },
      });
    }
  }
  return out;
}
