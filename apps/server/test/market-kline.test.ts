// K-line aggregation (exact OHLC across bucket boundaries, week and month boundaries), tickers, tick
// storage and retention, trades winning over ticks, events, and history surviving a restart.
import { type Amount, parseAmount } from '@coin/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';
import { marketKlines, marketTicks } from '@/db/schema';
import { ManualClock } from '@/lib/clock';
import { bucketStart, INTERVALS, nextBucket, type PricePoint, SymbolBars } from '@/market/kline';
import { type MarketEngine, TRADE_EVENTS_MS } from '@/market/market-engine';
import type { KlineBar, TickerSnapshot } from '@/market/price-index';
import { call, createTestApp, type TestContext } from './helpers';

const a = (s: string) => parseAmount(s);
const point = (time: number, price: string, volume = '1'): PricePoint => ({
  time,
  price: a(price),
  volume: a(volume),
  amount: ((a(price) * a(volume)) / 10n ** 18n) as Amount,
  simulated: false,
});
const iso = (s: string) => Date.parse(s);

describe('bucketing', () => {
  it('aligns every interval in UTC; weeks start Monday, months on the 1st', () => {
    const t = iso('2026-03-04T13:47:25.123Z'); // a Wednesday
    expect(bucketStart('1m', t)).toBe(iso('2026-03-04T13:47:00Z'));
    expect(bucketStart('5m', t)).toBe(iso('2026-03-04T13:45:00Z'));
    expect(bucketStart('15m', t)).toBe(iso('2026-03-04T13:45:00Z'));
    expect(bucketStart('30m', t)).toBe(iso('2026-03-04T13:30:00Z'));
    expect(bucketStart('1h', t)).toBe(iso('2026-03-04T13:00:00Z'));
    expect(bucketStart('4h', t)).toBe(iso('2026-03-04T12:00:00Z'));
    expect(bucketStart('1d', t)).toBe(iso('2026-03-04T00:00:00Z'));
    expect(bucketStart('1w', t)).toBe(iso('2026-03-02T00:00:00Z'));
    expect(bucketStart('1M', t)).toBe(iso('2026-03-01T00:00:00Z'));
    // Sunday night is still the week that began on Monday; Monday 00:00 opens the next.
    expect(bucketStart('1w', iso('2026-03-08T23:59:59.999Z'))).toBe(iso('2026-03-02T00:00:00Z'));
    expect(bucketStart('1w', iso('2026-03-09T00:00:00Z'))).toBe(iso('2026-03-09T00:00:00Z'));
    // Month lengths, leap February and the year turn.
    expect(bucketStart('1M', iso('2028-02-29T23:59:59Z'))).toBe(iso('2028-02-01T00:00:00Z'));
    expect(nextBucket('1M', iso('2028-02-01T00:00:00Z'))).toBe(iso('2028-03-01T00:00:00Z'));
    expect(nextBucket('1M', iso('2026-12-01T00:00:00Z'))).toBe(iso('2027-01-01T00:00:00Z'));
    expect(bucketStart('1M', iso('2027-01-01T00:00:00Z'))).toBe(iso('2027-01-01T00:00:00Z'));
    expect(nextBucket('1w', iso('2026-12-28T00:00:00Z'))).toBe(iso('2027-01-04T00:00:00Z'));
  });

  it('OHLC, volume and amount are exact across bucket boundaries', () => {
    const bars = new SymbolBars();
    const t0 = iso('2026-03-31T23:58:30Z'); // Tuesday, last minutes of March
    bars.apply(point(t0, '100.5', '2'));
    bars.apply(point(t0 + 10_000, '101.25', '0.5'));
    bars.apply(point(t0 + 20_000, '99.75', '1'));
    bars.apply(point(t0 + 29_999, '100', '1')); // 23:58:59.999, last tick of the 23:58 minute
    bars.apply(point(t0 + 30_000, '100.1', '3')); // 23:59:00
    bars.apply(point(t0 + 90_000, '102', '1')); // 00:00:00 April 1st: new day, month; same week
    bars.apply(point(t0 + 95_000, '98', '1'));

    const m = bars.bars['1m'];
    expect(m.map((b) => b.time)).toEqual([
      iso('2026-03-31T23:58:00Z'),
      iso('2026-03-31T23:59:00Z'),
      iso('2026-04-01T00:00:00Z'),
    ]);
    expect(m[0]).toMatchObject({ open: a('100.5'), high: a('101.25'), low: a('99.75'), close: a('100') });
    expect(m[0]?.volume).toBe(a('4.5'));
    expect(m[0]?.amount).toBe(a('201') + a('50.625') + a('99.75') + a('100'));
    expect(m[1]).toMatchObject({ open: a('100.1'), high: a('100.1'), low: a('100.1'), close: a('100.1') });
    expect(m[2]).toMatchObject({
      open: a('102'),
      high: a('102'),
      low: a('98'),
      close: a('98'),
      volume: a('2'),
    });

    const month = bars.bars['1M'];
    expect(month.map((b) => b.time)).toEqual([iso('2026-03-01T00:00:00Z'), iso('2026-04-01T00:00:00Z')]);
    expect(month[0]).toMatchObject({
      open: a('100.5'),
      high: a('101.25'),
      low: a('99.75'),
      close: a('100.1'),
    });
    expect(month[0]?.volume).toBe(a('7.5'));
    const week = bars.bars['1w'];
    expect(week).toHaveLength(1);
    expect(week[0]).toMatchObject({
      time: iso('2026-03-30T00:00:00Z'),
      open: a('100.5'),
      high: a('102'),
      low: a('98'),
      close: a('98'),
      volume: a('9.5'),
    });
    const day = bars.bars['1d'];
    expect(day.map((b) => b.close)).toEqual([a('100.1'), a('98')]);
    // A late point for a closed bar does not rewrite history.
    const changed = bars.apply(point(t0, '500'));
    expect(changed.map((c) => c.interval)).toEqual(['1w']);
    expect(bars.bars['1m'][0]?.high).toBe(a('101.25'));
  });

  it('minute bars fold into higher intervals exactly as ticks do', () => {
    const byTicks = new SymbolBars();
    const byMinutes = new SymbolBars();
    const start = iso('2026-05-03T22:00:00Z');
    const prices = ['10', '11', '9.5', '12', '10.25', '10.5', '8', '13', '12.5', '11'];
    for (let minute = 0; minute < 300; minute += 1) {
      const minuteBars = new SymbolBars();
      for (let j = 0; j < 3; j += 1) {
        const p = point(
          start + minute * 60_000 + j * 20_000,
          prices[(minute * 3 + j) % prices.length] ?? '1',
        );
        byTicks.apply(p);
        minuteBars.apply(p);
      }
      const bar = minuteBars.bars['1m'][0];
      if (bar) byMinutes.addMinuteBar(bar);
    }
    for (const interval of INTERVALS) expect(byMinutes.bars[interval]).toEqual(byTicks.bars[interval]);
    expect(byTicks.bars['4h'].map((b) => b.time)).toEqual([
      iso('2026-05-03T20:00:00Z'),
      iso('2026-05-04T00:00:00Z'),
    ]);
  });

  it('updates its own open bar in place, but copies a loaded or back-filled bar before changing it', () => {
    const t0 = iso('2026-01-31T23:59:10Z');
    const loaded = {
      ...point(bucketStart('1m', t0), '50'),
      open: a('50'),
      high: a('50'),
      low: a('50'),
      close: a('50'),
    };
    const { price: _p, ...loadedBar } = loaded;
    const frozen = { ...loadedBar };
    const bars = new SymbolBars();
    bars.load('1m', [loadedBar]);
    const first = bars.apply(point(t0, '60', '2'));
    // The loaded object is untouched; the open 1m bar is a copy that took the point.
    expect(loadedBar).toEqual(frozen);
    const own = bars.bars['1m'][0];
    if (own === undefined) throw new Error('no open 1m bar');
    expect(own).not.toBe(loadedBar);
    expect(own).toMatchObject({ open: a('50'), high: a('60'), close: a('60'), volume: a('3') });
    expect(first.find((c) => c.interval === '1m')?.bar).toBe(own);
    // The next point of the bucket changes the same object; the next month opens new bars.
    bars.apply(point(t0 + 30_000, '40'));
    expect(bars.bars['1m'][0]).toBe(own);
    expect(own).toMatchObject({ high: a('60'), low: a('40'), close: a('40'), volume: a('4') });
    bars.apply(point(iso('2026-02-01T00:00:00Z'), '45'));
    expect(bars.bars['1m'].map((b) => b.time)).toEqual([bucketStart('1m', t0), iso('2026-02-01T00:00:00Z')]);
    expect(bars.bars['1M'].map((b) => [b.time, b.close])).toEqual([
      [iso('2026-01-01T00:00:00Z'), a('40')],
      [iso('2026-02-01T00:00:00Z'), a('45')],
    ]);
    expect(bars.bars['1M'][0]?.volume).toBe(a('3'));
    // A late point of a closed bucket still changes nothing of it.
    expect(bars.apply(point(t0, '99')).map((c) => c.interval)).toEqual(['1w']);
    expect(own.high).toBe(a('60'));
  });
});

