// Operator console: the users list with balances and role-dependent masking, and the audit log
// (newest first, verification of the hash chain, detection of a row edited in SQL, no write routes).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema';
import { createOperator, fund } from './console-helpers';
import {
  auth,
  bootstrapAdmin,
  call,
  createTestApp,
  expectError,
  registerAndLogin,
  type TestContext,
} from './helpers';

interface UserRow {
  id: string;
  account: string;
  email: string | null;
  phone: string | null;
  balances: Array<{ asset: string; accountType: string; available: string; frozen: string }> | null;
}
interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}
interface AuditRow {
  id: string;
  actorType: string;
  actorId: string;
  actorName: string | null;
  action: string;
  payload: Record<string, unknown>;
}
interface Verify {
  ok: boolean;
  checked: number;
  firstBrokenId?: string;
}

let ctx: TestContext;
let admin: string;
let second: string;
let reviewer: string;
let alice: { id: string; account: string; email: string };

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await bootstrapAdmin(ctx.app)).token;
  second = (await createOperator(ctx, admin, 'audit_second', 'admin')).token;
  reviewer = (await createOperator(ctx, admin, 'audit_reviewer', 'reviewer')).token;
  const u = await registerAndLogin(ctx.app, { account: 'aliceconsole', email: 'alice.console@example.com' });
  alice = { id: u.user.id, account: u.account, email: 'alice.console@example.com' };
  await registerAndLogin(ctx.app, { account: 'bobconsole', email: 'bob.console@example.com' });
  await fund(ctx.app, alice.id, 'USDT', '250.75');
  await fund(ctx.app, alice.id, 'BTC', '0.015');
});
afterAll(async () => ctx.close());

const get = <T>(token: string, url: string) => call<T>(ctx.app, { method: 'GET', url, headers: auth(token) });

describe('users', () => {
  it('lists with keyword search, paging and the balances the core holds', async () => {
    const res = await get<Page<UserRow>>(admin, '/api/admin/users?keyword=ALICECON');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    const row = res.body.data.records[0];
    expect(row).toMatchObject({ id: alice.id, account: 'aliceconsole', email: alice.email });
    const balances = Object.fromEntries(
      (row?.balances ?? []).map((b) => [`${b.asset}/${b.accountType}`, b.available]),
    );
    expect(balances).toMatchObject({ 'USDT/spot': '250.75', 'BTC/spot': '0.015' });

    const byId = await get<Page<UserRow>>(admin, `/api/admin/users?keyword=${alice.id}`);
    expect(byId.body.data.records.map((r) => r.id)).toContain(alice.id);
    const all = await get<Page<UserRow>>(admin, '/api/admin/users?size=1&current=2');
    expect(all.body.data).toMatchObject({ total: 2, current: 2, size: 1 });
    expect(all.body.data.records).toHaveLength(1);
    // LIKE wildcards in the keyword match literally.
    expect((await get<Page<UserRow>>(admin, '/api/admin/users?keyword=%25')).body.data.total).toBe(0);
  });

  it('reviewers see contacts masked; admins in full; detail works and 404s', async () => {
    const res = await get<Page<UserRow>>(reviewer, '/api/admin/users?keyword=aliceconsole');
    expect(res.body.data.records[0]?.email).toBe('al****om');
    const detail = await get<UserRow & { inviteCode: string }>(admin, `/api/admin/users/${alice.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.email).toBe(alice.email);
    expect(detail.body.data.inviteCode).toMatch(/\w+/);
    expectError(await get(admin, '/api/admin/users/987654321'), 404, 'ADMIN_USER_NOT_FOUND');
  });
});

describe('audit log', () => {
  it('records adjustment actions with their actor, newest first', async () => {
    const created = await call<{ id: string }>(ctx.app, {
      method: 'POST',
      url: '/api/admin/adjustments',
      headers: auth(admin),
      payload: {
        userId: alice.id,
        asset: 'USDT',
        accountType: 'spot',
        amount: '-0.75',
        reason: 'fee refund reversal',
      },
    });
    expect(created.status).toBe(200);
    const approved = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/adjustments/${created.body.data.id}/approve`,
      headers: auth(second),
      payload: {},
    });
    expect(approved.status).toBe(200);
    const page = await get<Page<AuditRow>>(admin, '/api/admin/audit?size=3');
    expect(page.body.data.records.map((r) => r.action)).toEqual([
      'adjustment.applied',
      'adjustment.approve',
      'adjustment.request',
    ]);
    expect(page.body.data.records.map((r) => r.actorName)).toEqual(['audit_second', 'audit_second', 'admin']);
    expect(page.body.data.records[2]?.payload).toMatchObject({
      amount: '-0.75',
      asset: 'USDT',
      userId: alice.id,
    });
    const total = (await ctx.db.select().from(auditLog)).length;
    expect(page.body.data.total).toBe(total);
    const filtered = await get<Page<AuditRow>>(admin, '/api/admin/audit?action=adjustment.request');
    expect(filtered.body.data.records.every((r) => r.action === 'adjustment.request')).toBe(true);
  });

  it('verify walks the whole chain, and finds a row edited in SQL', async () => {
    const total = (await ctx.db.select().from(auditLog)).length;
    const good = await get<Verify>(admin, '/api/admin/audit/verify');
    expect(good.body.data).toEqual({ ok: true, checked: total });

    const rows = await ctx.db.select().from(auditLog).orderBy(auditLog.id);
    const victim = rows[Math.floor(rows.length / 2)];
    if (!victim) throw new Error('no audit rows');
    const index = rows.indexOf(victim);
    // An attacker with SQL access turns an adjustment amount or an actor into something else.
    await ctx.db.execute(
      sql`update audit_log set payload = jsonb_set(payload, '{tampered}', 'true') where id = ${victim.id}`,
    );
    const bad = await get<Verify>(admin, '/api/admin/audit/verify');
    expect(bad.body.data).toEqual({ ok: false, checked: index, firstBrokenId: victim.id.toString() });

    // Put back: the chain verifies again (the check is a pure function of the rows).
    await ctx.db.update(auditLog).set({ payload: victim.payload }).where(eq(auditLog.id, victim.id));
    expect((await get<Verify>(admin, '/api/admin/audit/verify')).body.data.ok).toBe(true);

    // Deleting a row breaks the link of the next one.
    const last = rows[rows.length - 1];
    const beforeLast = rows[rows.length - 2];
    if (!last || !beforeLast) throw new Error('too few audit rows');
    await ctx.db.delete(auditLog).where(eq(auditLog.id, beforeLast.id));
    const gone = await get<Verify>(admin, '/api/admin/audit/verify');
    expect(gone.body.data).toMatchObject({ ok: false, firstBrokenId: last.id.toString() });
  });

  it('has no route that changes or deletes entries', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await call(ctx.app, { method, url: '/api/admin/audit/1', headers: auth(admin) });
      expect(res.status, method).toBe(404);
    }
    const post = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/audit',
      headers: auth(admin),
      payload: {},
    });
    expect(post.status).toBe(404);
  });
});
