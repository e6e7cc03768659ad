// Order numbers are the second plus 6 random digits under a unique index: a collision draws again instead of
// failing the request (500 withdrawals in one second collided about once in eight runs and answered 500).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { walletWithdrawals } from '@/db/schema';
import { withOrderNo } from '@/modules/wallet/wallet-context';
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

const now = new Date('2026-11-27T00:00:00Z');
function row(withdrawalId: string, orderNo: string) {
  return {
    withdrawalId,
    orderNo,
    userId: 1n,
    asset: 'USDT',
    network: 'TRC20',
    address: 'T-address',
    amount: '10',
    fee: '1',
    status: 0,
    createdAt: now,
  };
}

it('draws a new order number when the first one is taken, and only then', async () => {
  const taken = 'W20261127000000123456';
  await database.db.insert(walletWithdrawals).values(row('wd:first', taken));
  const tried: string[] = [];
  const inserted = await withOrderNo('W', now, async (no) => {
    // The first attempt reuses the taken number, as a collision of the random digits would.
    const use = tried.length === 0 ? taken : no;
    tried.push(use);
    return database.db.insert(walletWithdrawals).values(row('wd:second', use)).returning();
  });
  expect(tried.length).toBe(2);
  expect(inserted[0]?.orderNo).toBe(tried[1]);
  expect(tried[1]).toMatch(/^W20261127000000\d{6}$/);
  expect(tried[1]).not.toBe(taken);
});

it('does not retry other failures (a different unique index, here the withdrawal id)', async () => {
  let calls = 0;
  await expect(
    withOrderNo('W', now, async (no) => {
      calls++;
      return database.db.insert(walletWithdrawals).values(row('wd:first', no)).returning();
    }),
  ).rejects.toThrow();
  expect(calls).toBe(1);
});

it('gives up after five collisions rather than looping', async () => {
  let calls = 0;
  await expect(
    withOrderNo('W', now, async () => {
      calls++;
      return database.db
        .insert(walletWithdrawals)
        .values(row(`wd:x${calls}`, 'W20261127000000123456'))
        .returning();
    }),
  ).rejects.toThrow();
  expect(calls).toBe(5);
});
