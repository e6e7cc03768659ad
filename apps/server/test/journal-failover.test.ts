// Failover with real processes on the local NATS (issue 19): a leader and a standby core process on one
// JetStream journal; under load the leader is killed with SIGKILL; the standby takes the lease, every
// command the leader acknowledged is in its state, nothing is applied twice, and its state hash equals a
// replay of the stream. Skipped, with a message, when NATS is absent.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult } from '@/core/types';
import { JetStreamJournalStore } from '@/journal/jetstream-store';
import { sha256Hex } from '@/journal/money-core';
import { jetStreamReachable, NATS_URL, removeStreams, uniqueStream, workload } from './jetstream-helpers';

const reachable = await jetStreamReachable();
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/core-node-child.ts', import.meta.url));
const TTL = 1500;

interface Child {
  proc: ChildProcess;
  role(role: string): Promise<void>;
  request(message: Record<string, unknown>): Promise<Record<string, unknown>>;
}

function startChild(stream: string, nodeId: string): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', fixture, NATS_URL, stream, nodeId, String(TTL)], {
    cwd: serverDir,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let n = 0;
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  const roles: string[] = [];
  const roleWaiters: (() => void)[] = [];
  proc.on('message', (m: Record<string, unknown>) => {
    if (typeof m.role === 'string') {
      roles.push(m.role);
      for (const w of roleWaiters.splice(0)) w();
      return;
    }
    const cb = waiting.get(m.n as number);
    waiting.delete(m.n as number);
    cb?.(m);
  });
  return {
    proc,
    role: (role) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${nodeId} never became ${role}`)), 20_000);
        const check = () => {
          if (roles.includes(role)) {
            clearTimeout(timer);
            resolve();
          } else roleWaiters.push(check);
        };
        check();
      }),
    request: (message) =>
      new Promise((resolve, reject) => {
        const id = ++n;
        waiting.set(id, resolve);
        proc.send({ ...message, n: id }, (error) => error && reject(error));
      }),
  };
}

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (!reachable) return;
  const nc = await connect({ servers: NATS_URL });
  await removeStreams(nc);
  await nc.close();
});

describe.skipIf(!reachable)('core failover on JetStream (real processes)', () => {
  it('kill -9 the leader under load: the standby takes over with every acknowledged command', async () => {
    const stream = uniqueStream('TEST_FAILOVER');
    const leader = startChild(stream, 'leader');
    children.push(leader.proc);
    await leader.role('leader');
    const standby = startChild(stream, 'standby');
    children.push(standby.proc);
    await standby.role('standby');

    const commands = workload(600, 'k');
    const acked = new Set<string>();
    let killed = false;
    const exited = new Promise<void>((resolve) => leader.proc.once('exit', () => resolve()));
    // Commands stream in, 20 in flight at a time; the leader is killed after 200 acknowledgements.
    let next = 0;
    const worker = async () => {
      while (next < commands.length && !killed) {
        const command = commands[next++] as Command;
        const answer = await leader.request({ kind: 'submit', command });
        const result = answer.result as CommandResult | undefined;
        if (result?.ok) acked.add(command.id);
        if (acked.size >= 200 && !killed) {
          killed = true;
          leader.proc.kill('SIGKILL');
        }
      }
    };
    const workers = Array.from({ length: 20 }, () => worker());
    await exited;
    // Requests in flight at the kill never get an answer: they are neither acknowledged nor awaited.
    void Promise.allSettled(workers);
    const sent = next;

    const started = performance.now();
    await standby.role('leader');
    const takeoverMs = performance.now() - started;
    expect(takeoverMs).toBeLessThan(TTL * 5);

    const check = await standby.request({ kind: 'check', ids: [...acked] });
    expect(check.missing).toEqual([]);
    // The new leader continues: the rest of the commands (and retries of those in flight) are accepted.
    for (const command of commands.slice(sent - 20)) {
      const answer = await standby.request({ kind: 'submit', command });
      expect((answer.result as CommandResult | undefined)?.ok).toBe(true);
    }
    const final = await standby.request({ kind: 'check', ids: commands.map((c) => c.id) });
    expect(final.missing).toEqual([]);

    const nc = await connect({ servers: NATS_URL });
    try {
      const store = new JetStreamJournalStore(nc, { stream });
      const last = await store.streamLastSeq();
      expect(last).toBe(final.position);
      const records = await store.readRecords(0, last, last);
      const ids = records.map((r) => (JSON.parse(r) as Command).id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(commands.length);
      const replayed = new MoneyState(sha256Hex);
      for (const r of records) replayed.apply(JSON.parse(r) as Command);
      expect(replayed.stateHash()).toBe(final.hash);
    } finally {
      await nc.close();
    }
    standby.proc.kill('SIGTERM');
  }, 60_000);
});
