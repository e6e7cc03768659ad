// Login log (getLoginLog), devices (getLoginDevice, deleteDevice/{id}, updateDevice) and isolation:
// a user can never see, rename or revoke another user's session.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@/db/schema';
import {
  auth,
  call,
  createTestApp,
  dbSnapshot,
  expectError,
  expectRejected,
  login,
  loginOk,
  registerUser,
  type TestContext,
  tokenState,
  tr,
} from './helpers';

const BASE = '/api/mjkj-web/coin/member';
const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';

interface LogRecord {
  id: string;
  method: string;
  success: boolean;
  reason: string | null;
  ip: string;
  userAgent: string;
  deviceName: string;
  createTime: string;
}
interface LogPage {
  current: number;
  size: number;
  total: number;
  records: LogRecord[];
}
interface Device {
  id: string;
  deviceName: string;
  ip: string;
  userAgent: string;
  createTime: string;
  lastSeenTime: string;
  current: boolean;
}

let ctx: TestContext;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await registerUser(ctx.app, { account: 'alice_dev', email: 'alice.dev@example.com' });
  bob = await registerUser(ctx.app, { account: 'bob_dev' });
});
afterAll(async () => ctx.close());

const getLog = (token: string, query = '') =>
  call<LogPage>(ctx.app, { method: 'GET', url: `${BASE}/getLoginLog${query}`, headers: auth(token) });
const getDevices = (token: string) =>
  call<Device[]>(ctx.app, { method: 'GET', url: `${BASE}/getLoginDevice`, headers: auth(token) });
const deleteDevice = (token: string, id: string, lang = 'en') =>
  call(ctx.app, { method: 'POST', url: `${BASE}/deleteDevice/${id}`, headers: { ...auth(token), lang } });
const updateDevice = (token: string, payload: Record<string, unknown>, lang = 'en') =>
  call(ctx.app, { method: 'POST', url: `${BASE}/updateDevice`, headers: { ...auth(token), lang }, payload });

describe('login log', () => {
  it('records successes and failures, newest first, with paging', async () => {
    const u = await registerUser(ctx.app);
    await login(ctx.app, { username: u.account, password: 'wrong-pass1', userAgent: FIREFOX_LINUX });
    await loginOk(ctx.app, {
      type: 'email',
      username: u.email as string,
      password: u.password,
      userAgent: SAFARI_IOS,
    });
    ctx.clock.advance(1_000);
    await login(ctx.app, {
      type: 'email',
      username: u.email as string,
      password: 'wrong-pass2',
      userAgent: CHROME_WIN,
    });
    ctx.clock.advance(1_000);
    const last = await loginOk(ctx.app, { username: u.account, password: u.password, userAgent: CHROME_WIN });
    const res = await getLog(last.satoken);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ current: 1, size: 10, total: 4 });
    const records = res.body.data.records;
    expect(records.map((r) => [r.method, r.success, r.reason, r.deviceName])).toEqual([
      ['account', true, null, 'Chrome on Windows'],
      ['email', false, 'bad_password', 'Chrome on Windows'],
      ['email', true, null, 'Safari on iOS'],
      ['account', false, 'bad_password', 'Firefox on Linux'],
    ]);
    for (const r of records) {
      expect(r.id).toMatch(/^\d+$/);
      expect(r.ip).toBe('127.0.0.1');
      expect(Number.isNaN(Date.parse(r.createTime))).toBe(false);
    }
    expect(records[0]?.userAgent).toBe(CHROME_WIN);

    const page2 = await getLog(last.satoken, '?current=2&size=3');
    expect(page2.body.data).toMatchObject({ current: 2, size: 3, total: 4 });
    expect(page2.body.data.records.map((r) => r.id)).toEqual([records[3]?.id]);
    const page1 = await getLog(last.satoken, '?current=1&size=3');
    expect(page1.body.data.records.map((r) => r.id)).toEqual(records.slice(0, 3).map((r) => r.id));
    const beyond = await getLog(last.satoken, '?current=9&size=3');
    expect(beyond.body.data).toMatchObject({ current: 9, size: 3, total: 4, records: [] });
  });

  it("an unknown account leaves no record anywhere, and nobody sees anyone else's log", async () => {
    const a = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'log-alice-1',
    });
    const b = await loginOk(ctx.app, {
      username: bob.account,
      password: bob.password,
      deviceId: 'log-bob-1',
    });
    await login(ctx.app, { username: 'no_such_user', password: 'whatever1' });
    const la = await getLog(a.satoken, '?size=100');
    const lb = await getLog(b.satoken, '?size=100');
    const ids = (p: LogPage) => new Set(p.records.map((r) => r.id));
    const shared = [...ids(la.body.data)].filter((id) => ids(lb.body.data).has(id));
    expect(shared).toEqual([]);
    expect(la.body.data.total).toBe(la.body.data.records.length);
  });

  it.each<[string, string, string]>([
    ['current zero', '?current=0', 'current'],
    ['current negative', '?current=-1', 'current'],
    ['current not a number', '?current=abc', 'current'],
    ['current fractional', '?current=1.5', 'current'],
    ['current too large', '?current=100001', 'current'],
    ['size zero', '?size=0', 'size'],
    ['size too large', '?size=101', 'size'],
    ['size not a number', '?size=ten', 'size'],
  ])('%s is rejected', async (_n, query, field) => {
    const t = (
      await loginOk(ctx.app, { username: alice.account, password: alice.password, deviceId: 'log-bad-01' })
    ).satoken;
    await expectRejected(
      ctx,
      { method: 'GET', url: `${BASE}/getLoginLog${query}`, headers: auth(t) },
      field,
      'validation.invalid',
    );
  });

  it('an unknown query field is rejected', async () => {
    const t = (
      await loginOk(ctx.app, { username: alice.account, password: alice.password, deviceId: 'log-bad-02' })
    ).satoken;
    await expectRejected(
      ctx,
      { method: 'GET', url: `${BASE}/getLoginLog?userId=1`, headers: auth(t) },
      'userId',
      'validation.unknownField',
    );
  });
});

