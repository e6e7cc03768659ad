// Journal tests on a real temporary folder: replay from empty and from a snapshot gives the live state hash,
// a torn tail is dropped without losing acknowledged commands, group commit shares syncs, and events are
// published in seq order only after the batch is durable.
import { appendFile, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { invariantViolations } from '@/core/invariants';
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult, CoreEvent } from '@/core/types';
import { MemoryJournalStore, SNAPSHOTS_KEPT } from '@/journal/journal-store';
import { openMoneyCore, sha256Hex, snapshotJson } from '@/journal/money-core';
import { crc32, decodeRecords, encodeRecord } from '@/journal/record-codec';
import { asRepeat } from './core-results';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'core-journal-'));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

/** A deterministic mixed workload: deposits, transfers, freezes, completes, releases, swaps, retries. */
function workload(n: number, prefix = 'c'): Command[] {
  const out: Command[] = [];
  for (let i = 0; i < n; i++) {
    const userId = `u${i % 7}`;
    const base = { id: `${prefix}${i}`, actor: userId, ts: 1_700_000_000_000 + i };
    switch (i % 6) {
      case 0:
        out.push({
          ...base,
          type: 'deposit.credit',
          payload: { userId, asset: 'USDT', amount: `${100 + i}.25`, ref: `tx${i}` },
        });
        break;
      case 1:
        out.push({
          ...base,
          type: 'transfer',
          payload: { userId, asset: 'USDT', amount: '3.5', from: 'spot', to: 'contract' },
        });
        break;
      case 2:
        out.push({
          ...base,
          type: 'withdraw.freeze',
          payload: { userId, asset: 'USDT', amount: '10', fee: '0.3', withdrawalId: `w${i}` },
        });
        break;
      case 3:
        out.push({
          ...base,
          type: i % 12 === 3 ? 'withdraw.complete' : 'withdraw.release',
          ...(i % 12 === 3
            ? { payload: { withdrawalId: `w${i - 1}` } }
            : { payload: { withdrawalId: `w${i - 1}`, reason: 'cancelled' as const } }),
        } as Command);
        break;
      case 4:
        out.push({
          ...base,
          type: 'swap',
          payload: {
            userId,
            fromAsset: 'USDT',
            toAsset: 'BTC',
            amount: '7',
            price: '0.0000153',
            feeRate: '0.002',
            priceRef: 'idx',
          },
        });
        break;
      default:
        // A retry of an earlier command (same id, same payload).
        out.push({ ...(out[i - 5] as Command), ts: base.ts });
    }
  }
  return out;
}

describe('journal record codec', () => {
  it('checksums are CRC-32 (IEEE) of the UTF-8 bytes, as records written before were', () => {
    // The standard check value, and records as the earlier table-driven code wrote them.
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(encodeRecord('{"id":"x"}')).toBe('89537ebc {"id":"x"}\n');
    expect(encodeRecord('{"ref":"价格 🚀 é"}')).toBe('2beb026a {"ref":"价格 🚀 é"}\n');
    const text = encodeRecord('{"a":1}') + encodeRecord('{"ref":"价格 🚀 é"}');
    expect(decodeRecords(Buffer.from(text, 'utf8')).records).toEqual(['{"a":1}', '{"ref":"价格 🚀 é"}']);
  });
});

