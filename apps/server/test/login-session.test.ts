// Login (account, email, phone), token transport, getInfo, logout, refresh, one session per device,
// expiry, and bad input for login and refreshToken.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@/db/schema';
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
  type UserInfo,
} from './helpers';

let ctx: TestContext;
let alice: Awaited<ReturnType<typeof registerUser>>;
let phoneUser: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await registerUser(ctx.app, { account: 'AliceLogin', email: 'alice.login@example.com' });
  phoneUser = await registerUser(ctx.app, { account: 'phoneguy', phone: '+8613812349999' });
});
afterAll(async () => ctx.close());

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

const refresh = (refreshToken: unknown) =>
  call<{ satoken: string; refreshToken: string; expiresIn: number; refreshExpiresIn: number }>(ctx.app, {
    method: 'POST',
    url: '/api/user/refreshToken',
    payload: { refreshToken },
  });
const getInfo = (headers: Record<string, string>) =>
  call<UserInfo>(ctx.app, { method: 'POST', url: '/api/user/getInfo', headers });
const logout = (token: string) =>
  call(ctx.app, { method: 'POST', url: '/api/user/logout', headers: auth(token) });

describe('login', () => {
  it.each([
    ['account', 'AliceLogin'],
    ['account', 'alicelogin'],
    ['email', 'alice.login@example.com'],
    ['email', 'ALICE.Login@Example.COM'],
    ['email', '  alice.login@example.com  '],
  ] as const)('by %s "%s"', async (type, username) => {
    const res = await login(ctx.app, {
      type,
      username,
      password: alice.password,
      deviceId: `dev-${type}-01`,
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(tr('en', 'success.login'));
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual([
      'expiresIn',
      'refreshExpiresIn',
      'refreshToken',
      'satoken',
      'userInfo',
    ]);
    expect(d.satoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(d.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(d.refreshToken).not.toBe(d.satoken);
    expect(d.expiresIn).toBe(ctx.config.ACCESS_TOKEN_TTL_SECONDS);
    expect(d.refreshExpiresIn).toBe(ctx.config.REFRESH_TOKEN_TTL_SECONDS);
    expect(d.userInfo).toMatchObject({ id: alice.user.id, account: 'AliceLogin', email: 'al****om' });
    expect(await tokenState(ctx.app, d.satoken)).toBe('ok');
  });

  it.each(['+8613812349999', '+86 138-1234-9999'])('by phone "%s"', async (username) => {
    const d = await loginOk(ctx.app, { type: 'phone', username, password: phoneUser.password });
    expect(d.userInfo).toMatchObject({ id: phoneUser.user.id, phone: '+86****9999' });
  });

  it('an account name is not an email and an email is not a phone', async () => {
    for (const [type, username] of [
      ['email', 'AliceLogin'],
      ['phone', 'alice.login@example.com'],
      ['account', 'alice.login@example.com'],
    ] as const) {
      expectError(
        await login(ctx.app, { type, username, password: alice.password }),
        400,
        'AUTH_INVALID_CREDENTIALS',
      );
    }
  });

  it('tokens are stored only as SHA-256 hashes', async () => {
    const d = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'hash-check-1',
    });
    const snapshot = await dbSnapshot(ctx.db);
    expect(snapshot).not.toContain(d.satoken);
    expect(snapshot).not.toContain(d.refreshToken);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha(d.satoken)));
    expect(row?.refreshHash).toBe(sha(d.refreshToken));
    expect(row?.principalId.toString()).toBe(alice.user.id);
  });

  it('wrong password and unknown account: 400 AUTH_INVALID_CREDENTIALS, localized, no session', async () => {
    const before = await ctx.db.select().from(sessions);
    for (const lang of ['en', 'zh'] as const) {
      const wrong = await login(ctx.app, {
        username: alice.account,
        password: 'wrong-pass1',
        headers: { lang },
      });
      expectError(wrong, 400, 'AUTH_INVALID_CREDENTIALS', lang);
      const unknown = await login(ctx.app, {
        username: 'nobody_here',
        password: 'wrong-pass1',
        headers: { lang },
      });
      expect(unknown.body).toEqual(wrong.body);
    }
    expect(await ctx.db.select().from(sessions)).toHaveLength(before.length);
  });

  it('a disabled account is 403 AUTH_ACCOUNT_DISABLED with the right password only', async () => {
    const u = await registerUser(ctx.app);
    await ctx.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.id, BigInt(u.user.id)));
    expectError(
      await login(ctx.app, { username: u.account, password: u.password }),
      403,
      'AUTH_ACCOUNT_DISABLED',
    );
    expectError(
      await login(ctx.app, { username: u.account, password: 'nope-123' }),
      400,
      'AUTH_INVALID_CREDENTIALS',
    );
  });
});

