// Operator requests and the approval rule (docs/admin-console.md "Operator requests", "Who may
// approve"): new operators and role changes need a second admin; the first admin's one solo addition
// and the accounts an admin requested are never their approvers; new accounts and raised roles approve
// nothing during the cooling-off; two concurrent approvals apply once; every step is audited.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operators } from '@/db/schema';
import { verifyAuditChain } from '@/lib/audit';
import { decideOperatorRequest, firstLogin, requestOperator } from './console-helpers';
import {
  type ApiReply,
  auth,
  bootstrapAdmin,
  call,
  createTestApp,
  dbSnapshot,
  expectError,
  expectRejected,
  type TestContext,
  tr,
} from './helpers';

interface OperatorView {
  id: string;
  username: string;
  role: string;
  createdBy: string | null;
  createdByName: string | null;
  approvedBy: string | null;
  approvedByName: string | null;
  mayApproveFrom: string | null;
}

const HOUR = 3_600_000;
let ctx: TestContext;
let a: string; // the first admin
let aId: string;
const tokens = new Map<string, string>();
const ids = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestApp();
  a = (await bootstrapAdmin(ctx.app)).token;
  aId = '1';
});
afterAll(async () => ctx.close());

const list = async () =>
  (await call<OperatorView[]>(ctx.app, { method: 'GET', url: '/api/admin/operators', headers: auth(a) })).body
    .data;
const viewOf = async (username: string) => {
  const found = (await list()).find((o) => o.username === username);
  if (!found) throw new Error(`${username} is not listed`);
  return found;
};
const auditOf = async (action: string) =>
  (await ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id))).map(
    (r) => r.payload as Record<string, unknown>,
  );

/** Requests as `by`, approves as `approver`, signs in: the operator's token. */
async function addOperator(
  by: string,
  approver: string,
  username: string,
  role: 'admin' | 'reviewer' | 'support',
) {
  const requested = await requestOperator(ctx.app, by, username, role);
  expect(requested.body.data.status, JSON.stringify(requested.body)).toBe('pending');
  const approved = await decideOperatorRequest(ctx.app, approver, requested.body.data.id, 'approve');
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  ids.set(username, approved.body.data.operatorId ?? '');
  const token = await firstLogin(ctx.app, username);
  tokens.set(username, token);
  return token;
}
const tok = (username: string) => {
  const t = tokens.get(username);
  if (!t) throw new Error(`no token for ${username}`);
  return t;
};

function expectCoolingOff(res: ApiReply, until: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.errorCode).toBe('APPROVAL_COOLING_OFF');
  const from = `${until.slice(0, 16).replace('T', ' ')} UTC`;
  expect(res.body.msg).toBe(tr('en', 'errors.APPROVAL_COOLING_OFF', { from }));
}

describe('a fresh install', () => {
  it('the first admin adds one admin alone (the solo addition); it is marked and audited', async () => {
    const solo = await requestOperator(ctx.app, a, 'bee', 'admin');
    expect(solo.status).toBe(200);
    expect(solo.body.msg).toBe(tr('en', 'success.operatorCreated'));
    expect(solo.body.data).toMatchObject({ status: 'approved', operatorId: expect.stringMatching(/^\d+$/) });
    ids.set('bee', solo.body.data.operatorId ?? '');
    tokens.set('bee', await firstLogin(ctx.app, 'bee'));
    const bee = await viewOf('bee');
    expect(bee).toMatchObject({
      createdBy: aId,
      createdByName: 'admin',
      approvedBy: null,
      approvedByName: null,
    });
    expect(bee.mayApproveFrom).toBe(new Date(ctx.clock.now().getTime() + 24 * HOUR).toISOString());
    const [created] = (await auditOf('operator.create')).filter((p) => p.username === 'bee');
    expect(created).toMatchObject({ createdBy: aId, approvedBy: null, soloFirstAddition: true });
  });

  it('every later operator is a request: nothing exists until a second admin approves', async () => {
    const before = (await list()).length;
    const res = await requestOperator(ctx.app, a, 'cee', 'admin');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(tr('en', 'success.operatorRequested'));
    expect(res.body.data).toMatchObject({
      kind: 'create',
      username: 'cee',
      status: 'pending',
      operatorId: null,
    });
    expect(await list()).toHaveLength(before);
    const login = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'cee', password: 'Init-Passw0rd' },
    });
    expectError(login, 400, 'AUTH_INVALID_CREDENTIALS');
    // The requester cannot approve it.
    expectError(
      await decideOperatorRequest(ctx.app, a, res.body.data.id, 'approve'),
      403,
      'OPERATOR_REQUEST_SELF_APPROVAL',
    );
    // The solo addition cannot approve its creator's requests, also after the cooling-off: this is the
    // reported abuse (an admin's second account approving the admin's own requests).
    ctx.clock.advance(25 * HOUR);
    await call(ctx.app, { method: 'GET', url: '/api/admin/auth/me', headers: auth(tok('bee')) });
    const snap = await dbSnapshot(ctx.db);
    expectError(
      await decideOperatorRequest(ctx.app, tok('bee'), res.body.data.id, 'approve'),
      403,
      'APPROVAL_LINKED_OPERATOR',
    );
    expect(await dbSnapshot(ctx.db)).toBe(snap);
    // ...but may reject it.
    const rejected = await decideOperatorRequest(ctx.app, tok('bee'), res.body.data.id, 'reject', 'no');
    expect(rejected.body.data.status).toBe('rejected');
    expectError(
      await decideOperatorRequest(ctx.app, tok('bee'), res.body.data.id, 'approve'),
      409,
      'OPERATOR_REQUEST_STATE',
    );
    expect((await list()).map((o) => o.username)).not.toContain('cee');
  });

  it('a second solo addition is not possible', async () => {
    const res = await requestOperator(ctx.app, a, 'second_solo', 'admin');
    expect(res.body.data.status).toBe('pending');
    await decideOperatorRequest(ctx.app, tok('bee'), res.body.data.id, 'reject', 'test');
  });
});

