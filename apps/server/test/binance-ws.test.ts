// The Binance-compatible websocket API with the real ccxt.pro client against a listening server with the
// demo market maker trading: watchOrderBook keeps a book that matches the server's at every common update
// id for a minute, watchTrades receives the trades the server made, watchOrders the user's order updates
// (through the WebSocket API's userDataStream.subscribe.signature). Then the raw streams: a listen key's
// user data stream (executionReport, outboundAccountPosition, keep-alive, close), combined streams and
// SUBSCRIBE (docs/binance-compat.md "Websocket"). BINANCE_WS_SYNC_MS shortens the minute for a quick run;
// BINANCE_TEST_PORT picks the port (else any free one).
import type { Order, OrderBook, Trade } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  BASE_PORT,
  type BinanceTestApp,
  ccxtBinance,
  createBinanceApp,
  type KeyedUser,
  keyedUser,
  listen,
  signedQuery,
} from './binance-kit';

let PORT = BASE_PORT === 0 ? 0 : BASE_PORT + 1;
const MINUTE_MS = Number(process.env.BINANCE_WS_SYNC_MS ?? 60_000);
let ctx: BinanceTestApp;
let user: KeyedUser;

beforeAll(async () => {
  ctx = await createBinanceApp({
    MARKET_TICK_MS: '250',
    MARKET_MAKER: 'true',
    MARKET_MAKER_INTERVAL_MS: '200',
  });
  PORT = await listen(ctx.app, PORT);
  user = await keyedUser(ctx.app);
}, 60_000);
afterAll(async () => ctx?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const v3 = () => `http://127.0.0.1:${PORT}/binance/api/v3`;

async function rest(method: string, path: string, params: Record<string, string> = {}, signed = true) {
  const q = signed ? signedQuery(user.secret, params) : new URLSearchParams(params).toString();
  const res = await fetch(`${v3()}${path}${method === 'POST' ? '' : `?${q}`}`, {
    method,
    headers: {
      'X-MBX-APIKEY': user.apiKey,
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { body: q } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('ccxt.pro against a minute of demo trading', () => {
  it(
    'watchOrderBook stays in sync, watchTrades and watchOrders receive live updates',
    async () => {
      const ex = ccxtBinance(PORT, user, true);
      // ccxt in Node needs its http agent for plain ws:// urls.
      await ex.loadHttpProxyAgent();
      await ex.loadMarkets();
      let running = true;
      let bookUpdates = 0;
      let compared = 0;
      const mismatches: string[] = [];
      const watchedTrades: Trade[] = [];
      const watchedOrders: Order[] = [];
      const errors: unknown[] = [];

      const levels = (side: ReadonlyArray<readonly [string, string]>) =>
        side.map(([p, q]) => [Number(p), Number(q)]);
      const bookLoop = (async () => {
        while (running) {
          const book: OrderBook = await ex.watchOrderBook('BTC/USDT');
          bookUpdates += 1;
          const server = ctx.app.depth.find('BTCUSDT')?.snapshot(5000);
          if (server && server.lastUpdateId === book.nonce) {
            compared += 1;
            const same =
              JSON.stringify(levels(server.bids)) === JSON.stringify(book.bids) &&
              JSON.stringify(levels(server.asks)) === JSON.stringify(book.asks);
            if (!same) mismatches.push(`nonce ${book.nonce}`);
          }
        }
      })().catch((e) => errors.push(e));
      const tradeLoop = (async () => {
        while (running) watchedTrades.push(...(await ex.watchTrades('BTC/USDT')));
      })().catch((e) => errors.push(e));
      const orderLoop = (async () => {
        while (running) watchedOrders.push(...(await ex.watchOrders('BTC/USDT')));
      })().catch((e) => errors.push(e));

      // The user trades now and then during the minute: a resting limit (then cancelled) and a market buy.
      const started = Date.now();
      const placed: string[] = [];
      while (Date.now() - started < MINUTE_MS) {
        await sleep(Math.min(10_000, MINUTE_MS / 4));
        const limit = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 10000);
        await sleep(300);
        await ex.cancelOrder(String(limit.id), 'BTC/USDT');
        const market = await ex.createOrder('BTC/USDT', 'market', 'buy', 0.001);
        placed.push(String(limit.id), String(market.id));
      }
      await sleep(1000);
      running = false;
      await ex.close();
      await Promise.race([Promise.all([bookLoop, tradeLoop, orderLoop]), sleep(2000)]);

      const real = errors.filter((e) => !String(e).includes('close')).map(String);
      if (real.length > 0) console.log('WATCH ERRORS', real);
      expect(real).toEqual([]);
      expect(bookUpdates).toBeGreaterThan(MINUTE_MS / 1000);
      expect(compared).toBeGreaterThan(5);
      expect(mismatches).toEqual([]);

      // Every watched trade is one the server made, with its price, amount and side.
      expect(watchedTrades.length).toBeGreaterThan(10);
      const serverTrades = (await (await fetch(`${v3()}/trades?symbol=BTCUSDT&limit=1000`)).json()) as Array<{
        id: number;
        price: string;
        qty: string;
        isBuyerMaker: boolean;
      }>;
      const byId = new Map(serverTrades.map((t) => [String(t.id), t]));
      const known = watchedTrades.filter((t) => byId.has(String(t.id)));
      expect(known.length).toBeGreaterThan(10);
      for (const t of known) {
        const s = byId.get(String(t.id));
        expect(t.price).toBe(Number(s?.price));
        expect(t.amount).toBe(Number(s?.qty));
        expect(t.side).toBe(s?.isBuyerMaker ? 'sell' : 'buy');
      }

      // watchOrders saw each of the user's orders, and their final states.
      const last = new Map<string, Order>();
      for (const o of watchedOrders) last.set(String(o.id), o);
      for (const id of placed) expect(last.has(id), id).toBe(true);
      const finals = placed.map((id) => last.get(id)?.status);
      expect(finals).toEqual(placed.map((_, i) => (i % 2 === 0 ? 'canceled' : 'closed')));
    },
    MINUTE_MS + 60_000,
  );
});

/** A websocket and the messages it received. */
async function socket(path: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/binance${path}`);
  const messages: Array<Record<string, unknown>> = [];
  let closed = false;
  ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
  ws.on('close', () => {
    closed = true;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waitFor = async (pred: (m: Record<string, unknown>) => boolean, ms = 10_000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const found = messages.find(pred);
      if (found) return found;
      await sleep(50);
    }
    throw new Error(`no such message on ${path}: ${JSON.stringify(messages.slice(-3))}`);
  };
  return { ws, messages, waitFor, isClosed: () => closed };
}

describe('raw streams', () => {
  it('a listen key: executionReport and outboundAccountPosition, keep-alive, close', async () => {
    const created = await rest('POST', '/userDataStream', {}, false);
    // A USER_STREAM call carries the key only (no signature); the body is ignored.
    expect(created.status).toBe(200);
    const listenKey = String(created.body.listenKey);
    expect(listenKey).toMatch(/^[A-Za-z0-9]{60}$/);
    const s = await socket(`/ws/${listenKey}`);
    const placed = await rest('POST', '/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '10000',
      quantity: '0.01',
      newClientOrderId: 'ws-raw-1',
    });
    expect(placed.status).toBe(200);
    const report = await s.waitFor((m) => m.e === 'executionReport' && m.c === 'ws-raw-1');
    expect(report).toMatchObject({
      s: 'BTCUSDT',
      S: 'BUY',
      o: 'LIMIT',
      x: 'NEW',
      X: 'NEW',
      i: placed.body.orderId,
    });
    const position = await s.waitFor((m) => m.e === 'outboundAccountPosition');
    expect(position.B).toEqual(expect.arrayContaining([expect.objectContaining({ a: 'USDT' })]));

    const cancel = await rest('DELETE', '/order', { symbol: 'BTCUSDT', origClientOrderId: 'ws-raw-1' });
    expect(cancel.status).toBe(200);
    await s.waitFor((m) => m.e === 'executionReport' && m.c === 'ws-raw-1' && m.X === 'CANCELED');

    const keep = await fetch(`${v3()}/userDataStream?listenKey=${listenKey}`, {
      method: 'PUT',
      headers: { 'X-MBX-APIKEY': user.apiKey },
    });
    expect(await keep.json()).toEqual({});
    const close = await fetch(`${v3()}/userDataStream?listenKey=${listenKey}`, {
      method: 'DELETE',
      headers: { 'X-MBX-APIKEY': user.apiKey },
    });
    expect(close.status).toBe(200);
    for (let i = 0; i < 50 && !s.isClosed(); i++) await sleep(50);
    expect(s.isClosed()).toBe(true);
    const again = await fetch(`${v3()}/userDataStream?listenKey=${listenKey}`, {
      method: 'PUT',
      headers: { 'X-MBX-APIKEY': user.apiKey },
    });
    expect(await again.json()).toMatchObject({ code: -1125 });
  });

  it('combined streams wrap events as {stream, data}; SUBSCRIBE adds streams to a raw socket', async () => {
    const c = await socket('/stream?streams=btcusdt@trade/btcusdt@depth/btcusdt@kline_1m/btcusdt@ticker');
    const trade = await c.waitFor((m) => m.stream === 'btcusdt@trade');
    expect(trade.data).toMatchObject({ e: 'trade', s: 'BTCUSDT' });
    const depth = await c.waitFor((m) => m.stream === 'btcusdt@depth');
    expect(depth.data).toMatchObject({ e: 'depthUpdate', s: 'BTCUSDT' });
    const d = depth.data as { U: number; u: number };
    expect(d.u).toBeGreaterThanOrEqual(d.U);
    const kline = await c.waitFor((m) => m.stream === 'btcusdt@kline_1m');
    expect(kline.data).toMatchObject({ e: 'kline', s: 'BTCUSDT', k: expect.objectContaining({ i: '1m' }) });
    const ticker = await c.waitFor((m) => m.stream === 'btcusdt@ticker');
    expect(ticker.data).toMatchObject({ e: '24hrTicker', s: 'BTCUSDT' });
    c.ws.close();

    const r = await socket('/ws');
    r.ws.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['ethusdt@aggTrade', 'btcusdt@trade'], id: 7 }));
    expect(await r.waitFor((m) => m.id === 7)).toEqual({ result: null, id: 7 });
    await r.waitFor((m) => m.e === 'trade' && m.s === 'BTCUSDT');
    r.ws.send(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id: 8 }));
    expect((await r.waitFor((m) => m.id === 8)).result).toEqual(['ethusdt@aggTrade', 'btcusdt@trade']);
    r.ws.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['nope@trade'], id: 9 }));
    expect((await r.waitFor((m) => m.id === 9)).error).toMatchObject({ code: 2 });
    r.ws.close();
  });
});