describe('devices', () => {
  it('lists the live sessions, marks the current one, and drops revoked ones', async () => {
    const u = await registerUser(ctx.app);
    const pc = await loginOk(ctx.app, { username: u.account, password: u.password, userAgent: CHROME_WIN });
    const phone = await loginOk(ctx.app, {
      username: u.account,
      password: u.password,
      userAgent: SAFARI_IOS,
    });
    const tablet = await loginOk(ctx.app, {
      username: u.account,
      password: u.password,
      userAgent: FIREFOX_LINUX,
      deviceId: 'tablet-0001',
    });
    const res = await getDevices(phone.satoken);
    expect(res.body.code).toBe(200);
    const list = res.body.data;
    expect(list).toHaveLength(3);
    expect(list.filter((d) => d.current).map((d) => d.deviceName)).toEqual(['Safari on iOS']);
    expect(list.map((d) => d.deviceName).sort()).toEqual([
      'Chrome on Windows',
      'Firefox on Linux',
      'Safari on iOS',
    ]);
    for (const d of list) {
      expect(d.id).toMatch(/^\d+$/);
      expect(d.ip).toBe('127.0.0.1');
      expect(Object.keys(d).sort()).toEqual([
        'createTime',
        'current',
        'deviceName',
        'id',
        'ip',
        'lastSeenTime',
        'userAgent',
      ]);
    }
    // No token or hash is ever listed.
    expect(JSON.stringify(list)).not.toContain(pc.satoken);
    expect(JSON.stringify(list)).not.toMatch(/[0-9a-f]{64}/);
    // From the PC, its own entry is the current one.
    const fromPc = await getDevices(pc.satoken);
    expect(fromPc.body.data.filter((d) => d.current).map((d) => d.deviceName)).toEqual(['Chrome on Windows']);
    await call(ctx.app, { method: 'POST', url: '/api/user/logout', headers: auth(tablet.satoken) });
    expect((await getDevices(pc.satoken)).body.data).toHaveLength(2);
  });

  it('deleteDevice revokes that session; deleting it again is DEVICE_NOT_FOUND', async () => {
    const u = await registerUser(ctx.app);
    const a = await loginOk(ctx.app, { username: u.account, password: u.password, deviceId: 'del-aaaa-1' });
    const b = await loginOk(ctx.app, { username: u.account, password: u.password, deviceId: 'del-bbbb-1' });
    const target = (await getDevices(a.satoken)).body.data.find((d) => !d.current);
    expect(target).toBeDefined();
    const res = await deleteDevice(a.satoken, target?.id ?? '', 'zh');
    expect(res.body).toEqual({ code: 200, msg: tr('zh', 'success.deviceRemoved'), data: null });
    expect(await tokenState(ctx.app, b.satoken)).toBe('AUTH_TOKEN_REVOKED');
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: '/api/user/refreshToken',
        payload: { refreshToken: b.refreshToken },
      }),
      401,
      'AUTH_REFRESH_INVALID',
    );
    expect(await tokenState(ctx.app, a.satoken)).toBe('ok');
    expect((await getDevices(a.satoken)).body.data.map((d) => d.id)).not.toContain(target?.id);
    expectError(await deleteDevice(a.satoken, target?.id ?? ''), 404, 'DEVICE_NOT_FOUND');
    // Deleting the current device signs this device out.
    const mine = (await getDevices(a.satoken)).body.data.find((d) => d.current);
    expect((await deleteDevice(a.satoken, mine?.id ?? '')).body.code).toBe(200);
    expect(await tokenState(ctx.app, a.satoken)).toBe('AUTH_TOKEN_REVOKED');
  });

  it('updateDevice renames a device (trimmed)', async () => {
    const u = await registerUser(ctx.app);
    const a = await loginOk(ctx.app, { username: u.account, password: u.password, deviceId: 'ren-aaaa-1' });
    const b = await loginOk(ctx.app, { username: u.account, password: u.password, deviceId: 'ren-bbbb-1' });
    const other = (await getDevices(a.satoken)).body.data.find((d) => !d.current);
    const res = await updateDevice(a.satoken, { id: other?.id, name: '  My old phone  ' });
    expect(res.body).toEqual({ code: 200, msg: tr('en', 'success.deviceUpdated'), data: null });
    const after = (await getDevices(b.satoken)).body.data;
    expect(after.find((d) => d.id === other?.id)).toMatchObject({
      deviceName: 'My old phone',
      current: true,
    });
    expect(await tokenState(ctx.app, b.satoken)).toBe('ok');
    const name = '设备'.repeat(30);
    expect((await updateDevice(a.satoken, { id: other?.id, name })).body.code).toBe(200);
    expect((await getDevices(a.satoken)).body.data.find((d) => d.id === other?.id)?.deviceName).toBe(name);
  });
});

