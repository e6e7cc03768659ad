// A poison command (its bill rows violate a constraint while everybody else's can be written) must not
// wedge the bill projection: it is recorded as a projection failure, the cursor moves past it, a
// bystander's later transfer gets its bills, health says degraded, the console lists it, the error log
// names its seq, and an operator's retry after the cause is fixed writes the missing rows exactly once.
// The poison is a real constraint on wallet_bills (NOT VALID, so existing rows are not checked).
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Command } from '@/core/types';
import { auditLog, projectionCursors, walletBills } from '@/db/schema';
import { BILL_PROJECTION } from '@/projection/bill-projection';
import { createOperator } from './console-helpers';
import {
  auth,
  bootstrapAdmin,
  call,
  createTestApp,
  expectError,
  expectValidation,
  type TestContext,
} from './helpers';

interface Failure {
  id: string;
  seq: number;
  commandId: string;
  commandType: string;
  userIds: string[];
  rows: number;
  error: string;
  status: string;
  attempts: number;
  resolvedByName: string | null;
  note: string | null;
}
interface Health {
  status: string;
  reasons: string[];
  databaseOk: boolean;
  projection: { cursor: number; lastSeq: number; lag: number; openFailures: number; stalled: boolean } | null;
}

let ctx: TestContext;
let admin: string;
let adminName: string;
let support: string;
const VICTIM = '777001';
const BYSTANDER = '777002';

beforeAll(async () => {
  ctx = await createTestApp();
  const boot = await bootstrapAdmin(ctx.app);
  admin = boot.token;
  adminName = boot.username;
  support = (await createOperator(ctx, admin, 'support_proj', 'support')).token;
});
afterAll(async () => ctx.close());

async function submit(command: Omit<Command, 'id' | 'actor' | 'ts'>): Promise<number> {
  const r = await ctx.app.core.submit({
    id: `pf-${randomUUID()}`,
    actor: 'system',
    ts: ctx.clock.now().getTime(),
    ...command,
  } as Command);
  if (!r.ok) throw new Error(`command refused: ${r.error}`);
  return r.seq;
}
const deposit = (userId: string, amount: string) =>
  submit({ type: 'deposit.credit', payload: { userId, asset: 'USDT', amount, ref: `pf:${randomUUID()}` } });
const transfer = (userId: string, amount: string) =>
  submit({ type: 'transfer', payload: { userId, asset: 'USDT', amount, from: 'spot', to: 'contract' } });

async function billsOf(seq: number) {
  return ctx.db.select().from(walletBills).where(eq(walletBills.seq, seq));
}
async function sqlCursor(): Promise<number> {
  const [row] = await ctx.db
    .select({ seq: projectionCursors.seq })
    .from(projectionCursors)
    .where(eq(projectionCursors.name, BILL_PROJECTION));
  return row?.seq ?? 0;
}
async function health(): Promise<Health> {
  const res = await call<Health>(ctx.app, { method: 'GET', url: '/api/health' });
  expect(res.status).toBe(200);
  return res.body.data;
}
/** Health caches its database check for a second; projection figures are always current. */
const listFailures = (token = admin, query = '') =>
  call<{ records: Failure[]; total: number }>(ctx.app, {
    method: 'GET',
    url: `/api/admin/projection/failures${query}`,
    headers: auth(token),
  });
const retry = (id: string, token = admin) =>
  call<Failure>(ctx.app, {
    method: 'POST',
    url: `/api/admin/projection/failures/${id}/retry`,
    headers: auth(token),
    payload: {},
  });
