// POST /api/user/register: success by email and phone, the user-info object, taken names and addresses,
// invite codes and the three-generation referrer chain, and bad input for every field.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals, users } from '@/db/schema';
import {
  auth,
  call,
  createTestApp,
  dbSnapshot,
  expectError,
  expectRejected,
  latestCode,
  loginOk,
  registerUser,
  rowCount,
  sendCode,
  type TestContext,
  tr,
  type UserInfo,
  uniq,
} from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call<{ userInfo: UserInfo }>(ctx.app, { method: 'POST', url: '/api/user/register', payload, headers });

function expectUserInfoShape(info: UserInfo) {
  expect(info.id).toMatch(/^\d+$/);
  expect(info.blade_user_id).toBe(info.id);
  expect(info.userId).toBe(info.id);
  expect(info.user).toEqual({ userId: info.id });
  expect(info.avatar).toBe('/static/avatar-default.svg');
  expect(info.is_merchant).toBe(1);
  expect(info.merchant).toBeNull();
  expect(info.grade).toBe('normal');
  expect(info.isVip).toBe(false);
  expect(info.creditScore).toBe(100);
  expect(info.tier).toBe('standard');
  expect(info.inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  expect(info.hasFundPassword).toBe(false);
  expect(Number.isNaN(Date.parse(info.createdAt))).toBe(false);
}

describe('register: success', () => {
  it('by email: the user-info object with the masked email (first 2 + last 2)', async () => {
    const email = 'Alice.Wonder@Example.com';
    expect((await sendCode(ctx.app, { channel: 'email', target: email })).body.code).toBe(200);
    const code = await latestCode(ctx.app, email);
    const res = await register(
      {
        account: 'alice01',
        email,
        password: 'abc123',
        confirmPassword: 'abc123',
        code,
        deviceId: 'web-device-01',
      },
      { lang: 'zh' },
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.msg).toBe(tr('zh', 'success.register'));
    expect(Object.keys(res.body.data)).toEqual(['userInfo']);
    const info = res.body.data.userInfo;
    expectUserInfoShape(info);
    expect(info.account).toBe('alice01');
    expect(info.email).toBe('al****om');
    expect(info.phone).toBe('');
    expect(info.hasEmail).toBe(true);
    expect(info.hasPhone).toBe(false);
    // The address is stored normalized; the clear text never reaches the client.
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(info.id)));
    expect(row?.email).toBe('alice.wonder@example.com');
    expect(JSON.stringify(res.body)).not.toContain('wonder');
    // argon2id, never the clear password.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain('abc123');

    // getInfo and login answer the same object.
    const session = await loginOk(ctx.app, { type: 'email', username: email, password: 'abc123' });
    expect(session.userInfo).toEqual(info);
    const me = await call<UserInfo>(ctx.app, {
      method: 'POST',
      url: '/api/user/getInfo',
      headers: auth(session.satoken),
    });
    expect(me.body).toEqual({ code: 200, msg: tr('en', 'success.ok'), data: info });
  });

  it('by phone (via the GET twin of sendMobileCode): masked phone first 3 + last 4', async () => {
    const phone = '13812345678';
    const sent = await call(ctx.app, {
      method: 'GET',
      url: `/api/mjkj-web/coin/open/send/sms?phone=${phone}&type=register`,
    });
    expect(sent.body).toMatchObject({ code: 200, msg: tr('en', 'success.codeSent') });
    const code = await latestCode(ctx.app, phone);
    const res = await register({
      account: 'bob_phone',
      phone,
      password: 'p@ssw0rd',
      confirmPassword: 'p@ssw0rd',
      code,
    });
    expect(res.body.code).toBe(200);
    const info = res.body.data.userInfo;
    expectUserInfoShape(info);
    expect(info.phone).toBe('138****5678');
    expect(info.email).toBe('');
    expect(info.hasPhone).toBe(true);
    expect(info.hasEmail).toBe(false);
  });

  it('grade, merchant and fund-password flags follow the account', async () => {
    const u = await registerUser(ctx.app);
    await ctx.db
      .update(users)
      .set({ grade: 'vip', isMerchant: 2, creditScore: 80, tier: 'gold' })
      .where(eq(users.id, BigInt(u.user.id)));
    const s = await loginOk(ctx.app, { username: u.account, password: u.password });
    expect(s.userInfo).toMatchObject({
      grade: 'vip',
      isVip: true,
      is_merchant: 2,
      creditScore: 80,
      tier: 'gold',
      hasFundPassword: false,
    });
  });

  it('the default avatar is a served image', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/static/avatar-default.svg' });
    expect(res.statusCode).toBe(200);
  });
});

