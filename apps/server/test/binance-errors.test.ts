// The Binance-compatible API's refusals (docs/binance-compat.md "Errors"): Binance's {code, msg} with its
// negative codes for a wrong signature, a stale timestamp or receive window, a key without the trade
// permission or from an address off its allowlist, an unknown symbol, filter failures, insufficient
// balance, another user's order; parameter errors; limits and their headers. A refusal changes nothing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestLimiter } from '@/modules/binance/binance-limits';
import {
  type BinanceTestApp,
  createBinanceApp,
  hmac,
  type KeyedUser,
  keyedUser,
  signedQuery,
} from './binance-kit';

let ctx: BinanceTestApp;
let app: FastifyInstance;
let user: KeyedUser;
let other: KeyedUser;

beforeAll(async () => {
  ctx = await createBinanceApp();
  app = ctx.app;
  await app.market.step();
  user = await keyedUser(app);
  other = await keyedUser(app);
}, 60_000);
afterAll(async () => ctx?.close());

const V3 = '/binance/api/v3';

interface Reply {
  status: number;
  body: { code?: number; msg?: string } & Record<string, unknown>;
  headers: Record<string, unknown>;
}

async function req(
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  path: string,
  opts: { key?: string; query?: string; body?: string; remoteAddress?: string } = {},
): Promise<Reply> {
  const res = await app.inject({
    method,
    url: `${V3}${path}${opts.query ? `?${opts.query}` : ''}`,
    headers: {
      ...(opts.key ? { 'x-mbx-apikey': opts.key } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(opts.body !== undefined ? { payload: opts.body } : {}),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const limitBuy = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '10000',
  quantity: '0.01',
};

function order(
  u: { apiKey: string; secret: string },
  params: Record<string, string>,
  remoteAddress?: string,
) {
  return req('POST', '/order', {
    key: u.apiKey,
    body: signedQuery(u.secret, params),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function expectRefusal(r: Reply, code: number, status = 400, msg?: string | RegExp) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  expect(typeof r.body.msg).toBe('string');
  if (msg !== undefined) expect(r.body.msg).toMatch(msg);
  expect(Object.keys(r.body).sort()).toEqual(['code', 'msg']);
}

/** Runs refusals and checks that no balance and no open order moved (the core may record a refusal). */
async function unchanged(fn: () => Promise<void>) {
  const state = () =>
    JSON.stringify(
      [user, other].map((u) => [app.core.balancesOf(u.userId), app.core.spotOpenOrders(u.userId).length]),
    );
  const before = state();
  await fn();
  expect(state()).toBe(before);
}

describe('signature, timestamp and receive window', () => {
  it('accepts a correctly signed order in the body and in the query string', async () => {
    const r = await order(user, limitBuy);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ symbol: 'BTCUSDT', status: 'NEW', type: 'LIMIT', side: 'BUY' });
    expect(r.headers['x-mbx-order-count-10s']).toBe('1');
    expect(r.headers['x-mbx-used-weight-1m']).toBeDefined();
    const q = await req('GET', '/openOrders', {
      key: user.apiKey,
      query: signedQuery(user.secret, { symbol: 'BTCUSDT' }),
    });
    expect(q.status).toBe(200);
    expect((q.body as unknown as unknown[]).length).toBe(1);
  });

  it('refuses a wrong signature with -1022', async () => {
    await unchanged(async () => {
      const body = signedQuery('f'.repeat(64), limitBuy);
      expectRefusal(await req('POST', '/order', { key: user.apiKey, body }), -1022, 400, /Signature/);
      // A parameter changed after signing.
      const good = signedQuery(user.secret, limitBuy).replace('quantity=0.01', 'quantity=0.02');
      expectRefusal(await req('POST', '/order', { key: user.apiKey, body: good }), -1022);
    });
  });

  it('refuses a stale or future timestamp with -1021, a receive window over 60000 with -1131', async () => {
    await unchanged(async () => {
      const now = Date.now();
      expectRefusal(
        await req('POST', '/order', {
          key: user.apiKey,
          body: signedQuery(user.secret, limitBuy, { timestamp: now - 10_000 }),
        }),
        -1021,
        400,
        /recvWindow/,
      );
      expectRefusal(
        await req('POST', '/order', {
          key: user.apiKey,
          body: signedQuery(user.secret, limitBuy, { timestamp: now + 5_000 }),
        }),
        -1021,
      );
      expectRefusal(
        await req('POST', '/order', {
          key: user.apiKey,
          body: signedQuery(user.secret, { ...limitBuy, recvWindow: '60001' }),
        }),
        -1131,
      );
      expectRefusal(
        await req('GET', '/account', { key: user.apiKey, query: 'signature=00' }),
        -1102,
        400,
        /timestamp/,
      );
    });
    // A wider window (up to 60 s) admits an older timestamp.
    const wide = signedQuery(user.secret, { recvWindow: '20000' }, { timestamp: Date.now() - 10_000 });
    expect((await req('GET', '/account', { key: user.apiKey, query: wide })).status).toBe(200);
  });

  it('refuses the same signed request twice', async () => {
    const query = signedQuery(user.secret, {});
    expect((await req('GET', '/account', { key: user.apiKey, query })).status).toBe(200);
    expectRefusal(await req('GET', '/account', { key: user.apiKey, query }), -1022, 400, /already/);
  });

  it('refuses a missing or malformed key with -2014 and an unknown one with -2015', async () => {
    expectRefusal(await req('GET', '/account', { query: signedQuery(user.secret, {}) }), -2014, 401);
    expectRefusal(
      await req('GET', '/account', { key: 'nope', query: signedQuery(user.secret, {}) }),
      -2014,
      401,
    );
    expectRefusal(
      await req('GET', '/account', { key: 'a'.repeat(64), query: signedQuery(user.secret, {}) }),
      -2015,
      401,
    );
  });
});

describe('key permissions and IP allowlist', () => {
  it('a read-only key reads but cannot trade (-2015); the account says canTrade false, never canWithdraw', async () => {
    const readOnly = await keyedUser(app, { permissions: ['read'] });
    const account = await req('GET', '/account', {
      key: readOnly.apiKey,
      query: signedQuery(readOnly.secret, {}),
    });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ canTrade: false, canWithdraw: false, accountType: 'SPOT' });
    await unchanged(async () => {
      expectRefusal(await order(readOnly, limitBuy), -2015, 401, /permissions/);
    });
    const tradeOnly = await keyedUser(app, { permissions: ['trade'] });
    expectRefusal(
      await req('GET', '/account', { key: tradeOnly.apiKey, query: signedQuery(tradeOnly.secret, {}) }),
      -2015,
      401,
    );
    expect((await order(tradeOnly, limitBuy)).status).toBe(200);
  });

  it('a key with an IP allowlist works from a listed address only', async () => {
    const listed = await keyedUser(app, { ipAllowlist: ['10.1.2.0/24'] });
    await unchanged(async () => {
      expectRefusal(await order(listed, limitBuy, '192.168.7.7'), -2015, 401);
    });
    expect((await order(listed, limitBuy, '10.1.2.3')).status).toBe(200);
  });

  it('has no withdrawal or transfer call at all', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/binance/sapi/v1/capital/withdraw/apply',
      headers: { 'x-mbx-apikey': user.apiKey },
    });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBeLessThan(0);
  });
});

