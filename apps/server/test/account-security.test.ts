// Account security (issue 13, security half; docs/account-security.md): the Google authenticator (bind,
// reset, single-use codes also under concurrency, attempt limit), the two-step login, the second factor on
// security changes and withdrawals, the 24-hour withdrawal lock after a security change, the anti-phishing
// code in emails, email and phone binding and change with codes, and isolation between users.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLogs, outboxMessages, sessions, userSecurity, users } from '@/db/schema';
import { totpNow } from '@/modules/security/totp';
import {
  auth,
  b64,
  call,
  dbSnapshot,
  expectError,
  expectRejected,
  latestCode,
  login,
  loginOk,
  registerUser,
  tr,
  uniq,
  uniqPhone,
} from './helpers';
import {
  API,
  createWalletApp,
  credit,
  FUND_PASSWORD,
  spot,
  TRX_ADDRESS,
  walletUser,
  withdraw,
  withdrawalKey,
} from './wallet-kit';

const M = `${API}/member`;
let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let publicKey: string;

beforeAll(async () => {
  ctx = await createWalletApp();
  const u = await walletUser(ctx.app);
  publicKey = await withdrawalKey(ctx.app, u.token);
});
afterAll(async () => ctx.close());

interface Setup {
  secret: string;
  otpauthUri: string;
  issuer: string;
  account: string;
  expiresAt: string;
}
interface SecurityInfo {
  googleBound: boolean;
  hasEmail: boolean;
  email: string;
  hasPhone: boolean;
  phone: string;
  hasAntiCode: boolean;
  antiCode: string;
  withdrawLockedUntil: string | null;
  withdrawLockReason: string | null;
}

const get = <T = unknown>(token: string, url: string, lang = 'en') =>
  call<T>(ctx.app, { method: 'GET', url, headers: { ...auth(token), lang } });
const post = <T = unknown>(token: string, url: string, payload: unknown, lang = 'en') =>
  call<T>(ctx.app, { method: 'POST', url, headers: { ...auth(token), lang }, payload: payload as object });
const info = async (token: string) => (await get<SecurityInfo>(token, `${M}/securityInfo`)).body.data;
const setup = (token: string, x = '1') => get<Setup>(token, `${M}/getGoogleVerification/${x}`);
const bindOrReset = (token: string, code: string, type: '1' | '2', password: string, lang = 'en') =>
  get(
    token,
    `${M}/googleVerificationBindingOrReset/${code}/${type}?password=${encodeURIComponent(b64(password))}`,
    lang,
  );
/** The code of the current 30-second step (the clock is the app's manual clock). */
const codeNow = (secret: string) => totpNow(secret, ctx.clock.now());
/** Moves to the next 30-second step so a fresh code exists. */
const nextStep = () => ctx.clock.advance(30_000);

/** A wallet user (fund password set) with a bound authenticator; returns its secret too. */
async function userWith2fa() {
  const u = await walletUser(ctx.app);
  const s = (await setup(u.token)).body.data;
  const bound = await bindOrReset(u.token, codeNow(s.secret), '1', u.password);
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
  nextStep();
  return { ...u, secret: s.secret };
}