describe('register: conflicts and codes', () => {
  let taken: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    taken = await registerUser(ctx.app, { account: 'TakenName', email: 'taken@example.com' });
  });

  async function freshCode(email: string) {
    await sendCode(ctx.app, { channel: 'email', target: email });
    return latestCode(ctx.app, email);
  }

  it('a taken account name (any case) is 409 USER_ACCOUNT_TAKEN and does not burn the code', async () => {
    const email = `free-${uniq()}@example.com`;
    const code = await freshCode(email);
    const before = await rowCount(ctx.db, 'users');
    const res = await register({
      account: 'takenname',
      email,
      password: 'abc123',
      confirmPassword: 'abc123',
      code,
    });
    expectError(res, 409, 'USER_ACCOUNT_TAKEN');
    expect(res.body.errors?.[0]).toMatchObject({ field: 'account', key: 'errors.USER_ACCOUNT_TAKEN' });
    const zh = await register(
      { account: 'TAKENNAME', email, password: 'abc123', confirmPassword: 'abc123', code },
      { lang: 'zh' },
    );
    expectError(zh, 409, 'USER_ACCOUNT_TAKEN', 'zh');
    expect(await rowCount(ctx.db, 'users')).toBe(before);
    // The same code still works with a free name.
    const ok = await register({
      account: `n${uniq()}`,
      email,
      password: 'abc123',
      confirmPassword: 'abc123',
      code,
    });
    expect(ok.body.code).toBe(200);
  });

  it('a taken email (any case) is 409 USER_EMAIL_TAKEN', async () => {
    const before = await dbSnapshot(ctx.db);
    const res = await register({
      account: `n${uniq()}`,
      email: 'TAKEN@example.com',
      password: 'abc123',
      confirmPassword: 'abc123',
      code: '123456',
    });
    expectError(res, 409, 'USER_EMAIL_TAKEN');
    expect(res.body.errors?.[0]?.field).toBe('email');
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });

  it('a taken phone is 409 USER_PHONE_TAKEN', async () => {
    const phone = '8613900000001';
    await registerUser(ctx.app, { phone });
    const before = await dbSnapshot(ctx.db);
    const res = await register({
      account: `n${uniq()}`,
      phone,
      password: 'abc123',
      confirmPassword: 'abc123',
      code: '123456',
    });
    expectError(res, 409, 'USER_PHONE_TAKEN');
    expect(res.body.errors?.[0]?.field).toBe('phone');
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });

  it('a wrong code is 422 CODE_INVALID and creates nothing', async () => {
    const email = `wrong-${uniq()}@example.com`;
    const code = await freshCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await rowCount(ctx.db, 'users');
    const res = await register({
      account: `n${uniq()}`,
      email,
      password: 'abc123',
      confirmPassword: 'abc123',
      code: wrong,
    });
    expectError(res, 422, 'CODE_INVALID');
    expect(await rowCount(ctx.db, 'users')).toBe(before);
  });

  it('a code for another purpose or another address does not register', async () => {
    const email = `purpose-${uniq()}@example.com`;
    await sendCode(ctx.app, { channel: 'email', target: taken.email as string, type: 'reset' });
    const resetCode = await latestCode(ctx.app, taken.email as string);
    const other = await freshCode(`other-${uniq()}@example.com`);
    const before = await rowCount(ctx.db, 'users');
    for (const code of [resetCode, other]) {
      const res = await register({
        account: `n${uniq()}`,
        email,
        password: 'abc123',
        confirmPassword: 'abc123',
        code,
      });
      expectError(res, 422, 'CODE_INVALID');
    }
    expect(await rowCount(ctx.db, 'users')).toBe(before);
  });

  it('a code registers once', async () => {
    const email = `once-${uniq()}@example.com`;
    const code = await freshCode(email);
    const first = await register({
      account: `n${uniq()}`,
      email,
      password: 'abc123',
      confirmPassword: 'abc123',
      code,
    });
    expect(first.body.code).toBe(200);
    // The email is taken now; with a different email the code is for the wrong address anyway.
    const second = await register({
      account: `n${uniq()}`,
      email: email.toUpperCase(),
      password: 'abc123',
      confirmPassword: 'abc123',
      code,
    });
    expectError(second, 409, 'USER_EMAIL_TAKEN');
  });
});