describe('journal replay', () => {
  it('replays from empty and from a snapshot to the live state hash', async () => {
    const dir = await tempDir();
    const live = await openMoneyCore({ dir, groupCommit: true, batchWindowMs: 1, snapshotEvery: 20 });
    const commands = workload(300);
    const results: CommandResult[] = [];
    // Several waves of concurrent commands, so several batches and snapshots happen.
    for (let i = 0; i < commands.length; i += 30) {
      results.push(...(await Promise.all(commands.slice(i, i + 30).map((c) => live.submit(c)))));
    }
    expect(results.filter((r) => r.ok).length).toBeGreaterThan(150);
    expect(invariantViolations(live.state)).toEqual([]);
    const hash = live.stateHash();
    const seq = live.lastSeq();
    const balances = live.balancesOf('u3');
    await live.close();

    const files = await readdir(dir);
    // More snapshots were taken than are kept: the newest SNAPSHOTS_KEPT stay, every segment stays.
    expect(files.filter((f) => f.startsWith('snapshot-')).length).toBe(SNAPSHOTS_KEPT);
    expect(files.filter((f) => f.startsWith('segment-')).length).toBeGreaterThan(SNAPSHOTS_KEPT);
    expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);

    const fromSnapshot = await openMoneyCore({ dir, snapshotEvery: 0 });
    expect(fromSnapshot.stateHash()).toBe(hash);
    expect(fromSnapshot.lastSeq()).toBe(seq);
    expect(fromSnapshot.balancesOf('u3')).toEqual(balances);
    // Retries after the restart get the original answers.
    for (const [i, c] of commands.entries())
      expect(await fromSnapshot.submit(c)).toEqual(asRepeat(results[i]));
    expect(fromSnapshot.stateHash()).toBe(hash);
    await fromSnapshot.close();

    // Without snapshots the whole journal is replayed from empty state.
    for (const f of await readdir(dir)) if (f.startsWith('snapshot-')) await rm(join(dir, f));
    const fromEmpty = await openMoneyCore({ dir, snapshotEvery: 0 });
    expect(fromEmpty.stateHash()).toBe(hash);
    await fromEmpty.close();
  });

  it('snapshots come every snapshotEvery records, and further apart once a quarter of the idempotency table is more', async () => {
    class Recording extends MemoryJournalStore {
      readonly taken: number[] = [];
      override async writeSnapshot(lsn: number, json: string | readonly string[]): Promise<void> {
        this.taken.push(lsn);
        await super.writeSnapshot(lsn, json);
      }
    }
    const store = new Recording();
    const core = await openMoneyCore({ dir: 'x', store, batchWindowMs: 0, snapshotEvery: 10 });
    // One record per batch, every id still in its window: the table holds every command so far.
    for (const c of workload(600)) await core.submit(c);
    await core.snapshotSettled();
    const records = core.lastSeq();
    expect(records).toBe(500); // one in six of the workload is a retry
    // Each record is a new id (a retry is answered from the table, not journaled).
    expect(core.state.idempotencySize()).toBe(records);
    const due = (lsn: number) => Math.max(10, Math.floor(lsn / 4));
    const taken = store.taken;
    expect(taken.slice(0, 4)).toEqual([10, 20, 30, 40]);
    let last = 0;
    let serialized = 0;
    for (const lsn of taken) {
      // Each one as soon as it is due (not a record earlier): `snapshotEvery` records since the last
      // one, or a quarter of the table's ids when that is more.
      expect(lsn - last).toBeGreaterThanOrEqual(due(lsn));
      expect(lsn - 1 - last).toBeLessThan(due(lsn - 1));
      serialized += lsn;
      last = lsn;
    }
    expect(records - last).toBeLessThan(due(records));
    // A fixed cadence would have taken one every 10 records and written ~records^2/20 ids in all; here
    // each record paid for a few.
    expect(taken.length).toBeLessThan(20);
    expect(serialized).toBeLessThan(5 * records);
    await core.close();
  });

  it('a corrupt snapshot is ignored in favour of an older one or the journal', async () => {
    const dir = await tempDir();
    const live = await openMoneyCore({ dir, batchWindowMs: 0, snapshotEvery: 25 });
    for (const c of workload(120)) await live.submit(c);
    const hash = live.stateHash();
    await live.close();
    const newest =
      (await readdir(dir))
        .filter((f) => f.startsWith('snapshot-'))
        .sort()
        .at(-1) ?? '';
    const text = await readFile(join(dir, newest), 'utf8');
    await writeFile(join(dir, newest), text.replace('"USDT"', '"USDX"'));
    const reopened = await openMoneyCore({ dir, snapshotEvery: 0 });
    expect(reopened.stateHash()).toBe(hash);
    await reopened.close();
  });

  it('drops a torn tail and keeps every acknowledged command', async () => {
    const dir = await tempDir();
    const core = await openMoneyCore({ dir, batchWindowMs: 1, snapshotEvery: 0 });
    const commands = workload(60);
    const acked = await Promise.all(commands.map((c) => core.submit(c)));
    const hash = core.stateHash();
    await core.close();
    const segment = join(dir, (await readdir(dir)).find((f) => f.startsWith('segment-')) ?? '');
    const cleanSize = (await stat(segment)).size;

    // A crash in the middle of writing an unacknowledged batch: half of a record, no newline.
    const inflight = encodeRecord(
      JSON.stringify({
        id: 'never-acked',
        actor: 'u1',
        ts: 1,
        type: 'deposit.credit',
        payload: { userId: 'u1', asset: 'USDT', amount: '999', ref: 'x' },
      }),
    );
    await appendFile(segment, inflight.slice(0, Math.floor(inflight.length / 2)));
    const reopened = await openMoneyCore({ dir, snapshotEvery: 0 });
    expect(reopened.stateHash()).toBe(hash);
    expect(reopened.lastSeq()).toBe(Math.max(...acked.map((r) => r.seq)));
    expect((await stat(segment)).size).toBe(cleanSize);
    for (const [i, c] of commands.entries()) expect(await reopened.submit(c)).toEqual(asRepeat(acked[i]));
    // The core keeps appending after the cut, and the next start sees those records too.
    const extra = await reopened.submit({
      id: 'after',
      actor: 'u1',
      ts: 1_700_000_001_000,
      type: 'deposit.credit',
      payload: { userId: 'u1', asset: 'USDT', amount: '1', ref: 'y' },
    });
    expect(extra.ok).toBe(true);
    const hash2 = reopened.stateHash();
    await reopened.close();

    // A complete line with a wrong checksum at the end is a torn write too.
    const bad = encodeRecord('{"id":"x"}').replace(/^[0-9a-f]{8}/, '00000000');
    await appendFile(segment, bad);
    const third = await openMoneyCore({ dir, snapshotEvery: 0 });
    expect(third.stateHash()).toBe(hash2);
    await third.close();

    // Cutting the last real record in half loses exactly that record and nothing before it.
    await truncate(segment, (await stat(segment)).size - 20);
    const fourth = await openMoneyCore({ dir, snapshotEvery: 0 });
    expect(fourth.stateHash()).toBe(hash);
    expect(fourth.balance('u1', 'USDT', 'spot')).toEqual(
      await (async () => {
        const ref = await openMoneyCore({ dir: 'memory://', batchWindowMs: 0 });
        for (const c of commands) await ref.submit(c);
        const b = ref.balance('u1', 'USDT', 'spot');
        await ref.close();
        return b;
      })(),
    );
    await fourth.close();
  });

  it('refuses to start on a corrupt record inside an older segment', async () => {
    const dir = await tempDir();
    const core = await openMoneyCore({ dir, batchWindowMs: 0, snapshotEvery: 20 });
    for (const c of workload(50)) await core.submit(c);
    await core.close();
    const segments = (await readdir(dir)).filter((f) => f.startsWith('segment-')).sort();
    for (const f of await readdir(dir)) if (f.startsWith('snapshot-')) await rm(join(dir, f));
    const first = join(dir, segments[0] ?? '');
    const text = await readFile(first, 'utf8');
    await writeFile(first, text.replace('"deposit.credit"', '"deposit.crediT"'));
    await expect(openMoneyCore({ dir })).rejects.toThrow(/corrupt record inside segment-0000000000000000/);
  });
});

