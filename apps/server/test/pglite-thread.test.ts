// The embedded database on its own thread (src/db/pglite-thread.ts, src/db/pglite-worker.mjs) behaves as
// PGlite in process does for everything the server asks of it: drizzle's types round trip, transactions
// commit and roll back (nested ones by savepoint), statements outside a transaction wait for it, and
// PostgreSQL errors keep their code. The projection's bulk insert writes the same rows either way.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '@/db/bulk-insert';
import { type Database, openDatabase } from '@/db/client';
import { spotOrders, walletBills } from '@/db/schema';

const order = (id: bigint, seq: number, status: number) => ({
  id,
  userId: 42n,
  symbol: 'btcusdt',
  side: 'buy',
  type: 'limit',
  timeInForce: 'GTC',
  price: '68000.12',
  quantity: '0.0001',
  quoteQuantity: undefined,
  filledQty: status === 1 ? '0.0001' : '0',
  filledQuote: status === 1 ? '6.800012' : '0',
  fee: '0',
  feeAsset: 'BTC',
  status,
  cancelReason: undefined,
  clientOrderId: 'c-1',
  seq,
  createdAt: new Date('2026-11-24T01:02:03.456Z'),
  updatedAt: new Date(`2026-11-24T01:02:0${seq % 10}.000Z`),
});

const bill = (seq: number, idx: number, userId: bigint) => ({
  seq,
  idx,
  userId,
  asset: 'USDT',
  accountType: 'spot',
  availableDelta: '-6.800012',
  availableBalance: '993.199988',
  frozenDelta: '6.800012',
  frozenBalance: '6.800012',
  billType: 'spot.place',
  commandId: `spot:${seq}`,
  ref: '',
  createdAt: new Date('2026-11-24T01:02:03.456Z'),
});

describe('PGlite on its own thread', () => {
  let dir: string;
  let threaded: Database;
  let inProcess: Database;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pglite-thread-'));
    threaded = await openDatabase({ pgliteDir: join(dir, 'db') });
    inProcess = await openDatabase({ pgliteDir: 'memory://', pgliteThread: false });
  }, 60_000);

  afterAll(async () => {
    await threaded?.close();
    await inProcess?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is the default for a folder, and reads back what drizzle wrote exactly as PGlite in process does', async () => {
    expect((threaded.db as unknown as { $client: object }).$client.constructor.name).toBe('PGliteThread');
    for (const database of [threaded, inProcess]) {
      await database.db.insert(spotOrders).values(order(1n, 1, 0));
    }
    const read = async (database: Database) =>
      database.db.select().from(spotOrders).where(eq(spotOrders.id, 1n));
    const [a] = await read(threaded);
    expect(a).toEqual((await read(inProcess))[0]);
    expect(a).toMatchObject({ id: 1n, userId: 42n, price: '68000.120000000000000000', quoteQuantity: null });
    expect(a?.createdAt).toEqual(new Date('2026-11-24T01:02:03.456Z'));
  });

  it('commits a transaction, rolls back one that throws, and a nested one by savepoint', async () => {
    const { db } = threaded;
    await db.transaction(async (tx) => {
      await tx.insert(walletBills).values(bill(10, 0, 7n));
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(walletBills).values(bill(10, 1, 7n));
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(walletBills).values(bill(11, 0, 7n));
        throw new Error('outer');
      }),
    ).rejects.toThrow('outer');
    const rows = await db
      .select({ seq: walletBills.seq, idx: walletBills.idx })
      .from(walletBills)
      .orderBy(asc(walletBills.seq), asc(walletBills.idx));
    expect(rows).toEqual([{ seq: 10, idx: 0 }]);
  });

  it('keeps PostgreSQL error codes and keeps working after an error', async () => {
    const { db } = threaded;
    const error = await db
      .insert(walletBills)
      .values(bill(10, 0, 7n))
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause).toMatchObject({ code: '23505', constraint: 'wallet_bills_seq_idx_pk' });
    expect((await db.select({ n: count() }).from(walletBills))[0]?.n).toBe(1);
  });

  it('holds a statement from outside back until the open transaction ends', async () => {
    const { db } = threaded;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.insert(walletBills).values(bill(20, 0, 8n));
      await gate;
    });
    await new Promise((r) => setTimeout(r, 20));
    let seen: number | undefined;
    const outside = db
      .select({ n: count() })
      .from(walletBills)
      .where(eq(walletBills.userId, 8n))
      .then((r) => {
        seen = r[0]?.n;
      });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toBeUndefined();
    release();
    await Promise.all([tx, outside]);
    expect(seen).toBe(1);
  });

  it('writes the same rows by bulk insert on either, and an upsert keeps the newer order state', async () => {
    const upsert = `on conflict ("id") do update set "status" = excluded."status", "seq" = excluded."seq",
      "updated_at" = excluded."updated_at" where excluded."seq" >= "spot_orders"."seq"`;
    for (const database of [threaded, inProcess]) {
      const { db } = database;
      await db.transaction(async (tx) => {
        const bills = Array.from({ length: 1500 }, (_, i) => bill(1000 + i, 0, 9n));
        await bulkInsert(tx, walletBills, bills, 'on conflict do nothing', 1000);
        await bulkInsert(tx, walletBills, bills.slice(0, 10), 'on conflict do nothing', 1000);
        await bulkInsert(tx, spotOrders, [order(2n, 5, 1)], upsert, 500);
        // An older event replayed later changes nothing.
        await bulkInsert(tx, spotOrders, [order(2n, 3, 0)], upsert, 500);
      });
    }
    const read = async (database: Database) => ({
      bills: await database.db
        .select()
        .from(walletBills)
        .where(eq(walletBills.userId, 9n))
        .orderBy(asc(walletBills.seq)),
      order: await database.db.select().from(spotOrders).where(eq(spotOrders.id, 2n)),
    });
    const a = await read(threaded);
    const b = await read(inProcess);
    expect(a.bills).toHaveLength(1500);
    expect(a.bills).toEqual(b.bills);
    expect(a.order).toEqual(b.order);
    expect(a.order[0]).toMatchObject({ status: 1, seq: 5 });
    await expect(
      bulkInsert(threaded.db, walletBills, [{ ...bill(1, 0, 1n), nope: 1 } as never], '', 10),
    ).rejects.toThrow('unknown fields nope');
  });
});