describe('register: invite codes and the referrer chain', () => {
  it('an unknown invite code is 422 USER_INVITE_CODE_INVALID, nothing is created, the code survives', async () => {
    const email = `inv-${uniq()}@example.com`;
    await sendCode(ctx.app, { channel: 'email', target: email });
    const code = await latestCode(ctx.app, email);
    const account = `n${uniq()}`;
    const before = await dbSnapshot(ctx.db);
    const res = await register({
      account,
      email,
      password: 'abc123',
      confirmPassword: 'abc123',
      code,
      inviteCode: 'ZZZZ9999',
    });
    expectError(res, 422, 'USER_INVITE_CODE_INVALID');
    expect(res.body.errors?.[0]).toMatchObject({ field: 'inviteCode', key: 'validation.inviteCode' });
    expect(await dbSnapshot(ctx.db)).toBe(before);
    const ok = await register({ account, email, password: 'abc123', confirmPassword: 'abc123', code });
    expect(ok.body.code).toBe(200);
  });

  it('A invites B invites C invites D invites E: three generations are recorded', async () => {
    const a = await registerUser(ctx.app);
    // Invite codes are case-insensitive.
    const b = await registerUser(ctx.app, { inviteCode: a.user.inviteCode.toLowerCase() });
    const c = await registerUser(ctx.app, { inviteCode: b.user.inviteCode });
    const d = await registerUser(ctx.app, { inviteCode: c.user.inviteCode });
    const e = await registerUser(ctx.app, { inviteCode: d.user.inviteCode });
    const chain = async (u: { user: UserInfo }) =>
      (
        await ctx.db
          .select({ generation: referrals.generation, ancestorId: referrals.ancestorId })
          .from(referrals)
          .where(eq(referrals.userId, BigInt(u.user.id)))
          .orderBy(asc(referrals.generation))
      ).map((r) => [r.generation, r.ancestorId.toString()]);
    expect(await chain(a)).toEqual([]);
    expect(await chain(b)).toEqual([[1, a.user.id]]);
    expect(await chain(c)).toEqual([
      [1, b.user.id],
      [2, a.user.id],
    ]);
    expect(await chain(d)).toEqual([
      [1, c.user.id],
      [2, b.user.id],
      [3, a.user.id],
    ]);
    expect(await chain(e)).toEqual([
      [1, d.user.id],
      [2, c.user.id],
      [3, b.user.id],
    ]);
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(e.user.id)));
    expect(row?.referrerId?.toString()).toBe(d.user.id);
    // Every user gets a distinct invite code.
    const codes = new Set([a, b, c, d, e].map((u) => u.user.inviteCode));
    expect(codes.size).toBe(5);
  });
});

