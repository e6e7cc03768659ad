// Spot trading over HTTP (docs/spot.md): both call families over one service, refusals as localized error
// codes that change nothing, idempotent placement, owner-only access on every id route (walked with a
// second user), history and fills from the projection, the book and trades on the live market, and the
// demo market maker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, call, dbSnapshot, expectError, registerAndLogin } from './helpers';
import { API, createWalletApp, credit } from './wallet-kit';

interface Order {
  id: string;
  symbol: string;
  side: string;
  type: string;
  price: string | null;
  quantity: string | null;
  filledQty: string;
  filledQuote: string;
  avgPrice: string | null;
  fee: string;
  feeAsset: string;
  status: number;
  cancelReason: string | null;
  timeInForce: string;
}
interface Page<T> {
  records: T[];
  total: number;
}

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let a: { token: string; id: string };
let b: { token: string; id: string };

const place = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call<Order>(ctx.app, {
    method: 'POST',
    url: '/api/currency/order/submit',
    headers: { ...auth(token), ...headers },
    payload: body,
  });
const settle = () => ctx.app.wallet.projection.idle();

beforeAll(async () => {
  ctx = await createWalletApp({
    MARKET_MAKER: 'false',
    SPOT_MAKER_FEE_RATE: '0.001',
    SPOT_TAKER_FEE_RATE: '0.002',
  });
  await ctx.app.market.step();
  const ua = await registerAndLogin(ctx.app);
  const ub = await registerAndLogin(ctx.app);
  a = { token: ua.token, id: ua.user.id };
  b = { token: ub.token, id: ub.user.id };
  for (const u of [a, b]) {
    await credit(ctx.app, u.id, 'USDT', '100000');
    await credit(ctx.app, u.id, 'BTC', '10');
  }
});
afterAll(async () => ctx.close());