describe('approvals between admins', () => {
  it('the first admin approves the solo addition’s requests; the new account records both admins', async () => {
    await addOperator(tok('bee'), a, 'dee', 'admin');
    const dee = await viewOf('dee');
    expect(dee).toMatchObject({
      createdBy: ids.get('bee'),
      createdByName: 'bee',
      approvedBy: aId,
      approvedByName: 'admin',
    });
    const [approve] = (await auditOf('operator.approve')).slice(-1);
    expect(approve).toMatchObject({ requestedBy: ids.get('bee') });
    const [created] = (await auditOf('operator.create')).filter((p) => p.username === 'dee');
    expect(created).toMatchObject({ createdBy: ids.get('bee'), approvedBy: aId, soloFirstAddition: false });
  });

  it('a new account approves nothing during the cooling-off, then may approve', async () => {
    const dee = await viewOf('dee');
    const req = await requestOperator(ctx.app, a, 'eff', 'reviewer');
    const snap = await dbSnapshot(ctx.db);
    expectCoolingOff(
      await decideOperatorRequest(ctx.app, tok('dee'), req.body.data.id, 'approve'),
      dee.mayApproveFrom ?? '',
    );
    expect(await dbSnapshot(ctx.db)).toBe(snap);
    const me = await call<{ mayApproveFrom: string | null }>(ctx.app, {
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: auth(tok('dee')),
    });
    expect(me.body.data.mayApproveFrom).toBe(dee.mayApproveFrom);
    ctx.clock.advance(24 * HOUR);
    // dee's account was requested by bee, not by the first admin: dee may approve the first admin's.
    const ok = await decideOperatorRequest(ctx.app, tok('dee'), req.body.data.id, 'approve');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.msg).toBe(tr('en', 'success.operatorRequestApproved'));
    tokens.set('eff', await firstLogin(ctx.app, 'eff'));
    ids.set('eff', ok.body.data.operatorId ?? '');
  });

  it('an admin and the account they requested never approve each other’s requests', async () => {
    // bee requested dee's account (the first admin approved it).
    const byBee = await requestOperator(ctx.app, tok('bee'), 'gee', 'support');
    expectError(
      await decideOperatorRequest(ctx.app, tok('dee'), byBee.body.data.id, 'approve'),
      403,
      'APPROVAL_LINKED_OPERATOR',
    );
    const byDee = await requestOperator(ctx.app, tok('dee'), 'aitch', 'support');
    expectError(
      await decideOperatorRequest(ctx.app, tok('bee'), byDee.body.data.id, 'approve'),
      403,
      'APPROVAL_LINKED_OPERATOR',
    );
    const me = await call<{ cannotApproveFor: string[] }>(ctx.app, {
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: auth(tok('bee')),
    });
    expect(me.body.data.cannotApproveFor).toEqual(expect.arrayContaining([aId, ids.get('dee')]));
    // Someone unrelated may.
    expect((await decideOperatorRequest(ctx.app, a, byBee.body.data.id, 'approve')).status).toBe(200);
    expect((await decideOperatorRequest(ctx.app, a, byDee.body.data.id, 'approve')).status).toBe(200);
  });

  it('two admins approving one request at once create one operator', async () => {
    await addOperator(tok('bee'), a, 'jay', 'admin');
    ctx.clock.advance(25 * HOUR);
    const req = await requestOperator(ctx.app, a, 'concur', 'reviewer');
    const [x, y] = await Promise.all([
      decideOperatorRequest(ctx.app, tok('dee'), req.body.data.id, 'approve'),
      decideOperatorRequest(ctx.app, tok('jay'), req.body.data.id, 'approve'),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await ctx.db.select().from(operators).where(eq(operators.username, 'concur'))).toHaveLength(1);
    expect((await auditOf('operator.create')).filter((p) => p.username === 'concur')).toHaveLength(1);
  });
});