describe('tokens', () => {
  it('are accepted as Authorization Bearer, bare Authorization, satoken and Blade-Auth', async () => {
    const d = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'headers-01',
    });
    for (const headers of [
      { authorization: `Bearer ${d.satoken}` } as Record<string, string>,
      { authorization: `bearer ${d.satoken}` },
      { authorization: d.satoken },
      { satoken: d.satoken },
      { 'blade-auth': d.satoken },
      { 'Blade-Auth': ` ${d.satoken} ` },
    ]) {
      const res = await getInfo(headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.body.data.id).toBe(alice.user.id);
    }
  });

  it('missing is 401 AUTH_REQUIRED, garbage 401 AUTH_TOKEN_INVALID, localized', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer ' },
      { satoken: '' },
      { 'blade-auth': '   ' },
    ] as Array<Record<string, string>>) {
      expectError(await getInfo(headers), 401, 'AUTH_REQUIRED');
    }
    expectError(await getInfo({ lang: 'zh' }), 401, 'AUTH_REQUIRED', 'zh');
    for (const token of ['garbage', 'x'.repeat(43), 'Bearer', "' or 1=1 --"]) {
      expectError(await getInfo({ satoken: token }), 401, 'AUTH_TOKEN_INVALID');
      expectError(await getInfo({ authorization: `Bearer ${token}` }), 401, 'AUTH_TOKEN_INVALID');
    }
    expectError(await getInfo({ satoken: 'garbage', lang: 'zh' }), 401, 'AUTH_TOKEN_INVALID', 'zh');
  });

  it('every authenticated call refuses a missing token', async () => {
    for (const [method, url] of [
      ['POST', '/api/user/getInfo'],
      ['POST', '/api/user/logout'],
      ['POST', '/api/user/updatePwd'],
      ['POST', '/api/user/updateUserLoginPwd'],
      ['POST', '/api/user/tardPwdSet'],
      ['POST', '/api/mjkj-web/coin/member/tradePwd'],
      ['GET', '/api/mjkj-web/coin/member/getLoginLog'],
      ['GET', '/api/mjkj-web/coin/member/getLoginDevice'],
      ['POST', '/api/mjkj-web/coin/member/deleteDevice/1'],
      ['POST', '/api/mjkj-web/coin/member/updateDevice'],
    ] as const) {
      const payload = url.includes('updateDevice')
        ? { id: '1', name: 'x' }
        : url.includes('Pwd') || url.includes('tradePwd')
          ? url.includes('tardPwdSet')
            ? { loginPassword: 'YQ==', password: 'YWJjMTIz', confirmPassword: 'YWJjMTIz' }
            : { oldPassword: 'YQ==', newPassword: 'YWJjMTIz', confirmPassword: 'YWJjMTIz' }
          : undefined;
      const res = await call(ctx.app, { method, url, ...(payload ? { payload } : {}) });
      expectError(res, 401, 'AUTH_REQUIRED');
    }
  });

  it('a missing or bad token is 401 before the body is looked at', async () => {
    for (const [url, payload] of [
      ['/api/user/updatePwd', { junk: 1 }],
      ['/api/user/tardPwdSet', {}],
      ['/api/mjkj-web/coin/member/tradePwd', { oldPassword: 5 }],
      ['/api/mjkj-web/coin/member/updateDevice', { id: 'x' }],
      ['/api/mjkj-web/coin/member/deleteDevice/not-a-number', undefined],
    ] as const) {
      expectError(
        await call(ctx.app, { method: 'POST', url, ...(payload ? { payload } : {}) }),
        401,
        'AUTH_REQUIRED',
      );
      expectError(
        await call(ctx.app, {
          method: 'POST',
          url,
          headers: { satoken: 'garbage' },
          ...(payload ? { payload } : {}),
        }),
        401,
        'AUTH_TOKEN_INVALID',
      );
    }
    expectError(
      await call(ctx.app, { method: 'GET', url: '/api/mjkj-web/coin/member/getLoginLog?size=0' }),
      401,
      'AUTH_REQUIRED',
    );
  });

  it('logout revokes this session only: then 401 AUTH_TOKEN_REVOKED in every header', async () => {
    const a = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'logout-a1',
    });
    const b = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'logout-b1',
    });
    const res = await call(ctx.app, { method: 'POST', url: '/api/user/logout', headers: auth(a.satoken) });
    expect(res.body).toEqual({ code: 200, msg: tr('en', 'success.logout'), data: null });
    for (const headers of [
      { satoken: a.satoken },
      { authorization: `Bearer ${a.satoken}` },
      { 'blade-auth': a.satoken },
    ] as Array<Record<string, string>>) {
      expectError(await getInfo(headers), 401, 'AUTH_TOKEN_REVOKED');
    }
    expectError(await getInfo({ satoken: a.satoken, lang: 'zh' }), 401, 'AUTH_TOKEN_REVOKED', 'zh');
    expectError(await logout(a.satoken), 401, 'AUTH_TOKEN_REVOKED');
    expectError(await refresh(a.refreshToken), 401, 'AUTH_REFRESH_INVALID');
    expect(await tokenState(ctx.app, b.satoken)).toBe('ok');
  });
});

