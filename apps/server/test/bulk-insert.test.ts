// The projection's bulk insert (db/bulk-insert.ts) sends each column as one array literal: every value
// comes back exactly as written (numerics at their column's scale), whatever characters it holds, null stays null, rows keep their order,
// and conflicts follow the statement's tail. Runs on in-memory PGlite, or PostgreSQL with DATABASE_URL.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '@/db/bulk-insert';
import type { Database } from '@/db/client';
import { spotOrders, walletBills } from '@/db/schema';
import { createTestDatabase } from './helpers';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});

afterAll(async () => {
  await database.close();
  await drop();
});

const awkward = [
  '',
  'NULL',
  'null',
  'a,b',
  '{x}',
  'say "hi"',
  'back\\slash\\',
  '\\"',
  ' spaced ',
  'tab\tnew\nline',
  'ünïcødé 价格 🚀',
  "it's",
  '(1,2)',
];

describe('bulk insert', () => {
  it('writes every value back as it was, in order, nulls as nulls', async () => {
    const bills = awkward.map((text, i) => ({
      seq: 100 + i,
      idx: 0,
      userId: 9_007_199_254_740_993n,
      asset: 'USDT',
      accountType: 'spot',
      availableDelta: i % 2 === 0 ? '-0.000000000000000001' : '12345678901234567890.123456789012345678',
      availableBalance: '0.000000000000000000',
      frozenDelta: i % 2 === 0 ? null : '1.000000000000000000',
      frozenBalance: i % 2 === 0 ? null : '7.500000000000000000',
      billType: 'spot.place',
      commandId: text,
      ref: `${text}|${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 24, 1, 2, 3, i)),
    }));
    await database.db.transaction(async (tx) => {
      await bulkInsert(tx, walletBills, bills, 'on conflict do nothing', 5);
      // A repeated row is left alone.
      await bulkInsert(
        tx,
        walletBills,
        [{ ...bills[0], ref: 'changed' }] as typeof bills,
        'on conflict do nothing',
        5,
      );
    });
    const rows = await database.db
      .select()
      .from(walletBills)
      .where(eq(walletBills.userId, 9_007_199_254_740_993n))
      .orderBy(asc(walletBills.seq));
    expect(rows).toEqual(bills);

    const order = {
      id: 77n,
      userId: 5n,
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      timeInForce: 'IOC',
      price: null,
      quantity: null,
      quoteQuantity: '10.500000000000000000',
      filledQty: '0.000000000000000000',
      filledQuote: '0.000000000000000000',
      fee: '0.000000000000000000',
      feeAsset: 'BTC',
      status: 2,
      cancelReason: null,
      clientOrderId: 'say "hi", \\ {x}',
      account: 'isolated:btcusdt',
      seq: 77,
      createdAt: new Date('2026-11-24T01:02:03.456Z'),
      updatedAt: new Date('2026-11-24T01:02:04.000Z'),
    };
    await database.db.transaction((tx) => bulkInsert(tx, spotOrders, [order], 'on conflict do nothing', 500));
    const [stored] = await database.db.select().from(spotOrders).where(eq(spotOrders.id, 77n));
    expect(stored).toEqual(order);
  });
});
