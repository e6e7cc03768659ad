// Index price feeds: the median of fresh sources (a stale source drops out), the seeded simulator's
// determinism and volatility, and the generic external JSON adapter against local HTTP servers.
import { parseAmount } from '@coin/shared/money';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { median } from '@/market/decimal';
import { parseFeedUrls, parsePrices } from '@/market/feeds/external';
import { indexQuote } from '@/market/feeds/index-price';
import type { PriceFeed, SourceQuote } from '@/market/feeds/price-feed';
import { SimulatorFeed } from '@/market/feeds/simulator';
import { call, createTestApp, type TestContext } from './helpers';

const coin = {
  symbol: 'BTCUSDT',
  initialPrice: 67000,
  volatility: 0.6,
  dailyTurnover: 1e9,
  priceDecimals: 2,
  qtyDecimals: 6,
};

const fixed = (name: string, quote: SourceQuote | undefined): PriceFeed => ({
  name,
  kind: 'external',
  quote: () => quote,
  lastTime: () => quote?.time ?? null,
});

describe('median index', () => {
  it('median of odd and even counts, exact', () => {
    const a = (s: string) => parseAmount(s);
    expect(median([a('3'), a('1'), a('2')])).toBe(a('2'));
    expect(median([a('1'), a('2')])).toBe(a('1.5'));
    expect(median([a('0.000000000000000001'), a('0.000000000000000002')])).toBe(a('0.000000000000000002'));
    expect(median([])).toBeUndefined();
  });

  it('drops stale sources and names the contributors', () => {
    const now = 1_000_000;
    const feeds = [
      fixed('a', { price: parseAmount('100'), time: now - 1000 }),
      fixed('b', { price: parseAmount('110'), time: now }),
      fixed('c', { price: parseAmount('500'), time: now - 20_000 }),
      fixed('d', undefined),
    ];
    const q = indexQuote(feeds, 'BTCUSDT', now, 10_000);
    expect(q?.price).toBe(parseAmount('105'));
    expect(q?.source).toBe('median:a,b');
    expect(q?.simulated).toBe(false);
    expect(q?.volume).toBe(0n);
    const single = indexQuote(feeds.slice(1), 'BTCUSDT', now, 10_000);
    expect(single?.source).toBe('b');
    expect(indexQuote([feeds[2] as PriceFeed], 'BTCUSDT', now, 10_000)).toBeUndefined();
  });
});

describe('simulator', () => {
  const run = (seed: string, steps: number) => {
    const sim = new SimulatorFeed(seed, 1000);
    sim.start(coin, coin.initialPrice, 0);
    const out: string[] = [];
    for (let i = 1; i <= steps; i += 1) out.push(sim.quote('BTCUSDT', i * 1000)?.price.toString() ?? '');
    return out;
  };

  it('same seed and clock give the same prices; another seed does not', () => {
    const a = run('seed-1', 200);
    expect(run('seed-1', 200)).toEqual(a);
    expect(run('seed-2', 200)).not.toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(100);
  });

  it('moves with the configured volatility (log-return stdev = sigma * sqrt(dt))', () => {
    const sim = new SimulatorFeed('vol', 60_000);
    const hi = { ...coin, priceDecimals: 8 };
    sim.start(hi, 67000, 0);
    let prev = Math.log(67000);
    const returns: number[] = [];
    for (let i = 1; i <= 20_000; i += 1) {
      const p = Number(sim.quote('BTCUSDT', i * 60_000)?.price) / 1e18;
      returns.push(Math.log(p) - prev);
      prev = Math.log(p);
    }
    const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((s, r) => s + (r - mean) ** 2, 0) / returns.length);
    const expected = 0.6 * Math.sqrt(60_000 / (365 * 86_400_000));
    expect(sd / expected).toBeGreaterThan(0.95);
    expect(sd / expected).toBeLessThan(1.05);
  });

  it('asking twice at one instant gives one price and no extra volume; prices keep the decimals', () => {
    const sim = new SimulatorFeed('x', 1000);
    sim.start(coin, coin.initialPrice, 0);
    const first = sim.quote('BTCUSDT', 5000);
    const again = sim.quote('BTCUSDT', 5000);
    expect(again?.price).toBe(first?.price);
    expect(first?.volume ?? 0n).toBeGreaterThan(0n);
    expect(again?.volume).toBe(0n);
    expect((first?.price ?? 0n) % 10n ** 16n).toBe(0n);
  });

  it('two apps with the same seed and clock publish the same prices and back-filled bars', async () => {
    const overrides = { MARKET_SEED: 'same', MARKET_BACKFILL_HOURS: '2' };
    const a = await createTestApp(overrides);
    const b = await createTestApp(overrides);
    const c = await createTestApp({ ...overrides, MARKET_SEED: 'other' });
    try {
      for (const ctx of [a, b, c]) {
        ctx.clock.advance(5000);
        await ctx.app.market.step();
      }
      const prices = (ctx: TestContext) =>
        ctx.app.market.symbols().map((s) => ctx.app.market.latest(s)?.price);
      expect(prices(a)).toEqual(prices(b));
      expect(prices(a)).not.toEqual(prices(c));
      const url = '/api/mjkj-web/coin/open/kline/ethusdt/15m?limit=20';
      const ka = await call<{ simulated: boolean; bars: Array<{ time: number }> }>(a.app, {
        method: 'GET',
        url,
      });
      const kb = await call(b.app, { method: 'GET', url });
      expect(ka.body.data).toEqual(kb.body.data);
      expect(ka.body.data.simulated).toBe(true);
      // Two hours of 15m bars back-filled plus the open one.
      expect(ka.body.data.bars).toHaveLength(9);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  }, 240_000);
});