describe('refresh', () => {
  it('rotates both tokens; the old access and refresh tokens stop working', async () => {
    const d = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'refresh-01',
    });
    const res = await refresh(d.refreshToken);
    expect(res.status).toBe(200);
    const n = res.body.data;
    expect(Object.keys(n).sort()).toEqual(['expiresIn', 'refreshExpiresIn', 'refreshToken', 'satoken']);
    expect(n.satoken).not.toBe(d.satoken);
    expect(n.refreshToken).not.toBe(d.refreshToken);
    expect(n.expiresIn).toBe(ctx.config.ACCESS_TOKEN_TTL_SECONDS);
    expect(await tokenState(ctx.app, n.satoken)).toBe('ok');
    expect(await tokenState(ctx.app, d.satoken)).toBe('AUTH_TOKEN_INVALID');
    // The new refresh token works too (once: presenting it again is reuse, below).
    const again = await refresh(n.refreshToken);
    expect(again.status).toBe(200);
    expect(await tokenState(ctx.app, n.satoken)).toBe('AUTH_TOKEN_INVALID');
    expect(await tokenState(ctx.app, again.body.data.satoken)).toBe('ok');
    // Still one session for the device.
    const devices = await call<unknown[]>(ctx.app, {
      method: 'GET',
      url: '/api/mjkj-web/coin/member/getLoginDevice',
      headers: auth(again.body.data.satoken),
    });
    expect(devices.body.data.filter((x) => (x as { current: boolean }).current)).toHaveLength(1);
  });

  it('reusing a retired refresh token revokes its whole family: current access and refresh tokens die', async () => {
    const d = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'refresh-reuse',
    });
    const other = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'refresh-reuse-other',
    });
    const first = await refresh(d.refreshToken);
    expect(first.status).toBe(200);
    const second = await refresh(first.body.data.refreshToken);
    expect(second.status).toBe(200);
    const current = second.body.data;
    expect(await tokenState(ctx.app, current.satoken)).toBe('ok');
    // Within the grace period a retired token is only refused (another tab refreshed at the same time).
    expectError(await refresh(d.refreshToken), 401, 'AUTH_REFRESH_INVALID');
    expect(await tokenState(ctx.app, current.satoken)).toBe('ok');
    // Later, the first refresh token, two rotations old, shows up again: stolen or leaked.
    ctx.clock.advance(ctx.config.REFRESH_REUSE_GRACE_SECONDS * 1000);
    expectError(await refresh(d.refreshToken), 401, 'AUTH_REFRESH_INVALID');
    expect(await tokenState(ctx.app, current.satoken)).toBe('AUTH_TOKEN_REVOKED');
    expectError(await refresh(current.refreshToken), 401, 'AUTH_REFRESH_INVALID');
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.refreshHash, sha(current.refreshToken)));
    expect(row?.revokeReason).toBe('refresh_reused');
    // Only that family: the user's other device is untouched.
    expect(await tokenState(ctx.app, other.satoken)).toBe('ok');
    // The middle generation is a retired token too: still 401, nothing else happens.
    expectError(await refresh(first.body.data.refreshToken), 401, 'AUTH_REFRESH_INVALID');
    expect(await tokenState(ctx.app, other.satoken)).toBe('ok');
  });

  it('a refresh token sent several times at once rotates exactly once', async () => {
    const d = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'refresh-race',
    });
    const results = await Promise.all([
      refresh(d.refreshToken),
      refresh(d.refreshToken),
      refresh(d.refreshToken),
    ]);
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 401, 'AUTH_REFRESH_INVALID');
    // app.inject handles these one after another, so the later two arrive just after the rotation:
    // within the grace period that is a concurrent refresh (two tabs), refused without ending the session.
    expect(await tokenState(ctx.app, winners[0]?.body.data.satoken ?? '')).toBe('ok');
  });

  it('interleaved refreshes of one token (service level, truly concurrent) rotate once', async () => {
    // app.inject runs these requests one after another; the service calls below interleave their
    // reads and writes, which is the race a check-then-update would lose.
    const d = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'refresh-race2',
    });
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() => ctx.app.services.sessions.refresh(d.refreshToken, 'user')),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected')
        expect((r.reason as { errorCode?: string }).errorCode).toBe('AUTH_REFRESH_INVALID');
    }
    const winner = won[0]?.status === 'fulfilled' ? won[0].value : undefined;
    expect(await tokenState(ctx.app, winner?.satoken ?? '')).toBe('ok');
  });

  it('an unknown refresh token, or an access token, is 401 AUTH_REFRESH_INVALID', async () => {
    const d = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'refresh-02',
    });
    expectError(await refresh('not-a-token'), 401, 'AUTH_REFRESH_INVALID');
    expectError(await refresh(d.satoken), 401, 'AUTH_REFRESH_INVALID');
  });

  it.each<[string, unknown, string, string]>([
    ['missing', undefined, 'refreshToken', 'validation.required'],
    ['empty', '', 'refreshToken', 'validation.required'],
    ['a number', 12345, 'refreshToken', 'validation.invalidType'],
    ['too long', 'r'.repeat(201), 'refreshToken', 'validation.tooLong'],
  ])('refreshToken %s is rejected', async (_n, value, field, key) => {
    const payload = value === undefined ? {} : { refreshToken: value };
    await expectRejected(ctx, { method: 'POST', url: '/api/user/refreshToken', payload }, field, key);
  });

  it('refreshToken with an unknown field is rejected and the token is not spent', async () => {
    const d = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'refresh-03',
    });
    await expectRejected(
      ctx,
      {
        method: 'POST',
        url: '/api/user/refreshToken',
        payload: { refreshToken: d.refreshToken, userId: '1' },
      },
      'userId',
      'validation.unknownField',
    );
    expect((await refresh(d.refreshToken)).status).toBe(200);
  });
});

