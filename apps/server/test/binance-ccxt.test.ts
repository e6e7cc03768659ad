// The Binance-compatible REST API driven by the real ccxt client (its binance class, spot only) against a
// listening server with the demo market maker trading: markets, tickers, order book, trades, K-lines,
// balance, limit and market orders, order queries, cancel and fills, each compared with what our own API
// says (docs/binance-compat.md).
import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  BASE_PORT,
  type BinanceTestApp,
  ccxtBinance,
  createBinanceApp,
  type KeyedUser,
  keyedUser,
  listen,
} from './binance-kit';
import { auth, call } from './helpers';

let PORT = BASE_PORT;
let ctx: BinanceTestApp;
let user: KeyedUser;
let ex: Exchange;

/** Retries an assertion while the demo market moves under it. */
async function eventually<T>(fn: () => Promise<T>, tries = 20): Promise<T> {
  let last: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      return await fn();
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw last;
}

beforeAll(async () => {
  ctx = await createBinanceApp({
    MARKET_TICK_MS: '250',
    MARKET_MAKER: 'true',
    MARKET_MAKER_INTERVAL_MS: '250',
  });
  PORT = await listen(ctx.app, BASE_PORT);
  user = await keyedUser(ctx.app);
  ex = ccxtBinance(PORT, user);
  // Let the market maker quote and trade a little.
  await eventually(async () => {
    const book = ctx.app.core.spotDepth('btcusdt', 5);
    expect(book?.asks.length).toBeGreaterThan(0);
    expect(book?.bids.length).toBeGreaterThan(0);
  }, 100);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const n = (v: string | number | undefined) => Number(v);

describe('public market data through ccxt', () => {
  it('loadMarkets: the spot markets with our tick, lot and minimums', async () => {
    const markets = await ex.loadMarkets();
    const rules = await call<
      Array<{
        symbol: string;
        tickSize: string;
        lotSize: string;
        minQty: string;
        minNotional: string;
        coin: string;
        quote: string;
      }>
    >(ctx.app, {
      method: 'GET',
      url: `${API}/open/spotRules`,
    });
    expect(rules.body.data.length).toBeGreaterThan(0);
    for (const r of rules.body.data) {
      const m = markets[`${r.coin}/${r.quote}`];
      expect(m, r.symbol).toBeDefined();
      expect(m?.spot).toBe(true);
      expect(m?.id).toBe(r.symbol.toUpperCase());
      expect(m?.precision.price).toBe(Number(r.tickSize));
      expect(m?.precision.amount).toBe(Number(r.lotSize));
      expect(m?.limits.amount?.min).toBe(Number(r.minQty));
      expect(m?.limits.cost?.min).toBe(Number(r.minNotional));
    }
  });

  it('fetchTicker and fetchTickers: our 24 h tickers', async () => {
    await eventually(async () => {
      const t = await ex.fetchTicker('BTC/USDT');
      const ours = await call<
        Array<{ symbol: string; close: string; high: string; low: string; volume: string }>
      >(ctx.app, {
        method: 'GET',
        url: `${API}/open/tickers`,
      });
      const btc = ours.body.data.find((x) => x.symbol === 'BTCUSDT');
      expect(t.last).toBe(n(btc?.close));
      expect(t.high).toBe(n(btc?.high));
      expect(t.low).toBe(n(btc?.low));
      expect(t.baseVolume).toBe(n(btc?.volume));
    });
    const all = await ex.fetchTickers();
    expect(Object.keys(all)).toContain('BTC/USDT');
    expect(Object.keys(all)).toContain('ETH/USDT');
  });

  it('fetchOrderBook: the depth snapshot our own API serves, same lastUpdateId', async () => {
    await eventually(async () => {
      const book = await ex.fetchOrderBook('BTC/USDT', 50);
      const ours = await call<{ lastUpdateId: number; bids: [string, string][]; asks: [string, string][] }>(
        ctx.app,
        {
          method: 'GET',
          url: `${API}/open/depth/BTCUSDT?limit=50`,
        },
      );
      expect(book.nonce).toBe(ours.body.data.lastUpdateId);
      expect(book.bids).toEqual(ours.body.data.bids.map(([p, q]) => [n(p), n(q)]));
      expect(book.asks).toEqual(ours.body.data.asks.map(([p, q]) => [n(p), n(q)]));
      expect(book.bids.length).toBeGreaterThan(0);
    });
  });

  it('fetchTrades: the trades our own API lists', async () => {
    await eventually(async () => {
      const trades = await ex.fetchTrades('BTC/USDT', undefined, 20);
      const ours = await call<{ trades: Array<{ price: string; qty: string; time: number; side?: string }> }>(
        ctx.app,
        {
          method: 'GET',
          url: `${API}/open/transaction/btc/usdt`,
        },
      );
      expect(trades.length).toBeGreaterThan(0);
      const newestFirst = [...trades].reverse();
      for (const [i, t] of newestFirst.entries()) {
        const o = ours.body.data.trades[i];
        expect(t.price).toBe(n(o?.price));
        expect(t.amount).toBe(n(o?.qty));
        expect(t.timestamp).toBe(o?.time);
        expect(t.side).toBe(o?.side);
      }
    }, 50);
  });

  it('fetchOHLCV: our K-lines for every interval', async () => {
    for (const tf of ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M']) {
      await eventually(async () => {
        const bars = await ex.fetchOHLCV('BTC/USDT', tf, undefined, 10);
        const ours = await call<{
          bars: Array<{
            time: number;
            open: string;
            high: string;
            low: string;
            close: string;
            volume: string;
          }>;
        }>(ctx.app, {
          method: 'GET',
          url: `${API}/open/kline/BTCUSDT/${tf}?limit=10`,
        });
        expect(bars.length).toBeGreaterThan(0);
        expect(bars).toEqual(
          ours.body.data.bars.map((b) => [b.time, n(b.open), n(b.high), n(b.low), n(b.close), n(b.volume)]),
        );
      });
    }
  });
});

describe('account and orders through ccxt', () => {
  it('fetchBalance: our spot balances', async () => {
    const balance = await ex.fetchBalance();
    const core = ctx.app.core.balance(user.userId, 'USDT', 'spot');
    expect(balance.USDT?.free).toBe(n(core.available));
    expect(balance.USDT?.used).toBe(n(core.frozen));
    expect(balance.BTC?.free).toBe(2);
  });

  it('createOrder limit, fetchOrder, fetchOpenOrders, cancelOrder: as our order list says', async () => {
    const order = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 10000);
    expect(order.status).toBe('open');
    expect(order.price).toBe(10000);
    expect(order.amount).toBe(0.01);
    expect(n(ctx.app.core.balance(user.userId, 'USDT', 'spot').frozen)).toBeGreaterThanOrEqual(100);

    const fetched = await ex.fetchOrder(String(order.id), 'BTC/USDT');
    expect(fetched).toMatchObject({ id: order.id, status: 'open', side: 'buy', type: 'limit', filled: 0 });
    expect(fetched.clientOrderId).toBe(order.clientOrderId);
    const byClient = await ex.fetchOrder('', 'BTC/USDT', { origClientOrderId: order.clientOrderId });
    expect(byClient.id).toBe(order.id);

    const open = await ex.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => o.id)).toEqual([order.id]);
    const ours = await call<{ records: Array<{ id: string; price: string; quantity: string }> }>(ctx.app, {
      method: 'POST',
      url: '/api/currency/order/orderList?status=0',
      headers: auth(user.token),
    });
    expect(ours.body.data.records.map((r) => r.id)).toEqual([order.id]);

    const cancelled = await ex.cancelOrder(String(order.id), 'BTC/USDT');
    expect(cancelled.status).toBe('canceled');
    expect(await ex.fetchOpenOrders('BTC/USDT')).toEqual([]);
    expect((await ex.fetchOrder(String(order.id), 'BTC/USDT')).status).toBe('canceled');
    expect(ctx.app.core.balance(user.userId, 'USDT', 'spot').frozen).toBe('0');
  });

  it('createOrder market: filled against the demo book; fetchMyTrades lists the fills our API lists', async () => {
    const before = n(ctx.app.core.balance(user.userId, 'BTC', 'spot').available);
    const order = await ex.createOrder('BTC/USDT', 'market', 'buy', 0.001);
    expect(order.status).toBe('closed');
    expect(order.filled).toBe(0.001);
    expect(order.trades.length).toBeGreaterThan(0);
    const after = n(ctx.app.core.balance(user.userId, 'BTC', 'spot').available);
    expect(after).toBeGreaterThan(before);

    const fetched = await ex.fetchOrder(String(order.id), 'BTC/USDT');
    expect(fetched).toMatchObject({ status: 'closed', filled: 0.001, type: 'market' });

    const mine = await ex.fetchMyTrades('BTC/USDT');
    const ofOrder = mine.filter((t) => t.order === order.id);
    expect(ofOrder.length).toBe(order.trades.length);
    expect(ofOrder.reduce((s, t) => s + (t.amount ?? 0), 0)).toBeCloseTo(0.001, 8);
    await ctx.app.wallet.projection.idle();
    const ours = await call<
      Array<{ tradeId: string; orderId: string; price: string; qty: string; fee: string }>
    >(ctx.app, {
      method: 'GET',
      url: `${API}/entrust/transaction/details/${order.id}`,
      headers: auth(user.token),
    });
    expect(ofOrder.map((t) => [t.price, t.amount, t.fee?.cost])).toEqual(
      ours.body.data.map((f) => [n(f.price), n(f.qty), n(f.fee)]),
    );
    const all = await ex.fetchOrders('BTC/USDT');
    expect(all.map((o) => o.id)).toContain(order.id);
  });

  it('IOC and FOK limits far from the book expire; a post-only limit rests; a market sell fills', async () => {
    const ioc = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 10000, { timeInForce: 'IOC' });
    expect(ioc.status).toBe('expired');
    const fok = await ex.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 1000000, { timeInForce: 'FOK' });
    expect(fok.status).toBe('expired');
    const maker = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 10000, { postOnly: true });
    expect(maker.status).toBe('open');
    expect(maker.postOnly).toBe(true);
    await ex.cancelOrder(String(maker.id), 'BTC/USDT');
    const sell = await ex.createOrder('BTC/USDT', 'market', 'sell', 0.001);
    expect(sell.status).toBe('closed');
  });
});