describe('external adapter', () => {
  it('parses maps, lists and wrappers; skips bad entries', () => {
    const now = 5000;
    const map = parsePrices({ BTCUSDT: '67000.5', 'eth/usdt': 3500, bad: 'x', neg: '-1' }, now);
    expect([...map.keys()]).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(map.get('ETHUSDT')?.price).toBe(parseAmount('3500'));
    const list = parsePrices(
      [
        { symbol: 'BTC-USDT', price: '1.25', time: 4000 },
        { symbol: 'SOL_USDT', price: 0.1 },
      ],
      now,
    );
    expect(list.get('BTCUSDT')).toEqual({ price: parseAmount('1.25'), time: 4000 });
    expect(list.get('SOLUSDT')?.price).toBe(parseAmount('0.1'));
    expect(parsePrices({ data: [{ symbol: 'X', price: '2' }] }, now).get('X')?.price).toBe(parseAmount('2'));
    expect(parsePrices({ prices: { Y: '3' } }, now).get('Y')?.price).toBe(parseAmount('3'));
    expect(parsePrices('nonsense', now).size).toBe(0);
    expect(parseFeedUrls('a=http://x/p, http://y/q?z=1')).toEqual([
      { name: 'a', url: 'http://x/p' },
      { name: 'ext2', url: 'http://y/q?z=1' },
    ]);
  });

  describe('against local servers', () => {
    const servers: FastifyInstance[] = [];
    const bodies: Array<unknown> = [
      { BTCUSDT: '100' },
      [{ symbol: 'BTC-USDT', price: '110' }],
      { data: { 'btc/usdt': 130 } },
    ];
    const failing = [false, false, false];
    const urls: string[] = [];
    let ctx: TestContext;

    beforeAll(async () => {
      for (let i = 0; i < 3; i += 1) {
        const server = Fastify();
        server.get('/prices', async (_req, reply) => {
          if (failing[i]) return reply.code(500).send({ error: 'down' });
          return bodies[i];
        });
        const address = await server.listen({ port: 0, host: '127.0.0.1' });
        servers.push(server);
        urls.push(`${String.fromCharCode(97 + i)}=${address}/prices`);
      }
      ctx = await createTestApp({
        MARKET_FEED: 'external',
        MARKET_FEED_URLS: urls.join(','),
        MARKET_FEED_STALE_MS: '5000',
      });
    }, 120_000);
    afterAll(async () => {
      await ctx.close();
      await Promise.all(servers.map((s) => s.close()));
    });

    it('index is the median of fresh sources; a failing source goes stale and drops out', async () => {
      const m = ctx.app.market;
      expect(m.simulated()).toBe(false);
      expect(m.latest('BTCUSDT')).toEqual({
        symbol: 'BTCUSDT',
        price: '110',
        time: ctx.clock.now().getTime(),
        source: 'median:a,b,c',
      });
      // Symbols no source prices have no index at all (never a made-up price).
      expect(m.latest('ETHUSDT')).toBeUndefined();
      expect(m.usdtPrice('eth')).toBeUndefined();
      expect(m.usdtPrice('btc')).toBe('110');

      failing[2] = true;
      ctx.clock.advance(3000);
      await m.step();
      // c failed to answer but its last price is only 3 s old: still fresh.
      expect(m.latest('BTCUSDT')?.source).toBe('median:a,b,c');
      ctx.clock.advance(3000);
      await m.step();
      expect(m.latest('BTCUSDT')).toMatchObject({ price: '105', source: 'median:a,b' });

      const status = await call<{ simulated: boolean; sources: Array<{ name: string; fresh: boolean }> }>(
        ctx.app,
        { method: 'GET', url: '/api/mjkj-web/coin/open/feedStatus' },
      );
      expect(status.body.data.simulated).toBe(false);
      expect(status.body.data.sources.map((s) => [s.name, s.fresh])).toEqual([
        ['a', true],
        ['b', true],
        ['c', false],
      ]);

      failing[0] = true;
      failing[1] = true;
      const last = m.latest('BTCUSDT');
      ctx.clock.advance(10_000);
      await m.step();
      expect(m.latest('BTCUSDT')).toEqual(last);

      // Index-only volume is zero and the bars are not labelled simulated.
      const k = await call<{ simulated: boolean; bars: Array<{ volume: string; close: string }> }>(ctx.app, {
        method: 'GET',
        url: '/api/mjkj-web/coin/open/kline/btcusdt/1m',
      });
      expect(k.body.data.simulated).toBe(false);
      expect(k.body.data.bars.every((b) => b.volume === '0')).toBe(true);
      expect(k.body.data.bars.at(-1)?.close).toBe('105');
    });
  });

  it('both: the simulator and an external source are both in the median, labelled simulated', async () => {
    const server = Fastify();
    server.get('/p', async () => ({ BTCUSDT: '1' }));
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    const ctx = await createTestApp({ MARKET_FEED: 'both', MARKET_FEED_URLS: `ext=${address}/p` });
    try {
      const tick = ctx.app.market.latest('BTCUSDT');
      expect(tick?.source).toBe('median:simulator,ext');
      expect(ctx.app.market.simulated()).toBe(true);
      // Mean of ~67000 and 1.
      expect(Number(tick?.price)).toBeGreaterThan(30_000);
      expect(ctx.app.market.latest('ETHUSDT')?.source).toBe('simulator');
    } finally {
      await ctx.close();
      await server.close();
    }
  }, 120_000);
});