describe('one session per device', () => {
  it('the same deviceId twice revokes the first token; different deviceIds both stay live', async () => {
    const first = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'phone-aaaa',
    });
    const other = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'laptop-bbbb',
    });
    expect(await tokenState(ctx.app, first.satoken)).toBe('ok');
    expect(await tokenState(ctx.app, other.satoken)).toBe('ok');
    const second = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'phone-aaaa',
    });
    expect(await tokenState(ctx.app, first.satoken)).toBe('AUTH_TOKEN_REVOKED');
    expect(await tokenState(ctx.app, second.satoken)).toBe('ok');
    expect(await tokenState(ctx.app, other.satoken)).toBe('ok');
    expectError(await refresh(first.refreshToken), 401, 'AUTH_REFRESH_INVALID');
  });

  it('without a deviceId the user agent is the device', async () => {
    const u = await registerUser(ctx.app);
    const ua1 = 'Mozilla/5.0 (Windows NT 10.0) Firefox/130.0';
    const ua2 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1';
    const a = await loginOk(ctx.app, { username: u.account, password: u.password, userAgent: ua1 });
    const b = await loginOk(ctx.app, { username: u.account, password: u.password, userAgent: ua2 });
    expect(await tokenState(ctx.app, a.satoken)).toBe('ok');
    const a2 = await loginOk(ctx.app, { username: u.account, password: u.password, userAgent: ua1 });
    expect(await tokenState(ctx.app, a.satoken)).toBe('AUTH_TOKEN_REVOKED');
    expect(await tokenState(ctx.app, a2.satoken)).toBe('ok');
    expect(await tokenState(ctx.app, b.satoken)).toBe('ok');
  });

  it('the same deviceId for two users does not interfere', async () => {
    const u = await registerUser(ctx.app);
    const mine = await loginOk(ctx.app, {
      username: u.account,
      password: u.password,
      deviceId: 'shared-device',
    });
    const hers = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'shared-device',
    });
    expect(await tokenState(ctx.app, mine.satoken)).toBe('ok');
    expect(await tokenState(ctx.app, hers.satoken)).toBe('ok');
  });
});

