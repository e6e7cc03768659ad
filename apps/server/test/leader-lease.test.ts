// One active core on the real local NATS (issue 19): the leader lease in a JetStream KV bucket (exactly
// one of two racers holds it, a lapsed lease goes to the other, the old holder's renewal is refused), and
// a standby that tails the stream, takes over when the leader stops renewing, and whose state hash equals
// a replay of the stream. Skipped, with a message, when NATS is absent.
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoneyState } from '@/core/money-state';
import type { Command } from '@/core/types';
import { CoreNode } from '@/journal/core-node';
import { JetStreamJournalStore } from '@/journal/jetstream-store';
import { LEASE_KEY, LeaderLease, leaseBucket } from '@/journal/leader-lease';
import { sha256Hex } from '@/journal/money-core';
import { jetStreamReachable, NATS_URL, removeStreams, uniqueStream, workload } from './jetstream-helpers';

const reachable = await jetStreamReachable();
const TTL = 1500;

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return performance.now() - started;
}

describe.skipIf(!reachable)('leader lease and standby on JetStream', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
  });
  afterAll(async () => {
    await removeStreams(nc);
    await nc.close();
  });

  it('exactly one of two racers holds the lease; a lapsed lease passes to the other', async () => {
    const stream = uniqueStream();
    const lost: string[] = [];
    const a = new LeaderLease(nc, { stream, nodeId: 'a', ttlMs: TTL, onLost: (r) => lost.push(`a:${r}`) });
    const b = new LeaderLease(nc, { stream, nodeId: 'b', ttlMs: TTL, onLost: (r) => lost.push(`b:${r}`) });
    const won = await Promise.all([a.tryAcquire(), b.tryAcquire()]);
    expect(won.filter(Boolean).length).toBe(1);
    const [holder, other] = won[0] ? [a, b] : [b, a];
    expect((await holder.holder())?.nodeId).toBe(holder.nodeId);
    // Renewals keep it across several TTLs.
    await new Promise((resolve) => setTimeout(resolve, TTL * 2));
    expect(holder.held()).toBe(true);
    expect(await other.tryAcquire()).toBe(false);

    // The holder stops renewing (a crash as the others see it): the lease lapses and the other takes it.
    holder.abandon();
    expect(holder.held()).toBe(false);
    await expect(holder.ensureHeld()).rejects.toThrow(/not held/);
    const waited = await until(() => other.tryAcquire(), TTL * 4);
    expect(waited).toBeLessThan(TTL * 4);
    expect((await other.holder())?.nodeId).toBe(other.nodeId);
    // The old holder cannot take it back while the new one renews.
    const again = new LeaderLease(nc, { stream, nodeId: holder.nodeId, ttlMs: TTL });
    expect(await again.tryAcquire()).toBe(false);
    await other.release();
    // Released: free at once.
    expect(await again.tryAcquire()).toBe(true);
    await again.release();
  });

  it('a renewal delayed by a busy event loop is made before the next append, and the lease is kept', async () => {
    const stream = uniqueStream();
    const lost: string[] = [];
    const a = new LeaderLease(nc, { stream, nodeId: 'a', ttlMs: 3000, onLost: (r) => lost.push(r) });
    expect(await a.tryAcquire()).toBe(true);
    // Block the event loop past the local margin (0.8 TTL) but not past the server's TTL.
    const until2500 = performance.now() + 2500;
    while (performance.now() < until2500) {
      // busy
    }
    expect(a.held()).toBe(false);
    await a.ensureHeld();
    expect(a.held()).toBe(true);
    expect(lost).toEqual([]);
    await a.release();
  });

  it('a renewal the server refuses (the entry was replaced) loses the lease for good', async () => {
    const stream = uniqueStream();
    const lost: string[] = [];
    const a = new LeaderLease(nc, { stream, nodeId: 'a', ttlMs: TTL, onLost: (r) => lost.push(r) });
    expect(await a.tryAcquire()).toBe(true);
    // Someone overwrites the entry (an operator, or a writer that ignored the revision).
    const kv = await nc.jetstream().views.kv(leaseBucket(stream));
    await kv.put(LEASE_KEY, new TextEncoder().encode(JSON.stringify({ nodeId: 'intruder', since: 0 })));
    await until(() => lost.length > 0, TTL * 2);
    expect(lost[0]).toMatch(/renewal refused/);
    expect(a.held()).toBe(false);
    await expect(a.ensureHeld()).rejects.toThrow(/not held/);
  });

  it('a standby tails the stream, takes over when the leader lapses, and the fenced leader cannot append', async () => {
    const stream = uniqueStream();
    const fenced: string[] = [];
    const leaderNode = new CoreNode({
      nc,
      stream,
      nodeId: 'leader',
      leaseTtlMs: TTL,
      core: { batchWindowMs: 1, snapshotEvery: 50 },
      onFenced: (reason) => fenced.push(reason),
    });
    await leaderNode.start();
    expect(leaderNode.role).toBe('leader');
    const leader = await leaderNode.leader();

    const standbyConn = await connect({ servers: NATS_URL });
    const standby = new CoreNode({ nc: standbyConn, stream, nodeId: 'standby', leaseTtlMs: TTL });
    try {
      await standby.start();
      expect(standby.role).toBe('standby');

      const commands = workload(120, 'f');
      const acked: string[] = [];
      for (let i = 0; i < commands.length; i += 20) {
        for (const r of await Promise.all(commands.slice(i, i + 20).map((c) => leader.submit(c)))) {
          if (r.ok) acked.push(r.commandId);
        }
      }
      expect(acked.length).toBe(120);
      // The standby keeps its state current from the stream.
      await standby.caughtUp(leader.journalPosition());
      expect(standby.stateHash()).toBe(leader.stateHash());

      // The leader stops renewing (crash): the standby takes over within a few seconds.
      const started = performance.now();
      await leaderNode.abandon();
      const core = await standby.leader();
      const takeoverMs = performance.now() - started;
      expect(takeoverMs).toBeLessThan(TTL * 4);
      expect(standby.role).toBe('leader');
      // The old leader's core refuses commands (its lease is gone).
      await expect(leader.submit(workload(1, 'old', 1_700_000_500_000)[0] as Command)).rejects.toThrow(
        /fenced/,
      );

      // Every acknowledged command is in the new leader's state, and it goes on from the last stored one.
      for (const id of acked) expect(core.resultOf(id)?.ok).toBe(true);
      for (const c of workload(30, 'n', 1_700_000_600_000)) expect((await core.submit(c)).ok).toBe(true);

      // Even with its lease check bypassed, an old writer's stale expected sequence is refused.
      const stale = new JetStreamJournalStore(nc, { stream });
      stale.resumeAt(120, '{}');
      await expect(stale.append(['{"id":"stale"}'])).rejects.toThrow(/fenced/);

      // The new leader's state hash equals a replay of the whole stream; nothing is applied twice.
      const check = new JetStreamJournalStore(nc, { stream });
      const last = await check.streamLastSeq();
      expect(last).toBe(core.journalPosition());
      const records = await check.readRecords(0, last, last);
      const ids = records.map((r) => (JSON.parse(r) as Command).id);
      expect(new Set(ids).size).toBe(ids.length);
      const replayed = new MoneyState(sha256Hex);
      for (const r of records) replayed.apply(JSON.parse(r) as Command);
      expect(replayed.stateHash()).toBe(core.stateHash());
    } finally {
      await standby.close();
      await standbyConn.close();
    }
  });
});