describe('snapshot in slices', () => {
  it('joins to exactly JSON.stringify of the snapshot at the moment it was taken, whatever comes after', async () => {
    const empty = new MoneyState(sha256Hex);
    expect((await snapshotJson(empty.snapshotPieces())).join('')).toBe(JSON.stringify(empty.snapshot()));

    const state = new MoneyState(sha256Hex);
    // More entries than one slice, so the text is several chunks.
    for (const c of workload(9_000)) state.apply(c);
    const expected = JSON.stringify(state.snapshot());
    const seqThen = state.lastSeq();
    const pieces = state.snapshotPieces();
    // Later commands, including ones a day of command time later that make the table forget old ids.
    for (const c of workload(300, 'later')) state.apply({ ...c, ts: c.ts + 2 * 86_400_000 });
    expect(state.resultOf('c0')).toBeUndefined();
    expect(state.idempotencySize()).toBeLessThanOrEqual(300);
    const chunks = await snapshotJson(pieces);
    expect(chunks.length).toBeGreaterThan(3);
    const json = chunks.join('');
    expect(json).toBe(expected);
    // And it restores to a state with the hash of the moment it was taken.
    const restored = MoneyState.fromSnapshot(JSON.parse(json), sha256Hex);
    expect(restored.stateHash()).toBe(MoneyState.fromSnapshot(JSON.parse(expected), sha256Hex).stateHash());
    expect(restored.lastSeq()).toBe(seqThen);
    expect(state.lastSeq()).toBeGreaterThan(seqThen);
  });
});

