// API keys (docs/api-keys.md): create (secret shown once, stored sealed), list, delete, limits and bad
// input; signed requests (HMAC-SHA256 over timestamp, method, path and body) accepted by the spot order
// routes and account reads, refused with a wrong secret, an old timestamp, a replay, a missing permission,
// a foreign IP, or on any other route (withdrawals); the key lookup served from memory; a second user
// reaches nothing of the first's; and the documented example client run against a listening server.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiKeys } from '@/db/schema';
import { sign, signaturePayload } from '@/modules/security/api-key-auth';
import { API_KEYS_PER_USER } from '@/modules/security/api-key-service';
import { totpNow } from '@/modules/security/totp';
import { auth, b64, call, dbSnapshot, expectError, expectRejected, tr } from './helpers';
import {
  API,
  createWalletApp,
  credit,
  encryptFor,
  FUND_PASSWORD,
  spot,
  TRX_ADDRESS,
  walletUser,
  withdrawalKey,
} from './wallet-kit';

const M = `${API}/member`;
let ctx: Awaited<ReturnType<typeof createWalletApp>>;

interface KeyView {
  id: string;
  label: string;
  apiKey: string;
  permissions: string[];
  ipAllowlist: string[];
  createTime: string;
  secretKey?: string;
}

beforeAll(async () => {
  ctx = await createWalletApp({ MARKET_MAKER: 'false' });
  await ctx.app.market.step();
});
afterAll(async () => ctx.close());

