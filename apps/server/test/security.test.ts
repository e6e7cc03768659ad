// Security points of issue 2: rate limits that a spoofed X-Forwarded-For cannot reset, the same reply
// and similar timing for an unknown account and a wrong password, strict schemas against mass
// assignment, argon2id hashes.
import { performance } from 'node:perf_hooks';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLogs, users } from '@/db/schema';
import {
  type ApiReply,
  b64,
  call,
  createTestApp,
  dbSnapshot,
  expectError,
  expectRejected,
  latestCode,
  login,
  loginOk,
  registerUser,
  rowCount,
  type TestContext,
  tr,
  uniq,
} from './helpers';

const LIMIT = 3;

function expectRateLimited(res: ApiReply, lang: 'en' | 'zh' = 'en') {
  expectError(res, 429, 'RATE_LIMITED', lang);
  expect(res.body.msg).toBe(tr(lang, 'errors.RATE_LIMITED'));
  expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'errorCode', 'msg']);
}

/** Fires `LIMIT` requests that must pass the limiter, then checks the next ones are 429 whatever XFF says. */
async function exhaustAndProbe(
  ctx: TestContext,
  make: (i: number) => InjectOptions,
  remoteAddress: string,
): Promise<void> {
  for (let i = 0; i < LIMIT; i++) {
    const res = await call(ctx.app, { ...make(i), remoteAddress });
    expect(res.status, JSON.stringify(res.body)).not.toBe(429);
  }
  expectRateLimited(await call(ctx.app, { ...make(LIMIT), remoteAddress }));
  const zh = await call(ctx.app, {
    ...make(LIMIT),
    remoteAddress,
    headers: { ...make(LIMIT).headers, lang: 'zh' },
  });
  expectRateLimited(zh, 'zh');
  for (const xff of ['1.2.3.4', '10.0.0.1', '203.0.113.77, 198.51.100.2', 'unknown', '::1']) {
    const res = await call(ctx.app, {
      ...make(LIMIT),
      remoteAddress,
      headers: { ...make(LIMIT).headers, 'x-forwarded-for': xff, 'x-real-ip': xff, forwarded: `for=${xff}` },
    });
    expectRateLimited(res);
  }
}

