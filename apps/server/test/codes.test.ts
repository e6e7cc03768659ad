// Verification codes (sendEmailCode, sendMobileCode and their GET twins) and the password reset
// (backPwd): delivery, single use, expiry, attempt limits, resend cooldown, no address enumeration.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '@/db/schema';
import {
  auth,
  call,
  createTestApp,
  dbSnapshot,
  expectError,
  expectRejected,
  latestCode,
  login,
  loginOk,
  outboxCount,
  registerUser,
  sendCode,
  type TestContext,
  tokenState,
  tr,
  uniq,
  uniqPhone,
} from './helpers';

const MAX_ATTEMPTS = 3;
const TTL = 300;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ CODE_MAX_ATTEMPTS: String(MAX_ATTEMPTS), CODE_TTL_SECONDS: String(TTL) });
});
afterAll(async () => ctx.close());

const backPwd = (q: Record<string, string>, headers: Record<string, string> = {}) =>
  call(ctx.app, {
    method: 'POST',
    url: `/api/user/backPwd?${new URLSearchParams(q).toString()}`,
    headers,
  });

const other = (code: string) => (code === '000000' ? '000001' : '000000');

async function codeRow(channel: string, target: string, purpose: string) {
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, channel),
        eq(verificationCodes.target, target),
        eq(verificationCodes.purpose, purpose),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
}

describe('sending codes', () => {
  it.each([
    ['POST', '/api/user/sendEmailCode', 'email', 'success.codeSentEmail'],
    ['GET', '/api/mjkj-web/coin/open/send/email', 'email', 'success.codeSentEmail'],
    ['POST', '/api/user/sendMobileCode', 'phone', 'success.codeSent'],
    ['GET', '/api/mjkj-web/coin/open/send/sms', 'phone', 'success.codeSent'],
  ] as const)('%s %s delivers a 6-digit code, stored only as an HMAC', async (method, url, param, msgKey) => {
    const target = param === 'email' ? `send-${uniq()}@example.com` : uniqPhone();
    const res = await call(ctx.app, {
      method,
      url: `${url}?${param}=${encodeURIComponent(target)}&type=register`,
      headers: { lang: 'zh' },
    });
    expect(res.body).toEqual({ code: 200, msg: tr('zh', msgKey), data: null });
    const code = await latestCode(ctx.app, target);
    const row = await codeRow(param === 'email' ? 'email' : 'sms', target, 'register');
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).not.toContain(code);
    expect(row?.maxAttempts).toBe(MAX_ATTEMPTS);
    expect(row?.expiresAt.getTime()).toBe(ctx.clock.now().getTime() + TTL * 1000);
  });

  it('the message is in the request language', async () => {
    const email = `lang-${uniq()}@example.com`;
    await sendCode(ctx.app, { channel: 'email', target: email, headers: { lang: 'zh' } });
    const res = await call<Array<{ subject: string; body: string }>>(ctx.app, {
      method: 'GET',
      url: `/api/dev/outbox?target=${encodeURIComponent(email)}`,
    });
    expect(res.body.data[0]?.subject).toBe(tr('zh', 'mail.codeSubject', { brand: ctx.config.BRAND_NAME }));
    const code = await latestCode(ctx.app, email);
    expect(res.body.data[0]?.body).toBe(
      tr('zh', 'mail.codeBody', { brand: ctx.config.BRAND_NAME, code, minutes: TTL / 60 }),
    );
  });

  it('type defaults to register', async () => {
    const email = `default-${uniq()}@example.com`;
    const res = await call(ctx.app, { method: 'POST', url: `/api/user/sendEmailCode?email=${email}` });
    expect(res.body.code).toBe(200);
    expect(await codeRow('email', email, 'register')).toBeDefined();
  });

  it('a register or bind code to a taken email or phone is 409, nothing sent', async () => {
    const u = await registerUser(ctx.app, { email: `taken-${uniq()}@example.com` });
    const p = await registerUser(ctx.app, { phone: '8613700000042' });
    const email = u.email as string;
    for (const type of ['register', 'bind'] as const) {
      const before = await dbSnapshot(ctx.db);
      const res = await sendCode(ctx.app, { channel: 'email', target: email.toUpperCase(), type });
      expectError(res, 409, 'USER_EMAIL_TAKEN');
      expect(res.body.errors?.[0]?.field).toBe('email');
      const zh = await sendCode(ctx.app, {
        channel: 'sms',
        target: '8613700000042',
        type,
        headers: { lang: 'zh' },
      });
      expectError(zh, 409, 'USER_PHONE_TAKEN', 'zh');
      expect(await dbSnapshot(ctx.db)).toBe(before);
    }
    expect(p.user.phone).toBe('861****0042');
  });

  it('a reset code for an unknown address answers exactly like a known one but delivers nothing', async () => {
    const known = await registerUser(ctx.app, { email: `known-${uniq()}@example.com` });
    const knownEmail = known.email as string;
    const unknownEmail = `unknown-${uniq()}@example.com`;
    for (const type of ['reset', 'security'] as const) {
      const before = await outboxCount(ctx.app, knownEmail);
      const a = await sendCode(ctx.app, { channel: 'email', target: knownEmail, type });
      const b = await sendCode(ctx.app, { channel: 'email', target: unknownEmail, type });
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
      expect(a.body.code).toBe(200);
      expect(await outboxCount(ctx.app, knownEmail)).toBe(before + 1);
      expect(await outboxCount(ctx.app, unknownEmail)).toBe(0);
    }
    const phone = '8613600000077';
    await registerUser(ctx.app, { phone });
    const a = await sendCode(ctx.app, { channel: 'sms', target: phone, type: 'reset' });
    const b = await sendCode(ctx.app, { channel: 'sms', target: '8613600000078', type: 'reset' });
    expect(b.body).toEqual(a.body);
    expect(await outboxCount(ctx.app, '8613600000078')).toBe(0);
    // backPwd for the unknown address fails exactly like a wrong code for the known one.
    const knownCode = await latestCode(ctx.app, knownEmail);
    await sendCode(ctx.app, { channel: 'email', target: knownEmail, type: 'reset' });
    const fresh = await latestCode(ctx.app, knownEmail);
    const wrongKnown = await backPwd({
      type: 'email',
      target: knownEmail,
      code: other(fresh),
      password: 'NewPass1',
      confirmPassword: 'NewPass1',
    });
    const anyUnknown = await backPwd({
      type: 'email',
      target: unknownEmail,
      code: knownCode,
      password: 'NewPass1',
      confirmPassword: 'NewPass1',
    });
    expectError(wrongKnown, 422, 'CODE_INVALID');
    expect(anyUnknown.body).toEqual(wrongKnown.body);
  });
});