describe('orders: symbols, filters, balance, ownership', () => {
  it('refuses an unknown symbol with -1121 (public and signed)', async () => {
    expectRefusal(await req('GET', '/depth', { query: 'symbol=NOPEUSDT' }), -1121, 400, 'Invalid symbol.');
    expectRefusal(await req('GET', '/ticker/24hr', { query: 'symbol=ETHBTC' }), -1121);
    expectRefusal(await req('GET', '/ticker/24hr', { query: 'symbol=btcusdt' }), -1100, 400, /symbol/);
    await unchanged(async () => {
      expectRefusal(await order(user, { ...limitBuy, symbol: 'NOPEUSDT' }), -1121);
    });
  });

  it('refuses filter failures with -1013: PRICE_FILTER, LOT_SIZE, MIN_NOTIONAL', async () => {
    await unchanged(async () => {
      expectRefusal(
        await order(user, { ...limitBuy, price: '10000.001' }),
        -1013,
        400,
        'Filter failure: PRICE_FILTER',
      );
      expectRefusal(
        await order(user, { ...limitBuy, quantity: '0.00001' }),
        -1013,
        400,
        'Filter failure: LOT_SIZE',
      );
      expectRefusal(
        await order(user, { ...limitBuy, price: '1', quantity: '0.0001' }),
        -1013,
        400,
        /Filter failure: (MIN_NOTIONAL|LOT_SIZE)/,
      );
      expectRefusal(
        await order(user, { ...limitBuy, price: '10', quantity: '0.0001' }),
        -1013,
        400,
        'Filter failure: MIN_NOTIONAL',
      );
    });
  });

  it('refuses an order beyond the balance and a LIMIT_MAKER that would take with -2010', async () => {
    await unchanged(async () => {
      expectRefusal(
        await order(user, { ...limitBuy, price: '60000', quantity: '100' }),
        -2010,
        400,
        'Account has insufficient balance for requested action.',
      );
    });
    // A resting ask of the other user, then a LIMIT_MAKER buy at its price.
    expect(
      (
        await order(other, {
          symbol: 'BTCUSDT',
          side: 'SELL',
          type: 'LIMIT',
          timeInForce: 'GTC',
          price: '90000',
          quantity: '0.01',
        })
      ).status,
    ).toBe(200);
    await unchanged(async () => {
      expectRefusal(
        await order(user, {
          symbol: 'BTCUSDT',
          side: 'BUY',
          type: 'LIMIT_MAKER',
          price: '90000',
          quantity: '0.01',
        }),
        -2010,
        400,
        'Order would immediately match and take.',
      );
    });
  });

  it("makes another user's order invisible: query -2013, cancel -2011, not in their lists", async () => {
    const placed = await order(other, { ...limitBuy, newClientOrderId: 'other-1' });
    const orderId = String(placed.body.orderId);
    await unchanged(async () => {
      expectRefusal(
        await req('GET', '/order', {
          key: user.apiKey,
          query: signedQuery(user.secret, { symbol: 'BTCUSDT', orderId }),
        }),
        -2013,
        400,
        'Order does not exist.',
      );
      expectRefusal(
        await req('GET', '/order', {
          key: user.apiKey,
          query: signedQuery(user.secret, { symbol: 'BTCUSDT', origClientOrderId: 'other-1' }),
        }),
        -2013,
      );
      expectRefusal(
        await req('DELETE', '/order', {
          key: user.apiKey,
          query: signedQuery(user.secret, { symbol: 'BTCUSDT', orderId }),
        }),
        -2011,
        400,
        'Unknown order sent.',
      );
    });
    const all = await req('GET', '/allOrders', {
      key: user.apiKey,
      query: signedQuery(user.secret, { symbol: 'BTCUSDT' }),
    });
    expect((all.body as unknown as Array<{ orderId: number }>).map((o) => String(o.orderId))).not.toContain(
      orderId,
    );
    const open = await req('GET', '/openOrders', { key: user.apiKey, query: signedQuery(user.secret, {}) });
    expect((open.body as unknown as Array<{ orderId: number }>).map((o) => String(o.orderId))).not.toContain(
      orderId,
    );
    // The owner still sees and cancels it.
    const mine = await req('DELETE', '/order', {
      key: other.apiKey,
      query: signedQuery(other.secret, { symbol: 'BTCUSDT', origClientOrderId: 'other-1' }),
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ status: 'CANCELED', origClientOrderId: 'other-1' });
  });
});

