// Private websocket /ws/coin/{userId}: the token is checked before the upgrade and must belong to userId;
// heartbeats are answered with a ping; money-core balance events arrive as OWNCOIN.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SUBPROTOCOL } from '@/realtime/realtime-plugin';
import { createTestApp, registerAndLogin, type TestContext } from './helpers';
import { baseUrl, openWs } from './realtime-ws-client';

let ctx: TestContext;
let url: string;
let a: { id: string; token: string };
let b: { id: string; token: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(ctx.app);
  const ua = await registerAndLogin(ctx.app);
  const ub = await registerAndLogin(ctx.app);
  a = { id: ua.user.id, token: ua.token };
  b = { id: ub.user.id, token: ub.token };
});
afterAll(async () => ctx.close());

describe('private websocket', () => {
  it('refuses the upgrade without a token (401), with a bad token (401) and with another user token (403)', async () => {
    await expect(openWs(`${url}/ws/coin/${a.id}`)).rejects.toThrow('HTTP 401');
    await expect(openWs(`${url}/ws/coin/${a.id}`, [AUTH_SUBPROTOCOL, 'garbage'])).rejects.toThrow('HTTP 401');
    await expect(openWs(`${url}/ws/coin/${a.id}`, [AUTH_SUBPROTOCOL, b.token])).rejects.toThrow('HTTP 403');
    await expect(openWs(`${url}/ws/coin/${a.id}?token=${b.token}`)).rejects.toThrow('HTTP 403');
    await expect(
      openWs(`${url}/ws/coin/${a.id}`, undefined, { headers: { satoken: b.token } }),
    ).rejects.toThrow('HTTP 403');
    await expect(openWs(`${url}/ws/coin/abc`, [AUTH_SUBPROTOCOL, a.token])).rejects.toThrow('HTTP 403');
    expect(ctx.app.realtime.privateHub.connectionCount(a.id)).toBe(0);
  });

  it('opens with the subprotocol, query or header token; sends USER_STATUS; answers HEARTBEAT with a ping', async () => {
    const viaProtocol = await openWs(`${url}/ws/coin/${a.id}`, [AUTH_SUBPROTOCOL, a.token]);
    expect(viaProtocol.socket.protocol).toBe(AUTH_SUBPROTOCOL);
    const viaQuery = await openWs(`${url}/ws/coin/${a.id}?token=${a.token}`);
    const viaHeader = await openWs(`${url}/ws/coin/${a.id}`, undefined, { headers: { satoken: a.token } });
    const status = await viaProtocol.next((f) => f.type === 'USER_STATUS');
    expect(status.data).toMatchObject({ userId: a.id, status: 'online', isMerchant: 1 });
    expect(ctx.app.realtime.privateHub.connectionCount(a.id)).toBe(3);

    let pinged = false;
    viaProtocol.socket.on('ping', () => {
      pinged = true;
    });
    viaProtocol.send({ type: 'HEARTBEAT' });
    await viaProtocol.next((f) => f.type === 'PING');
    await viaProtocol.until(() => pinged);
    viaProtocol.send('junk');
    expect((await viaProtocol.next((f) => f.type === 'ERROR')).code).toBe('WS_BAD_MESSAGE');

    for (const c of [viaProtocol, viaQuery, viaHeader]) c.close();
    await viaQuery.until(() => ctx.app.realtime.privateHub.connectionCount(a.id) === 0);
  });

  it('pushes OWNCOIN for the user’s own money-core balance changes only', async () => {
    const mine = await openWs(`${url}/ws/coin/${a.id}`, [AUTH_SUBPROTOCOL, a.token]);
    const theirs = await openWs(`${url}/ws/coin/${b.id}`, [AUTH_SUBPROTOCOL, b.token]);
    await mine.next((f) => f.type === 'USER_STATUS');
    await theirs.next((f) => f.type === 'USER_STATUS');
    const result = await ctx.app.core.submit({
      id: randomUUID(),
      actor: 'test',
      ts: ctx.clock.now().getTime(),
      type: 'deposit.credit',
      payload: { userId: a.id, asset: 'USDT', amount: '125.5', ref: 'test-deposit' },
    });
    expect(result.ok).toBe(true);
    const owncoin = await mine.next((f) => f.type === 'OWNCOIN');
    expect(owncoin.data).toMatchObject({
      userId: a.id,
      asset: 'USDT',
      accountType: 'spot',
      accountTypeCode: '1',
      available: '125.5',
      frozen: '0',
    });
    // B's socket saw nothing of A's balance.
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.frames.some((f) => f.type === 'OWNCOIN')).toBe(false);
    mine.close();
    theirs.close();
  });

  it('closes the channel with 4401 after the session is revoked (periodic re-check)', async () => {
    const user = await registerAndLogin(ctx.app);
    const c = await openWs(`${url}/ws/coin/${user.user.id}`, [AUTH_SUBPROTOCOL, user.token]);
    await c.next((f) => f.type === 'USER_STATUS');
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { satoken: user.token },
    });
    expect(logout.statusCode).toBe(200);
    // Drive the hub's periodic check directly instead of waiting 25 s.
    ctx.clock.advance(61_000);
    (ctx.app.realtime.privateHub as unknown as { tick(): void }).tick();
    await c.until(() => c.closeCode, 3000);
    expect(c.closeCode).toBe(4401);
  });
});