describe('Google authenticator', () => {
  it('hands out a secret and an otpauth URI; "1" keeps the pending one, "2" makes a new one', async () => {
    const u = await walletUser(ctx.app);
    const a = await setup(u.token);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(a.body.data.otpauthUri).toBe(
      `otpauth://totp/OpenExchange:${u.account}?secret=${a.body.data.secret}&issuer=OpenExchange`,
    );
    expect((await setup(u.token, '1')).body.data.secret).toBe(a.body.data.secret);
    const fresh = (await setup(u.token, '2')).body.data.secret;
    expect(fresh).not.toBe(a.body.data.secret);
    // Stored sealed, never in clear.
    const [row] = await ctx.db
      .select()
      .from(userSecurity)
      .where(eq(userSecurity.userId, BigInt(u.userId)));
    expect(row?.totpPendingSecret).toMatch(/^v1\./);
    expect(row?.totpPendingSecret).not.toContain(fresh);
    expectError(await setup(u.token, '3'), 400, 'VALIDATION_FAILED');
  });

  it('binds only with the login password and a current code of the new secret', async () => {
    const u = await walletUser(ctx.app);
    const s = (await setup(u.token)).body.data;
    const before = await dbSnapshot(ctx.db);
    expectError(
      await bindOrReset(u.token, codeNow(s.secret), '1', 'Wrong-pass-1'),
      422,
      'SECURITY_PASSWORD_WRONG',
    );
    const wrong = codeNow(s.secret) === '123456' ? '654321' : '123456';
    const bad = await bindOrReset(u.token, wrong, '1', u.password, 'zh');
    expect(bad.status).toBe(422);
    expect(bad.body.errorCode).toBe('GOOGLE_CODE_INVALID');
    expect(bad.body.msg).toContain(tr('zh', 'errors.GOOGLE_CODE_INVALID'));
    expect(await dbSnapshot(ctx.db)).toBe(before);
    expect((await info(u.token)).googleBound).toBe(false);
    const ok = await bindOrReset(u.token, codeNow(s.secret), '1', u.password);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await info(u.token)).googleBound).toBe(true);
    expectError(await setup(u.token), 409, 'GOOGLE_ALREADY_BOUND');
    // Binding is not a change that locks withdrawals.
    expect((await info(u.token)).withdrawLockedUntil).toBeNull();
  });

  it('a pending secret expires after 30 minutes', async () => {
    const u = await walletUser(ctx.app);
    const s = (await setup(u.token)).body.data;
    ctx.clock.advance(31 * 60_000);
    expectError(await bindOrReset(u.token, codeNow(s.secret), '1', u.password), 409, 'GOOGLE_SETUP_REQUIRED');
    expectError(await bindOrReset(u.token, codeNow(s.secret), '2', u.password), 409, 'GOOGLE_NOT_BOUND');
  });

  it('reset needs the password and a current code, removes 2FA and locks withdrawals', async () => {
    const u = await userWith2fa();
    expectError(
      await bindOrReset(u.token, codeNow(u.secret), '2', 'Wrong-pass-1'),
      422,
      'SECURITY_PASSWORD_WRONG',
    );
    expect((await info(u.token)).googleBound).toBe(true);
    // The spec's default type is '2' (reset) when the path has no y.
    const res = await get(
      u.token,
      `${M}/googleVerificationBindingOrReset/${codeNow(u.secret)}?password=${encodeURIComponent(b64(u.password))}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await info(u.token);
    expect(after.googleBound).toBe(false);
    expect(after.withdrawLockReason).toBe('google_reset');
    expect(new Date(after.withdrawLockedUntil ?? 0).getTime()).toBe(
      ctx.clock.now().getTime() + 24 * 3_600_000,
    );
    // Login is one step again.
    expect((await login(ctx.app, { username: u.account, password: u.password })).status).toBe(200);
  });
});

describe('two-step login and single-use codes', () => {
  it('a right password alone answers the step-1 control signal and creates no session', async () => {
    const u = await userWith2fa();
    const countSessions = async () =>
      (
        await ctx.db
          .select()
          .from(sessions)
          .where(eq(sessions.principalId, BigInt(u.userId)))
      ).length;
    const before = await countSessions();
    const step1 = await login(ctx.app, { username: u.account, password: u.password });
    expect(step1.status).toBe(202);
    expect(step1.body).toMatchObject({ code: 202, errorCode: 'LOGIN_STEP1_SUCCESS', data: null });
    expect(await countSessions()).toBe(before);
    // A wrong password never reveals that the account has 2FA.
    const wrongPassword = await login(ctx.app, { username: u.account, password: 'Wrong-pass-1' });
    expect(wrongPassword.body.errorCode).toBe('AUTH_INVALID_CREDENTIALS');
    // Step 2: the same credentials with the code.
    const bad = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/login',
      payload: {
        type: 'account',
        username: u.account,
        password: u.password,
        googleCode: codeNow(u.secret) === '000000' ? '111111' : '000000',
      },
    });
    expectError(bad, 422, 'GOOGLE_CODE_INVALID');
    const logged = await ctx.db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.userId, BigInt(u.userId)), eq(loginLogs.reason, 'bad_google_code')));
    expect(logged).toHaveLength(1);
    const code = codeNow(u.secret);
    const ok = await call<{ satoken: string }>(ctx.app, {
      method: 'POST',
      url: '/api/user/login',
      payload: { type: 'account', username: u.account, password: u.password, googleCode: code },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.satoken).toBeTruthy();
    expect(await countSessions()).toBe(before + 1);
    // The same code again (same step) is refused: codes are single use.
    const replay = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/login',
      payload: { type: 'account', username: u.account, password: u.password, googleCode: code },
    });
    expectError(replay, 422, 'GOOGLE_CODE_USED');
  });

  it('two concurrent uses of one code: exactly one succeeds', async () => {
    const u = await userWith2fa();
    const code = codeNow(u.secret);
    const attempt = (deviceId: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/user/login',
        payload: { type: 'account', username: u.account, password: u.password, googleCode: code, deviceId },
      });
    const results = await Promise.all([
      attempt('device-aaaa-1'),
      attempt('device-bbbb-2'),
      attempt('device-cccc-3'),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([200, 422, 422]);
    expect(
      results.filter((r) => r.status === 422).every((r) => r.body.errorCode === 'GOOGLE_CODE_USED'),
    ).toBe(true);
  });

  it('an older code after a newer one is refused too; the next step works', async () => {
    const u = await userWith2fa();
    const older = codeNow(u.secret);
    nextStep();
    const newer = codeNow(u.secret);
    const use = (googleCode: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/user/login',
        payload: { type: 'account', username: u.account, password: u.password, googleCode },
      });
    expect((await use(newer)).status).toBe(200);
    // `older` is still inside the one-step tolerance, but its step is not newer than the last used one.
    expectError(await use(older), 422, 'GOOGLE_CODE_USED');
    nextStep();
    expect((await use(codeNow(u.secret))).status).toBe(200);
  });

  it('five wrong codes lock the authenticator for 15 minutes, even for the right code', async () => {
    const u = await userWith2fa();
    const right = codeNow(u.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const use = (googleCode: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/user/login',
        payload: { type: 'account', username: u.account, password: u.password, googleCode },
      });
    for (let i = 0; i < 5; i++) expectError(await use(wrong), 422, 'GOOGLE_CODE_INVALID');
    expectError(await use(right), 429, 'GOOGLE_CODE_LOCKED');
    ctx.clock.advance(15 * 60_000 + 1);
    expect((await use(codeNow(u.secret))).status).toBe(200);
  });
});

describe('security changes ask for the second factor and lock withdrawals', () => {
  it('a login password change needs the code when bound; without it nothing changes', async () => {
    const u = await userWith2fa();
    const body = {
      oldPassword: b64(u.password),
      newPassword: b64('Newer-Pass-1'),
      confirmPassword: b64('Newer-Pass-1'),
    };
    const before = await dbSnapshot(ctx.db);
    const missing = await post(u.token, '/api/user/updatePwd', body, 'de');
    expectError(missing, 400, 'GOOGLE_CODE_REQUIRED', 'de');
    expect((missing.body.errors ?? [])[0]?.field).toBe('googleCode');
    expect(await dbSnapshot(ctx.db)).toBe(before);
    const ok = await post(u.token, '/api/user/updatePwd', { ...body, googleCode: codeNow(u.secret) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await info(u.token)).withdrawLockReason).toBe('login_password');
  });

  it('a funds password change without 2FA still locks withdrawals', async () => {
    const u = await walletUser(ctx.app);
    const ok = await post(u.token, `${API}/member/tradePwd`, {
      oldPassword: b64(FUND_PASSWORD),
      newPassword: b64('Fund-654321'),
      confirmPassword: b64('Fund-654321'),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await info(u.token)).withdrawLockReason).toBe('fund_password');
  });

  it('a password reset by email code locks withdrawals', async () => {
    const u = await walletUser(ctx.app);
    const email = u.email as string;
    await call(ctx.app, {
      method: 'POST',
      url: `/api/user/sendEmailCode?email=${encodeURIComponent(email)}&type=reset`,
    });
    const code = await latestCode(ctx.app, email);
    const q = new URLSearchParams({
      type: 'email',
      target: email,
      code,
      password: 'Reset-Pass-1',
      confirmPassword: 'Reset-Pass-1',
    });
    expect((await call(ctx.app, { method: 'POST', url: `/api/user/backPwd?${q}` })).status).toBe(200);
    const token = (await loginOk(ctx.app, { username: u.account, password: 'Reset-Pass-1' })).satoken;
    expect((await info(token)).withdrawLockReason).toBe('password_reset');
  });
});

describe('withdrawals', () => {
  const usdt = (amount: string, extra: Record<string, unknown> = {}) => ({
    coin: 'USDT',
    address: TRX_ADDRESS,
    amount,
    tradePwd: b64(FUND_PASSWORD),
    ...extra,
  });

  it('are refused during the 24-hour lock after a security change, with the end time, and nothing moves', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    const change = await post(u.token, '/api/user/updatePwd', {
      oldPassword: b64(u.password),
      newPassword: b64('Locked-Pass-1'),
      confirmPassword: b64('Locked-Pass-1'),
    });
    expect(change.status).toBe(200);
    const until = new Date(ctx.clock.now().getTime() + 24 * 3_600_000);
    const refused = await withdraw(ctx.app, u.token, publicKey, usdt('10'), { lang: 'en' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.errorCode).toBe('SECURITY_WITHDRAW_LOCKED');
    expect(refused.body.msg).toBe(
      tr('en', 'errors.SECURITY_WITHDRAW_LOCKED', {
        until: `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      }),
    );
    const zh = await withdraw(ctx.app, u.token, publicKey, usdt('10'), { lang: 'zh' });
    expect(zh.body.msg).toContain('提现已锁定');
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '100', frozen: '0' });
    ctx.clock.advance(23 * 3_600_000);
    expect((await withdraw(ctx.app, u.token, publicKey, usdt('10'))).body.errorCode).toBe(
      'SECURITY_WITHDRAW_LOCKED',
    );
    ctx.clock.advance(3_600_000 + 1000);
    const ok = await withdraw(ctx.app, u.token, publicKey, usdt('10'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '89', frozen: '11' });
  });

  it('need the authenticator code when bound (after the funds password), and a code works once', async () => {
    const u = await userWith2fa();
    await credit(ctx.app, u.userId, 'USDT', '100');
    expectError(await withdraw(ctx.app, u.token, publicKey, usdt('10')), 400, 'GOOGLE_CODE_REQUIRED');
    const code = codeNow(u.secret);
    const wrongFund = await withdraw(
      ctx.app,
      u.token,
      publicKey,
      usdt('10', { tradePwd: b64('Wrong-fund-1'), googleCode: code }),
    );
    expect(wrongFund.body.errorCode).toBe('FUND_PASSWORD_WRONG');
    const ok = await withdraw(ctx.app, u.token, publicKey, usdt('10', { googleCode: code }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expectError(
      await withdraw(ctx.app, u.token, publicKey, usdt('10', { googleCode: code })),
      422,
      'GOOGLE_CODE_USED',
    );
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '89', frozen: '11' });
  });
});