describe('login: bad input for each field', () => {
  const base = { type: 'account', username: 'AliceLogin', password: 'Passw0rd!' };
  const without = (k: keyof typeof base) => {
    const copy: Record<string, unknown> = { ...base };
    delete copy[k];
    return copy;
  };
  it.each<[string, Record<string, unknown>, string, string]>([
    ['type missing', without('type'), 'type', 'validation.required'],
    ['type unknown', { ...base, type: 'username' }, 'type', 'validation.oneOf'],
    ['type a number', { ...base, type: 1 }, 'type', 'validation.oneOf'],
    ['username missing', without('username'), 'username', 'validation.required'],
    ['username empty', { ...base, username: '' }, 'username', 'validation.required'],
    ['username blank', { ...base, username: '   ' }, 'username', 'validation.required'],
    ['username a number', { ...base, username: 1234 }, 'username', 'validation.invalidType'],
    ['username too long', { ...base, username: 'u'.repeat(255) }, 'username', 'validation.tooLong'],
    ['password missing', without('password'), 'password', 'validation.required'],
    ['password empty', { ...base, password: '' }, 'password', 'validation.required'],
    ['password a number', { ...base, password: 123456 }, 'password', 'validation.invalidType'],
    ['password too long', { ...base, password: 'p'.repeat(129) }, 'password', 'validation.tooLong'],
    ['deviceId too short', { ...base, deviceId: 'dev' }, 'deviceId', 'validation.deviceId'],
    ['deviceId bad characters', { ...base, deviceId: 'dev/../../etc' }, 'deviceId', 'validation.deviceId'],
    ['deviceId a number', { ...base, deviceId: 12345678 }, 'deviceId', 'validation.invalidType'],
    ['unknown field remember', { ...base, remember: true }, 'remember', 'validation.unknownField'],
    ['unknown field userId', { ...base, userId: '1' }, 'userId', 'validation.unknownField'],
  ])('%s', async (_n, payload, field, key) => {
    // The right password for a real account: only the bad field stops it; no session, no log line.
    await expectRejected(ctx, { method: 'POST', url: '/api/user/login', payload }, field, key);
  });
});

describe('expiry', () => {
  it('past ACCESS_TOKEN_TTL_SECONDS the token is 401 AUTH_TOKEN_EXPIRED; refresh works until its own TTL', async () => {
    const app2 = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '600', REFRESH_TOKEN_TTL_SECONDS: '3600' });
    try {
      const u = await registerUser(app2.app);
      const d = await loginOk(app2.app, { username: u.account, password: u.password });
      expect(d.expiresIn).toBe(600);
      app2.clock.advance(599_000);
      expect(await tokenState(app2.app, d.satoken)).toBe('ok');
      app2.clock.advance(1_000);
      expect(await tokenState(app2.app, d.satoken)).toBe('AUTH_TOKEN_EXPIRED');
      const zh = await call(app2.app, {
        method: 'POST',
        url: '/api/user/getInfo',
        headers: { ...auth(d.satoken), lang: 'zh' },
      });
      expectError(zh, 401, 'AUTH_TOKEN_EXPIRED', 'zh');
      // An expired session is not listed as a device, and refresh renews it.
      const r = await call<{ satoken: string; refreshToken: string }>(app2.app, {
        method: 'POST',
        url: '/api/user/refreshToken',
        payload: { refreshToken: d.refreshToken },
      });
      expect(r.status).toBe(200);
      expect(await tokenState(app2.app, r.body.data.satoken)).toBe('ok');
      app2.clock.advance(3_600_000);
      expect(await tokenState(app2.app, r.body.data.satoken)).toBe('AUTH_TOKEN_EXPIRED');
      const late = await call(app2.app, {
        method: 'POST',
        url: '/api/user/refreshToken',
        payload: { refreshToken: r.body.data.refreshToken },
      });
      expectError(late, 401, 'AUTH_REFRESH_INVALID');
    } finally {
      await app2.close();
    }
  });

  it('the default access TTL is honoured too', async () => {
    const d = await loginOk(ctx.app, {
      username: alice.account,
      password: alice.password,
      deviceId: 'expiry-def',
    });
    ctx.clock.advance(ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000 + 1);
    expect(await tokenState(ctx.app, d.satoken)).toBe('AUTH_TOKEN_EXPIRED');
  });
});