describe("isolation: another user's devices and sessions", () => {
  it('are never listed, renamed or revoked (DEVICE_NOT_FOUND), and keep working', async () => {
    const a = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'iso-alice-1',
    });
    const b = await loginOk(ctx.app, {
      username: bob.account,
      password: bob.password,
      deviceId: 'iso-bob-01',
    });
    const aliceDevices = (await getDevices(a.satoken)).body.data;
    const bobDevices = (await getDevices(b.satoken)).body.data;
    const aliceIds = aliceDevices.map((d) => d.id);
    expect(bobDevices.map((d) => d.id).filter((id) => aliceIds.includes(id))).toEqual([]);
    const aliceSession = aliceDevices.find((d) => d.current);
    expect(aliceSession).toBeDefined();
    const id = aliceSession?.id ?? '';

    const before = await dbSnapshot(ctx.db);
    for (const lang of ['en', 'zh'] as const) {
      expectError(await deleteDevice(b.satoken, id, lang), 404, 'DEVICE_NOT_FOUND', lang);
      expectError(await updateDevice(b.satoken, { id, name: 'pwned' }, lang), 404, 'DEVICE_NOT_FOUND', lang);
    }
    expect(await dbSnapshot(ctx.db)).toBe(before);
    expect(await tokenState(ctx.app, a.satoken)).toBe('ok');
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, BigInt(id)));
    expect(row?.revokedAt).toBeNull();
    expect(row?.deviceName).not.toBe('pwned');
    // The reply for someone else's id is the reply for an id that does not exist.
    const missing = await deleteDevice(b.satoken, '987654321');
    expect(missing.body).toEqual((await deleteDevice(b.satoken, id)).body);
  });

  it('an operator session id is not a user device either', async () => {
    const admin = await ctx.app.services.operators.bootstrap('admin');
    const op = await call<{ satoken: string }>(ctx.app, {
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'admin', password: admin?.password },
    });
    expect(op.status).toBe(200);
    const [opRow] = await ctx.db.select().from(sessions).where(eq(sessions.principalType, 'operator'));
    const b = await loginOk(ctx.app, {
      username: bob.account,
      password: bob.password,
      deviceId: 'iso-bob-02',
    });
    expectError(await deleteDevice(b.satoken, String(opRow?.id)), 404, 'DEVICE_NOT_FOUND');
    expectError(await updateDevice(b.satoken, { id: String(opRow?.id), name: 'x' }), 404, 'DEVICE_NOT_FOUND');
    const me = await call(ctx.app, {
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: auth(op.body.data.satoken),
    });
    expect(me.status).toBe(200);
  });
});