describe('backPwd', () => {
  it('by email: resets the password and signs out every device', async () => {
    const u = await registerUser(ctx.app, { email: `reset-${uniq()}@example.com` });
    const a = await loginOk(ctx.app, { username: u.account, password: u.password, deviceId: 'reset-dev-1' });
    const b = await loginOk(ctx.app, { username: u.account, password: u.password, deviceId: 'reset-dev-2' });
    await sendCode(ctx.app, { channel: 'email', target: u.email as string, type: 'reset' });
    const code = await latestCode(ctx.app, u.email as string);
    const res = await backPwd(
      {
        type: 'email',
        target: (u.email as string).toUpperCase(),
        code,
        password: 'Brand-new1',
        confirmPassword: 'Brand-new1',
      },
      { lang: 'zh' },
    );
    expect(res.body).toEqual({ code: 200, msg: tr('zh', 'success.passwordReset'), data: null });
    expect(await tokenState(ctx.app, a.satoken)).toBe('AUTH_TOKEN_REVOKED');
    expect(await tokenState(ctx.app, b.satoken)).toBe('AUTH_TOKEN_REVOKED');
    expectError(
      await login(ctx.app, { username: u.account, password: u.password }),
      400,
      'AUTH_INVALID_CREDENTIALS',
    );
    expect((await login(ctx.app, { username: u.account, password: 'Brand-new1' })).status).toBe(200);
    // Single use: the same code does not work again.
    const again = await backPwd({
      type: 'email',
      target: u.email as string,
      code,
      password: 'Another-1',
      confirmPassword: 'Another-1',
    });
    expectError(again, 422, 'CODE_INVALID');
    expect((await login(ctx.app, { username: u.account, password: 'Brand-new1' })).status).toBe(200);
  });

  it('by phone, with spaces and dashes in the target', async () => {
    const phone = '8613500000011';
    const u = await registerUser(ctx.app, { phone });
    const s = await loginOk(ctx.app, { type: 'phone', username: phone, password: u.password });
    await call(ctx.app, { method: 'GET', url: `/api/mjkj-web/coin/open/send/sms?phone=${phone}&type=reset` });
    const code = await latestCode(ctx.app, phone);
    const res = await backPwd({
      type: 'phone',
      target: '86 135-0000-0011',
      code,
      password: 'Phone-new1',
      confirmPassword: 'Phone-new1',
    });
    expect(res.body.code).toBe(200);
    expect(await tokenState(ctx.app, s.satoken)).toBe('AUTH_TOKEN_REVOKED');
    expect((await login(ctx.app, { type: 'phone', username: phone, password: 'Phone-new1' })).status).toBe(
      200,
    );
  });

  it(`wrong codes count attempts; after ${MAX_ATTEMPTS} even the right code is 429 CODE_TOO_MANY_ATTEMPTS`, async () => {
    const u = await registerUser(ctx.app, { email: `attempts-${uniq()}@example.com` });
    const email = u.email as string;
    await sendCode(ctx.app, { channel: 'email', target: email, type: 'reset' });
    const code = await latestCode(ctx.app, email);
    const q = { type: 'email', target: email, password: 'Attempt-1', confirmPassword: 'Attempt-1' };
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      expectError(await backPwd({ ...q, code: other(code) }), 422, 'CODE_INVALID');
      expect((await codeRow('email', email, 'reset'))?.attempts).toBe(i);
    }
    const last = await backPwd({ ...q, code: other(code) }, { lang: 'zh' });
    expectError(last, 429, 'CODE_TOO_MANY_ATTEMPTS', 'zh');
    const right = await backPwd({ ...q, code });
    expectError(right, 429, 'CODE_TOO_MANY_ATTEMPTS');
    expect((await login(ctx.app, { username: u.account, password: 'Attempt-1' })).status).toBe(400);
    expect((await login(ctx.app, { username: u.account, password: u.password })).status).toBe(200);
    // A new code starts over.
    await sendCode(ctx.app, { channel: 'email', target: email, type: 'reset' });
    const fresh = await latestCode(ctx.app, email);
    expect((await backPwd({ ...q, code: fresh })).body.code).toBe(200);
  });

  it('a wrong try below the limit does not spoil the right code', async () => {
    const u = await registerUser(ctx.app, { email: `below-${uniq()}@example.com` });
    const email = u.email as string;
    await sendCode(ctx.app, { channel: 'email', target: email, type: 'reset' });
    const code = await latestCode(ctx.app, email);
    const q = { type: 'email', target: email, password: 'Below-lim1', confirmPassword: 'Below-lim1' };
    expectError(await backPwd({ ...q, code: other(code) }), 422, 'CODE_INVALID');
    expect((await backPwd({ ...q, code })).body.code).toBe(200);
  });

  it('a code expires after CODE_TTL_SECONDS (422 CODE_EXPIRED)', async () => {
    const u = await registerUser(ctx.app, { email: `expiry-${uniq()}@example.com` });
    const email = u.email as string;
    await sendCode(ctx.app, { channel: 'email', target: email, type: 'reset' });
    const code = await latestCode(ctx.app, email);
    ctx.clock.advance(TTL * 1000);
    const res = await backPwd({
      type: 'email',
      target: email,
      code,
      password: 'Expired-1',
      confirmPassword: 'Expired-1',
    });
    expectError(res, 422, 'CODE_EXPIRED');
    expectError(
      await backPwd(
        { type: 'email', target: email, code, password: 'Expired-1', confirmPassword: 'Expired-1' },
        { lang: 'zh' },
      ),
      422,
      'CODE_EXPIRED',
      'zh',
    );
    expect((await login(ctx.app, { username: u.account, password: u.password })).status).toBe(200);
    // Registration codes expire the same way.
    const newEmail = `expiry-reg-${uniq()}@example.com`;
    await sendCode(ctx.app, { channel: 'email', target: newEmail });
    const regCode = await latestCode(ctx.app, newEmail);
    ctx.clock.advance(TTL * 1000 + 1);
    const reg = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/register',
      payload: {
        account: `x${uniq()}`,
        email: newEmail,
        password: 'abc123',
        confirmPassword: 'abc123',
        code: regCode,
      },
    });
    expectError(reg, 422, 'CODE_EXPIRED');
  });

  it('a newer code replaces the older one; a register code or another address does not reset', async () => {
    const u = await registerUser(ctx.app, { email: `newer-${uniq()}@example.com` });
    const email = u.email as string;
    await sendCode(ctx.app, { channel: 'email', target: email, type: 'reset' });
    const first = await latestCode(ctx.app, email);
    await sendCode(ctx.app, { channel: 'email', target: email, type: 'reset' });
    const second = await latestCode(ctx.app, email);
    const q = { type: 'email', target: email, password: 'Newer-one1', confirmPassword: 'Newer-one1' };
    if (first !== second) expectError(await backPwd({ ...q, code: first }), 422, 'CODE_INVALID');
    // A register code for a fresh address, used to reset this account.
    const fresh = `fresh-${uniq()}@example.com`;
    await sendCode(ctx.app, { channel: 'email', target: fresh });
    const regCode = await latestCode(ctx.app, fresh);
    expectError(await backPwd({ ...q, target: fresh, code: regCode }), 422, 'CODE_INVALID');
    // A reset code of this address does not work with phone type.
    expectError(
      await backPwd({ ...q, type: 'phone', target: '8613000000000', code: second }),
      422,
      'CODE_INVALID',
    );
    expect((await backPwd({ ...q, code: second })).body.code).toBe(200);
  });

  describe('bad input for each field', () => {
    let email: string;
    let code: string;
    beforeAll(async () => {
      const u = await registerUser(ctx.app, { email: `badinput-${uniq()}@example.com` });
      email = u.email as string;
      await sendCode(ctx.app, { channel: 'email', target: email, type: 'reset' });
      code = await latestCode(ctx.app, email);
    });
    const cases: Array<[string, Record<string, string | undefined>, string, string]> = [
      ['type missing', { type: undefined }, 'type', 'validation.required'],
      ['type unknown', { type: 'account' }, 'type', 'validation.oneOf'],
      ['target missing', { target: undefined }, 'target', 'validation.required'],
      ['target empty', { target: '' }, 'target', 'validation.required'],
      ['target too long', { target: `${'a'.repeat(250)}@x.com` }, 'target', 'validation.tooLong'],
      ['target not an email', { target: 'not-an-email' }, 'target', 'validation.email'],
      ['target not a phone', { type: 'phone', target: 'abc-phone' }, 'target', 'validation.phone'],
      ['code missing', { code: undefined }, 'code', 'validation.required'],
      ['code five digits', { code: '12345' }, 'code', 'validation.code'],
      ['code letters', { code: 'abcdef' }, 'code', 'validation.code'],
      ['password missing', { password: undefined }, 'password', 'validation.required'],
      [
        'password too short',
        { password: 'a1', confirmPassword: 'a1' },
        'password',
        'validation.passwordRule',
      ],
      [
        'password too long',
        { password: 'a1'.repeat(11), confirmPassword: 'a1'.repeat(11) },
        'password',
        'validation.passwordRule',
      ],
      [
        'password letters only',
        { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
        'password',
        'validation.passwordRule',
      ],
      [
        'password with a space',
        { password: 'abc 1234', confirmPassword: 'abc 1234' },
        'password',
        'validation.passwordRule',
      ],
      ['confirmPassword missing', { confirmPassword: undefined }, 'confirmPassword', 'validation.required'],
      [
        'confirmPassword different',
        { confirmPassword: 'Other-pass2' },
        'confirmPassword',
        'validation.passwordMismatch',
      ],
      ['unknown field userId', { userId: '1' }, 'userId', 'validation.unknownField'],
      ['unknown field account', { account: 'someone' }, 'account', 'validation.unknownField'],
    ];
    it.each(cases)('%s', async (_n, change, field, key) => {
      const q: Record<string, string> = {};
      for (const [k, v] of Object.entries({
        type: 'email',
        target: email,
        code,
        password: 'Valid-pass1',
        confirmPassword: 'Valid-pass1',
        ...change,
      })) {
        if (v !== undefined) q[k] = v;
      }
      // The right code: only the bad field stops it, and no attempt is counted.
      await expectRejected(
        ctx,
        { method: 'POST', url: `/api/user/backPwd?${new URLSearchParams(q).toString()}` },
        field,
        key,
      );
    });
    it('the code is still good after all of that', async () => {
      const res = await backPwd({
        type: 'email',
        target: email,
        code,
        password: 'Valid-pass1',
        confirmPassword: 'Valid-pass1',
      });
      expect(res.body.code).toBe(200);
    });
  });
});

