// Operator accounts under /api/admin: first-start bootstrap, login, me, logout, password change,
// creating operators (admin only), separation from user sessions, and the hash-chained audit log.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operators } from '@/db/schema';
import { verifyAuditChain } from '@/lib/audit';
import {
  auth,
  b64,
  call,
  createTestApp,
  dbSnapshot,
  expectError,
  expectRejected,
  loginOk,
  registerAndLogin,
  registerUser,
  type TestContext,
  tr,
} from './helpers';

interface OperatorView {
  id: string;
  username: string;
  role: string;
  mustChangePassword: boolean;
  createdAt: string;
}
interface OperatorLogin {
  satoken: string;
  refreshToken: string;
  expiresIn: number;
  operator: OperatorView;
}

let ctx: TestContext;
let adminPassword: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const created = await ctx.app.services.operators.bootstrap('admin');
  if (!created) throw new Error('bootstrap created nothing');
  adminPassword = created.password;
});
afterAll(async () => ctx.close());

const opLogin = (username: string, password: unknown, extra: Record<string, string> = {}) =>
  call<OperatorLogin>(ctx.app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    headers: extra,
    payload: { username, password },
  });
async function opToken(username: string, password: string, userAgent = 'op-agent') {
  const res = await opLogin(username, password, { 'user-agent': userAgent });
  if (res.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(res.body)}`);
  return res.body.data.satoken;
}
const me = (token: string) =>
  call<OperatorView>(ctx.app, { method: 'GET', url: '/api/admin/auth/me', headers: auth(token) });
const createOperator = (token: string, payload: Record<string, unknown>, lang = 'en') =>
  call<OperatorView>(ctx.app, {
    method: 'POST',
    url: '/api/admin/operators',
    headers: { ...auth(token), lang },
    payload,
  });
const changePassword = (token: string, payload: Record<string, unknown>, lang = 'en') =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/admin/auth/password',
    headers: { ...auth(token), lang },
    payload,
  });

describe('bootstrap', () => {
  it('creates exactly one admin, once, with a random one-time password', async () => {
    expect(await ctx.app.services.operators.bootstrap('admin')).toBeUndefined();
    expect(await ctx.app.services.operators.bootstrap('someone_else')).toBeUndefined();
    const rows = await ctx.db.select().from(operators);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: 'admin',
      role: 'admin',
      mustChangePassword: true,
      disabled: false,
    });
    expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(adminPassword.length).toBeGreaterThanOrEqual(20);
    expect(rows[0]?.passwordHash).not.toContain(adminPassword);
    for (const fixed of ['admin', 'password', 'admin123', '123456']) expect(adminPassword).not.toBe(fixed);
  });

  it('two fresh installations get different passwords', async () => {
    const other = await createTestApp();
    try {
      const second = await other.app.services.operators.bootstrap('admin');
      expect(second?.password).toBeDefined();
      expect(second?.password).not.toBe(adminPassword);
    } finally {
      await other.close();
    }
  });
});

describe('operator sessions', () => {
  it('login, me and logout', async () => {
    const res = await opLogin('ADMIN', adminPassword, { lang: 'zh' });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(tr('zh', 'success.login'));
    expect(res.body.data.satoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.operator).toMatchObject({
      username: 'admin',
      role: 'admin',
      mustChangePassword: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('passwordHash');
    const token = res.body.data.satoken;
    const who = await me(token);
    expect(who.body).toEqual({ code: 200, msg: tr('en', 'success.ok'), data: res.body.data.operator });
    const out = await call(ctx.app, { method: 'POST', url: '/api/admin/auth/logout', headers: auth(token) });
    expect(out.body).toEqual({ code: 200, msg: tr('en', 'success.logout'), data: null });
    expectError(await me(token), 401, 'AUTH_TOKEN_REVOKED');
  });

  it('wrong password and unknown operator give the same reply', async () => {
    const wrong = await opLogin('admin', 'not-the-password');
    expectError(wrong, 400, 'AUTH_INVALID_CREDENTIALS');
    const unknown = await opLogin('nobody', 'not-the-password');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    // A user's credentials are not an operator's.
    const u = await registerUser(ctx.app);
    expect((await opLogin(u.account, u.password)).body).toEqual(wrong.body);
  });

  it('missing, garbage and user tokens are refused on operator routes (401)', async () => {
    expectError(await me(''), 401, 'AUTH_REQUIRED');
    expectError(await me('garbage'), 401, 'AUTH_TOKEN_INVALID');
    const u = await registerUser(ctx.app);
    const userToken = (await loginOk(ctx.app, { username: u.account, password: u.password })).satoken;
    expectError(await me(userToken), 401, 'AUTH_TOKEN_INVALID');
    expectError(
      await createOperator(userToken, { username: 'sneaky', role: 'admin', password: 'Sneaky-123' }),
      401,
      'AUTH_TOKEN_INVALID',
    );
    expectError(
      await changePassword(userToken, { oldPassword: u.password, newPassword: 'Other-1234' }),
      401,
      'AUTH_TOKEN_INVALID',
    );
    expectError(
      await call(ctx.app, { method: 'POST', url: '/api/admin/auth/logout', headers: auth(userToken) }),
      401,
      'AUTH_TOKEN_INVALID',
    );
    expect((await ctx.db.select().from(operators)).map((o) => o.username)).not.toContain('sneaky');
  });

  it('an operator token is refused on user routes (401), and its refresh token on the user refresh', async () => {
    const res = await opLogin('admin', adminPassword, { 'user-agent': 'op-user-routes' });
    const token = res.body.data.satoken;
    for (const [method, url, payload] of [
      ['POST', '/api/user/getInfo', undefined],
      ['POST', '/api/user/logout', undefined],
      ['GET', '/api/mjkj-web/coin/member/getLoginDevice', undefined],
      ['GET', '/api/mjkj-web/coin/member/getLoginLog', undefined],
      [
        'POST',
        '/api/user/updatePwd',
        { oldPassword: b64(adminPassword), newPassword: b64('Abc12345'), confirmPassword: b64('Abc12345') },
      ],
      [
        'POST',
        '/api/user/tardPwdSet',
        { loginPassword: b64(adminPassword), password: b64('123456'), confirmPassword: b64('123456') },
      ],
    ] as const) {
      const r = await call(ctx.app, { method, url, headers: auth(token), ...(payload ? { payload } : {}) });
      expectError(r, 401, 'AUTH_TOKEN_INVALID');
    }
    const refreshed = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/refreshToken',
      payload: { refreshToken: res.body.data.refreshToken },
    });
    expectError(refreshed, 401, 'AUTH_REFRESH_INVALID');
    expect((await me(token)).status).toBe(200);
  });
});

describe('first password change', () => {
  it('until the one-time password is replaced only me, logout and password work', async () => {
    const token = await opToken('admin', adminPassword, 'admin-first');
    expect((await me(token)).body.data.mustChangePassword).toBe(true);
    const blocked = await createOperator(token, {
      username: 'early_bird',
      role: 'support',
      password: 'Early-1234',
    });
    expectError(blocked, 403, 'OPERATOR_PASSWORD_CHANGE_REQUIRED');
    const settings = await call(ctx.app, { method: 'GET', url: '/api/admin/settings', headers: auth(token) });
    expectError(settings, 403, 'OPERATOR_PASSWORD_CHANGE_REQUIRED');
    const changed = await changePassword(token, {
      oldPassword: adminPassword,
      newPassword: 'Admin-Passw0rd',
    });
    expect(changed.status).toBe(200);
    adminPassword = 'Admin-Passw0rd';
    expect((await me(token)).body.data.mustChangePassword).toBe(false);
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/admin/settings', headers: auth(token) })).status,
    ).toBe(200);
  });

  it('operator refresh rotates tokens once and refuses user refresh tokens', async () => {
    const res = await opLogin('admin', adminPassword, { 'user-agent': 'op-refresh' });
    const first = await call<{ satoken: string; refreshToken: string }>(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/refreshToken',
      payload: { refreshToken: res.body.data.refreshToken },
    });
    expect(first.status).toBe(200);
    expect((await me(first.body.data.satoken)).status).toBe(200);
    expectError(await me(res.body.data.satoken), 401, 'AUTH_TOKEN_INVALID');
    const again = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/refreshToken',
      payload: { refreshToken: res.body.data.refreshToken },
    });
    expectError(again, 401, 'AUTH_REFRESH_INVALID');
    const user = await registerAndLogin(ctx.app);
    const crossed = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/refreshToken',
      payload: { refreshToken: user.refreshToken },
    });
    expectError(crossed, 401, 'AUTH_REFRESH_INVALID');
  });

  it('reusing a retired operator refresh token revokes that session: its current tokens die too', async () => {
    const opRefresh = (refreshToken: string) =>
      call<{ satoken: string; refreshToken: string }>(ctx.app, {
        method: 'POST',
        url: '/api/admin/auth/refreshToken',
        payload: { refreshToken },
      });
    const res = await opLogin('admin', adminPassword, { 'user-agent': 'op-reuse' });
    const rotated = await opRefresh(res.body.data.refreshToken);
    expect(rotated.status).toBe(200);
    expect((await me(rotated.body.data.satoken)).status).toBe(200);
    ctx.clock.advance(ctx.config.REFRESH_REUSE_GRACE_SECONDS * 1000);
    expectError(await opRefresh(res.body.data.refreshToken), 401, 'AUTH_REFRESH_INVALID');
    expectError(await me(rotated.body.data.satoken), 401, 'AUTH_TOKEN_REVOKED');
    expectError(await opRefresh(rotated.body.data.refreshToken), 401, 'AUTH_REFRESH_INVALID');
  });
});

describe('operators', () => {
  let adminToken: string;
  let secondToken: string;
  beforeAll(async () => {
    adminToken = await opToken('admin', adminPassword, 'admin-main');
  });

  /** As the second admin: request; as the first admin: approve (the rules of operator-requests.test.ts). */
  async function addOperator(username: string, role: string, password: string) {
    const requested = await createOperator(secondToken, { username, role, password });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const id = requested.body.data.id;
    const approved = await call<{ operatorId: string }>(ctx.app, {
      method: 'POST',
      url: `/api/admin/operator-requests/${id}/approve`,
      headers: auth(adminToken),
      payload: {},
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return approved.body.data.operatorId;
  }

  it('the first admin adds a second admin alone; then a reviewer and a support operator need both', async () => {
    const admin2 = await createOperator(adminToken, {
      username: 'second.admin',
      role: 'admin',
      password: 'Admin-2nd1',
    });
    expect(admin2.status).toBe(200);
    expect(admin2.body.msg).toBe(tr('en', 'success.operatorCreated'));
    expect(admin2.body.data).toMatchObject({ kind: 'create', username: 'second.admin', status: 'approved' });
    secondToken = await opToken('second.admin', 'Admin-2nd1');
    await changePassword(secondToken, { oldPassword: 'Admin-2nd1', newPassword: 'Admin-2nd2' });
    for (const role of ['reviewer', 'support'] as const) {
      const id = await addOperator(`${role}_one`, role, 'Review-123');
      expect(id).toMatch(/^\d+$/);
      const t = await opToken(`${role}_one`, 'Review-123');
      expect((await me(t)).body.data).toMatchObject({ role, mustChangePassword: true });
    }
  });

  it('a taken username (any case) is 409 USER_ACCOUNT_TAKEN', async () => {
    const before = await dbSnapshot(ctx.db);
    const res = await createOperator(adminToken, {
      username: 'Reviewer_One',
      role: 'support',
      password: 'Review-123',
    });
    expectError(res, 409, 'USER_ACCOUNT_TAKEN');
    expect(res.body.errors?.[0]?.field).toBe('username');
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });

  it('without the admin role the body is never validated: 401 / 403 first', async () => {
    const t = await opToken('reviewer_one', 'Review-123', 'agent-order');
    expectError(await createOperator(t, { bogus: true }), 403, 'FORBIDDEN');
    expectError(await createOperator('', { bogus: true }), 401, 'AUTH_REQUIRED');
  });

  it('reviewer and support get 403 FORBIDDEN and create nothing', async () => {
    for (const username of ['reviewer_one', 'support_one']) {
      const t = await opToken(username, 'Review-123', `agent-${username}`);
      const before = await dbSnapshot(ctx.db);
      for (const lang of ['en', 'zh'] as const) {
        const res = await createOperator(
          t,
          { username: `by_${username}`, role: 'admin', password: 'Escal-123' },
          lang,
        );
        expectError(res, 403, 'FORBIDDEN', lang);
      }
      expect(await dbSnapshot(ctx.db)).toBe(before);
    }
  });

  it('a disabled operator is refused, even with a live token', async () => {
    const id = await addOperator('soon_gone', 'support', 'Gone-1234');
    const t = await opToken('soon_gone', 'Gone-1234');
    await ctx.db
      .update(operators)
      .set({ disabled: true })
      .where(eq(operators.id, BigInt(id)));
    expectError(await me(t), 401, 'AUTH_TOKEN_REVOKED');
    expectError(await opLogin('soon_gone', 'Gone-1234'), 403, 'AUTH_ACCOUNT_DISABLED');
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['username missing', { role: 'support', password: 'Valid-123' }, 'username', 'validation.required'],
    [
      'username too short',
      { username: 'ab', role: 'support', password: 'Valid-123' },
      'username',
      'validation.account',
    ],
    [
      'username too long',
      { username: `a${'b'.repeat(32)}`, role: 'support', password: 'Valid-123' },
      'username',
      'validation.account',
    ],
    [
      'username starts with a digit',
      { username: '1abc', role: 'support', password: 'Valid-123' },
      'username',
      'validation.account',
    ],
    [
      'username with a space',
      { username: 'ab cd', role: 'support', password: 'Valid-123' },
      'username',
      'validation.account',
    ],
    [
      'username a number',
      { username: 1234, role: 'support', password: 'Valid-123' },
      'username',
      'validation.invalidType',
    ],
    ['role missing', { username: 'valid_op', password: 'Valid-123' }, 'role', 'validation.required'],
    [
      'role unknown',
      { username: 'valid_op', role: 'root', password: 'Valid-123' },
      'role',
      'validation.oneOf',
    ],
    ['role a number', { username: 'valid_op', role: 1, password: 'Valid-123' }, 'role', 'validation.oneOf'],
    ['password missing', { username: 'valid_op', role: 'support' }, 'password', 'validation.required'],
    [
      'password weak',
      { username: 'valid_op', role: 'support', password: 'abcdefgh' },
      'password',
      'validation.passwordRule',
    ],
    [
      'password too short',
      { username: 'valid_op', role: 'support', password: 'a1' },
      'password',
      'validation.passwordRule',
    ],
    [
      'unknown field disabled',
      { username: 'valid_op', role: 'support', password: 'Valid-123', disabled: false },
      'disabled',
      'validation.unknownField',
    ],
    [
      'unknown field mustChangePassword',
      { username: 'valid_op', role: 'support', password: 'Valid-123', mustChangePassword: false },
      'mustChangePassword',
      'validation.unknownField',
    ],
  ])('create: %s is rejected', async (_n, payload, field, key) => {
    await expectRejected(
      ctx,
      { method: 'POST', url: '/api/admin/operators', headers: auth(adminToken), payload },
      field,
      key,
    );
  });
});

describe('operator password', () => {
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    const admin = await opToken('admin', adminPassword, 'pwd-admin');
    const second = await opToken('second.admin', 'Admin-2nd2', 'pwd-second');
    const requested = await createOperator(second, {
      username: 'pwd_changer',
      role: 'support',
      password: 'Start-1234',
    });
    const approved = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/operator-requests/${requested.body.data.id}/approve`,
      headers: auth(admin),
      payload: {},
    });
    expect(approved.status).toBe(200);
    token = await opToken('pwd_changer', 'Start-1234', 'pwd-main');
    otherToken = await opToken('pwd_changer', 'Start-1234', 'pwd-other');
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['oldPassword missing', { newPassword: 'Next-12345' }, 'oldPassword', 'validation.required'],
    [
      'oldPassword empty',
      { oldPassword: '', newPassword: 'Next-12345' },
      'oldPassword',
      'validation.required',
    ],
    [
      'oldPassword too long',
      { oldPassword: 'o'.repeat(129), newPassword: 'Next-12345' },
      'oldPassword',
      'validation.tooLong',
    ],
    [
      'oldPassword a number',
      { oldPassword: 1, newPassword: 'Next-12345' },
      'oldPassword',
      'validation.invalidType',
    ],
    ['newPassword missing', { oldPassword: 'Start-1234' }, 'newPassword', 'validation.required'],
    [
      'newPassword weak',
      { oldPassword: 'Start-1234', newPassword: '12345678' },
      'newPassword',
      'validation.passwordRule',
    ],
    [
      'newPassword too long',
      { oldPassword: 'Start-1234', newPassword: 'a1'.repeat(11) },
      'newPassword',
      'validation.passwordRule',
    ],
    [
      'unknown field role',
      { oldPassword: 'Start-1234', newPassword: 'Next-12345', role: 'admin' },
      'role',
      'validation.unknownField',
    ],
  ])('%s is rejected', async (_n, payload, field, key) => {
    await expectRejected(
      ctx,
      { method: 'POST', url: '/api/admin/auth/password', headers: auth(token), payload },
      field,
      key,
    );
  });

  it('wrong old and same-as-old are 422, nothing changed', async () => {
    const before = await dbSnapshot(ctx.db);
    const wrong = await changePassword(token, { oldPassword: 'Wrong-1234', newPassword: 'Next-12345' }, 'zh');
    expectError(wrong, 422, 'PASSWORD_OLD_WRONG', 'zh');
    const same = await changePassword(token, { oldPassword: 'Start-1234', newPassword: 'Start-1234' });
    expectError(same, 422, 'PASSWORD_SAME_AS_OLD');
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });

  it('success clears mustChangePassword, keeps this session and ends the others', async () => {
    const res = await changePassword(token, { oldPassword: 'Start-1234', newPassword: 'Next-12345' });
    expect(res.body).toEqual({ code: 200, msg: tr('en', 'success.passwordChanged'), data: null });
    expect((await me(token)).body.data.mustChangePassword).toBe(false);
    expectError(await me(otherToken), 401, 'AUTH_TOKEN_REVOKED');
    expectError(await opLogin('pwd_changer', 'Start-1234'), 400, 'AUTH_INVALID_CREDENTIALS');
    expect((await opLogin('pwd_changer', 'Next-12345')).status).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['username missing', { password: 'x' }, 'username', 'validation.required'],
    ['username empty', { username: '', password: 'x' }, 'username', 'validation.required'],
    ['username too long', { username: 'u'.repeat(65), password: 'x' }, 'username', 'validation.tooLong'],
    ['username a number', { username: 5, password: 'x' }, 'username', 'validation.invalidType'],
    ['password missing', { username: 'admin' }, 'password', 'validation.required'],
    ['password empty', { username: 'admin', password: '' }, 'password', 'validation.required'],
    ['password too long', { username: 'admin', password: 'p'.repeat(129) }, 'password', 'validation.tooLong'],
    ['password a number', { username: 'admin', password: 123 }, 'password', 'validation.invalidType'],
    [
      'unknown field role',
      { username: 'admin', password: 'x', role: 'admin' },
      'role',
      'validation.unknownField',
    ],
  ])('login: %s is rejected', async (_n, payload, field, key) => {
    await expectRejected(ctx, { method: 'POST', url: '/api/admin/auth/login', payload }, field, key);
  });
});