describe('sequencer', () => {
  it('group commit shares one durable append among concurrent commands; without it, one each', async () => {
    for (const groupCommit of [true, false]) {
      const store = new MemoryJournalStore();
      let appends = 0;
      const append = store.append.bind(store);
      store.append = async (records) => {
        appends += 1;
        await new Promise((r) => setTimeout(r, 2));
        return append(records);
      };
      const core = await openMoneyCore({ dir: 'memory://', store, groupCommit, batchWindowMs: 2 });
      const results = await Promise.all(workload(100).map((c) => core.submit(c)));
      expect(results.map((r) => r.seq).filter((s, i, all) => all.indexOf(s) === i).length).toBeGreaterThan(
        80,
      );
      if (groupCommit) expect(appends).toBeLessThanOrEqual(5);
      else expect(appends).toBe(100);
      // Every command is journaled (retries in flight too: they were not applied when they arrived).
      expect(store.records.length).toBe(100);
      // A retry of an applied command is answered from the idempotency table, without a write.
      expect(await core.submit(workload(1)[0] as Command)).toEqual(asRepeat(results[0]));
      expect(store.records.length).toBe(100);
      await core.close();
    }
  });

  it('publishes events in seq order only after the batch is durable, and results follow journal order', async () => {
    const store = new MemoryJournalStore();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const append = store.append.bind(store);
    store.append = async (records) => {
      await gate;
      return append(records);
    };
    const core = await openMoneyCore({ dir: 'memory://', store, batchWindowMs: 1 });
    const seen: CoreEvent[] = [];
    core.subscribe((events) => seen.push(...events));
    const pending: Promise<CommandResult>[] = [];
    for (let i = 0; i < 10; i++) {
      pending.push(
        core.submit({
          id: `d${i}`,
          actor: 'u',
          ts: i,
          type: 'deposit.credit',
          payload: { userId: 'u', asset: 'BTC', amount: '1', ref: `${i}` },
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);
    expect(core.lastSeq()).toBe(0);
    release();
    const results = await Promise.all(pending);
    expect(results.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(seen.map((e) => e.seq)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]);
    expect(seen.filter((e) => e.type === 'balance').map((e) => e.type === 'balance' && e.available)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    await core.close();
  });

  it('answers malformed or oversized commands without journaling them', async () => {
    const store = new MemoryJournalStore();
    const core = await openMoneyCore({ dir: 'memory://', store, batchWindowMs: 0 });
    const huge = await core.submit({
      id: 'big',
      actor: 'u',
      ts: 1,
      type: 'deposit.credit',
      payload: { userId: 'u', asset: 'BTC', amount: '1', ref: 'x'.repeat(20_000) },
    });
    expect(huge).toMatchObject({ ok: false, error: 'INVALID_COMMAND', commandId: 'big' });
    expect(await core.submit({ actor: 'u' } as unknown as Command)).toMatchObject({
      ok: false,
      error: 'INVALID_COMMAND',
    });
    expect(store.records).toEqual([]);
    expect(core.lastSeq()).toBe(0);
    await core.close();
  });

  it('stops taking commands after a failed sync (fail-stop)', async () => {
    const store = new MemoryJournalStore();
    store.append = async () => {
      throw new Error('EIO');
    };
    const core = await openMoneyCore({ dir: 'memory://', store, batchWindowMs: 0 });
    const c: Command = {
      id: 'x',
      actor: 'u',
      ts: 1,
      type: 'deposit.credit',
      payload: { userId: 'u', asset: 'BTC', amount: '1', ref: 'r' },
    };
    await expect(core.submit(c)).rejects.toThrow('EIO');
    await expect(core.submit({ ...c, id: 'y' })).rejects.toThrow('EIO');
    expect(core.balance('u', 'BTC', 'spot').available).toBe('0');
    await core.close();
  });
});