describe('role changes', () => {
  const roleRequest = (token: string, operatorId: string, role: string) =>
    call<{ id: string; status: string; fromRole: string }>(ctx.app, {
      method: 'POST',
      url: `/api/admin/operators/${operatorId}/role`,
      headers: auth(token),
      payload: { role },
    });

  it('a raise needs a second admin and restarts the cooling-off', async () => {
    const effId = ids.get('eff') ?? '';
    const req = await roleRequest(a, effId, 'admin');
    expect(req.body.data).toMatchObject({ status: 'pending', fromRole: 'reviewer' });
    expect((await viewOf('eff')).role).toBe('reviewer');
    expectError(await roleRequest(a, effId, 'support'), 409, 'OPERATOR_REQUEST_PENDING');
    const approved = await decideOperatorRequest(ctx.app, tok('dee'), req.body.data.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const eff = await viewOf('eff');
    expect(eff.role).toBe('admin');
    expect(eff.mayApproveFrom).toBe(new Date(ctx.clock.now().getTime() + 24 * HOUR).toISOString());
    const [audited] = (await auditOf('operator.role')).slice(-1);
    expect(audited).toMatchObject({ id: effId, from: 'reviewer', to: 'admin', requestedBy: aId });
    const other = await requestOperator(ctx.app, tok('jay'), 'kay', 'support');
    expectCoolingOff(
      await decideOperatorRequest(ctx.app, tok('eff'), other.body.data.id, 'approve'),
      eff.mayApproveFrom ?? '',
    );
  });

  it('nobody decides a role change about themselves; unchanged and unknown are refused', async () => {
    const deeId = ids.get('dee') ?? '';
    const req = await roleRequest(tok('jay'), deeId, 'reviewer');
    expectError(
      await decideOperatorRequest(ctx.app, tok('dee'), req.body.data.id, 'approve'),
      403,
      'OPERATOR_REQUEST_SELF_APPROVAL',
    );
    await decideOperatorRequest(ctx.app, a, req.body.data.id, 'reject', 'keep dee an admin');
    const same = await roleRequest(a, deeId, 'admin');
    expect(same.status).toBe(400);
    expect(same.body.errorCode).toBe('OPERATOR_ROLE_UNCHANGED');
    expectError(await roleRequest(a, '424242', 'admin'), 404, 'OPERATOR_NOT_FOUND');
  });
});

describe('access and validation', () => {
  it('reviewers and support operators cannot request, list or decide', async () => {
    const reviewer = await firstLoginOrToken('concur');
    const before = await dbSnapshot(ctx.db);
    for (const [method, url, payload] of [
      ['POST', '/api/admin/operators', { username: 'nope_op', role: 'admin', password: 'Valid-123' }],
      ['POST', '/api/admin/operators/1/role', { role: 'admin' }],
      ['GET', '/api/admin/operator-requests', undefined],
      ['GET', '/api/admin/operators', undefined],
      ['POST', '/api/admin/operator-requests/1/approve', {}],
      ['POST', '/api/admin/operator-requests/1/reject', { reason: 'x' }],
    ] as const) {
      const res = await call(ctx.app, {
        method,
        url,
        headers: auth(reviewer),
        ...(payload ? { payload } : {}),
      });
      expectError(res, 403, 'FORBIDDEN');
    }
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });

  it.each<[string, string, Record<string, unknown>, string, string]>([
    ['role: unknown role', '/api/admin/operators/2/role', { role: 'root' }, 'role', 'validation.oneOf'],
    [
      'role: extra field',
      '/api/admin/operators/2/role',
      { role: 'admin', x: 1 },
      'x',
      'validation.unknownField',
    ],
    ['role: bad id', '/api/admin/operators/abc/role', { role: 'admin' }, 'id', 'validation.invalid'],
    ['reject: no reason', '/api/admin/operator-requests/1/reject', {}, 'reason', 'validation.required'],
    [
      'approve: a body',
      '/api/admin/operator-requests/1/approve',
      { force: true },
      'force',
      'validation.unknownField',
    ],
  ])('%s is rejected', async (_n, url, payload, field, key) => {
    await expectRejected(ctx, { method: 'POST', url, headers: auth(a), payload }, field, key);
  });

  it('lists requests newest first with names, filtered by status; the chain verifies', async () => {
    const res = await call<{
      records: Array<{ status: string; requestedByName: string; decidedByName: string | null }>;
      total: number;
    }>(ctx.app, { method: 'GET', url: '/api/admin/operator-requests?status=pending', headers: auth(a) });
    expect(res.body.data.records.length).toBeGreaterThan(0);
    expect(res.body.data.records.every((r) => r.status === 'pending')).toBe(true);
    const rejected = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operator.reject')));
    expect(rejected.length).toBeGreaterThan(0);
    // Initial passwords never reach the log.
    expect(JSON.stringify((await ctx.db.select().from(auditLog)).map((r) => r.payload))).not.toContain(
      'Init-Passw0rd',
    );
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: true });
  });
});

async function firstLoginOrToken(username: string): Promise<string> {
  return tokens.get(username) ?? firstLogin(ctx.app, username);
}
