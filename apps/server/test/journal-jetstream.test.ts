// The journal on the real local NATS JetStream (issue 19): the same behaviours as the file store
// (restart gives the same state hash, records durable once append resolves, snapshots round-trip with a
// checksum, readRecords ranges), and the expected-last-sequence fence: of two writers racing on one
// stream exactly one wins and nothing is applied twice. Skipped, with a message, when NATS is absent.
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invariantViolations } from '@/core/invariants';
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult } from '@/core/types';
import { JetStreamJournalStore, snapshotBucket } from '@/journal/jetstream-store';
import { SNAPSHOTS_KEPT } from '@/journal/journal-store';
import { openMoneyCore, sha256Hex } from '@/journal/money-core';
import { asRepeat } from './core-results';
import { jetStreamReachable, NATS_URL, removeStreams, uniqueStream, workload } from './jetstream-helpers';

const reachable = await jetStreamReachable();

function replay(records: string[]): MoneyState {
  const state = new MoneyState(sha256Hex);
  for (const r of records) state.apply(JSON.parse(r) as Command);
  return state;
}

describe.skipIf(!reachable)('journal on JetStream', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
  });
  afterAll(async () => {
    await removeStreams(nc);
    await nc.close();
  });

  const store = (stream: string, conn = nc) => new JetStreamJournalStore(conn, { stream });

  it('restarts to the same state hash, from a snapshot and from the whole stream', async () => {
    const stream = uniqueStream();
    const live = await openMoneyCore({ dir: 'x', store: store(stream), batchWindowMs: 1, snapshotEvery: 20 });
    const commands = workload(200);
    const results: CommandResult[] = [];
    for (let i = 0; i < commands.length; i += 25) {
      results.push(...(await Promise.all(commands.slice(i, i + 25).map((c) => live.submit(c)))));
    }
    expect(results.filter((r) => !r.ok).map((r) => r.error)).toEqual([]);
    expect(invariantViolations(live.state)).toEqual([]);
    const hash = live.stateHash();
    const position = live.journalPosition();
    await live.snapshotSettled();
    await live.close();

    const reopenedStore = store(stream);
    const positions = await reopenedStore.snapshotPositions();
    expect(positions.length).toBe(SNAPSHOTS_KEPT);
    const recovered = await reopenedStore.recover();
    expect(recovered.snapshot?.lsn).toBe(positions.at(-1));
    expect(recovered.fromLsn + recovered.records.length).toBe(position);
    const reopened = await openMoneyCore({ dir: 'x', store: store(stream), snapshotEvery: 0 });
    expect(reopened.stateHash()).toBe(hash);
    expect(reopened.journalPosition()).toBe(position);
    // Retries after the restart get the original answers and write nothing.
    for (const [i, c] of commands.entries()) expect(await reopened.submit(c)).toEqual(asRepeat(results[i]));
    expect(reopened.journalPosition()).toBe(position);
    await reopened.close();

    // The whole stream replayed from empty state gives the same hash.
    expect(replay(await reopenedStore.readRecords(0, position, position)).stateHash()).toBe(hash);
  });

  it('records are stored once append resolves (read back on another connection)', async () => {
    const stream = uniqueStream();
    const a = store(stream);
    await a.recover();
    await a.append(['{"r":0}', '{"r":1}', '{"r":2}']);
    await a.append(['{"r":3}']);
    const other = await connect({ servers: NATS_URL });
    try {
      const b = store(stream, other);
      const recovered = await b.recover();
      expect(recovered.records).toEqual(['{"r":0}', '{"r":1}', '{"r":2}', '{"r":3}']);
      expect(await b.streamLastSeq()).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('readRecords returns exact ranges and refuses records not stored', async () => {
    const stream = uniqueStream();
    const s = store(stream);
    await s.recover();
    const records = Array.from({ length: 10 }, (_, i) => JSON.stringify({ i }));
    await s.append(records);
    expect(await s.readRecords(2, 5)).toEqual(records.slice(2, 5));
    expect(await s.readRecords(0, 10)).toEqual(records);
    expect(await s.readRecords(9, 10)).toEqual(records.slice(9));
    expect(await s.readRecords(4, 4)).toEqual([]);
    await expect(s.readRecords(5, 11)).rejects.toThrow(/no records up to 11/);
  });

  it('snapshots round-trip with a checksum; a corrupt one is ignored for an older one', async () => {
    const stream = uniqueStream();
    const s = store(stream);
    await s.recover();
    const records = Array.from({ length: 6 }, (_, i) => JSON.stringify({ i }));
    await s.append(records);
    await s.writeSnapshot(3, ['{"a":', '1}']);
    await s.writeSnapshot(6, '{"a":2}');
    expect(await s.snapshotPositions()).toEqual([3, 6]);
    expect(await s.loadSnapshot(3)).toBe('{"a":1}');
    expect(await s.loadSnapshot(6)).toBe('{"a":2}');
    expect(await s.loadSnapshot(4)).toBeUndefined();

    // Overwrite the newest with a body whose checksum does not match.
    const objects = await nc.jetstream().views.os(snapshotBucket(stream));
    await objects.putBlob({ name: 'snapshot-0000000000000006' }, new TextEncoder().encode('6\nbad\n{"a":2}'));
    expect(await s.loadSnapshot(6)).toBeUndefined();
    const recovered = await store(stream).recover();
    expect(recovered.snapshot).toEqual({ lsn: 3, json: '{"a":1}' });
    expect(recovered.fromLsn).toBe(3);
    expect(recovered.records).toEqual(records.slice(3));

    // Only the newest SNAPSHOTS_KEPT are retained.
    for (let i = 0; i < SNAPSHOTS_KEPT + 2; i++) await s.writeSnapshot(i, `{"k":${i}}`);
    expect((await s.snapshotPositions()).length).toBe(SNAPSHOTS_KEPT);
  });

  it('two writers racing on one stream: exactly one wins, the other stops, nothing is applied twice', async () => {
    const stream = uniqueStream();
    const seed = await openMoneyCore({ dir: 'x', store: store(stream), batchWindowMs: 0, snapshotEvery: 0 });
    for (const c of workload(10, 'seed')) await seed.submit(c);
    await seed.close();

    // Two cores both recovered at the same position: each believes it may write.
    const a = await openMoneyCore({ dir: 'x', store: store(stream), batchWindowMs: 0, snapshotEvery: 0 });
    const b = await openMoneyCore({ dir: 'x', store: store(stream), batchWindowMs: 0, snapshotEvery: 0 });
    const ca = workload(1, 'A', 1_700_000_100_000)[0] as Command;
    const cb = workload(1, 'B', 1_700_000_100_000)[0] as Command;
    const outcome = await Promise.allSettled([a.submit(ca), b.submit(cb)]);
    const won = outcome.filter((o) => o.status === 'fulfilled');
    expect(won.length).toBe(1);
    const [winner, loser] = outcome[0]?.status === 'fulfilled' ? [a, b] : [b, a];
    // The loser is fenced for good: every later command is refused too.
    await expect(loser.submit(workload(1, 'L', 1_700_000_200_000)[0] as Command)).rejects.toThrow(/fenced/);
    // The winner goes on.
    for (const c of workload(5, 'W', 1_700_000_300_000)) expect((await winner.submit(c)).ok).toBe(true);
    const hash = winner.stateHash();
    const position = winner.journalPosition();
    await winner.close();
    await loser.close();

    const check = store(stream);
    const records = await check.readRecords(0, position, await check.streamLastSeq());
    expect(records.length).toBe(16);
    const ids = records.map((r) => (JSON.parse(r) as Command).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id === 'A0' || id === 'B0').length).toBe(1);
    expect(replay(records).stateHash()).toBe(hash);
  });
});
