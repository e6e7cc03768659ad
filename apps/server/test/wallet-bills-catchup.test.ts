// Bills catch-up: commands applied while the bill projection was not writing (server down, or killed
// between the core's apply and the projection's batch write) get their bills when the projection starts
// again, exactly once, from `core.eventsSince` (replayed from a retained snapshot and the journal).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Amount, formatAmount, parseAmount } from '@coin/shared/money';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, CoreEvent } from '@/core/types';
import type { Database, Db } from '@/db/client';
import { walletBills } from '@/db/schema';
import { openMoneyCore } from '@/journal/money-core';
import { BillProjection } from '@/projection/bill-projection';
import { createTestDatabase } from './helpers';

// A database of its own, with no app on it: an app's own projection would share the cursor and the rows.
let ctx: { db: Db; database: Database; drop(): Promise<void> };
const dirs: string[] = [];
beforeAll(async () => {
  const { database, drop } = await createTestDatabase();
  ctx = { db: database.db, database, drop };
});
afterAll(async () => {
  await ctx.database.close();
  await ctx.drop();
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const USERS = ['9001', '9002', '9003'];

/** Deposits, transfers, swaps, freezes, completes, releases, refusals and retries. */
function workload(from: number, to: number): Command[] {
  const out: Command[] = [];
  for (let i = from; i < to; i++) {
    const userId = USERS[i % USERS.length] ?? '9001';
    const base = { id: `bc-${i}`, actor: userId, ts: 1_700_000_000_000 + i };
    switch (i % 6) {
      case 0:
        out.push({
          ...base,
          type: 'deposit.credit',
          payload: { userId, asset: 'USDT', amount: '50', ref: `t${i}` },
        });
        break;
      case 1:
        out.push({
          ...base,
          type: 'transfer',
          payload: { userId, asset: 'USDT', amount: '2.5', from: 'spot', to: 'contract' },
        });
        break;
      case 2:
        out.push({
          ...base,
          type: 'withdraw.freeze',
          payload: { userId, asset: 'USDT', amount: '3', fee: '1', withdrawalId: `bw-${i}` },
        });
        break;
      case 3:
        out.push(
          i % 12 === 3
            ? { ...base, type: 'withdraw.complete', payload: { withdrawalId: `bw-${i - 1}`, decimals: 6 } }
            : {
                ...base,
                type: 'withdraw.release',
                payload: { withdrawalId: `bw-${i - 1}`, reason: 'cancelled' },
              },
        );
        break;
      case 4:
        out.push({
          ...base,
          type: 'swap',
          payload: {
            userId,
            fromAsset: 'USDT',
            toAsset: 'BTC',
            amount: '1',
            price: '0.0000153',
            feeRate: '0.001',
            priceRef: 'idx',
            toDecimals: 8,
          },
        });
        break;
      default:
        // A refusal (too much) and a retry of an earlier id: no events, no bills.
        out.push({
          ...base,
          type: 'transfer',
          payload: { userId, asset: 'USDT', amount: '1000000', from: 'spot', to: 'finance' },
        });
        out.push({ ...(out[0] as Command), ts: base.ts });
    }
  }
  return out;
}

/**
 * The bill rows the live events imply: one per command and user account, with the sum of each field's
 * postings ('-' for a field it did not post to) and the account's last posting index, by (seq, idx).
 */
function expectedRows(events: readonly CoreEvent[]): string[] {
  const rows: string[] = [];
  for (const e of events) {
    if (e.type !== 'postings') continue;
    const byAccount = new Map<string, { idx: number; available?: bigint; frozen?: bigint }>();
    e.postings.forEach((p, idx) => {
      if (p.account.kind !== 'user') return;
      const key = `${p.account.userId}/${p.asset}/${p.account.accountType}`;
      const sums = byAccount.get(key) ?? { idx };
      sums.idx = idx;
      sums[p.field] = (sums[p.field] ?? 0n) + parseAmount(p.delta);
      byAccount.set(key, sums);
    });
    for (const [key, sums] of byAccount) {
      const text = (v: bigint | undefined) => (v === undefined ? '-' : formatAmount(v as Amount));
      rows.push(`${e.seq}/${sums.idx}/${key}/${text(sums.available)}/${text(sums.frozen)}`);
    }
  }
  return rows.sort(bySeqAndIdx);
}

const bySeqAndIdx = (a: string, b: string) => {
  const [sa = 0, ia = 0] = a.split('/').map(Number);
  const [sb = 0, ib = 0] = b.split('/').map(Number);
  return sa - sb || ia - ib;
};

async function billRows(): Promise<string[]> {
  const rows = await ctx.db.select().from(walletBills).orderBy(asc(walletBills.seq), asc(walletBills.idx));
  const text = (v: string | null) => (v === null ? '-' : normal(v));
  return rows
    .filter((r) => USERS.includes(r.userId.toString()))
    .map(
      (r) =>
        `${r.seq}/${r.idx}/${r.userId}/${r.asset}/${r.accountType}/${text(r.availableDelta)}/${text(r.frozenDelta)}`,
    );
}

/** numeric(38,18) comes back with trailing zeros. */
function normal(v: string): string {
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
}

const silent = { warn: () => {}, error: () => {} };

describe('bill projection catch-up', () => {
  it('writes the bills of commands applied while it lagged, exactly once, across snapshots', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bills-catchup-'));
    dirs.push(dir);
    const live: CoreEvent[] = [];
    // A snapshot every 7 records, so there are snapshots past the projection's cursor.
    let core = await openMoneyCore({ dir, snapshotEvery: 7, batchWindowMs: 0 });
    core.subscribe((events) => live.push(...events));
    let projection = new BillProjection(ctx.db, silent, { batchSize: 8 });
    await projection.start(core, new Date());
    for (const c of workload(0, 12)) await core.submit(c);
    await projection.idle();
    const cursorSeq = core.lastSeq();
    expect((await billRows()).length).toBe(expectedRows(live).length);
    // The projection stops writing (as if the process died before its batch write): the rest is unseen.
    projection.stop();
    for (const c of workload(12, 60)) await core.submit(c);
    await core.snapshotSettled();
    await core.close();
    const snapshots = (await readdir(dir)).filter((n) => n.startsWith('snapshot-'));
    expect(snapshots.length).toBeGreaterThan(3);
    expect(core.lastSeq()).toBeGreaterThan(cursorSeq + 40);
    expect((await billRows()).length).toBeLessThan(expectedRows(live).length);

    // Restart: the projection catches up from its SQL cursor before going live.
    core = await openMoneyCore({ dir, snapshotEvery: 7, batchWindowMs: 0 });
    projection = new BillProjection(ctx.db, silent, { batchSize: 8 });
    await projection.start(core, new Date());
    expect(await billRows()).toEqual(expectedRows(live));
    // Live again: a new command gets its bill once.
    core.subscribe((events) => live.push(...events));
    await core.submit({
      id: 'bc-after',
      actor: '9001',
      ts: 1_700_000_100_000,
      type: 'deposit.credit',
      payload: { userId: '9001', asset: 'USDT', amount: '1', ref: 'after' },
    });
    await projection.idle();
    expect(await billRows()).toEqual(expectedRows(live));
    projection.stop();
    await core.close();

    // A second restart writes nothing twice.
    core = await openMoneyCore({ dir, snapshotEvery: 7, batchWindowMs: 0 });
    projection = new BillProjection(ctx.db, silent, { batchSize: 8 });
    await projection.start(core, new Date());
    expect(await billRows()).toEqual(expectedRows(live));
    projection.stop();
    await core.close();
  });

  it('eventsSince regenerates exactly the live events after any seq (memory and file journals)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'events-since-'));
    dirs.push(dir);
    for (const where of [dir, 'memory://']) {
      const core = await openMoneyCore({ dir: where, snapshotEvery: 5, batchWindowMs: 0 });
      const live: CoreEvent[] = [];
      core.subscribe((events) => live.push(...events));
      for (const c of workload(0, 40)) await core.submit(c);
      await core.snapshotSettled();
      for (const since of [0, 1, 7, 13, 22, core.lastSeq() - 1, core.lastSeq()]) {
        const want = live.filter((e) => e.seq > since);
        expect(await core.eventsSince(since, 1_000_000), `${where} after ${since}`).toEqual(want);
        // A limit cuts after whole commands.
        const some = await core.eventsSince(since, 3);
        expect(some).toEqual(want.slice(0, some.length));
        if (want.length > 0) expect(some.length).toBeGreaterThanOrEqual(Math.min(3, want.length));
        const lastSeq = some.at(-1)?.seq;
        expect(want.slice(some.length).every((e) => e.seq !== lastSeq)).toBe(true);
      }
      await core.close();
    }
  });

  it('eventsSince resumes its replay batch after batch (commands arriving between), and a step back replays again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'events-since-resume-'));
    dirs.push(dir);
    for (const where of [dir, 'memory://']) {
      const core = await openMoneyCore({ dir: where, snapshotEvery: 5, batchWindowMs: 0 });
      const live: CoreEvent[] = [];
      core.subscribe((events) => live.push(...events));
      for (const c of workload(0, 30)) await core.submit(c);
      await core.snapshotSettled();
      // Page through as the projection's catch-up does (after the last seq it got), while more arrive.
      const paged: CoreEvent[] = [];
      let cursor = 0;
      let more = 30;
      for (;;) {
        const page = await core.eventsSince(cursor, 4);
        if (page.length === 0) break;
        paged.push(...page);
        cursor = page.at(-1)?.seq ?? cursor;
        if (more < 60) {
          for (const c of workload(more, more + 3)) await core.submit(c);
          more += 3;
        }
        // A step back (a batch written again after a failure) is answered from a fresh replay.
        if (paged.length > 20 && paged.length < 30) {
          const back = paged[5]?.seq ?? 0;
          expect(await core.eventsSince(back, 1_000_000)).toEqual(live.filter((e) => e.seq > back));
        }
      }
      expect(paged, where).toEqual(live);
      await core.close();
    }
  });
});