describe('audit log', () => {
  it('records bootstrap, logins, password changes and creations in a verifiable chain', async () => {
    const rows = await ctx.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const actions = rows.map((r) => r.action);
    expect(actions[0]).toBe('operator.create');
    expect(rows[0]).toMatchObject({ actorType: 'system', actorId: 'bootstrap' });
    expect(actions).toContain('operator.login');
    expect(actions).toContain('operator.password');
    expect(actions.filter((a) => a === 'operator.create').length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
    expect(JSON.stringify(rows.map((r) => r.payload))).not.toContain('Review-123');
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: true });
  });

  it('appending keeps the chain valid', async () => {
    const before = (await ctx.db.select().from(auditLog)).length;
    await opToken('admin', adminPassword, 'audit-append');
    expect((await ctx.db.select().from(auditLog)).length).toBe(before + 1);
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: true });
  });

  it('detects an edited entry, and a deleted one', async () => {
    const rows = await ctx.db.select().from(auditLog).orderBy(asc(auditLog.id));
    const victim = rows[2];
    if (!victim) throw new Error('not enough audit rows');
    await ctx.db
      .update(auditLog)
      .set({ payload: { ...(victim.payload as object), role: 'admin', forged: true } })
      .where(eq(auditLog.id, victim.id));
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: false, badId: victim.id.toString() });
    await ctx.db.update(auditLog).set({ payload: victim.payload }).where(eq(auditLog.id, victim.id));
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: true });

    await ctx.db.update(auditLog).set({ actorId: '999' }).where(eq(auditLog.id, victim.id));
    expect((await verifyAuditChain(ctx.db)).ok).toBe(false);
    await ctx.db.update(auditLog).set({ actorId: victim.actorId }).where(eq(auditLog.id, victim.id));

    const next = rows[3];
    await ctx.db.delete(auditLog).where(eq(auditLog.id, victim.id));
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: false, badId: next?.id.toString() });
  });
});
