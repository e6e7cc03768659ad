import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerAndLogin, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('smoke', () => {
  it('health', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
  });
  it('register, login, getInfo', async () => {
    const u = await registerAndLogin(ctx.app);
    const info = await call<{ account: string; email: string }>(ctx.app, {
      method: 'POST',
      url: '/api/user/getInfo',
      headers: { satoken: u.token },
    });
    expect(info.body.code).toBe(200);
    expect(info.body.data.account).toBe(u.account);
  });
});