describe('anti-phishing code', () => {
  it('refuses bad codes with a localized message and changes nothing', async () => {
    const u = await walletUser(ctx.app);
    for (const antiCode of ['abc', 'has space', '<b>bold</b>', 'x'.repeat(21)]) {
      await expectRejected(
        ctx,
        { method: 'POST', url: `${M}/antiCode`, headers: auth(u.token), payload: { antiCode } },
        'antiCode',
        'validation.antiCode',
      );
    }
    await expectRejected(
      ctx,
      {
        method: 'POST',
        url: `${M}/antiCode`,
        headers: auth(u.token),
        payload: { antiCode: 'Good_1', extra: 1 },
      },
      'extra',
      'validation.unknownField',
    );
  });

  it('is set and changed, shown masked, and heads every later email', async () => {
    const u = await walletUser(ctx.app);
    expect((await post(u.token, `${M}/antiCode`, { antiCode: 'Blue_Harbor' })).status).toBe(200);
    expect(await info(u.token)).toMatchObject({ hasAntiCode: true, antiCode: 'Bl*********' });
    expect((await post(u.token, `${M}/antiCode`, { antiCode: 'Green_Bay7' })).status).toBe(200);
    const email = u.email as string;
    await call(ctx.app, {
      method: 'POST',
      url: `/api/user/sendEmailCode?email=${encodeURIComponent(email)}&type=reset`,
      headers: { lang: 'zh' },
    });
    const [mail] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.target, email))
      .orderBy(outboxMessages.id)
      .then((r) => r.slice(-1));
    expect(mail?.body.startsWith(tr('zh', 'mail.antiPhishing', { code: 'Green_Bay7' }))).toBe(true);
    expect(mail?.body).not.toContain('Blue_Harbor');
  });

  it('needs the authenticator code when bound', async () => {
    const u = await userWith2fa();
    expectError(await post(u.token, `${M}/antiCode`, { antiCode: 'Night_Owl' }), 400, 'GOOGLE_CODE_REQUIRED');
    expect((await info(u.token)).hasAntiCode).toBe(false);
    expect(
      (await post(u.token, `${M}/antiCode`, { antiCode: 'Night_Owl', googleCode: codeNow(u.secret) })).status,
    ).toBe(200);
  });
});

