// Private websocket /ws/coin/{userId}: the token is checked before the upgrade and must belong to userId;
// heartbeats are answered with a ping; money-core balance events arrive as OWNCOIN.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SUBPROTOCOL } from '@/realtime/realtime-plugin';
import { auth, b64, call, createTestApp, loginOk, registerAndLogin, type TestContext } from './helpers';
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

  it('a password change from session B closes session A’s socket at once; no OWNCOIN reaches it', async () => {
    const user = await registerAndLogin(ctx.app);
    const sessionA = await loginOk(ctx.app, {
      username: user.account,
      password: user.password,
      deviceId: 'device-a-0001',
    });
    const sessionB = await loginOk(ctx.app, {
      username: user.account,
      password: user.password,
      deviceId: 'device-b-0001',
    });
    const id = user.user.id;
    const onA = await openWs(`${url}/ws/coin/${id}`, [AUTH_SUBPROTOCOL, sessionA.satoken]);
    const onB = await openWs(`${url}/ws/coin/${id}`, [AUTH_SUBPROTOCOL, sessionB.satoken]);
    await onA.next((f) => f.type === 'USER_STATUS');
    await onB.next((f) => f.type === 'USER_STATUS');
    const changed = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/updatePwd',
      headers: auth(sessionB.satoken),
      payload: {
        oldPassword: b64(user.password),
        newPassword: b64('Changed-123'),
        confirmPassword: b64('Changed-123'),
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // No clock advance, no re-check tick: the revocation itself closes the socket.
    expect(ctx.app.realtime.privateHub.connectionCount(id)).toBe(1);
    await onA.until(() => onA.closeCode, 3000);
    expect(onA.closeCode).toBe(4401);
    const framesBefore = onA.frames.length;
    const result = await ctx.app.core.submit({
      id: randomUUID(),
      actor: 'test',
      ts: ctx.clock.now().getTime(),
      type: 'deposit.credit',
      payload: { userId: id, asset: 'USDT', amount: '7', ref: 'after-revoke' },
    });
    expect(result.ok).toBe(true);
    // B, the session that changed the password, keeps its socket and gets the event; A got nothing more.
    await onB.next((f) => f.type === 'OWNCOIN');
    expect(onA.frames.slice(framesBefore)).toEqual([]);
    onB.close();
  });

  it('logout, device removal and a new login on the same device close the old socket at once', async () => {
    const user = await registerAndLogin(ctx.app);
    const id = user.user.id;
    const signIn = (deviceId: string) =>
      loginOk(ctx.app, { username: user.account, password: user.password, deviceId });
    const keeper = await signIn('keeper-0001');
    const open = async (token: string) => {
      const c = await openWs(`${url}/ws/coin/${id}`, [AUTH_SUBPROTOCOL, token]);
      await c.next((f) => f.type === 'USER_STATUS');
      return c;
    };

    const loggedOut = await signIn('logout-0001');
    const c1 = await open(loggedOut.satoken);
    await call(ctx.app, { method: 'POST', url: '/api/user/logout', headers: auth(loggedOut.satoken) });
    await c1.until(() => c1.closeCode, 3000);
    expect(c1.closeCode).toBe(4401);

    const removed = await signIn('removed-0001');
    const c2 = await open(removed.satoken);
    const devices = await call<Array<{ id: string; current: boolean }>>(ctx.app, {
      method: 'GET',
      url: '/api/mjkj-web/coin/member/getLoginDevice',
      headers: auth(removed.satoken),
    });
    const removedId = devices.body.data.find((d) => d.current)?.id;
    await call(ctx.app, {
      method: 'POST',
      url: `/api/mjkj-web/coin/member/deleteDevice/${removedId}`,
      headers: auth(keeper.satoken),
    });
    await c2.until(() => c2.closeCode, 3000);
    expect(c2.closeCode).toBe(4401);

    const replaced = await signIn('replaced-0001');
    const c3 = await open(replaced.satoken);
    await signIn('replaced-0001');
    await c3.until(() => c3.closeCode, 3000);
    expect(c3.closeCode).toBe(4401);

    // A refresh keeps the session (and its socket): only the token changed.
    const refreshed = await signIn('refreshed-0001');
    const c4 = await open(refreshed.satoken);
    const r = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/refreshToken',
      payload: { refreshToken: refreshed.refreshToken },
    });
    expect(r.status).toBe(200);
    ctx.clock.advance(61_000);
    (ctx.app.realtime.privateHub as unknown as { tick(): void }).tick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(c4.closeCode).toBeUndefined();
    c4.close();
  });

  it('closes the channel with 4401 once the session expires (periodic re-check)', async () => {
    const user = await registerAndLogin(ctx.app);
    const c = await openWs(`${url}/ws/coin/${user.user.id}`, [AUTH_SUBPROTOCOL, user.token]);
    await c.next((f) => f.type === 'USER_STATUS');
    // Drive the hub's periodic check directly instead of waiting 25 s.
    ctx.clock.advance(61_000);
    (ctx.app.realtime.privateHub as unknown as { tick(): void }).tick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(c.closeCode).toBeUndefined();
    ctx.clock.advance(ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000);
    // A client message first, so the socket is not also idle by the jumped clock.
    const seen = c.frames.length;
    c.send({ type: 'HEARTBEAT' });
    await c.next((f) => f.type === 'PING', 3000, seen);
    (ctx.app.realtime.privateHub as unknown as { tick(): void }).tick();
    await c.until(() => c.closeCode, 3000);
    expect(c.closeCode).toBe(4401);
  });
});