describe('sending codes: bad input for each field', () => {
  const cases: Array<[string, string, string, string]> = [
    ['email missing', '/api/user/sendEmailCode?type=register', 'email', 'validation.required'],
    ['email bad format', '/api/user/sendEmailCode?email=nope&type=register', 'email', 'validation.email'],
    ['email empty', '/api/user/sendEmailCode?email=&type=register', 'email', 'validation.email'],
    ['email too long', `/api/user/sendEmailCode?email=${'a'.repeat(250)}@x.com`, 'email', 'validation.email'],
    ['email twice', '/api/user/sendEmailCode?email=a@x.com&email=b@x.com', 'email', 'validation.invalidType'],
    ['email type unknown', '/api/user/sendEmailCode?email=a@x.com&type=login', 'type', 'validation.oneOf'],
    [
      'email unknown field',
      '/api/user/sendEmailCode?email=a@x.com&lang=en',
      'lang',
      'validation.unknownField',
    ],
    ['GET email bad format', '/api/mjkj-web/coin/open/send/email?email=x@', 'email', 'validation.email'],
    [
      'GET email unknown field',
      '/api/mjkj-web/coin/open/send/email?email=a@x.com&to=b',
      'to',
      'validation.unknownField',
    ],
    ['phone missing', '/api/user/sendMobileCode?type=register', 'phone', 'validation.required'],
    ['phone letters', '/api/user/sendMobileCode?phone=abcdefg', 'phone', 'validation.phone'],
    ['phone too short', '/api/user/sendMobileCode?phone=12345', 'phone', 'validation.phone'],
    ['phone too long', `/api/user/sendMobileCode?phone=${'1'.repeat(16)}`, 'phone', 'validation.phone'],
    ['phone type unknown', '/api/user/sendMobileCode?phone=13800000000&type=x', 'type', 'validation.oneOf'],
    [
      'phone unknown field',
      '/api/user/sendMobileCode?phone=13800000000&areaCode=86',
      'areaCode',
      'validation.unknownField',
    ],
    ['GET phone bad', '/api/mjkj-web/coin/open/send/sms?phone=%2B', 'phone', 'validation.phone'],
  ];
  it.each(cases)('%s', async (_n, url, field, key) => {
    const method = url.includes('/open/send/') ? 'GET' : 'POST';
    await expectRejected(ctx, { method, url }, field, key);
  });
});

