// Public websocket: validation, subscription cap, Origin check, serialize-once fan-out, slow consumers,
// and the market → DETAIL/KLINE/ALL_DETAIL mapping.
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KlineBar, MarketApi, MarketEventMap, TickerSnapshot } from '@/market/price-index';
import { MarketStreams } from '@/realtime/market-streams';
import { createTestApp, type TestContext } from './helpers';
import { baseUrl, openWs, type TestWs } from './realtime-ws-client';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestApp({
    WS_MAX_SUBSCRIPTIONS: '3',
    WS_SLOW_CONSUMER_BYTES: '65536',
    WS_ALLOWED_ORIGINS: 'https://app.example.com',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(ctx.app);
});
afterAll(async () => ctx.close());

const trade = (id: number, symbol = 'BTCUSDT') => ({
  id: String(id),
  symbol,
  price: '100.5',
  qty: '0.25',
  side: 'buy' as const,
  time: 1,
});

describe('public websocket', () => {
  it('answers bad messages with an ERROR frame and keeps the connection usable', async () => {
    const c = await openWs(`${url}/ws/bad-input`);
    c.send('not json');
    c.send({ operation: 'subscribe', type: 'DEPTH' });
    c.send({ operation: 'subscribe', type: 'KLINE', symbol: 'BTCUSDT' });
    c.send({ operation: 'subscribe', type: 'NOPE', symbol: 'BTCUSDT' });
    c.send({ operation: 'subscribe', type: 'DEPTH', symbol: 'BTCUSDT', extra: 1 });
    c.send({ operation: 'subscribe', type: 'DEPTH', symbol: 'BTC$USDT' });
    await c.until(() => c.frames.length >= 6);
    expect(c.frames.map((f) => [f.type, f.code])).toEqual(Array(6).fill(['ERROR', 'WS_BAD_MESSAGE']));
    c.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    await c.until(() => c.frames.length >= 7);
    expect(c.frames[6]?.code).toBe('WS_BAD_MESSAGE');
    c.send({ operation: 'subscribe', type: 'TRADE', symbol: 'btc_usdt' });
    expect((await c.next((f) => f.type === 'ACK')).stream).toBe('TRADE:BTCUSDT');
    expect(c.closeCode).toBeUndefined();
    c.close();
  });

  it('caps subscriptions per connection; repeats and unsubscribes do not count twice', async () => {
    const c = await openWs(`${url}/ws/cap`);
    for (const symbol of ['AAAUSDT', 'BBBUSDT', 'CCCUSDT', 'CCCUSDT']) {
      c.send({ operation: 'subscribe', type: 'TRADE', symbol });
    }
    c.send({ operation: 'subscribe', type: 'TRADE', symbol: 'DDDUSDT' });
    await c.until(() => c.frames.length >= 5);
    expect(c.frames.slice(0, 4).every((f) => f.type === 'ACK')).toBe(true);
    expect(c.frames[4]).toMatchObject({ type: 'ERROR', code: 'WS_TOO_MANY_SUBSCRIPTIONS' });
    c.send({ operation: 'unsubscribe', type: 'TRADE', symbol: 'AAAUSDT' });
    c.send({ operation: 'subscribe', type: 'TRADE', symbol: 'DDDUSDT' });
    await c.until(() => c.frames.length >= 7);
    expect(c.frames[6]).toMatchObject({ type: 'ACK', operation: 'subscribe', stream: 'TRADE:DDDUSDT' });
    // The unsubscribed stream no longer delivers; the new one does.
    ctx.app.realtime.publishTrade(trade(1, 'AAAUSDT'));
    ctx.app.realtime.publishTrade(trade(2, 'DDDUSDT'));
    const got = await c.next((f) => f.type === 'TRADE');
    expect(got.symbol).toBe('DDDUSDT');
    c.close();
  });

  it('refuses a foreign Origin before the upgrade; same host and the allow list pass', async () => {
    const host = new URL(url).host;
    await expect(openWs(`${url}/ws/o1`, undefined, { origin: 'https://evil.example' })).rejects.toThrow(
      'HTTP 403',
    );
    await expect(openWs(`${url}/ws/o1`, undefined, { origin: 'null' })).rejects.toThrow('HTTP 403');
    const same = await openWs(`${url}/ws/o2`, undefined, { origin: `http://${host}` });
    const listed = await openWs(`${url}/ws/o3`, undefined, { origin: 'https://app.example.com' });
    same.close();
    listed.close();
    await expect(openWs(`${url}/ws/bad id!`)).rejects.toThrow();
  });

  it('serializes a frame once for all subscribers and delivers identical frames', async () => {
    const a = await openWs(`${url}/ws/fan-a`);
    const b = await openWs(`${url}/ws/fan-b`);
    const other = await openWs(`${url}/ws/fan-c`);
    for (const c of [a, b]) c.send({ operation: 'subscribe', type: 'TRADE', symbol: 'SOLUSDT' });
    other.send({ operation: 'subscribe', type: 'TRADE', symbol: 'XRPUSDT' });
    for (const c of [a, b, other]) await c.next((f) => f.type === 'ACK');
    const stringify = vi.spyOn(JSON, 'stringify');
    ctx.app.realtime.publishTrade(trade(7, 'SOLUSDT'));
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();
    const fa = await a.next((f) => f.type === 'TRADE');
    const fb = await b.next((f) => f.type === 'TRADE');
    expect(fa).toEqual(fb);
    expect(fa).toEqual({ type: 'TRADE', symbol: 'SOLUSDT', data: trade(7, 'SOLUSDT') });
    expect(other.frames.some((f) => f.type === 'TRADE')).toBe(false);
    for (const c of [a, b, other]) c.close();
  });

  it('drops a slow consumer (close 4008) and keeps serving the others', async () => {
    const slow = await openWs(`${url}/ws/slow`);
    const fast = await openWs(`${url}/ws/fast`);
    for (const c of [slow, fast]) c.send({ operation: 'subscribe', type: 'TRADE', symbol: 'DOGEUSDT' });
    for (const c of [slow, fast]) await c.next((f) => f.type === 'ACK');
    // Stop reading on the slow client: the kernel buffers fill, then the server-side queue grows.
    const raw = (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    const before = ctx.app.realtime.publicHub.stats.slowDropped;
    const big = { ...trade(0, 'DOGEUSDT'), id: 'x'.repeat(8000) };
    for (let i = 0; i < 4000 && ctx.app.realtime.publicHub.stats.slowDropped === before; i += 1) {
      ctx.app.realtime.publishTrade(big);
      if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(ctx.app.realtime.publicHub.stats.slowDropped).toBe(before + 1);
    raw.resume();
    await slow.until(() => slow.closeCode, 5000);
    expect(slow.closeCode).toBe(4008);
    // The fast client is still subscribed.
    const n = fast.frames.length;
    ctx.app.realtime.publishTrade(trade(9, 'DOGEUSDT'));
    await fast.next((f) => f.type === 'TRADE' && (f.data as { id: string }).id === '9', 5000, n);
    fast.close();
  });
});

describe('market streams', () => {
  function fakeMarket(tickers: TickerSnapshot[]) {
    const emitter = new EventEmitter();
    // Only what MarketStreams uses; the rest of MarketApi is not needed here.
    const market = {
      latest: () => undefined,
      usdtPrice: () => undefined,
      tickers: () => tickers,
      simulated: () => true,
      on<K extends keyof MarketEventMap>(event: K, listener: (value: MarketEventMap[K]) => void) {
        emitter.on(event, listener);
        return () => emitter.off(event, listener);
      },
    } as Partial<MarketApi> as MarketApi;
    return {
      market,
      emit: <K extends keyof MarketEventMap>(e: K, v: MarketEventMap[K]) => emitter.emit(e, v),
    };
  }
  const ticker: TickerSnapshot = {
    symbol: 'BTCUSDT',
    symbolName: 'BTC/USDT',
    close: '67000.1',
    open: '66000',
    high: '67500',
    low: '65800',
    zdf: '1.52',
    volume: '12.5',
    amount: '837501.25',
    time: 1,
  };
  const bar: KlineBar = {
    symbol: 'BTCUSDT',
    interval: '1m',
    time: 60_000,
    open: '1',
    high: '2',
    low: '0.5',
    close: '1.5',
    volume: '3',
    amount: '4.5',
  };

  it('maps tickers to DETAIL and throttled ALL_DETAIL, bars to KLINE, and sends current state on subscribe', async () => {
    const { market, emit } = fakeMarket([ticker]);
    const published: Array<[string, unknown]> = [];
    const subscribed = new Set(['ALL_DETAIL']);
    const streams = new MarketStreams(
      market,
      { publish: (s, f) => published.push([s, f]), hasSubscribers: (s) => subscribed.has(s) },
      20,
    );
    emit('ticker', ticker);
    emit('ticker', ticker);
    emit('kline', bar);
    expect(published.slice(0, 3)).toEqual([
      ['DETAIL:BTCUSDT', { type: 'DETAIL', symbol: 'BTCUSDT', data: ticker }],
      ['DETAIL:BTCUSDT', { type: 'DETAIL', symbol: 'BTCUSDT', data: ticker }],
      ['KLINE:BTCUSDT:1m', { type: 'KLINE', symbol: 'BTCUSDT', interval: '1m', data: bar }],
    ]);
    await new Promise((r) => setTimeout(r, 60));
    const all = published.filter(([s]) => s === 'ALL_DETAIL');
    expect(all).toEqual([
      [
        'ALL_DETAIL',
        {
          type: 'ALL_DETAIL',
          data: [
            { symbol: 'BTCUSDT', symbolName: 'BTC/USDT', close: '67000.1', zdf: '1.52', amount: '837501.25' },
          ],
        },
      ],
    ]);
    const sent: unknown[] = [];
    streams.onSubscribe({ operation: 'subscribe', type: 'KLINE', symbol: 'BTCUSDT', interval: '1m' }, (f) =>
      sent.push(f),
    );
    streams.onSubscribe({ operation: 'subscribe', type: 'KLINE', symbol: 'BTCUSDT', interval: '5m' }, (f) =>
      sent.push(f),
    );
    streams.onSubscribe({ operation: 'subscribe', type: 'DETAIL', symbol: 'BTCUSDT' }, (f) => sent.push(f));
    streams.onSubscribe({ operation: 'subscribe', type: 'DETAIL', symbol: 'ETHUSDT' }, (f) => sent.push(f));
    expect(sent).toEqual([
      { type: 'KLINE', symbol: 'BTCUSDT', interval: '1m', data: bar },
      { type: 'DETAIL', symbol: 'BTCUSDT', data: ticker },
    ]);
    streams.close();
    emit('ticker', ticker);
    expect(published.filter(([s]) => s === 'DETAIL:BTCUSDT')).toHaveLength(2);
  });

  it('with the real app.market, a market step reaches DETAIL and KLINE subscribers', async (test) => {
    if (!ctx.app.hasDecorator('market')) test.skip();
    const c: TestWs = await openWs(`${url}/ws/market`);
    c.send({ operation: 'subscribe', type: 'DETAIL', symbol: 'btcusdt' });
    c.send({ operation: 'subscribe', type: 'KLINE', symbol: 'BTCUSDT', interval: '1m' });
    await c.until(() => c.frames.filter((f) => f.type === 'ACK').length === 2);
    const from = c.frames.length;
    ctx.clock.advance(5000);
    await ctx.app.market.step();
    const detail = await c.next((f) => f.type === 'DETAIL', 3000, from);
    const latest = ctx.app.market.tickers().find((t) => t.symbol === 'BTCUSDT');
    expect(detail.data).toEqual(latest);
    const kline = await c.next((f) => f.type === 'KLINE', 3000, from);
    expect(kline).toMatchObject({ symbol: 'BTCUSDT', interval: '1m', data: { close: latest?.close } });
    c.close();
  });

  it('with the real app.market, ALL_DETAIL on subscribe lists its tickers', async (test) => {
    if (!ctx.app.hasDecorator('market')) test.skip();
    const c: TestWs = await openWs(`${url}/ws/all`);
    c.send({ operation: 'subscribe', type: 'ALL_DETAIL' });
    const frame = await c.next((f) => f.type === 'ALL_DETAIL');
    expect((frame.data as unknown[]).length).toBe(ctx.app.market.tickers().length);
    c.close();
  });
});
