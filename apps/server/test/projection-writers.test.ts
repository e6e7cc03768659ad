// Several projector processes on one database (the cluster: every gateway and the core run the bill
// projection against the shared PostgreSQL, docs/operations.md): they take turns on the cursor row, so each
// event's rows are written by exactly one of them, the cursor ends at the last sequence, and nothing is
// written twice or left out. Two projections over two cores that replay the same commands stand for two
// processes (each has its own core copy, as a gateway does). Runs on PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Command, MoneyCore } from '@/core/types';
import type { Database } from '@/db/client';
import { projectionCursors, walletBills } from '@/db/schema';
import { openMoneyCore } from '@/journal/money-core';
import { BILL_PROJECTION, BillProjection, type ProjectionLog } from '@/projection/bill-projection';
import { createTestDatabase } from './helpers';

let database: Database;
let drop: () => Promise<void>;
const cores: MoneyCore[] = [];
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  for (const c of cores) await c.close();
  await database.close();
  await drop();
});

const log: ProjectionLog = { warn: () => {}, error: () => {} };

it('two projectors over the same commands write each row once and end at the last sequence', async () => {
  const a = await openMoneyCore({ dir: 'memory://', batchWindowMs: 0 });
  const b = await openMoneyCore({ dir: 'memory://', batchWindowMs: 0 });
  cores.push(a, b);
  const pa = new BillProjection(database.db, log);
  const pb = new BillProjection(database.db, log);
  await pa.start(a, new Date());
  await pb.start(b, new Date());
  const commands: Command[] = [];
  for (let i = 0; i < 400; i++) {
    commands.push({
      id: `pw-${randomUUID()}`,
      actor: 'system',
      ts: 1_700_000_000_000 + i,
      type: 'deposit.credit',
      payload: {
        userId: String(900_000 + (i % 17)),
        asset: 'USDT',
        amount: `${1 + (i % 5)}`,
        ref: `pw:${i}`,
      },
    } as Command);
  }
  // Both cores apply the same commands in the same order (as two processes tailing one journal), in bursts
  // so the two projections' batches overlap and differ in their boundaries.
  for (let i = 0; i < commands.length; i += 25) {
    const burst = commands.slice(i, i + 25);
    await Promise.all([
      (async () => {
        for (const c of burst) expect((await a.submit(c)).ok).toBe(true);
      })(),
      (async () => {
        for (const c of burst) expect((await b.submit(c)).ok).toBe(true);
      })(),
    ]);
  }
  await Promise.all([pa.idle(), pb.idle()]);
  expect(a.lastSeq()).toBe(b.lastSeq());

  const [bills] = await database.db.select({ n: count() }).from(walletBills);
  expect(bills?.n).toBe(400);
  const [cursor] = await database.db
    .select({ seq: projectionCursors.seq })
    .from(projectionCursors)
    .where(eq(projectionCursors.name, BILL_PROJECTION));
  expect(cursor?.seq).toBe(a.lastSeq());
  // Each row was written by one of them: together exactly the 400, and both took part.
  expect(pa.writtenRows + pb.writtenRows).toBe(400);
  expect(pa.skippedBatches + pb.skippedBatches).toBeGreaterThan(0);
  console.log(
    `projector a wrote ${pa.writtenRows} rows (skipped ${pa.skippedBatches} batches), b ${pb.writtenRows} (skipped ${pb.skippedBatches})`,
  );
  await pa.close();
  await pb.close();
});