describe('engine: ticks, retention, trades, events', () => {
  let ctx: TestContext;
  let engine: MarketEngine;
  beforeAll(async () => {
    ctx = await createTestApp({ MARKET_TICK_RETENTION_HOURS: '1' });
    engine = ctx.app.market as MarketEngine;
  }, 120_000);
  afterAll(async () => ctx.close());

  it('stores every tick (time, price, source), cites one by time, prunes past the retention', async () => {
    const t0 = ctx.clock.now().getTime();
    const events: { tick: number; ticker: TickerSnapshot[]; kline: KlineBar[] } = {
      tick: 0,
      ticker: [],
      kline: [],
    };
    const offs = [
      ctx.app.market.on('tick', () => {
        events.tick += 1;
      }),
      ctx.app.market.on('ticker', (t) => events.ticker.push(t)),
      ctx.app.market.on('kline', (k) => events.kline.push(k)),
    ];
    ctx.clock.advance(1000);
    await ctx.app.market.step();
    // Without a clock move there is no new tick.
    await ctx.app.market.step();
    for (const off of offs) off();
    const symbols = ctx.app.market.symbols().length;
    expect(events.tick).toBe(symbols);
    expect(events.ticker).toHaveLength(symbols);
    expect(events.kline).toHaveLength(symbols * INTERVALS.length);
    const btc = events.kline.filter((k) => k.symbol === 'BTCUSDT');
    expect(btc.map((k) => k.interval)).toEqual([...INTERVALS]);

    const stored = await ctx.db.select().from(marketTicks);
    expect(stored).toHaveLength(symbols * 2);
    const cited = await ctx.app.market.tickAt('btcusdt', t0 + 999);
    expect(cited).toMatchObject({ symbol: 'BTCUSDT', time: t0, source: 'simulator' });
    const row = stored.find((r) => r.symbol === 'btcusdt' && r.time === t0);
    expect(cited?.price).toBe(String(Number(row?.price)));
    expect((await ctx.app.market.tickAt('BTCUSDT', t0 + 1000))?.time).toBe(t0 + 1000);
    expect(await ctx.app.market.tickAt('BTCUSDT', t0 - 1)).toBeUndefined();

    ctx.clock.advance(3_600_001);
    await ctx.app.market.step();
    // Pruning runs with the step: the two old ticks per symbol are older than one hour.
    const left = await ctx.db.select().from(marketTicks);
    expect(left).toHaveLength(symbols);
    expect(left.every((r) => r.time === ctx.clock.now().getTime())).toBe(true);
    expect(await engine.prune()).toBe(0);
  });

  it('ticker: 24 h open, high, low, change and simulated volume from the 1m bars', async () => {
    const start = ctx.clock.now().getTime();
    for (let i = 0; i < 5; i += 1) {
      ctx.clock.advance(20_000);
      await ctx.app.market.step();
    }
    const ticker = ctx.app.market.tickers().find((t) => t.symbol === 'ETHUSDT');
    const bars = await call<{
      bars: Array<{ time: number; open: string; high: string; low: string; volume: string }>;
    }>(ctx.app, { method: 'GET', url: `/api/mjkj-web/coin/open/kline/ethusdt/1m?limit=1500` });
    const window = bars.body.data.bars.filter((b) => b.time >= start - 86_400_000 + 60_000);
    expect(ticker?.open).toBe(window[0]?.open);
    expect(ticker?.high).toBe(window.map((b) => b.high).sort((x, y) => Number(y) - Number(x))[0]);
    expect(ticker?.low).toBe(window.map((b) => b.low).sort((x, y) => Number(x) - Number(y))[0]);
    const volume = window.reduce((s, b) => s + a(b.volume), 0n);
    expect(a(ticker?.volume ?? '0')).toBe(volume);
    expect(volume).toBeGreaterThan(0n);
    const open = a(ticker?.open ?? '1');
    const close = a(ticker?.close ?? '0');
    const pct = Number(((close - open) * 10_000n * 10n ** 18n) / open / 10n ** 18n) / 100;
    expect(Math.abs(Number(ticker?.zdf) - pct)).toBeLessThanOrEqual(0.01);
    expect(ticker?.zdf).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('trades win over ticks for a market that trades', async () => {
    // Start of a fresh minute, so the bar holds trades only.
    ctx.clock.advance(60_000 - (ctx.clock.now().getTime() % 60_000));
    const now = ctx.clock.now().getTime();
    ctx.app.market.ingestTrade('SOLUSDT', '123.456', '2', now);
    ctx.app.market.ingestTrade('SOLUSDT', '130', '1', now + 10);
    ctx.clock.advance(1000);
    await ctx.app.market.step();
    const t = ctx.app.market.tickers().find((x) => x.symbol === 'SOLUSDT');
    expect(t?.close).toBe('130');
    const k = await call<{ bars: Array<{ close: string; high: string; volume: string; amount: string }> }>(
      ctx.app,
      {
        method: 'GET',
        url: '/api/mjkj-web/coin/open/kline/solusdt/1m?limit=1',
      },
    );
    // The index tick at the same instant did not touch the traded market's bar.
    expect(k.body.data.bars[0]).toEqual({
      time: now,
      open: '123.456',
      high: '130',
      low: '123.456',
      close: '130',
      volume: '3',
      amount: '376.912',
    });
    const trades = await call<{ trades: Array<{ price: string; qty: string; amount: string }> }>(ctx.app, {
      method: 'GET',
      url: '/api/mjkj-web/coin/open/transaction/sol/usdt',
    });
    expect(trades.body.data.trades).toEqual([
      { price: '130', qty: '1', amount: '130', time: now + 10, demo: false },
      { price: '123.456', qty: '2', amount: '246.912', time: now, demo: false },
    ]);
    // The index itself still comes from the feed.
    expect(ctx.app.market.latest('SOLUSDT')?.source).toBe('simulator');
  });

  it("a trade burst's K-line and ticker events go out once per symbol and window, with the latest bars", async () => {
    const kline: KlineBar[] = [];
    const ticker: TickerSnapshot[] = [];
    const offs = [
      ctx.app.market.on('kline', (k) => {
        if (k.symbol === 'SOLUSDT') kline.push(k);
      }),
      ctx.app.market.on('ticker', (t) => {
        if (t.symbol === 'SOLUSDT') ticker.push(t);
      }),
    ];
    const now = ctx.clock.now().getTime();
    // 60 fills over three event-loop turns, as core batches publish them (a non-canonical text too).
    for (let turn = 0; turn < 3; turn++) {
      for (let i = 0; i < 20; i++) {
        const n = turn * 20 + i;
        ctx.app.market.ingestTrade('SOLUSDT', n === 59 ? '140.500' : `${131 + (n % 7)}`, '0.5', now + n);
      }
      await new Promise((r) => setImmediate(r));
    }
    expect(kline).toEqual([]);
    await new Promise((r) => setTimeout(r, TRADE_EVENTS_MS + 50));
    for (const off of offs) off();
    // One event per interval and one ticker, each with the state after the last fill.
    expect(kline.map((k) => k.interval).sort()).toEqual([...INTERVALS].sort());
    for (const k of kline) expect(k.close).toBe('140.5');
    expect(ticker).toHaveLength(1);
    expect(ticker[0]?.close).toBe('140.5');
    // The recent trades keep the canonical text.
    const last = (ctx.app.market as MarketEngine).recentTrades('SOLUSDT')[0];
    expect(last).toMatchObject({ price: '140.5', qty: '0.5', amount: '70.25' });
  });
});

describe('restart', () => {
  it('K-line history and the price walk survive a restart on the same database', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      APP_SECRET: 'test-secret-test-secret-test-secret-00',
      JOURNAL_DIR: 'memory://',
      MARKET_TICK_MS: '0',
      MARKET_BACKFILL_HOURS: '1',
    });
    const clock = new ManualClock(new Date('2026-06-01T00:00:30Z'));
    try {
      const first = await buildApp({ config, database, clock, closeDatabase: false });
      await first.ready();
      clock.advance(60_000);
      await first.market.step();
      const url = '/api/mjkj-web/coin/open/kline/btcusdt/1m?limit=100';
      const before = await call<{ bars: unknown[] }>(first, { method: 'GET', url });
      expect(before.body.data.bars).toHaveLength(62);
      const lastPrice = first.market.latest('BTCUSDT');
      await first.close();
      const stored = await database.db.select().from(marketKlines);
      expect(stored.length).toBeGreaterThan(62);

      const second = await buildApp({ config, database, clock, closeDatabase: false });
      await second.ready();
      expect(second.market.latest('BTCUSDT')).toEqual(lastPrice);
      const after = await call<{ bars: unknown[] }>(second, { method: 'GET', url });
      expect(after.body.data).toEqual(before.body.data);
      clock.advance(1000);
      await second.market.step();
      expect(second.market.latest('BTCUSDT')?.time).toBe(clock.now().getTime());
      await second.close();
    } finally {
      await database.close();
    }
  }, 240_000);
});