describe('rate limits (TRUST_PROXY unset)', () => {
  let ctx: TestContext;
  let victim: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    ctx = await createTestApp({
      RATE_LIMIT_LOGIN_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_REGISTER_PER_MINUTE: String(LIMIT),
      RATE_LIMIT_CODE_PER_MINUTE: String(LIMIT),
    });
    // Set-up traffic comes from the default inject address (127.0.0.1); attackers use their own.
    victim = await registerUser(ctx.app);
  });
  afterAll(async () => ctx.close());

  it('login: the 4th attempt is 429 RATE_LIMITED, localized, even with the right password and a spoofed XFF', async () => {
    await exhaustAndProbe(
      ctx,
      (i) => ({
        method: 'POST',
        url: '/api/user/login',
        payload: {
          type: 'account',
          username: victim.account,
          password: i < LIMIT ? `wrong-${i}x` : victim.password,
        },
      }),
      '198.51.100.10',
    );
    // Limited attempts never reached the password check: only the LIMIT failures are logged.
    const logged = await ctx.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.userId, BigInt(victim.user.id)));
    expect(logged.filter((l) => !l.success)).toHaveLength(LIMIT);
    // Another client address has its own budget.
    const other = await login(ctx.app, {
      username: victim.account,
      password: victim.password,
      remoteAddress: '198.51.100.11',
    });
    expect(other.status).toBe(200);
  });

  it('register: the 4th attempt is 429 and creates nothing, whatever XFF says', async () => {
    const email = `limited-${uniq()}@example.com`;
    await call(ctx.app, { method: 'POST', url: `/api/user/sendEmailCode?email=${email}&type=register` });
    const code = await latestCode(ctx.app, email);
    const before = await rowCount(ctx.db, 'users');
    await exhaustAndProbe(
      ctx,
      (i) => ({
        method: 'POST',
        url: '/api/user/register',
        // Invalid for the first ones (they still count), then a valid registration that must be refused.
        payload:
          i < LIMIT
            ? { account: 'x' }
            : { account: `lim${uniq()}`, email, password: 'abc123', confirmPassword: 'abc123', code },
      }),
      '198.51.100.20',
    );
    expect(await rowCount(ctx.db, 'users')).toBe(before);
  });

  it('code sending: one budget per client address for email and SMS, POST and GET', async () => {
    const ip = '198.51.100.30';
    await exhaustAndProbe(
      ctx,
      (i) => ({
        method: 'POST',
        url: `/api/user/sendEmailCode?email=c${i}-${uniq()}@example.com&type=register`,
      }),
      ip,
    );
    const target = `twin-${uniq()}@example.com`;
    for (const req of [
      { method: 'GET' as const, url: `/api/mjkj-web/coin/open/send/email?email=${target}` },
      { method: 'POST' as const, url: '/api/user/sendMobileCode?phone=8613811112222' },
      { method: 'GET' as const, url: '/api/mjkj-web/coin/open/send/sms?phone=8613811112222' },
    ]) {
      expectRateLimited(await call(ctx.app, { ...req, remoteAddress: ip }));
    }
    const outbox = await call<unknown[]>(ctx.app, { method: 'GET', url: `/api/dev/outbox?target=${target}` });
    expect(outbox.body.data).toHaveLength(0);
    // The twins do not double the budget either: a fresh address alternating them gets LIMIT in total.
    const ip2 = '198.51.100.31';
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const url =
        i % 2 === 0
          ? `/api/user/sendEmailCode?email=alt${i}-${uniq()}@example.com`
          : `/api/mjkj-web/coin/open/send/email?email=alt${i}-${uniq()}@example.com`;
      statuses.push(
        (await call(ctx.app, { method: i % 2 === 0 ? 'POST' : 'GET', url, remoteAddress: ip2 })).status,
      );
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);
  });

  it('refresh, password reset and operator login are limited too', async () => {
    const cases: Array<[string, InjectOptions]> = [
      ['refresh', { method: 'POST', url: '/api/user/refreshToken', payload: { refreshToken: 'nope' } }],
      [
        'backPwd',
        {
          method: 'POST',
          url: `/api/user/backPwd?type=email&target=${encodeURIComponent(victim.email as string)}&code=000000&password=abc123&confirmPassword=abc123`,
        },
      ],
      [
        'operator login',
        { method: 'POST', url: '/api/admin/auth/login', payload: { username: 'admin', password: 'guess' } },
      ],
    ];
    for (const [name, req] of cases) {
      const ip = `198.51.100.${40 + cases.findIndex(([n]) => n === name)}`;
      await exhaustAndProbe(ctx, () => req, ip);
    }
  });

  it('the client address is the socket address: X-Forwarded-For is not recorded', async () => {
    await login(ctx.app, {
      username: victim.account,
      password: victim.password,
      remoteAddress: '198.51.100.60',
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    const [last] = await ctx.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.userId, BigInt(victim.user.id)))
      .orderBy(desc(loginLogs.id))
      .limit(1);
    expect(last?.ip).toBe('198.51.100.60');
  });
});

describe('rate limits behind a trusted proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  let u: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1' });
    u = await registerUser(ctx.app);
  });
  afterAll(async () => ctx.close());

  it('the client is the address the proxy appended; spoofed entries before it change nothing', async () => {
    const proxy = '10.0.0.1';
    const attempt = (spoof: string, client: string, password = 'wrong-pw1') =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': `${spoof}, ${client}` },
        payload: { type: 'account', username: u.account, password },
      });
    for (let i = 0; i < LIMIT; i++) expect((await attempt(`6.6.6.${i}`, '203.0.113.5')).status).toBe(400);
    for (let i = 0; i < 3; i++) expectRateLimited(await attempt(`7.7.7.${i}`, '203.0.113.5', u.password));
    // A different real client behind the same proxy is not affected, and the log has its address.
    expect((await attempt('6.6.6.6', '203.0.113.6', u.password)).status).toBe(200);
    const [last] = await ctx.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.userId, BigInt(u.user.id)))
      .orderBy(desc(loginLogs.id))
      .limit(1);
    expect(last?.ip).toBe('203.0.113.6');
  });
});