describe('devices: bad input', () => {
  let token: string;
  beforeAll(async () => {
    token = (
      await loginOk(ctx.app, { username: alice.account, password: alice.password, deviceId: 'bad-input-1' })
    ).satoken;
  });

  it.each<[string, string, string]>([
    ['letters', 'abc', 'validation.invalid'],
    ['negative', '-1', 'validation.invalid'],
    ['fraction', '1.5', 'validation.invalid'],
    ['20 digits', '1'.repeat(20), 'validation.invalid'],
    ['sql', '1%20or%201=1', 'validation.invalid'],
  ])('deleteDevice id %s is rejected', async (_n, id, key) => {
    await expectRejected(
      ctx,
      { method: 'POST', url: `${BASE}/deleteDevice/${id}`, headers: auth(token) },
      'id',
      key,
    );
  });

  it('ids beyond the bigint range, and 0, are refused like any malformed id (the shared id schema)', async () => {
    for (const id of ['9223372036854775808', '9999999999999999999', '0']) {
      await expectRejected(
        ctx,
        { method: 'POST', url: `${BASE}/deleteDevice/${id}`, headers: auth(token) },
        'id',
        'validation.invalid',
      );
      await expectRejected(
        ctx,
        { method: 'POST', url: `${BASE}/updateDevice`, headers: auth(token), payload: { id, name: 'x' } },
        'id',
        'validation.invalid',
      );
    }
    expectError(await deleteDevice(token, '9223372036854775807'), 404, 'DEVICE_NOT_FOUND');
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['id missing', { name: 'x' }, 'id', 'validation.required'],
    ['id a number', { id: 1, name: 'x' }, 'id', 'validation.invalidType'],
    ['id letters', { id: 'abc', name: 'x' }, 'id', 'validation.invalid'],
    ['id empty', { id: '', name: 'x' }, 'id', 'validation.invalid'],
    ['name missing', { id: '1' }, 'name', 'validation.required'],
    ['name empty', { id: '1', name: '' }, 'name', 'validation.required'],
    ['name blank', { id: '1', name: '    ' }, 'name', 'validation.required'],
    ['name too long', { id: '1', name: 'n'.repeat(61) }, 'name', 'validation.tooLong'],
    ['name a number', { id: '1', name: 5 }, 'name', 'validation.invalidType'],
    ['unknown field userId', { id: '1', name: 'x', userId: '2' }, 'userId', 'validation.unknownField'],
    ['unknown field ip', { id: '1', name: 'x', ip: '1.2.3.4' }, 'ip', 'validation.unknownField'],
  ])('updateDevice %s is rejected', async (_n, payload, field, key) => {
    await expectRejected(
      ctx,
      { method: 'POST', url: `${BASE}/updateDevice`, headers: auth(token), payload },
      field,
      key,
    );
  });
});