async function auditActions(action: string) {
  return ctx.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('a poison command in the bill projection', () => {
  let poisonSeq = 0;
  let failureId = '';

  it('is recorded and skipped: the bystander gets its bills, the cursor moves on, the log names the seq', async () => {
    const errors = vi.spyOn(ctx.app.log, 'error');
    await deposit(BYSTANDER, '100');
    await ctx.app.wallet.projection.idle();
    await ctx.db.execute(
      sql.raw(`alter table wallet_bills add constraint test_poison check (user_id <> ${VICTIM}) not valid`),
    );

    poisonSeq = await deposit(VICTIM, '50');
    const bystanderSeq = await transfer(BYSTANDER, '10');
    await ctx.app.wallet.projection.idle();

    // The bystander's transfer landed (two rows: spot out, contract in); the poison has none.
    const rows = await billsOf(bystanderSeq);
    expect(
      rows.map((r) => `${r.userId}/${r.accountType}/${Number(r.availableDelta)}/${r.frozenDelta}`).sort(),
    ).toEqual([`${BYSTANDER}/contract/10/null`, `${BYSTANDER}/spot/-10/null`]);
    expect(await billsOf(poisonSeq)).toEqual([]);
    expect(await sqlCursor()).toBeGreaterThanOrEqual(bystanderSeq);

    // Reported loudly: an error log naming the seq and the command.
    const logged = errors.mock.calls.map((c) => String(c[1] ?? c[0]));
    const line = logged.find((m) => m.includes(`seq ${poisonSeq}`));
    expect(line, logged.join('\n')).toContain('deposit.credit');
    expect(line).toContain('test_poison');
    errors.mockRestore();

    // Later commands of everybody keep landing.
    const later = await transfer(BYSTANDER, '1');
    await ctx.app.wallet.projection.idle();
    expect(await billsOf(later)).toHaveLength(2);
  });

  it('makes health degraded and shows in the console list and status (admin only)', async () => {
    const h = await health();
    expect(h.status).toBe('degraded');
    expect(h.reasons).toEqual(['projection_failures']);
    expect(h.projection).toMatchObject({ openFailures: 1, lag: 0, stalled: false });
    expect(h.projection?.cursor).toBe(ctx.app.core.lastSeq());
    // No internals in the public body.
    expect(JSON.stringify(h)).not.toContain('test_poison');

    const list = await listFailures(admin, '?status=open');
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    const [failure] = list.body.data.records;
    expect(failure).toMatchObject({
      seq: poisonSeq,
      commandType: 'deposit.credit',
      userIds: [VICTIM],
      rows: 1,
      status: 'open',
      attempts: 1,
    });
    expect(failure?.commandId).toMatch(/^pf-/);
    expect(failure?.error).toContain('test_poison');
    failureId = failure?.id ?? '';

    const status = await call<{ openFailures: number; lastError: string; problems: string[] }>(ctx.app, {
      method: 'GET',
      url: '/api/admin/projection',
      headers: auth(admin),
    });
    expect(status.body.data.openFailures).toBe(1);
    expect(status.body.data.problems).toEqual(['projection_failures']);

    expectError(await listFailures(support), 403, 'FORBIDDEN');
    expectError(await call(ctx.app, { method: 'GET', url: '/api/admin/projection' }), 401, 'AUTH_REQUIRED');
    expectValidation(await listFailures(admin, '?status=nope'), 'status', 'validation.oneOf');
  });

  it('a retry before the cause is fixed fails, stays open, and is audited', async () => {
    const res = await retry(failureId);
    expectError(res, 409, 'PROJECTION_RETRY_FAILED');
    const [failure] = (await listFailures()).body.data.records;
    expect(failure).toMatchObject({ status: 'open', attempts: 2 });
    expect(await billsOf(poisonSeq)).toEqual([]);
    const audits = await auditActions('projection.retry_failed');
    expect(audits).toHaveLength(1);
    expect(audits[0]?.payload).toMatchObject({ id: failureId, seq: poisonSeq });
  });

  it('after the fix, a retry writes the missing rows exactly once (concurrent retries too)', async () => {
    await ctx.db.execute(sql`alter table wallet_bills drop constraint test_poison`);
    const [a, b] = await Promise.all([retry(failureId), retry(failureId)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    expect(ok.body.data).toMatchObject({ status: 'retried', resolvedByName: adminName, attempts: 3 });
    expectError(a.status === 200 ? b : a, 409, 'PROJECTION_FAILURE_STATE');
    expectError(await retry(failureId), 409, 'PROJECTION_FAILURE_STATE');

    const rows = await billsOf(poisonSeq);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: BigInt(VICTIM), asset: 'USDT', billType: 'deposit.credit' });
    expect(Number(rows[0]?.availableDelta)).toBe(50);
    expect(Number(rows[0]?.availableBalance)).toBe(50);
    expect(rows[0]?.frozenDelta).toBeNull();
    const audits = await auditActions('projection.retry');
    expect(audits).toHaveLength(1);
    expect(audits[0]?.payload).toMatchObject({ id: failureId, seq: poisonSeq, rows: 1 });

    const h = await health();
    expect(h.status).toBe('ok');
    expect(h.reasons).toEqual([]);
    // The victim's next command lands normally.
    const next = await transfer(VICTIM, '5');
    await ctx.app.wallet.projection.idle();
    expect(await billsOf(next)).toHaveLength(2);
  });

  it('an operator can dismiss a failure with a reason (audited), which also clears the alert', async () => {
    await ctx.db.execute(
      sql.raw(`alter table wallet_bills add constraint test_poison2 check (user_id <> ${VICTIM}) not valid`),
    );
    const seq = await deposit(VICTIM, '1');
    await ctx.app.wallet.projection.idle();
    await ctx.db.execute(sql`alter table wallet_bills drop constraint test_poison2`);
    const open = (await listFailures(admin, '?status=open')).body.data.records;
    expect(open.map((f) => f.seq)).toEqual([seq]);
    const id = open[0]?.id ?? '';
    expect((await health()).reasons).toEqual(['projection_failures']);

    const dismiss = (payload: unknown, token = admin) =>
      call<Failure>(ctx.app, {
        method: 'POST',
        url: `/api/admin/projection/failures/${id}/dismiss`,
        headers: auth(token),
        payload: payload as Record<string, unknown>,
      });
    expectValidation(await dismiss({ reason: '  ' }), 'reason', 'validation.required');
    expectError(await dismiss({ reason: 'x' }, support), 403, 'FORBIDDEN');
    const res = await dismiss({ reason: 'repaired by hand' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'dismissed', note: 'repaired by hand' });
    expectError(await dismiss({ reason: 'again' }), 409, 'PROJECTION_FAILURE_STATE');
    expectError(await retry(id), 409, 'PROJECTION_FAILURE_STATE');
    expect(await billsOf(seq)).toEqual([]);
    const audits = await auditActions('projection.dismiss');
    expect(audits[0]?.payload).toMatchObject({ id, seq, reason: 'repaired by hand' });
    expect((await health()).status).toBe('ok');
    expectError(await retry('999999'), 404, 'PROJECTION_FAILURE_NOT_FOUND');

    // Only the one dismissed and the one retried are on record.
    const all = (await listFailures()).body.data.records;
    expect(all.map((f) => f.status)).toEqual(['dismissed', 'retried']);
    const stillOpen = await ctx.db
      .select()
      .from(walletBills)
      .where(and(eq(walletBills.seq, seq)));
    expect(stillOpen).toEqual([]);
  });
});
