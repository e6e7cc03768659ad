// Read caches across processes (issue 19): two app instances on one database, joined by the NATS bus
// (CLUSTER_BUS_URL): a cache invalidation and a session revocation made by one reach the other's caches
// at once. Skipped with a message when NATS is unreachable.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { users } from '@/db/schema';
import { INVALIDATION_TOPICS } from '@/lib/invalidation-bus';
import { auth, call, createTestApp, registerAndLogin, type TestContext, type UserInfo } from './helpers';
import { jetStreamReachable, NATS_URL, uniqueStream } from './jetstream-helpers';

const available = await jetStreamReachable();
if (!available) console.warn(`Cluster cache tests SKIPPED: no NATS at ${NATS_URL}`);

const until = async (check: () => Promise<boolean>, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
};

describe.skipIf(!available)('caches of two processes joined by the NATS bus', () => {
  let a: TestContext;
  let b: FastifyInstance;
  let user: { id: string; token: string };

  const infoOn = (app: FastifyInstance, token: string) =>
    call<UserInfo>(app, { method: 'POST', url: '/api/user/getInfo', headers: auth(token) });

  beforeAll(async () => {
    a = await createTestApp({ CLUSTER_BUS_URL: NATS_URL, JOURNAL_STREAM: uniqueStream('TEST_BUS') });
    b = await buildApp({ config: a.config, database: a.database, clock: a.clock, closeDatabase: false });
    await b.ready();
    const u = await registerAndLogin(a.app);
    user = { id: u.user.id, token: u.token };
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('an invalidation published by one process drops the entry in the other', async () => {
    // B caches the user's row.
    const before = await infoOn(b, user.token);
    expect(before.status).toBe(200);
    const old = (before.body.data as UserInfo).avatar;
    await a.db
      .update(users)
      .set({ avatar: '/static/changed.png' })
      .where(eq(users.id, BigInt(user.id)));
    // Still cached on B: nothing announced the change yet.
    expect((await infoOn(b, user.token)).body.data?.avatar).toBe(old);
    await a.app.services.invalidation.publish(INVALIDATION_TOPICS.userInfo, user.id);
    expect(
      await until(async () => (await infoOn(b, user.token)).body.data?.avatar === '/static/changed.png'),
    ).toBe(true);
  });

  it('a logout on one process ends the token on the other at once', async () => {
    expect((await infoOn(b, user.token)).status).toBe(200);
    const out = await call(a.app, { method: 'POST', url: '/api/user/logout', headers: auth(user.token) });
    expect(out.status).toBe(200);
    expect(await until(async () => (await infoOn(b, user.token)).status === 401)).toBe(true);
  });
});
