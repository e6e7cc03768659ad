// Two calls of spec section 7 that answered 404: POST /api/blade-user/update-password (query) and
// POST /api/texchange/getCurrencyPrice (query). (Query passwords are masked in request logs: lib/log-redact.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  b64,
  call,
  createTestApp,
  expectValidation,
  loginOk,
  registerUser,
  type TestContext,
  tokenState,
} from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('POST /api/blade-user/update-password', () => {
  it('changes the login password from query fields and signs out the other devices', async () => {
    const u = await registerUser(ctx.app);
    const keep = await loginOk(ctx.app, {
      username: u.account,
      password: u.password,
      deviceId: 'blade-dev-1',
    });
    const other = await loginOk(ctx.app, {
      username: u.account,
      password: u.password,
      deviceId: 'blade-dev-2',
    });
    const q = new URLSearchParams({
      oldPassword: b64(u.password),
      newPassword: b64('Blade-New-1'),
      newPassword1: b64('Blade-New-1'),
    });
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/blade-user/update-password?${q}`,
      headers: auth(keep.satoken),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await tokenState(ctx.app, other.satoken)).not.toBe('ok');
    await loginOk(ctx.app, { username: u.account, password: 'Blade-New-1' });
  });

  it('refuses a mismatch or a missing field and needs a session', async () => {
    const u = await registerUser(ctx.app);
    const s = await loginOk(ctx.app, { username: u.account, password: u.password });
    const missing = new URLSearchParams({ oldPassword: b64(u.password), newPassword: b64('Blade-New-1') });
    expectValidation(
      await call(ctx.app, {
        method: 'POST',
        url: `/api/blade-user/update-password?${missing}`,
        headers: auth(s.satoken),
      }),
      'newPassword1',
      'validation.required',
    );
    const mismatch = new URLSearchParams({
      oldPassword: b64(u.password),
      newPassword: b64('Blade-New-1'),
      newPassword1: b64('Blade-New-2'),
    });
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/blade-user/update-password?${mismatch}`,
      headers: auth(s.satoken),
    });
    expect(res.status).toBe(422);
    expect(res.body.errorCode).toBe('PASSWORD_MISMATCH');
    const anon = await call(ctx.app, { method: 'POST', url: `/api/blade-user/update-password?${mismatch}` });
    expect(anon.status).toBe(401);
  });
});

describe('POST /api/texchange/getCurrencyPrice', () => {
  it('answers the swap quote like the GET form', async () => {
    ctx.app.market.step();
    const post = await call<{ price: string }>(ctx.app, {
      method: 'POST',
      url: '/api/texchange/getCurrencyPrice?from=BTC&to=USDT',
    });
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    const get = await call<{ price: string }>(ctx.app, {
      method: 'GET',
      url: '/api/texchange/getCurrencyPrice?from=BTC&to=USDT',
    });
    expect(post.body.data.price).toBe(get.body.data.price);
    expect(Number(post.body.data.price)).toBeGreaterThan(0);
  });
});
