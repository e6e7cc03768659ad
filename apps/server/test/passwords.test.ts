// Login password change (updatePwd, updateUserLoginPwd), funds password set (tardPwdSet) and change
// (tradePwd): base64 fields, rules A and B, wrong old password, mismatch, sessions after a change.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/db/schema';
import {
  auth,
  b64,
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
  type UserInfo,
} from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const post = (url: string, token: string, payload: Record<string, unknown>, lang = 'en') =>
  call(ctx.app, { method: 'POST', url, headers: { ...auth(token), lang }, payload });

async function passwordHashes(id: string) {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.id, BigInt(id)));
  return { login: row?.passwordHash, fund: row?.fundPasswordHash };
}

const LOGIN_PATHS = ['/api/user/updatePwd', '/api/user/updateUserLoginPwd'] as const;
const TARD = '/api/user/tardPwdSet';
const TRADE = '/api/mjkj-web/coin/member/tradePwd';

describe.each(LOGIN_PATHS)('%s', (path) => {
  let u: Awaited<ReturnType<typeof registerUser>>;
  let token: string;
  beforeAll(async () => {
    u = await registerUser(ctx.app);
    token = (await loginOk(ctx.app, { username: u.account, password: u.password, deviceId: 'pwd-main-1' }))
      .satoken;
  });

  const body = (over: Record<string, unknown> = {}) => ({
    oldPassword: b64('Passw0rd!'),
    newPassword: b64('NewPass1!'),
    confirmPassword: b64('NewPass1!'),
    ...over,
  });
  const without = (k: string) => {
    const copy: Record<string, unknown> = body();
    delete copy[k];
    return copy;
  };

  it.each<[string, Record<string, unknown>, string, string]>([
    ['oldPassword missing', without('oldPassword'), 'oldPassword', 'validation.required'],
    ['oldPassword empty', body({ oldPassword: '' }), 'oldPassword', 'validation.required'],
    ['oldPassword a number', body({ oldPassword: 123456 }), 'oldPassword', 'validation.invalidType'],
    ['oldPassword not base64', body({ oldPassword: 'Passw0rd!' }), 'oldPassword', 'validation.encoded'],
    ['oldPassword bad padding', body({ oldPassword: 'QQ=' }), 'oldPassword', 'validation.encoded'],
    ['oldPassword not UTF-8', body({ oldPassword: '/w==' }), 'oldPassword', 'validation.encoded'],
    ['oldPassword too long', body({ oldPassword: 'QUFB'.repeat(51) }), 'oldPassword', 'validation.encoded'],
    ['newPassword missing', without('newPassword'), 'newPassword', 'validation.required'],
    ['newPassword sent in clear', body({ newPassword: 'NewPass1!' }), 'newPassword', 'validation.encoded'],
    [
      'newPassword too short',
      body({ newPassword: b64('a1b2'), confirmPassword: b64('a1b2') }),
      'newPassword',
      'validation.passwordRule',
    ],
    [
      'newPassword too long',
      body({ newPassword: b64('a1'.repeat(11)), confirmPassword: b64('a1'.repeat(11)) }),
      'newPassword',
      'validation.passwordRule',
    ],
    [
      'newPassword letters only',
      body({ newPassword: b64('abcdefgh'), confirmPassword: b64('abcdefgh') }),
      'newPassword',
      'validation.passwordRule',
    ],
    [
      'newPassword digits only',
      body({ newPassword: b64('12345678'), confirmPassword: b64('12345678') }),
      'newPassword',
      'validation.passwordRule',
    ],
    [
      'newPassword symbols only',
      body({ newPassword: b64('!@#$%^&'), confirmPassword: b64('!@#$%^&') }),
      'newPassword',
      'validation.passwordRule',
    ],
    [
      'newPassword with a space',
      body({ newPassword: b64('abc 1234'), confirmPassword: b64('abc 1234') }),
      'newPassword',
      'validation.passwordRule',
    ],
    [
      'newPassword non-ASCII',
      body({ newPassword: b64('пароль123'), confirmPassword: b64('пароль123') }),
      'newPassword',
      'validation.passwordRule',
    ],
    ['newPassword a number', body({ newPassword: 42 }), 'newPassword', 'validation.invalidType'],
    ['confirmPassword missing', without('confirmPassword'), 'confirmPassword', 'validation.required'],
    ['confirmPassword not base64', body({ confirmPassword: '***' }), 'confirmPassword', 'validation.encoded'],
    ['unknown field userId', body({ userId: '1' }), 'userId', 'validation.unknownField'],
    ['unknown field password', body({ password: b64('x') }), 'password', 'validation.unknownField'],
  ])('%s is rejected and changes nothing', async (_n, payload, field, key) => {
    await expectRejected(ctx, { method: 'POST', url: path, headers: auth(token), payload }, field, key);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'new and confirm differ',
      body({ confirmPassword: b64('NewPass2!') }),
      'PASSWORD_MISMATCH',
      'confirmPassword',
    ],
    [
      'the old password is wrong',
      body({ oldPassword: b64('Wrong-pass1') }),
      'PASSWORD_OLD_WRONG',
      'oldPassword',
    ],
    [
      'the new equals the old',
      body({ newPassword: b64('Passw0rd!'), confirmPassword: b64('Passw0rd!') }),
      'PASSWORD_SAME_AS_OLD',
      'newPassword',
    ],
  ])('%s: 422, localized, nothing changed', async (_n, payload, errorCode, field) => {
    const before = await dbSnapshot(ctx.db);
    for (const lang of ['en', 'zh'] as const) {
      const res = await post(path, token, payload, lang);
      expectError(res, 422, errorCode, lang);
      expect(res.body.errors?.[0]?.field).toBe(field);
    }
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });

  it('success changes the password, signs out the other devices and keeps this one', async () => {
    const other1 = await loginOk(ctx.app, {
      username: u.account,
      password: u.password,
      deviceId: 'pwd-other-1',
    });
    const other2 = await loginOk(ctx.app, {
      username: u.account,
      password: u.password,
      deviceId: 'pwd-other-2',
    });
    const bystander = await registerUser(ctx.app);
    const bs = await loginOk(ctx.app, { username: bystander.account, password: bystander.password });
    const res = await post(path, token, body(), 'zh');
    expect(res.body).toEqual({ code: 200, msg: tr('zh', 'success.passwordChanged'), data: null });
    expect(await tokenState(ctx.app, token)).toBe('ok');
    expect(await tokenState(ctx.app, other1.satoken)).toBe('AUTH_TOKEN_REVOKED');
    expect(await tokenState(ctx.app, other2.satoken)).toBe('AUTH_TOKEN_REVOKED');
    expect(await tokenState(ctx.app, bs.satoken)).toBe('ok');
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: '/api/user/refreshToken',
        payload: { refreshToken: other1.refreshToken },
      }),
      401,
      'AUTH_REFRESH_INVALID',
    );
    expectError(
      await login(ctx.app, { username: u.account, password: 'Passw0rd!' }),
      400,
      'AUTH_INVALID_CREDENTIALS',
    );
    const again = await loginOk(ctx.app, {
      username: u.account,
      password: 'NewPass1!',
      deviceId: 'pwd-after-1',
    });
    expect(again.userInfo.id).toBe(u.user.id);
    expect((await passwordHashes(u.user.id)).login).toMatch(/^\$argon2id\$/);
  });
});