describe('money and upload limits are per user, not per token', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => ctx.close());

  const signIn = (u: Awaited<ReturnType<typeof registerUser>>, deviceId: string) =>
    loginOk(ctx.app, { username: u.account, password: u.password, deviceId }).then((d) => d.satoken);
  // Bodies are empty: 400 after the limiter has counted the request; which route does not matter.
  const moneyCalls = [
    { method: 'POST' as const, url: '/api/asset/transferFunds', payload: {} },
    { method: 'GET' as const, url: '/api/mjkj-web/coin/wallet/trans' },
    { method: 'POST' as const, url: '/api/mjkj-web/coin/assets/withdrawal', payload: {} },
    { method: 'POST' as const, url: '/api/withdraw/submit', payload: {} },
    { method: 'POST' as const, url: '/api/texchange/currencyExchange', payload: {} },
  ];
  const money = (token: string, i: number) =>
    call(ctx.app, { ...moneyCalls[i % moneyCalls.length], headers: { satoken: token } });

  it('two sessions of one user share one budget across the money routes', async () => {
    const u = await registerUser(ctx.app);
    const first = await signIn(u, 'limit-dev-1');
    const second = await signIn(u, 'limit-dev-2');
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await money(i % 2 === 0 ? first : second, i)).status);
    expect(statuses).toEqual(Array(LIMIT).fill(400));
    for (let i = 0; i < moneyCalls.length; i++) {
      expectRateLimited(await money(second, i));
      expectRateLimited(await money(first, i));
    }
    // A third login gets no fresh budget either.
    expectRateLimited(await money(await signIn(u, 'limit-dev-3'), 0));
    // Another user has their own.
    const other = await registerUser(ctx.app);
    expect((await money(await signIn(other, 'limit-dev-1'), 0)).status).toBe(400);
  });

  it('both upload paths share one budget per user', async () => {
    const u = await registerUser(ctx.app);
    const tokens = [await signIn(u, 'upload-dev-1'), await signIn(u, 'upload-dev-2')];
    const paths = ['/api/common/upload/OSS', '/api/mjkj-web/cgform-api/upload/file'];
    const up = (i: number) =>
      call(ctx.app, { method: 'POST', url: paths[i % 2] ?? '', headers: { satoken: tokens[i % 2] ?? '' } });
    for (let i = 0; i < LIMIT; i++) expect((await up(i)).status).not.toBe(429);
    expectRateLimited(await up(0));
    expectRateLimited(await up(1));
  });

  it('requests without a valid session are limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await call(ctx.app, {
        ...moneyCalls[0],
        headers: { satoken: `nobody-${i}` },
        remoteAddress: '192.0.2.50',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
    const elsewhere = await call(ctx.app, { ...moneyCalls[0], remoteAddress: '192.0.2.51' });
    expect(elsewhere.status).toBe(401);
  });
});