describe('register: bad input for each field', () => {
  const base = {
    account: 'validname',
    email: 'valid@example.com',
    password: 'abc123',
    confirmPassword: 'abc123',
    code: '123456',
  };
  const { email: _e, ...baseNoEmail } = base;
  const withPhone = { ...baseNoEmail, phone: '13800001111' };
  const without = (k: keyof typeof base) => {
    const copy: Record<string, unknown> = { ...base };
    delete copy[k];
    return copy;
  };

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['account missing', without('account'), 'account', 'validation.required'],
    ['account a number', { ...base, account: 12345 }, 'account', 'validation.invalidType'],
    ['account null', { ...base, account: null }, 'account', 'validation.invalidType'],
    ['account empty', { ...base, account: '' }, 'account', 'validation.account'],
    ['account too short', { ...base, account: 'abc' }, 'account', 'validation.account'],
    ['account too long', { ...base, account: `a${'b'.repeat(20)}` }, 'account', 'validation.account'],
    ['account starts with a digit', { ...base, account: '1abcd' }, 'account', 'validation.account'],
    ['account with a dash', { ...base, account: 'ab-cd' }, 'account', 'validation.account'],
    ['account with a space', { ...base, account: 'ab cde' }, 'account', 'validation.account'],
    ['account non-ASCII', { ...base, account: 'usér名字' }, 'account', 'validation.account'],
    ['email bad format', { ...base, email: 'not-an-email' }, 'email', 'validation.email'],
    ['email without domain', { ...base, email: 'a@' }, 'email', 'validation.email'],
    ['email empty', { ...base, email: '' }, 'email', 'validation.email'],
    ['email too long', { ...base, email: `${'a'.repeat(250)}@x.com` }, 'email', 'validation.email'],
    ['email a number', { ...base, email: 42 }, 'email', 'validation.invalidType'],
    ['email and phone both', { ...base, phone: '13800001111' }, 'email', 'validation.emailOrPhone'],
    ['neither email nor phone', baseNoEmail, 'email', 'validation.emailOrPhone'],
    ['phone letters', { ...withPhone, phone: 'abcdefgh' }, 'phone', 'validation.phone'],
    ['phone too short', { ...withPhone, phone: '12345' }, 'phone', 'validation.phone'],
    ['phone too long', { ...withPhone, phone: '1'.repeat(16) }, 'phone', 'validation.phone'],
    ['phone with spaces', { ...withPhone, phone: '138 0000 1111' }, 'phone', 'validation.phone'],
    ['phone a number', { ...withPhone, phone: 13800001111 }, 'phone', 'validation.invalidType'],
    ['password missing', without('password'), 'password', 'validation.required'],
    [
      'password a number',
      { ...base, password: 123456, confirmPassword: 123456 },
      'password',
      'validation.passwordRule',
    ],
    [
      'password too short',
      { ...base, password: 'a1b2', confirmPassword: 'a1b2' },
      'password',
      'validation.passwordRule',
    ],
    [
      'password too long',
      { ...base, password: 'a1'.repeat(11), confirmPassword: 'a1'.repeat(11) },
      'password',
      'validation.passwordRule',
    ],
    [
      'password letters only',
      { ...base, password: 'abcdefg', confirmPassword: 'abcdefg' },
      'password',
      'validation.passwordRule',
    ],
    [
      'password digits only',
      { ...base, password: '1234567', confirmPassword: '1234567' },
      'password',
      'validation.passwordRule',
    ],
    [
      'password with a space',
      { ...base, password: 'abc 123', confirmPassword: 'abc 123' },
      'password',
      'validation.passwordRule',
    ],
    [
      'password non-ASCII',
      { ...base, password: 'pässw0rd', confirmPassword: 'pässw0rd' },
      'password',
      'validation.passwordRule',
    ],
    ['confirmPassword missing', without('confirmPassword'), 'confirmPassword', 'validation.required'],
    [
      'confirmPassword a number',
      { ...base, confirmPassword: 123 },
      'confirmPassword',
      'validation.invalidType',
    ],
    [
      'confirmPassword different',
      { ...base, confirmPassword: 'abc124' },
      'confirmPassword',
      'validation.passwordMismatch',
    ],
    ['code missing', without('code'), 'code', 'validation.required'],
    ['code a number', { ...base, code: 123456 }, 'code', 'validation.invalidType'],
    ['code five digits', { ...base, code: '12345' }, 'code', 'validation.code'],
    ['code seven digits', { ...base, code: '1234567' }, 'code', 'validation.code'],
    ['code letters', { ...base, code: 'abcdef' }, 'code', 'validation.code'],
    ['inviteCode too short', { ...base, inviteCode: 'AB' }, 'inviteCode', 'validation.inviteCode'],
    ['inviteCode too long', { ...base, inviteCode: 'A'.repeat(17) }, 'inviteCode', 'validation.inviteCode'],
    ['inviteCode symbols', { ...base, inviteCode: 'AB$D1234' }, 'inviteCode', 'validation.inviteCode'],
    ['inviteCode empty', { ...base, inviteCode: '' }, 'inviteCode', 'validation.inviteCode'],
    ['inviteCode a number', { ...base, inviteCode: 12345678 }, 'inviteCode', 'validation.invalidType'],
    ['deviceId too short', { ...base, deviceId: 'short' }, 'deviceId', 'validation.deviceId'],
    ['deviceId too long', { ...base, deviceId: 'd'.repeat(65) }, 'deviceId', 'validation.deviceId'],
    ['deviceId bad characters', { ...base, deviceId: 'device id!' }, 'deviceId', 'validation.deviceId'],
    ['deviceId a number', { ...base, deviceId: 12345678 }, 'deviceId', 'validation.invalidType'],
    // Mass assignment: privileged fields are not accepted, whatever their value.
    ['unknown field is_merchant', { ...base, is_merchant: 2 }, 'is_merchant', 'validation.unknownField'],
    ['unknown field grade', { ...base, grade: 'vip' }, 'grade', 'validation.unknownField'],
    ['unknown field isVip', { ...base, isVip: true }, 'isVip', 'validation.unknownField'],
    ['unknown field creditScore', { ...base, creditScore: 999 }, 'creditScore', 'validation.unknownField'],
    ['unknown field tier', { ...base, tier: 'gold' }, 'tier', 'validation.unknownField'],
    ['unknown field status', { ...base, status: 'active' }, 'status', 'validation.unknownField'],
    ['unknown field id', { ...base, id: '1' }, 'id', 'validation.unknownField'],
    ['unknown field referrerId', { ...base, referrerId: '1' }, 'referrerId', 'validation.unknownField'],
    ['unknown field areaCode', { ...base, areaCode: '+86' }, 'areaCode', 'validation.unknownField'],
  ];

  it.each(cases)('%s', async (_name, payload, field, key) => {
    await expectRejected(ctx, { method: 'POST', url: '/api/user/register', payload }, field, key);
  });
});