describe('tardPwdSet (funds password, once)', () => {
  let u: Awaited<ReturnType<typeof registerUser>>;
  let token: string;
  beforeAll(async () => {
    u = await registerUser(ctx.app);
    token = (await loginOk(ctx.app, { username: u.account, password: u.password })).satoken;
  });
  const body = (over: Record<string, unknown> = {}) => ({
    loginPassword: b64('Passw0rd!'),
    password: b64('123456'),
    confirmPassword: b64('123456'),
    ...over,
  });
  const without = (k: string) => {
    const copy: Record<string, unknown> = body();
    delete copy[k];
    return copy;
  };

  it.each<[string, Record<string, unknown>, string, string]>([
    ['loginPassword missing', without('loginPassword'), 'loginPassword', 'validation.required'],
    ['loginPassword not base64', body({ loginPassword: 'Passw0rd!' }), 'loginPassword', 'validation.encoded'],
    ['loginPassword a number', body({ loginPassword: 1 }), 'loginPassword', 'validation.invalidType'],
    ['password missing', without('password'), 'password', 'validation.required'],
    ['password not base64', body({ password: '123456!' }), 'password', 'validation.encoded'],
    [
      'password too short',
      body({ password: b64('12345'), confirmPassword: b64('12345') }),
      'password',
      'validation.fundPasswordRule',
    ],
    [
      'password too long',
      body({ password: b64('1'.repeat(21)), confirmPassword: b64('1'.repeat(21)) }),
      'password',
      'validation.fundPasswordRule',
    ],
    [
      'password with a space',
      body({ password: b64('123 456'), confirmPassword: b64('123 456') }),
      'password',
      'validation.fundPasswordRule',
    ],
    [
      'password non-ASCII',
      body({ password: b64('密码123456'), confirmPassword: b64('密码123456') }),
      'password',
      'validation.fundPasswordRule',
    ],
    ['confirmPassword missing', without('confirmPassword'), 'confirmPassword', 'validation.required'],
    ['confirmPassword not base64', body({ confirmPassword: '%%%' }), 'confirmPassword', 'validation.encoded'],
    [
      'unknown field fundPassword',
      body({ fundPassword: b64('123456') }),
      'fundPassword',
      'validation.unknownField',
    ],
  ])('%s is rejected and changes nothing', async (_n, payload, field, key) => {
    await expectRejected(ctx, { method: 'POST', url: TARD, headers: auth(token), payload }, field, key);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'password and confirm differ',
      body({ confirmPassword: b64('654321') }),
      'PASSWORD_MISMATCH',
      'confirmPassword',
    ],
    [
      'the login password is wrong',
      body({ loginPassword: b64('Wrong-pass1') }),
      'PASSWORD_OLD_WRONG',
      'loginPassword',
    ],
  ])('%s: 422 and nothing set', async (_n, payload, errorCode, field) => {
    const before = await dbSnapshot(ctx.db);
    const res = await post(TARD, token, payload);
    expectError(res, 422, errorCode);
    expect(res.body.errors?.[0]?.field).toBe(field);
    expectError(await post(TARD, token, payload, 'zh'), 422, errorCode, 'zh');
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });

  it('sets it once (rule A only: digits alone are fine); a second time is 409', async () => {
    const res = await post(TARD, token, body());
    expect(res.body).toEqual({ code: 200, msg: tr('en', 'success.fundPasswordSet'), data: null });
    const info = await call<UserInfo>(ctx.app, {
      method: 'POST',
      url: '/api/user/getInfo',
      headers: auth(token),
    });
    expect(info.body.data.hasFundPassword).toBe(true);
    const hashes = await passwordHashes(u.user.id);
    expect(hashes.fund).toMatch(/^\$argon2id\$/);
    const again = await post(TARD, token, body({ password: b64('999999'), confirmPassword: b64('999999') }));
    expectError(again, 409, 'FUND_PASSWORD_ALREADY_SET');
    expectError(await post(TARD, token, body(), 'zh'), 409, 'FUND_PASSWORD_ALREADY_SET', 'zh');
    expect((await passwordHashes(u.user.id)).fund).toBe(hashes.fund);
    // The session and the login password are untouched.
    expect(await tokenState(ctx.app, token)).toBe('ok');
  });
});