async function createKey(token: string, body: Record<string, unknown>) {
  const res = await call<KeyView>(ctx.app, {
    method: 'POST',
    url: `${M}/api`,
    headers: auth(token),
    payload: body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { apiKey: res.body.data.apiKey, secret: res.body.data.secretKey ?? '', id: res.body.data.id };
}

interface SignOptions {
  timestamp?: number;
  secret?: string;
  recvWindow?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/** A request signed as the documented scheme says: HMAC(secret, timestamp + METHOD + path + body). */
function signed<T = unknown>(
  key: { apiKey: string; secret: string },
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  opts: SignOptions = {},
) {
  // A fresh millisecond per request: the same signed request twice is a replay.
  if (opts.timestamp === undefined) ctx.clock.advance(1);
  const timestamp = String(opts.timestamp ?? ctx.clock.now().getTime());
  const text = body === undefined ? '' : JSON.stringify(body);
  const signature = sign(opts.secret ?? key.secret, signaturePayload(timestamp, method, url, text));
  return call<T>(ctx.app, {
    method,
    url,
    headers: {
      'x-api-key': key.apiKey,
      'x-api-timestamp': timestamp,
      'x-api-signature': signature,
      ...(opts.recvWindow ? { 'x-api-recv-window': opts.recvWindow } : {}),
      ...(text ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    ...(text ? { payload: text } : {}),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
}

const BALANCE = `${API}/assets/getMyBalance?type=1`;
const order = { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '10000', quantity: '0.01' };

describe('managing keys', () => {
  it('creates a key whose secret is shown once and stored sealed; the list never shows it', async () => {
    const u = await walletUser(ctx.app);
    const res = await call<KeyView>(ctx.app, {
      method: 'POST',
      url: `${M}/api`,
      headers: { ...auth(u.token), lang: 'ja' },
      payload: { label: 'bot 1', permissions: ['read', 'trade'], ipAllowlist: ['127.0.0.1', '10.0.0.0/8'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      label: 'bot 1',
      permissions: ['read', 'trade'],
      ipAllowlist: ['127.0.0.1', '10.0.0.0/8'],
    });
    expect(res.body.data.apiKey).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.data.secretKey).toMatch(/^[0-9a-f]{64}$/);
    const list = await call<{ records: KeyView[]; total: number }>(ctx.app, {
      method: 'GET',
      url: `${M}/apis`,
      headers: auth(u.token),
    });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.records[0]).toMatchObject({ id: res.body.data.id, apiKey: res.body.data.apiKey });
    expect(JSON.stringify(list.body)).not.toContain(res.body.data.secretKey);
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.apiKey, res.body.data.apiKey));
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(res.body.data.secretKey ?? '-');
  });

  it('refuses bad input with localized messages and creates nothing', async () => {
    const u = await walletUser(ctx.app);
    const req = (payload: Record<string, unknown>) => ({
      method: 'POST' as const,
      url: `${M}/api`,
      headers: auth(u.token),
      payload,
    });
    await expectRejected(
      ctx,
      req({ label: 'x', permissions: ['withdraw'] }),
      'permissions.0',
      'validation.apiPermission',
    );
    await expectRejected(ctx, req({ label: 'x', permissions: [] }), 'permissions', 'validation.minItems');
    await expectRejected(ctx, req({ permissions: ['read'] }), 'label', 'validation.required');
    await expectRejected(
      ctx,
      req({ label: 'x'.repeat(41), permissions: ['read'] }),
      'label',
      'validation.tooLong',
    );
    await expectRejected(
      ctx,
      req({ label: 'x', permissions: ['read'], ipAllowlist: ['not-an-ip'] }),
      'ipAllowlist.0',
      'validation.ip',
    );
    await expectRejected(
      ctx,
      req({ label: 'x', permissions: ['read'], ipAllowlist: ['1.2.3.400'] }),
      'ipAllowlist.0',
      'validation.ip',
    );
    await expectRejected(
      ctx,
      req({ label: 'x', permissions: ['read'], ipAllowlist: ['10.0.0.0/33'] }),
      'ipAllowlist.0',
      'validation.ip',
    );
    await expectRejected(
      ctx,
      req({ label: 'x', permissions: ['read'], canWithdraw: true }),
      'canWithdraw',
      'validation.unknownField',
    );
    expect(
      (
        await ctx.db
          .select()
          .from(apiKeys)
          .where(eq(apiKeys.userId, BigInt(u.userId)))
      ).length,
    ).toBe(0);
  });

  it(`allows at most ${API_KEYS_PER_USER} keys per user`, async () => {
    const u = await walletUser(ctx.app);
    for (let i = 0; i < API_KEYS_PER_USER; i++)
      await createKey(u.token, { label: `k${i}`, permissions: ['read'] });
    const over = await call(ctx.app, {
      method: 'POST',
      url: `${M}/api`,
      headers: auth(u.token),
      payload: { label: 'one more', permissions: ['read'] },
    });
    expect(over.status).toBe(409);
    expect(over.body.errorCode).toBe('API_KEY_LIMIT_REACHED');
    expect(over.body.msg).toBe(tr('en', 'errors.API_KEY_LIMIT_REACHED', { max: API_KEYS_PER_USER }));
  });

  it('needs the authenticator code to create a key when one is bound', async () => {
    const u = await walletUser(ctx.app);
    const setup = await call<{ secret: string }>(ctx.app, {
      method: 'GET',
      url: `${M}/getGoogleVerification/1`,
      headers: auth(u.token),
    });
    const secret = setup.body.data.secret;
    const bind = await call(ctx.app, {
      method: 'GET',
      url: `${M}/googleVerificationBindingOrReset/${totpNow(secret, ctx.clock.now())}/1?password=${encodeURIComponent(b64(u.password))}`,
      headers: auth(u.token),
    });
    expect(bind.status).toBe(200);
    ctx.clock.advance(30_000);
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `${M}/api`,
        headers: auth(u.token),
        payload: { label: 'k', permissions: ['read'] },
      }),
      400,
      'GOOGLE_CODE_REQUIRED',
    );
    await createKey(u.token, {
      label: 'k',
      permissions: ['read'],
      googleCode: totpNow(secret, ctx.clock.now()),
    });
  });

  it('a second user can neither list nor delete the first user’s keys', async () => {
    const a = await walletUser(ctx.app);
    const b = await walletUser(ctx.app);
    const key = await createKey(a.token, { label: 'mine', permissions: ['read'] });
    const listB = await call<{ records: KeyView[]; total: number }>(ctx.app, {
      method: 'GET',
      url: `${M}/apis`,
      headers: auth(b.token),
    });
    expect(listB.body.data).toMatchObject({ total: 0, records: [] });
    const before = await dbSnapshot(ctx.db);
    expectError(
      await call(ctx.app, { method: 'GET', url: `${M}/api/del?id=${key.id}`, headers: auth(b.token) }),
      404,
      'API_KEY_NOT_FOUND',
    );
    expect(await dbSnapshot(ctx.db)).toBe(before);
    expect((await signed(key, 'GET', BALANCE)).status).toBe(200);
    // The owner deletes it: the next signed request is refused at once.
    expect(
      (await call(ctx.app, { method: 'GET', url: `${M}/api/del?id=${key.id}`, headers: auth(a.token) }))
        .status,
    ).toBe(200);
    expectError(await signed(key, 'GET', BALANCE), 401, 'API_KEY_INVALID');
    expectError(
      await call(ctx.app, { method: 'GET', url: `${M}/api/del?id=${key.id}`, headers: auth(a.token) }),
      404,
      'API_KEY_NOT_FOUND',
    );
  });
});

describe('signed requests', () => {
  let user: Awaited<ReturnType<typeof walletUser>>;
  let trader: { apiKey: string; secret: string; id: string };
  let reader: { apiKey: string; secret: string; id: string };

  beforeAll(async () => {
    user = await walletUser(ctx.app);
    await credit(ctx.app, user.userId, 'USDT', '1000');
    trader = await createKey(user.token, { label: 'trader', permissions: ['read', 'trade'] });
    reader = await createKey(user.token, { label: 'reader', permissions: ['read'] });
  });

  it('read the account and trade spot as the key’s owner', async () => {
    const bal = await signed<
      Array<{ coin: string; available: string }> | { list: Array<{ coin: string; available: string }> }
    >(trader, 'GET', BALANCE);
    expect(bal.status, JSON.stringify(bal.body)).toBe(200);
    expect(JSON.stringify(bal.body.data)).toContain('"1000"');
    const placed = await signed<{ id: string; status: number }>(
      trader,
      'POST',
      '/api/currency/order/submit',
      order,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(spot(ctx.app, user.userId, 'USDT').frozen).not.toBe('0');
    const list = await signed<{ records: Array<{ id: string }> }>(
      trader,
      'POST',
      '/api/currency/order/orderList',
      { status: 0 },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const cancelled = await signed(
      trader,
      'POST',
      `/api/currency/order/cancelOrder?id=${placed.body.data.id}`,
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(spot(ctx.app, user.userId, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    const info = await signed<{ userId: string }>(reader, 'POST', '/api/user/getInfo');
    expect(info.body.data.userId).toBe(user.userId);
  });

  it('refuse a wrong secret, an old or future timestamp, a replay and a body that was not signed', async () => {
    const before = spot(ctx.app, user.userId, 'USDT');
    const wrong = await signed(trader, 'POST', '/api/currency/order/submit', order, {
      secret: 'f'.repeat(64),
    });
    expectError(wrong, 401, 'API_SIGNATURE_INVALID');
    const now = ctx.clock.now().getTime();
    expectError(
      await signed(trader, 'GET', BALANCE, undefined, { timestamp: now - 5_001 }),
      401,
      'API_TIMESTAMP_INVALID',
    );
    expectError(
      await signed(trader, 'GET', BALANCE, undefined, { timestamp: now + 5_000 }),
      401,
      'API_TIMESTAMP_INVALID',
    );
    // A wider receive window (at most 60 s) accepts an older request.
    expect(
      (await signed(trader, 'GET', BALANCE, undefined, { timestamp: now - 20_000, recvWindow: '30000' }))
        .status,
    ).toBe(200);
    expectError(
      await signed(trader, 'GET', BALANCE, undefined, { recvWindow: '60001' }),
      401,
      'API_TIMESTAMP_INVALID',
    );
    // The same signed request twice: the second is a replay.
    const ts = now - 1;
    expect((await signed(trader, 'GET', BALANCE, undefined, { timestamp: ts })).status).toBe(200);
    expectError(
      await signed(trader, 'GET', BALANCE, undefined, { timestamp: ts }),
      401,
      'API_REQUEST_REPLAYED',
    );
    // A signature over one body does not cover another.
    const timestamp = String(now);
    const sig = sign(
      trader.secret,
      signaturePayload(timestamp, 'POST', '/api/currency/order/submit', JSON.stringify(order)),
    );
    const tampered = await call(ctx.app, {
      method: 'POST',
      url: '/api/currency/order/submit',
      headers: {
        'x-api-key': trader.apiKey,
        'x-api-timestamp': timestamp,
        'x-api-signature': sig,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ ...order, quantity: '0.02' }),
    });
    expectError(tampered, 401, 'API_SIGNATURE_INVALID');
    expectError(
      await signed({ apiKey: 'a'.repeat(64), secret: trader.secret }, 'GET', BALANCE),
      401,
      'API_KEY_INVALID',
    );
    expectError(
      await signed({ apiKey: 'not-a-key', secret: trader.secret }, 'GET', BALANCE),
      401,
      'API_KEY_INVALID',
    );
    expect(spot(ctx.app, user.userId, 'USDT')).toEqual(before);
  });

  it('a read-only key cannot trade; no key can withdraw or manage keys, and nothing moves', async () => {
    const before = spot(ctx.app, user.userId, 'USDT');
    expectError(
      await signed(reader, 'POST', '/api/currency/order/submit', order),
      403,
      'API_KEY_PERMISSION_DENIED',
    );
    const publicKey = await withdrawalKey(ctx.app, user.token);
    const body = encryptFor(publicKey, {
      coin: 'USDT',
      address: TRX_ADDRESS,
      amount: '10',
      tradePwd: b64(FUND_PASSWORD),
    });
    const snapshot = await dbSnapshot(ctx.db);
    for (const url of [`${API}/assets/withdrawal`, '/api/withdraw/submit']) {
      expectError(await signed(trader, 'POST', url, body), 403, 'API_KEY_ROUTE_NOT_ALLOWED');
    }
    expectError(
      await signed(trader, 'POST', `${M}/api`, { label: 'x', permissions: ['read'] }),
      403,
      'API_KEY_ROUTE_NOT_ALLOWED',
    );
    expectError(
      await signed(trader, 'GET', `${M}/api/del?id=${trader.id}`),
      403,
      'API_KEY_ROUTE_NOT_ALLOWED',
    );
    expectError(
      await signed(trader, 'POST', '/api/asset/transferFunds', {
        from: '1',
        to: '2',
        coin: 'USDT',
        amount: '1',
      }),
      403,
      'API_KEY_ROUTE_NOT_ALLOWED',
    );
    expect(await dbSnapshot(ctx.db)).toBe(snapshot);
    expect(spot(ctx.app, user.userId, 'USDT')).toEqual(before);
  });

  it('an IP allowlist admits only its addresses (exact and CIDR, IPv4-mapped IPv6 included)', async () => {
    const key = await createKey(user.token, {
      label: 'office',
      permissions: ['read'],
      ipAllowlist: ['203.0.113.7', '198.51.100.0/24'],
    });
    expectError(
      await signed(key, 'GET', BALANCE, undefined, { remoteAddress: '192.0.2.1' }),
      403,
      'API_KEY_IP_DENIED',
    );
    expect((await signed(key, 'GET', BALANCE, undefined, { remoteAddress: '203.0.113.7' })).status).toBe(200);
    expect((await signed(key, 'GET', BALANCE, undefined, { remoteAddress: '198.51.100.200' })).status).toBe(
      200,
    );
    expect(
      (await signed(key, 'GET', BALANCE, undefined, { remoteAddress: '::ffff:198.51.100.9' })).status,
    ).toBe(200);
  });

  it('looks keys up in memory: a row removed behind its back still answers until a change is announced', async () => {
    const key = await createKey(user.token, { label: 'cached', permissions: ['read'] });
    expect((await signed(key, 'GET', BALANCE)).status).toBe(200);
    // Deleting the row directly (no announcement) does not reach the cached entry: no SQL per request.
    await ctx.db.delete(apiKeys).where(eq(apiKeys.id, BigInt(key.id)));
    expect((await signed(key, 'GET', BALANCE)).status).toBe(200);
    // An announced change drops it.
    await ctx.app.services.invalidation.publish('security.apiKey', key.apiKey);
    expectError(await signed(key, 'GET', BALANCE), 401, 'API_KEY_INVALID');
  });

  it('the documented example client signs requests the server accepts', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // The example signs with the real time: the test clock follows it while the child runs (a child
    // that starts slowly on a busy machine would otherwise sign seconds past a clock set only once).
    ctx.clock.advance(Date.now() - ctx.clock.now().getTime());
    const realTime = vi.spyOn(ctx.clock, 'now').mockImplementation(() => new Date());
    onTestFinished(() => realTime.mockRestore());
    const script = fileURLToPath(new URL('../../../docs/examples/api-key-client.mjs', import.meta.url));
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [script], {
        env: {
          ...process.env,
          API_BASE: `http://127.0.0.1:${port}`,
          API_KEY: trader.apiKey,
          API_SECRET: trader.secret,
          PLACE_ORDER: '1',
        },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        err += d;
      });
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`))));
    });
    const steps = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { step: string; reply: { code: number; errorCode?: string } });
    expect(
      steps.map((s) => [s.step, s.reply.code]),
      output,
    ).toEqual([
      ['balances', 200],
      ['order', 200],
      ['cancel', 200],
    ]);
    expect(spot(ctx.app, user.userId, 'USDT')).toEqual({ available: '1000', frozen: '0' });
  });
});