describe('resend cooldown', () => {
  it('a second code to the same target within CODE_RESEND_SECONDS is 429 CODE_SEND_TOO_FREQUENT', async () => {
    const app2 = await createTestApp({ CODE_RESEND_SECONDS: '60' });
    try {
      const email = `cool-${uniq()}@example.com`;
      expect((await sendCode(app2.app, { channel: 'email', target: email })).body.code).toBe(200);
      const again = await sendCode(app2.app, { channel: 'email', target: email.toUpperCase() });
      expectError(again, 429, 'CODE_SEND_TOO_FREQUENT');
      const zh = await call(app2.app, {
        method: 'GET',
        url: `/api/mjkj-web/coin/open/send/email?email=${email}`,
        headers: { lang: 'zh' },
      });
      expectError(zh, 429, 'CODE_SEND_TOO_FREQUENT', 'zh');
      expect(await outboxCount(app2.app, email)).toBe(1);
      // Another target, or another purpose, is not affected.
      expect(
        (await sendCode(app2.app, { channel: 'email', target: `cool2-${uniq()}@example.com` })).body.code,
      ).toBe(200);
      app2.clock.advance(59_000);
      expectError(
        await sendCode(app2.app, { channel: 'email', target: email }),
        429,
        'CODE_SEND_TOO_FREQUENT',
      );
      app2.clock.advance(1_000);
      expect((await sendCode(app2.app, { channel: 'email', target: email })).body.code).toBe(200);
      expect(await outboxCount(app2.app, email)).toBe(2);
      // SMS the same.
      const phone = '8613400000001';
      expect((await sendCode(app2.app, { channel: 'sms', target: phone })).body.code).toBe(200);
      expectError(await sendCode(app2.app, { channel: 'sms', target: phone }), 429, 'CODE_SEND_TOO_FREQUENT');
      // The cooldown does not reveal whether a reset address exists: unknown and known behave alike.
      const known = await registerUser(app2.app);
      const unknown = `ghost-${uniq()}@example.com`;
      for (const target of [known.email as string, unknown]) {
        expect((await sendCode(app2.app, { channel: 'email', target, type: 'reset' })).body.code).toBe(200);
        expectError(
          await sendCode(app2.app, { channel: 'email', target, type: 'reset' }),
          429,
          'CODE_SEND_TOO_FREQUENT',
        );
      }
    } finally {
      await app2.close();
    }
  });
});