describe('the global limit', () => {
  it('applies to every /api call, not to static files', async () => {
    const ctx = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (await call(ctx.app, { method: 'POST', url: '/api/user/getInfo', remoteAddress: '192.0.2.1' }))
            .status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      expectRateLimited(
        await call(ctx.app, { method: 'GET', url: '/api/health', remoteAddress: '192.0.2.1' }),
      );
      // Rejected tokens count too, on user and operator routes: guessing tokens is limited.
      const guesses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const url = i % 2 === 0 ? '/api/admin/auth/me' : '/api/mjkj-web/coin/member/getLoginDevice';
        const res = await call(ctx.app, {
          method: 'GET',
          url,
          headers: { satoken: `guess-${i}` },
          remoteAddress: '192.0.2.2',
        });
        guesses.push(res.status);
      }
      expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      const img = await ctx.app.inject({
        method: 'GET',
        url: '/static/avatar-default.svg',
        remoteAddress: '192.0.2.1',
      });
      expect(img.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('unknown account and wrong password', () => {
  let ctx: TestContext;
  let u: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    u = await registerUser(ctx.app, { email: `timing-${uniq()}@example.com` });
  });
  afterAll(async () => ctx.close());

  it('give byte-identical replies', async () => {
    for (const lang of ['en', 'zh', 'pt']) {
      for (const type of ['account', 'email', 'phone'] as const) {
        const known =
          type === 'account' ? u.account : type === 'email' ? (u.email as string) : '8613999999999';
        const unknown =
          type === 'account' ? 'nobody_at_all' : type === 'email' ? 'nobody@example.com' : '8613000000001';
        const a = await ctx.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { lang },
          payload: { type, username: known, password: 'Wrong-pass1' },
        });
        const b = await ctx.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { lang },
          payload: { type, username: unknown, password: 'Wrong-pass1' },
        });
        expect(b.statusCode).toBe(a.statusCode);
        expect(b.body).toBe(a.body);
        expect(a.statusCode).toBe(400);
        expect(a.json().errorCode).toBe('AUTH_INVALID_CREDENTIALS');
      }
    }
  });

  it('take similar time (median of 8 each, interleaved)', async () => {
    const time = async (username: string) => {
      const t0 = performance.now();
      const res = await login(ctx.app, { username, password: 'Wrong-pass1' });
      const ms = performance.now() - t0;
      expect(res.status).toBe(400);
      return ms;
    };
    await time('warm_up_user');
    await time(u.account);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i++) {
      known.push(await time(u.account));
      unknown.push(await time(`ghost_${i}_${uniq()}`));
    }
    const median = (xs: number[]) => {
      const s = [...xs].sort((x, y) => x - y);
      return ((s[3] ?? 0) + (s[4] ?? 0)) / 2;
    };
    const ratio = median(unknown) / median(known);
    expect(
      ratio,
      `unknown ${median(unknown).toFixed(1)} ms vs wrong password ${median(known).toFixed(1)} ms`,
    ).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('strict schemas (mass assignment)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it.each<[string, Record<string, unknown>]>([
    ['is_merchant', { is_merchant: 2 }],
    ['grade', { grade: 'vip' }],
    ['isVip', { isVip: true }],
    ['creditScore', { creditScore: 1000 }],
    ['role', { role: 'admin' }],
    ['fundPasswordHash', { fundPasswordHash: 'x' }],
  ])('registering with %s is rejected and creates nothing', async (field, extra) => {
    const email = `mass-${uniq()}@example.com`;
    await call(ctx.app, { method: 'POST', url: `/api/user/sendEmailCode?email=${email}` });
    const code = await latestCode(ctx.app, email);
    const account = `mass${uniq()}`;
    const payload: Record<string, unknown> = {
      account,
      email,
      password: 'abc123',
      confirmPassword: 'abc123',
      code,
      ...extra,
    };
    await expectRejected(
      ctx,
      { method: 'POST', url: '/api/user/register', payload },
      field,
      'validation.unknownField',
    );
    expect(await ctx.db.select().from(users).where(eq(users.account, account))).toHaveLength(0);
    // Without the extra field the same registration works, as an ordinary user.
    const { [field]: _drop, ...clean } = payload;
    const ok = await call<{ userInfo: { is_merchant: number; grade: string } }>(ctx.app, {
      method: 'POST',
      url: '/api/user/register',
      payload: clean,
    });
    expect(ok.body.data.userInfo).toMatchObject({ is_merchant: 1, grade: 'normal' });
  });

  it('password calls reject extra fields before touching anything', async () => {
    const u = await registerUser(ctx.app);
    const s = await login(ctx.app, { username: u.account, password: u.password });
    const before = await dbSnapshot(ctx.db);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/updatePwd',
      headers: { satoken: s.body.data.satoken },
      payload: {
        oldPassword: b64(u.password),
        newPassword: b64('Abc12345'),
        confirmPassword: b64('Abc12345'),
        userId: '1',
      },
    });
    expect(res.body.errors?.[0]).toMatchObject({ field: 'userId', key: 'validation.unknownField' });
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });
});