describe('tradePwd (funds password change)', () => {
  let u: Awaited<ReturnType<typeof registerUser>>;
  let token: string;
  beforeAll(async () => {
    u = await registerUser(ctx.app);
    token = (await loginOk(ctx.app, { username: u.account, password: u.password })).satoken;
  });
  const body = (over: Record<string, unknown> = {}) => ({
    oldPassword: b64('fund-01'),
    newPassword: b64('fund-02'),
    confirmPassword: b64('fund-02'),
    ...over,
  });
  const without = (k: string) => {
    const copy: Record<string, unknown> = body();
    delete copy[k];
    return copy;
  };

  it('before one is set: 409 FUND_PASSWORD_NOT_SET', async () => {
    const before = await dbSnapshot(ctx.db);
    expectError(await post(TRADE, token, body()), 409, 'FUND_PASSWORD_NOT_SET');
    expectError(await post(TRADE, token, body(), 'zh'), 409, 'FUND_PASSWORD_NOT_SET', 'zh');
    expect(await dbSnapshot(ctx.db)).toBe(before);
    const set = await post(TARD, token, {
      loginPassword: b64(u.password),
      password: b64('fund-01'),
      confirmPassword: b64('fund-01'),
    });
    expect(set.body.code).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['oldPassword missing', without('oldPassword'), 'oldPassword', 'validation.required'],
    ['oldPassword not base64', body({ oldPassword: 'fund-01' }), 'oldPassword', 'validation.encoded'],
    ['newPassword missing', without('newPassword'), 'newPassword', 'validation.required'],
    [
      'newPassword too short',
      body({ newPassword: b64('f1'), confirmPassword: b64('f1') }),
      'newPassword',
      'validation.fundPasswordRule',
    ],
    [
      'newPassword too long',
      body({ newPassword: b64('f'.repeat(21)), confirmPassword: b64('f'.repeat(21)) }),
      'newPassword',
      'validation.fundPasswordRule',
    ],
    [
      'newPassword with a tab',
      body({ newPassword: b64('fund\t02'), confirmPassword: b64('fund\t02') }),
      'newPassword',
      'validation.fundPasswordRule',
    ],
    ['newPassword not base64', body({ newPassword: 'fund-02' }), 'newPassword', 'validation.encoded'],
    ['confirmPassword missing', without('confirmPassword'), 'confirmPassword', 'validation.required'],
    ['confirmPassword a number', body({ confirmPassword: 7 }), 'confirmPassword', 'validation.invalidType'],
    [
      'unknown field loginPassword',
      body({ loginPassword: b64('Passw0rd!') }),
      'loginPassword',
      'validation.unknownField',
    ],
  ])('%s is rejected and changes nothing', async (_n, payload, field, key) => {
    await expectRejected(ctx, { method: 'POST', url: TRADE, headers: auth(token), payload }, field, key);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'the old funds password is wrong',
      body({ oldPassword: b64('fund-99') }),
      'FUND_PASSWORD_WRONG',
      'oldPassword',
    ],
    [
      'the login password is not the funds password',
      body({ oldPassword: b64('Passw0rd!') }),
      'FUND_PASSWORD_WRONG',
      'oldPassword',
    ],
    [
      'new and confirm differ',
      body({ confirmPassword: b64('fund-03') }),
      'PASSWORD_MISMATCH',
      'confirmPassword',
    ],
    [
      'the new equals the old',
      body({ newPassword: b64('fund-01'), confirmPassword: b64('fund-01') }),
      'PASSWORD_SAME_AS_OLD',
      'newPassword',
    ],
  ])('%s: 422 and nothing changed', async (_n, payload, errorCode, field) => {
    const before = await dbSnapshot(ctx.db);
    const res = await post(TRADE, token, payload);
    expectError(res, 422, errorCode);
    expect(res.body.errors?.[0]?.field).toBe(field);
    expectError(await post(TRADE, token, payload, 'zh'), 422, errorCode, 'zh');
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });

  it('success changes it: the old one stops working, the new one works', async () => {
    const res = await post(TRADE, token, body());
    expect(res.body).toEqual({ code: 200, msg: tr('en', 'success.fundPasswordChanged'), data: null });
    expectError(
      await post(TRADE, token, body({ newPassword: b64('fund-03'), confirmPassword: b64('fund-03') })),
      422,
      'FUND_PASSWORD_WRONG',
    );
    const next = await post(TRADE, token, {
      oldPassword: b64('fund-02'),
      newPassword: b64('fund-03'),
      confirmPassword: b64('fund-03'),
    });
    expect(next.body.code).toBe(200);
    // The login password is not affected.
    expect(
      (await login(ctx.app, { username: u.account, password: u.password, deviceId: 'trade-check' })).status,
    ).toBe(200);
  });
});