describe('the documented example (docs/binance-compat.md)', () => {
  it('works with only the base URL and the spot options changed', async () => {
    const api = `http://127.0.0.1:${PORT}/binance/api/v3`;
    const doc = new ccxt.binance({
      apiKey: user.apiKey,
      secret: user.secret,
      urls: { api: { public: api, private: api } },
      options: { fetchMarkets: { types: ['spot'] }, fetchMargins: false, fetchCurrencies: false },
    });
    const balance = await doc.fetchBalance();
    expect(balance.USDT?.total).toBeGreaterThan(0);
    const order = await doc.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 10000);
    expect(order.status).toBe('open');
    await doc.cancelOrder(String(order.id), 'BTC/USDT');
  });

  it('maps refusals to ccxt errors: bad secret, read-only key, insufficient funds, unknown order', async () => {
    const wrong = ccxtBinance(PORT, { apiKey: user.apiKey, secret: 'f'.repeat(64) });
    await expect(wrong.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError);
    const readOnly = await keyedUser(ctx.app, { permissions: ['read'] });
    const ro = ccxtBinance(PORT, readOnly);
    await expect(ro.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 10000)).rejects.toBeInstanceOf(
      ccxt.ExchangeError,
    );
    await expect(ex.createOrder('BTC/USDT', 'limit', 'buy', 1000, 60000)).rejects.toBeInstanceOf(
      ccxt.InsufficientFunds,
    );
    await expect(ex.fetchOrder('999999999', 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await expect(ex.fetchOrderBook('NOPE/USDT')).rejects.toBeInstanceOf(ccxt.BadSymbol);
  });
});