describe('parameters', () => {
  it('names the parameter that is missing, malformed or not wanted', async () => {
    await unchanged(async () => {
      expectRefusal(await order(user, { ...limitBuy, timeInForce: '' }), -1102, 400, /timeInForce/);
      expectRefusal(await order(user, { ...limitBuy, side: 'LONG' }), -1117);
      expectRefusal(await order(user, { ...limitBuy, type: 'SPOT' }), -1116);
      expectRefusal(await order(user, { ...limitBuy, type: 'STOP_LOSS_LIMIT' }), -1020);
      expectRefusal(await order(user, { ...limitBuy, timeInForce: 'GTX' }), -1115);
      expectRefusal(await order(user, { ...limitBuy, price: '1e5' }), -1100, 400, /price/);
      expectRefusal(await order(user, { ...limitBuy, quoteOrderQty: '10' }), -1106, 400, /quoteOrderQty/);
      expectRefusal(
        await order(user, { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET' }),
        -1102,
        400,
        /quoteOrderQty/,
      );
      expectRefusal(await order(user, { ...limitBuy, newClientOrderId: 'bad id!' }), -1100);
      const body = `${signedQuery(user.secret, limitBuy)}&symbol=ETHUSDT`;
      expectRefusal(await req('POST', '/order', { key: user.apiKey, body }), -1101);
    });
    expectRefusal(await req('GET', '/klines', { query: 'symbol=BTCUSDT&interval=2m' }), -1120);
    expectRefusal(await req('GET', '/klines', { query: 'symbol=BTCUSDT' }), -1102, 400, /interval/);
    expectRefusal(await req('GET', '/depth', { query: 'symbol=BTCUSDT&limit=5001' }), -1130);
    expectRefusal(await req('GET', '/ticker/price', { query: 'symbols=BTCUSDT' }), -1100);
    expectRefusal(
      await req('PUT', '/userDataStream', { key: user.apiKey, query: `listenKey=${'x'.repeat(60)}` }),
      -1125,
    );
  });

  it('never answers 5xx or anything but {code, msg} to hostile values in any parameter', async () => {
    const hostile = [
      '',
      '-1',
      '1e400',
      'NaN',
      '9'.repeat(40),
      'x'.repeat(5000),
      '%00',
      '[]',
      '{}',
      '0x10',
      '1.5',
      ' ',
    ];
    const routes: Array<['GET' | 'POST' | 'DELETE', string, Record<string, string>, boolean]> = [
      ['GET', '/depth', { symbol: 'BTCUSDT', limit: '10' }, false],
      ['GET', '/trades', { symbol: 'BTCUSDT', limit: '10' }, false],
      ['GET', '/aggTrades', { symbol: 'BTCUSDT', fromId: '1', limit: '10' }, false],
      ['GET', '/klines', { symbol: 'BTCUSDT', interval: '1m', startTime: '1', limit: '10' }, false],
      ['GET', '/ticker/24hr', { symbols: '["BTCUSDT"]' }, false],
      ['GET', '/exchangeInfo', { symbol: 'BTCUSDT' }, false],
      ['POST', '/order', { ...limitBuy, newClientOrderId: 'walk-1', recvWindow: '5000' }, true],
      ['GET', '/order', { symbol: 'BTCUSDT', orderId: '1' }, true],
      ['DELETE', '/order', { symbol: 'BTCUSDT', orderId: '1' }, true],
      ['GET', '/allOrders', { symbol: 'BTCUSDT', orderId: '1', startTime: '1', limit: '10' }, true],
      ['GET', '/myTrades', { symbol: 'BTCUSDT', fromId: '1', limit: '10' }, true],
    ];
    const failures: string[] = [];
    for (const [method, path, params, signed] of routes) {
      for (const name of Object.keys(params)) {
        for (const value of hostile) {
          const p = { ...params, [name]: value };
          const query = signed ? signedQuery(user.secret, p) : new URLSearchParams(p).toString();
          const r = await req(
            method,
            path,
            signed ? { key: user.apiKey, ...(method === 'POST' ? { body: query } : { query }) } : { query },
          );
          if (r.status >= 500) failures.push(`${method} ${path} ${name}=${value.slice(0, 20)}: ${r.status}`);
          if (
            r.status >= 400 &&
            (typeof r.body.code !== 'number' || r.body.code >= 0 || typeof r.body.msg !== 'string')
          )
            failures.push(
              `${method} ${path} ${name}=${value.slice(0, 20)}: ${JSON.stringify(r.body).slice(0, 100)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('limits', () => {
  it('sends the used weight on every reply and refuses past the limit with -1003 (429)', async () => {
    const r = await req('GET', '/ping');
    expect(r.body).toEqual({});
    expect(Number(r.headers['x-mbx-used-weight-1m'])).toBeGreaterThan(0);
    const limiter = new RequestLimiter({ weightPerMinute: 10, ordersPer10s: 2, ordersPerDay: 100 });
    limiter.weigh('1.2.3.4', 10, 0);
    expect(() => limiter.weigh('1.2.3.4', 1, 0)).toThrow(
      expect.objectContaining({ code: -1003, status: 429 }),
    );
    expect(limiter.weigh('1.2.3.4', 1, 60_000)).toBe(1);
    limiter.order('u', 0);
    limiter.order('u', 0);
    expect(() => limiter.order('u', 0)).toThrow(expect.objectContaining({ code: -1015, status: 429 }));
  });

  it('answers time and ping; exchangeInfo lists the limits and the filters', async () => {
    const t = await req('GET', '/time');
    expect(Math.abs(Number(t.body.serverTime) - Date.now())).toBeLessThan(5000);
    const info = await req('GET', '/exchangeInfo', { query: 'symbol=BTCUSDT' });
    const symbols = info.body.symbols as Array<{ filters: Array<{ filterType: string }>; status: string }>;
    expect(symbols[0]?.status).toBe('TRADING');
    expect(symbols[0]?.filters.map((f) => f.filterType)).toEqual([
      'PRICE_FILTER',
      'LOT_SIZE',
      'MIN_NOTIONAL',
      'MARKET_LOT_SIZE',
    ]);
    expect((info.body.rateLimits as unknown[]).length).toBe(3);
    expect(hmac('k', 'v')).toMatch(/^[0-9a-f]{64}$/);
  });
});
