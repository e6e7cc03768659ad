// Session checks from memory (DESIGN section 8): a token costs one SQL read on first use, never one per
// request; revocation, rotation and expiry still refuse at once; last-seen times are written in batches;
// the cache is bounded; session changes inside a transaction are announced only after the commit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@/db/schema';
import { SessionCache } from '@/modules/auth/session-cache';
import { SessionService } from '@/modules/auth/session-service';
import type { SessionSignalEvent } from '@/modules/auth/session-signal';
import {
  auth,
  b64,
  call,
  createTestApp,
  expectError,
  loginOk,
  registerUser,
  type TestContext,
} from './helpers';

let ctx: TestContext;
let user: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  user = await registerUser(ctx.app);
});
afterAll(async () => ctx.close());

/** An authenticated route that itself touches no SQL, so only the session check could. */
const cheap = (token: string) =>
  call(ctx.app, { method: 'GET', url: '/api/mjkj-web/coin/assets/withdrawalKey', headers: auth(token) });
const signIn = (deviceId: string) =>
  loginOk(ctx.app, { username: user.account, password: user.password, deviceId });
const sessionRow = async (token: string) => {
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await ctx.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
  return row;
};

describe('session checks from memory', () => {
  it('after the first request a token is checked without SQL: its row can vanish and requests still pass', async () => {
    const d = await signIn('cache-memory');
    expect((await cheap(d.satoken)).status).toBe(200);
    const row = await sessionRow(d.satoken);
    // Pull the row from under the cache: a per-request SELECT would now answer AUTH_TOKEN_INVALID.
    await ctx.db.delete(sessions).where(eq(sessions.id, row?.id ?? 0n));
    for (let i = 0; i < 20; i++) expect((await cheap(d.satoken)).status).toBe(200);
  });

  it('last-seen is written in batches, not by the request; the device list shows it at once', async () => {
    const d = await signIn('cache-touch');
    expect((await cheap(d.satoken)).status).toBe(200);
    const before = await sessionRow(d.satoken);
    ctx.clock.advance(120_000);
    expect((await cheap(d.satoken)).status).toBe(200);
    expect((await sessionRow(d.satoken))?.lastSeenAt).toEqual(before?.lastSeenAt);
    const devices = await call<Array<{ id: string; lastSeenTime: string }>>(ctx.app, {
      method: 'GET',
      url: '/api/mjkj-web/coin/member/getLoginDevice',
      headers: auth(d.satoken),
    });
    const mine = devices.body.data.find((x) => x.id === before?.id.toString());
    expect(mine?.lastSeenTime).toBe(ctx.clock.now().toISOString());
    await ctx.app.services.sessions.flushTouches();
    expect((await sessionRow(d.satoken))?.lastSeenAt).toEqual(ctx.clock.now());
  });

  it('logout, password change, device removal and rotation refuse the old token at once', async () => {
    const a = await signIn('cache-rev-a');
    const b = await signIn('cache-rev-b');
    const c = await signIn('cache-rev-c');
    const r = await signIn('cache-rev-r');
    for (const t of [a, b, c, r]) expect((await cheap(t.satoken)).status).toBe(200);

    await call(ctx.app, { method: 'POST', url: '/api/user/logout', headers: auth(a.satoken) });
    expectError(await cheap(a.satoken), 401, 'AUTH_TOKEN_REVOKED');

    const rowC = await sessionRow(c.satoken);
    const removed = await call(ctx.app, {
      method: 'POST',
      url: `/api/mjkj-web/coin/member/deleteDevice/${rowC?.id}`,
      headers: auth(b.satoken),
    });
    expect(removed.status).toBe(200);
    expectError(await cheap(c.satoken), 401, 'AUTH_TOKEN_REVOKED');

    const rotated = await call<{ satoken: string }>(ctx.app, {
      method: 'POST',
      url: '/api/user/refreshToken',
      payload: { refreshToken: r.refreshToken },
    });
    expect(rotated.status).toBe(200);
    expectError(await cheap(r.satoken), 401, 'AUTH_TOKEN_INVALID');
    expect((await cheap(rotated.body.data.satoken)).status).toBe(200);

    const changed = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/updatePwd',
      headers: auth(b.satoken),
      payload: {
        oldPassword: b64(user.password),
        newPassword: b64('Changed-123'),
        confirmPassword: b64('Changed-123'),
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    user = { ...user, password: 'Changed-123' };
    expectError(await cheap(rotated.body.data.satoken), 401, 'AUTH_TOKEN_REVOKED');
    expect((await cheap(b.satoken)).status).toBe(200);
  });

  it('an expired token is refused at once, from memory', async () => {
    const d = await signIn('cache-expiry');
    expect((await cheap(d.satoken)).status).toBe(200);
    ctx.clock.advance(ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000);
    expectError(await cheap(d.satoken), 401, 'AUTH_TOKEN_EXPIRED');
  });

  it('the cache is bounded; a token that fell out is read from SQL again', async () => {
    const service = new SessionService(ctx.db, ctx.config, ctx.clock, { cacheMax: 2 });
    try {
      const client = { ip: '127.0.0.1', userAgent: 'bounded' };
      const issued = [];
      for (let i = 0; i < 4; i++) {
        issued.push(
          await service.issue('user', BigInt(user.user.id), { ...client, deviceId: `bound-${i}0000` }),
        );
      }
      for (const t of issued) await service.resolve(t.satoken, 'user');
      expect(service.cacheSize()).toBe(2);
      for (const t of issued) expect((await service.resolve(t.satoken, 'user')).id).toBe(t.sessionId);
      expect(service.cacheSize()).toBe(2);
    } finally {
      await service.close();
    }
  });

  it('changes inside sessions.transaction are announced after the commit, never after a rollback', async () => {
    const service = new SessionService(ctx.db, ctx.config, ctx.clock);
    const events: SessionSignalEvent[] = [];
    service.onSessionChange((e) => events.push(e));
    try {
      const client = { ip: '127.0.0.1', userAgent: 'tx', deviceId: 'tx-device-01' };
      const t = await service.issue('user', BigInt(user.user.id), client);
      await service.resolve(t.satoken, 'user');
      await expect(
        service.transaction(async (tx) => {
          await service.revoke(t.sessionId, 'test', tx);
          expect(events).toEqual([]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(events).toEqual([]);
      expect((await service.resolve(t.satoken, 'user')).id).toBe(t.sessionId);
      await service.transaction(async (tx) => {
        await service.revoke(t.sessionId, 'test', tx);
        expect(events).toEqual([]);
      });
      expect(events).toEqual([
        {
          kind: 'revoked',
          principalType: 'user',
          principalId: user.user.id,
          sessionIds: [t.sessionId.toString()],
          reason: 'test',
        },
      ]);
      await expect(service.resolve(t.satoken, 'user')).rejects.toMatchObject({
        errorCode: 'AUTH_TOKEN_REVOKED',
      });
      // A revocation in a transaction the service did not open is a programming error: it rolls back.
      const t2 = await service.issue('user', BigInt(user.user.id), { ...client, deviceId: 'tx-device-02' });
      await expect(ctx.db.transaction((tx) => service.revoke(t2.sessionId, 'test', tx))).rejects.toThrow(
        /sessions\.transaction/,
      );
      expect((await service.resolve(t2.satoken, 'user')).id).toBe(t2.sessionId);
    } finally {
      await service.close();
    }
  });
});

describe('SessionCache', () => {
  const session = (id: bigint) => ({
    id,
    principalType: 'user' as const,
    principalId: 1n,
    expiresAt: new Date(8e12),
    lastSeenAt: new Date(0),
  });

  it('does not cache a read that started before a session was dropped (it may be stale)', () => {
    const cache = new SessionCache({ max: 10, ttlMs: 60_000, now: () => 0 });
    const mark = cache.mark();
    cache.evictSessions([7n], 'AUTH_TOKEN_REVOKED');
    cache.putLive('hash-7', session(7n), mark);
    expect(cache.get('hash-7')).toBeUndefined();
    cache.putLive('hash-7', session(7n), cache.mark());
    expect(cache.get('hash-7')).toEqual({ session: session(7n) });
    cache.evictSessions([7n], 'AUTH_TOKEN_REVOKED');
    expect(cache.get('hash-7')).toEqual({ refusal: 'AUTH_TOKEN_REVOKED' });
    expect(cache.session(7n)).toBeUndefined();
  });

  it('re-reads after the TTL (a missed signal cannot keep a session alive for ever)', () => {
    let now = 1_000_000;
    const cache = new SessionCache({ max: 10, ttlMs: 1_000, now: () => now });
    cache.putLive('h', session(1n), cache.mark());
    now += 999;
    expect(cache.get('h')).toBeDefined();
    now += 2;
    expect(cache.get('h')).toBeUndefined();
  });
});