describe('spot orders over HTTP', () => {
  it('A rests a sell, B buys at market: fills, fees, balances, states and history', async () => {
    const sell = await place(a.token, {
      symbol: 'BTC_USDT',
      side: 'sell',
      type: 'limit',
      price: '60000',
      quantity: '0.5',
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    expect(sell.body.data).toMatchObject({
      symbol: 'btcusdt',
      side: 'sell',
      status: 0,
      filledQty: '0',
      price: '60000',
    });
    const depth = await call<{ asks: string[][] }>(ctx.app, {
      method: 'GET',
      url: `${API}/open/depth/BTCUSDT?limit=5`,
    });
    expect(depth.body.data.asks[0]).toEqual(['60000', '0.5']);

    const buy = await place(b.token, { symbol: 'btc', side: 'buy', type: 'market', quantity: '0.2' });
    expect(buy.body.data).toMatchObject({
      status: 1,
      filledQty: '0.2',
      filledQuote: '12000',
      avgPrice: '60000',
      fee: '0.0004',
      feeAsset: 'BTC',
    });
    const balances = await call<{
      base: { available: string };
      quote: { available: string; frozen: string };
    }>(ctx.app, {
      method: 'GET',
      url: `${API}/wallet/get/btc/usdt`,
      headers: auth(a.token),
    });
    // A: 0.5 BTC frozen, 0.2 of it sold for 12000 less the 0.1 % maker fee (12).
    expect(balances.body.data.quote.available).toBe('111988');
    expect(balances.body.data.base.available).toBe('9.5');
    expect(ctx.app.core.balance(b.id, 'BTC', 'spot').available).toBe('10.1996');

    await settle();
    const history = await call<Page<Order>>(ctx.app, {
      method: 'POST',
      url: `${API}/entrust/getEntrustLogCurrency`,
      headers: auth(a.token),
      payload: { symbol: 'BTC/USDT' },
    });
    expect(history.body.data.records[0]).toMatchObject({
      id: sell.body.data.id,
      status: 0,
      filledQty: '0.2',
    });
    const fills = await call<Array<{ role: string; price: string; qty: string; fee: string }>>(ctx.app, {
      method: 'GET',
      url: `${API}/entrust/transaction/details/${sell.body.data.id}`,
      headers: auth(a.token),
    });
    expect(fills.body.data).toEqual([
      expect.objectContaining({ role: 'maker', price: '60000', qty: '0.2', fee: '12' }),
    ]);
    const mine = await call<Page<{ role: string }>>(ctx.app, {
      method: 'GET',
      url: `${API}/entrust/get/myExchangeLog/all`,
      headers: auth(b.token),
    });
    expect(mine.body.data.records[0]).toMatchObject({ role: 'taker' });
    const trades = await call<{ trades: Array<{ price: string; side: string }> }>(ctx.app, {
      method: 'GET',
      url: `${API}/open/transaction/btc/usdt`,
    });
    expect(trades.body.data.trades[0]).toMatchObject({
      price: '60000',
      qty: '0.2',
      side: 'buy',
      demo: false,
    });

    const cancel = await call<Order>(ctx.app, {
      method: 'POST',
      url: `/api/currency/order/cancelOrder?id=${sell.body.data.id}`,
      headers: auth(a.token),
    });
    expect(cancel.body.data).toMatchObject({ status: 2, cancelReason: 'user', filledQty: '0.2' });
    expect(ctx.app.core.balance(a.id, 'BTC', 'spot')).toMatchObject({ available: '9.8', frozen: '0' });
  });

  it('only the owner sees or cancels an order: every id route with a second user', async () => {
    const o = await place(a.token, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '1000',
      quantity: '0.01',
    });
    const id = o.body.data.id;
    const before = await dbSnapshot(ctx.db);
    const hash = ctx.app.core.stateHash();
    const routes = [
      { method: 'POST' as const, url: `/api/currency/order/cancelOrder?id=${id}` },
      { method: 'POST' as const, url: `${API}/entrust/cancel/entrust`, payload: { id } },
      { method: 'GET' as const, url: `${API}/entrust/transaction/details/${id}` },
    ];
    for (const r of routes)
      expectError(await call(ctx.app, { ...r, headers: auth(b.token) }), 404, 'SPOT_ORDER_NOT_FOUND');
    const list = await call<Page<Order>>(ctx.app, {
      method: 'POST',
      url: '/api/currency/order/orderList?status=0',
      headers: auth(b.token),
    });
    expect(list.body.data.records.map((r) => r.id)).not.toContain(id);
    const log = await call<Page<Order>>(ctx.app, {
      method: 'GET',
      url: `${API}/entrust/entrustlog/all/current/1`,
      headers: auth(b.token),
    });
    expect(log.body.data.records.map((r) => r.id)).not.toContain(id);
    expect(ctx.app.core.stateHash()).toBe(hash);
    expect(await dbSnapshot(ctx.db)).toBe(before);
    const own = await call<Page<Order>>(ctx.app, {
      method: 'GET',
      url: `${API}/entrust/entrustlog/btcusdt/current/1`,
      headers: auth(a.token),
    });
    expect(own.body.data.records.map((r) => r.id)).toContain(id);
    for (const r of routes)
      expect((await call(ctx.app, { ...r, url: r.url, headers: auth('bad-token') })).status).toBe(401);
  });

  it('refuses bad orders with a localized code naming the field, changing nothing', async () => {
    const cases: [Record<string, unknown>, number, string, string | undefined][] = [
      [
        { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '100.001', quantity: '1' },
        422,
        'SPOT_PRICE_INVALID',
        'price',
      ],
      [
        { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '100', quantity: '0.00001' },
        422,
        'SPOT_QUANTITY_INVALID',
        'quantity',
      ],
      [
        { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '1', quantity: '0.0001' },
        422,
        'SPOT_BELOW_MIN_NOTIONAL',
        'quantity',
      ],
      [
        { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '100000', quantity: '5' },
        422,
        'SPOT_INSUFFICIENT_BALANCE',
        undefined,
      ],
      [
        { symbol: 'nopeusdt', side: 'buy', type: 'limit', price: '1', quantity: '1' },
        404,
        'SPOT_MARKET_UNKNOWN',
        'symbol',
      ],
      [{ symbol: 'btcusdt', side: 'buy', type: 'limit', quantity: '1' }, 400, 'VALIDATION_FAILED', 'price'],
      [
        { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '1e3', quantity: '1' },
        400,
        'VALIDATION_FAILED',
        'price',
      ],
      [
        { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '100', quantity: '1', leverage: 5 },
        400,
        'VALIDATION_FAILED',
        'leverage',
      ],
      [
        { symbol: 'btcusdt', side: 'buy', type: 'market', price: '100', quantity: '1' },
        400,
        'VALIDATION_FAILED',
        'price',
      ],
      [
        {
          symbol: 'btcusdt',
          side: 'sell',
          type: 'limit',
          price: '1',
          quantity: '1',
          timeInForce: 'POST_ONLY',
        },
        409,
        'SPOT_POST_ONLY_WOULD_TAKE',
        undefined,
      ],
    ];
    // A resting bid for the post-only case.
    await place(b.token, { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '900', quantity: '0.01' });
    for (const [body, status, code, field] of cases) {
      const before = await dbSnapshot(ctx.db);
      const balance = ctx.app.core.balance(a.id, 'USDT', 'spot');
      for (const lang of ['en', 'zh']) {
        const res = await place(a.token, body, { lang });
        expect(res.status, JSON.stringify([body, res.body])).toBe(status);
        expect(res.body.errorCode).toBe(code);
        expect(res.body.msg).not.toMatch(/\{\w+\}/);
        if (field) expect(res.body.errors?.[0]?.field).toBe(field);
      }
      expect(ctx.app.core.balance(a.id, 'USDT', 'spot')).toEqual(balance);
      expect(await dbSnapshot(ctx.db)).toBe(before);
    }
    const zh = await place(a.token, cases[0]?.[0] ?? {}, { lang: 'zh' });
    expect(zh.body.msg).toContain('0.01');
  });

  it('takes a price and quantity with leading or trailing zeros as the same decimal', async () => {
    const res = await place(a.token, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '0501.2500',
      quantity: '0.0100',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const open = ctx.app.core
      .spotOpenOrders(a.id, 'btcusdt')
      .find((o) => o.orderId === String(res.body.data.id));
    expect(open).toMatchObject({ price: '501.25', quantity: '0.01' });
    const bad = await place(a.token, {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '1.',
      quantity: '1',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({ field: 'price', key: 'validation.numeric' });
  });

  it('an Idempotency-Key makes a retry answer the first order, never a second one', async () => {
    const body = { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '500', quantity: '0.01' };
    const first = await place(a.token, body, { 'Idempotency-Key': 'spot-key-1' });
    const again = await place(a.token, body, { 'Idempotency-Key': 'spot-key-1' });
    expect(again.body.data.id).toBe(first.body.data.id);
    const open = ctx.app.core.spotOpenOrders(a.id, 'btcusdt').filter((o) => o.price === '500');
    expect(open).toHaveLength(1);
    const other = await place(a.token, { ...body, price: '501' }, { 'Idempotency-Key': 'spot-key-1' });
    expect(other.status).toBe(409);
  });

  it('rules, price comparison and cancel-all', async () => {
    const rules = await call<
      Array<{ symbol: string; tickSize: string; lotSize: string; minNotional: string; takerFeeRate: string }>
    >(ctx.app, {
      method: 'GET',
      url: `${API}/open/spotRules?symbol=BTC_USDT`,
    });
    expect(rules.body.data[0]).toMatchObject({
      symbol: 'btcusdt',
      tickSize: '0.01',
      lotSize: '0.0001',
      minNotional: '1',
      takerFeeRate: '0.002',
    });
    const cmp = await call<{ last: string; index: string }>(ctx.app, {
      method: 'GET',
      url: `${API}/open/getPriceComparison/BTC_USDT`,
    });
    expect(cmp.body.data.last).toBe('60000');
    expect(Number(cmp.body.data.index)).toBeGreaterThan(0);
    const all = await call<{ cancelled: number }>(ctx.app, {
      method: 'POST',
      url: `${API}/entrust/cancelAll`,
      headers: auth(a.token),
      payload: { symbol: 'btcusdt' },
    });
    expect(all.body.data.cancelled).toBeGreaterThan(0);
    expect(ctx.app.core.spotOpenOrders(a.id, 'btcusdt')).toEqual([]);
    expect(ctx.app.core.balance(a.id, 'USDT', 'spot').frozen).toBe('0');
  });

  it('time in force: FOK and IOC answer the order as it ended, post-only that would cross is refused', async () => {
    // Its own market, so the other tests' resting orders stay out of the way.
    await credit(ctx.app, b.id, 'ETH', '10');
    const limit = { symbol: 'ETH_USDT', type: 'limit' };
    const ask = await place(b.token, { ...limit, side: 'sell', price: '2000', quantity: '1' });
    expect(ask.body.data).toMatchObject({ status: 0, timeInForce: 'GTC' });
    const usdt = () => ctx.app.core.balance(a.id, 'USDT', 'spot');
    const before = usdt();

    // FOK that cannot fill entirely: accepted, ended cancelled at once, nothing traded or frozen.
    const fok = await place(a.token, {
      ...limit,
      side: 'buy',
      price: '2000',
      quantity: '2',
      timeInForce: 'FOK',
    });
    expect(fok.status, JSON.stringify(fok.body)).toBe(200);
    expect(fok.body.data).toMatchObject({
      status: 2,
      cancelReason: 'fok',
      filledQty: '0',
      timeInForce: 'FOK',
    });
    expect(usdt()).toEqual(before);

    // IOC: fills the 1 ETH there is, the other 0.5 is cancelled; nothing stays frozen.
    const ioc = await place(a.token, {
      ...limit,
      side: 'buy',
      price: '2000',
      quantity: '1.5',
      timeInForce: 'IOC',
    });
    expect(ioc.status, JSON.stringify(ioc.body)).toBe(200);
    expect(ioc.body.data).toMatchObject({
      status: 2,
      cancelReason: 'ioc',
      filledQty: '1',
      timeInForce: 'IOC',
    });
    expect(usdt().frozen).toBe(before.frozen);

    // Post-only: refused (localized, nothing changes) when it would trade; rests when it would not.
    await place(b.token, { ...limit, side: 'sell', price: '2100', quantity: '1' });
    const mid = usdt();
    for (const lang of ['en', 'zh', 'de']) {
      const crossing = await place(
        a.token,
        { ...limit, side: 'buy', price: '2100', quantity: '1', timeInForce: 'POST_ONLY' },
        { lang },
      );
      expect(crossing.status).toBe(409);
      expect(crossing.body.errorCode).toBe('SPOT_POST_ONLY_WOULD_TAKE');
      expect(crossing.body.msg).not.toMatch(/\{\w+\}|errors\./);
    }
    expect(usdt()).toEqual(mid);
    const post = await place(a.token, {
      ...limit,
      side: 'buy',
      price: '2050',
      quantity: '1',
      timeInForce: 'POST_ONLY',
    });
    expect(post.body.data).toMatchObject({ status: 0, filledQty: '0', timeInForce: 'POST_ONLY' });
  });
});

describe('demo market maker', () => {
  it('quotes every spot market around the index and trades through the engine', async () => {
    const demo = await createWalletApp({ MARKET_MAKER: 'true', MARKET_MAKER_INTERVAL_MS: '0' });
    try {
      await demo.app.market.step();
      const mm = demo.app.spot.marketMaker;
      expect(mm).toBeDefined();
      for (let i = 0; i < 4; i++) {
        demo.clock.advance(1000);
        await demo.app.market.step();
        await mm?.tick();
      }
      for (const r of demo.app.spot.markets.all()) {
        const book = demo.app.core.spotDepth(r.symbol, 20);
        expect(book?.bids.length, r.symbol).toBeGreaterThanOrEqual(4);
        expect(book?.asks.length, r.symbol).toBeGreaterThanOrEqual(4);
        const index = Number(demo.app.market.latest(r.symbol.toUpperCase())?.price);
        expect(Number(book?.bids[0]?.[0])).toBeLessThan(index);
        expect(Number(book?.asks[0]?.[0])).toBeGreaterThanOrEqual(index);
      }
      const [maker] = [...demo.app.spot.platformUserIds];
      expect(demo.app.core.systemBalance('demo_funding', 'USDT').startsWith('-')).toBe(true);
      const login = await call(demo.app, {
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'platform-market-maker', password: 'x' },
      });
      expect(login.status).not.toBe(200);
      expect(maker).toBeTruthy();
    } finally {
      await demo.close();
    }
  });
});