describe('email and phone binding', () => {
  const sendCode = (token: string, payload: Record<string, unknown>) =>
    post(token, `${M}/sendSecurityCode`, payload);

  it('binds an email to a phone account with a code sent to the new address (no lock)', async () => {
    const phone = uniqPhone();
    const reg = await registerUser(ctx.app, { phone });
    const token = (await loginOk(ctx.app, { username: reg.account, password: reg.password })).satoken;
    const email = `bind-${uniq()}@example.com`;
    expect((await sendCode(token, { channel: 'email', purpose: 'bind', target: email })).status).toBe(200);
    const code = await latestCode(ctx.app, email);
    const wrong = await post(token, `${M}/bindEmail`, {
      email,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errorCode).toBe('CODE_INVALID');
    expect(wrong.body.errors?.[0]?.field).toBe('code');
    // Only the code's attempt counter moved: no address was bound.
    expect((await info(token)).hasEmail).toBe(false);
    const ok = await post(token, `${M}/bindEmail`, { email, code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = await info(token);
    expect(after).toMatchObject({ hasEmail: true, withdrawLockedUntil: null });
    expect(after.email).not.toBe(email);
    expect(after.email).toContain('*');
    const getInfo = await post<{ email: string; hasEmail: boolean }>(token, '/api/user/getInfo', undefined);
    expect(getInfo.body.data.hasEmail).toBe(true);
  });

  it('changing the email needs codes to the new and the current address and locks withdrawals', async () => {
    const u = await walletUser(ctx.app);
    const oldEmail = u.email as string;
    const newEmail = `change-${uniq()}@example.com`;
    await expectRejected(
      ctx,
      {
        method: 'POST',
        url: `${M}/bindEmail`,
        headers: auth(u.token),
        payload: { email: 'not-an-email', code: '123456' },
      },
      'email',
      'validation.email',
    );
    expectError(
      await sendCode(u.token, { channel: 'email', purpose: 'bind', target: oldEmail }),
      409,
      'CONTACT_SAME_AS_CURRENT',
    );
    const other = await registerUser(ctx.app);
    expectError(
      await sendCode(u.token, { channel: 'email', purpose: 'bind', target: other.email as string }),
      409,
      'USER_EMAIL_TAKEN',
    );
    expect((await sendCode(u.token, { channel: 'email', purpose: 'bind', target: newEmail })).status).toBe(
      200,
    );
    const newCode = await latestCode(ctx.app, newEmail);
    const missingOld = await post(u.token, `${M}/bindEmail`, { email: newEmail, code: newCode });
    expect(missingOld.status).toBe(400);
    expect(missingOld.body.errors?.[0]).toMatchObject({ field: 'oldCode', key: 'validation.required' });
    expect((await sendCode(u.token, { channel: 'email', purpose: 'security' })).status).toBe(200);
    const oldCode = await latestCode(ctx.app, oldEmail);
    const ok = await post(u.token, `${M}/bindEmail`, { email: newEmail, code: newCode, oldCode });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(u.userId)));
    expect(row?.email).toBe(newEmail);
    expect((await info(u.token)).withdrawLockReason).toBe('email_change');
    // The old address no longer logs in; the new one does.
    expect(
      (await login(ctx.app, { type: 'email', username: oldEmail, password: u.password })).body.errorCode,
    ).toBe('AUTH_INVALID_CREDENTIALS');
    expect((await login(ctx.app, { type: 'email', username: newEmail, password: u.password })).status).toBe(
      200,
    );
  });

  it('binds and changes a phone the same way; a security code needs a bound phone', async () => {
    const u = await walletUser(ctx.app);
    expectError(await sendCode(u.token, { channel: 'sms', purpose: 'security' }), 409, 'CONTACT_NOT_BOUND');
    await expectRejected(
      ctx,
      {
        method: 'POST',
        url: `${M}/sendSecurityCode`,
        headers: auth(u.token),
        payload: { channel: 'sms', purpose: 'bind', target: '12ab' },
      },
      'target',
      'validation.phone',
    );
    const first = uniqPhone();
    expect((await sendCode(u.token, { channel: 'sms', purpose: 'bind', target: first })).status).toBe(200);
    expect(
      (await post(u.token, `${M}/bindPhone`, { phone: first, code: await latestCode(ctx.app, first) }))
        .status,
    ).toBe(200);
    expect((await info(u.token)).withdrawLockedUntil).toBeNull();
    const second = uniqPhone();
    await sendCode(u.token, { channel: 'sms', purpose: 'bind', target: second });
    const code = await latestCode(ctx.app, second);
    await sendCode(u.token, { channel: 'sms', purpose: 'security' });
    const oldCode = await latestCode(ctx.app, first);
    const res = await post(u.token, `${M}/bindPhone`, { phone: second, code, oldCode });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await info(u.token)).withdrawLockReason).toBe('phone_change');
  });
});

describe('isolation and authentication', () => {
  it('every security route needs a session', async () => {
    for (const [method, url] of [
      ['GET', `${M}/securityInfo`],
      ['GET', `${M}/getGoogleVerification/1`],
      ['GET', `${M}/googleVerificationBindingOrReset/123456/1?password=${b64('x')}`],
      ['POST', `${M}/antiCode`],
      ['POST', `${M}/sendSecurityCode`],
      ['POST', `${M}/bindEmail`],
      ['POST', `${M}/bindPhone`],
    ] as const) {
      const res = await call(ctx.app, { method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.status, url).toBe(401);
    }
  });

  it("a second user's calls only ever touch their own security state", async () => {
    const a = await userWith2fa();
    const b = await walletUser(ctx.app);
    // B's reset with A's current code: B has no authenticator, A's stays bound.
    expectError(await bindOrReset(b.token, codeNow(a.secret), '2', b.password), 409, 'GOOGLE_NOT_BOUND');
    expect((await info(a.token)).googleBound).toBe(true);
    await post(b.token, `${M}/antiCode`, { antiCode: 'Bobs_code' });
    expect((await info(a.token)).hasAntiCode).toBe(false);
    expect((await info(b.token)).hasAntiCode).toBe(true);
  });
});