describe('codes under concurrency (service level: these calls truly interleave)', () => {
  const errorCodeOf = (r: PromiseSettledResult<void>) =>
    r.status === 'fulfilled' ? 'ok' : ((r.reason as { errorCode?: string }).errorCode ?? String(r.reason));

  it('simultaneous guesses get no more than CODE_MAX_ATTEMPTS comparisons', async () => {
    const email = `burst-${uniq()}@example.com`;
    const req = { channel: 'email' as const, target: email, purpose: 'register' as const };
    await ctx.app.services.codes.send(req, 'en');
    const code = await latestCode(ctx.app, email);
    const wrong = Array.from({ length: MAX_ATTEMPTS + 7 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.allSettled(wrong.map((w) => ctx.app.services.codes.consume(req, w)));
    const codes = results.map(errorCodeOf);
    expect(codes.filter((c) => c === 'CODE_INVALID')).toHaveLength(MAX_ATTEMPTS - 1);
    expect(codes.filter((c) => c === 'CODE_TOO_MANY_ATTEMPTS')).toHaveLength(wrong.length - MAX_ATTEMPTS + 1);
    expect((await codeRow('email', email, 'register'))?.attempts).toBe(MAX_ATTEMPTS);
    await expect(ctx.app.services.codes.consume(req, code)).rejects.toMatchObject({
      errorCode: 'CODE_TOO_MANY_ATTEMPTS',
    });
  });

  it('the right code used several times at once succeeds exactly once', async () => {
    const email = `twice-${uniq()}@example.com`;
    const req = { channel: 'email' as const, target: email, purpose: 'register' as const };
    await ctx.app.services.codes.send(req, 'en');
    const code = await latestCode(ctx.app, email);
    const results = await Promise.allSettled([1, 2, 3].map(() => ctx.app.services.codes.consume(req, code)));
    const codes = results.map(errorCodeOf);
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'CODE_INVALID')).toBe(true);
  });
});

describe('codes and sessions', () => {
  it('a reset leaves other users alone', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const sb = await loginOk(ctx.app, { username: b.account, password: b.password });
    await sendCode(ctx.app, { channel: 'email', target: a.email as string, type: 'reset' });
    const code = await latestCode(ctx.app, a.email as string);
    expect(
      (
        await backPwd({
          type: 'email',
          target: a.email as string,
          code,
          password: 'Isolate-1',
          confirmPassword: 'Isolate-1',
        })
      ).body.code,
    ).toBe(200);
    expect(await tokenState(ctx.app, sb.satoken)).toBe('ok');
    const info = await call(ctx.app, { method: 'POST', url: '/api/user/getInfo', headers: auth(sb.satoken) });
    expect(info.status).toBe(200);
  });
});
