// After a restart a spot market keeps what its trades made: the recent-trades list is read back from the
// stored trades (it was empty until the next trade), and the market's bars and ticker stay trade-based
// (index ticks moved them again until someone traded; with the demo market maker off that could be hours).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { ManualClock } from '@/lib/clock';
import type { MarketEngine } from '@/market/market-engine';
import { auth, call, createTestDatabase, registerAndLogin, testConfig } from './helpers';
import { API, credit } from './wallet-kit';

const journalDir = mkdtempSync(join(tmpdir(), 'spot-tape-'));
afterAll(() => rmSync(journalDir, { recursive: true, force: true }));

interface TapeTrade {
  price: string;
  qty: string;
  amount: string;
  time: number;
  side?: string;
  demo: boolean;
}

it('keeps the recent trades, the last price and trade-based bars across a restart', async () => {
  const config = testConfig({ JOURNAL_DIR: journalDir });
  const clock = new ManualClock(new Date('2026-06-01T00:00:30Z'));
  const { database, drop } = await createTestDatabase();
  const tape = (app: Awaited<ReturnType<typeof buildApp>>) =>
    call<{ trades: TapeTrade[] }>(app, { method: 'GET', url: `${API}/open/transaction/btc/usdt` });
  const lastBar = async (app: Awaited<ReturnType<typeof buildApp>>) =>
    (
      await call<{ bars: Array<{ time: number; close: string; volume: string }> }>(app, {
        method: 'GET',
        url: `${API}/open/kline/btcusdt/1m?limit=1`,
      })
    ).body.data.bars[0];
  try {
    const first = await buildApp({ config, database, clock, closeDatabase: false });
    await first.ready();
    await first.market.step();
    const seller = await registerAndLogin(first);
    const buyer = await registerAndLogin(first);
    await credit(first, seller.user.id, 'BTC', '1');
    await credit(first, buyer.user.id, 'USDT', '100000');
    // Two trades at prices far from the index, so a bar moved by an index tick would show it.
    for (const [price, qty] of [
      ['12345.67', '0.1'],
      ['12400', '0.2'],
    ]) {
      clock.advance(1000);
      const sell = await call(first, {
        method: 'POST',
        url: '/api/currency/order/submit',
        headers: auth(seller.token),
        payload: { symbol: 'btcusdt', side: 'sell', type: 'limit', price, quantity: qty },
      });
      expect(sell.status, JSON.stringify(sell.body)).toBe(200);
      const buy = await call(first, {
        method: 'POST',
        url: '/api/currency/order/submit',
        headers: auth(buyer.token),
        payload: { symbol: 'btcusdt', side: 'buy', type: 'market', quantity: qty },
      });
      expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    }
    await first.wallet.projection.idle();
    const before = (await tape(first)).body.data.trades;
    expect(before.map((t) => [t.price, t.qty, t.side])).toEqual([
      ['12400', '0.2', 'buy'],
      ['12345.67', '0.1', 'buy'],
    ]);
    const barBefore = await lastBar(first);
    expect(barBefore?.close).toBe('12400');
    await first.close();

    const second = await buildApp({ config, database, clock, closeDatabase: false });
    await second.ready();
    try {
      expect((await tape(second)).body.data.trades).toEqual(before);
      clock.advance(1000);
      await second.market.step();
      // The index moved on, the traded market's bar and last price did not.
      expect(second.market.latest('BTCUSDT')?.time).toBe(clock.now().getTime());
      expect(await lastBar(second)).toEqual(barBefore);
      expect(second.market.tickers().find((t) => t.symbol === 'BTCUSDT')?.close).toBe('12400');
    } finally {
      await second.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}, 120_000);

it.each([
  ['after a bar write', true],
  ['before any bar write', false],
])(
  'applies again from the journal the trades a kill -9 left out of the stored bars, once (%s)',
  async (_, written) => {
    const dir = mkdtempSync(join(tmpdir(), 'spot-tape-crash-'));
    const config = testConfig({ JOURNAL_DIR: dir });
    const clock = new ManualClock(new Date('2026-06-01T00:00:30Z'));
    const { database, drop } = await createTestDatabase();
    type App = Awaited<ReturnType<typeof buildApp>>;
    const tape = async (app: App) =>
      (await call<{ trades: TapeTrade[] }>(app, { method: 'GET', url: `${API}/open/transaction/btc/usdt` }))
        .body.data.trades;
    const bars = async (app: App, interval: string) =>
      (
        await call<{
          bars: Array<{ time: number; high: string; low: string; close: string; volume: string }>;
        }>(app, { method: 'GET', url: `${API}/open/kline/btcusdt/${interval}?limit=2` })
      ).body.data.bars;
    const start = async () => {
      const app = await buildApp({ config, database, clock, closeDatabase: false });
      await app.ready();
      return app;
    };
    try {
      const first = await start();
      await first.market.step();
      const seller = await registerAndLogin(first);
      const buyer = await registerAndLogin(first);
      await credit(first, seller.user.id, 'BTC', '1');
      await credit(first, buyer.user.id, 'USDT', '100000');
      const trade = async (price: string, qty: string) => {
        clock.advance(1000);
        for (const [who, payload] of [
          [seller, { symbol: 'btcusdt', side: 'sell', type: 'limit', price, quantity: qty }],
          [buyer, { symbol: 'btcusdt', side: 'buy', type: 'market', quantity: qty }],
        ] as const) {
          const res = await call(first, {
            method: 'POST',
            url: '/api/currency/order/submit',
            headers: auth(who.token),
            payload,
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
      };
      await trade('12345.67', '0.1');
      // A market step writes the bars with the first trade (and their trade cursor); or the kill comes
      // before any bar write (the cursor stored at the start is where the trades are applied from).
      if (written) await first.market.step();
      await first.wallet.projection.idle();
      // The next trades reach neither the stored bars nor (the projection stopped) the stored trades.
      first.wallet.projection.stop();
      await trade('12500', '0.2');
      await trade('12200.5', '0.05');
      const tapeBefore = await tape(first);
      expect(tapeBefore.map((t) => [t.price, t.qty])).toEqual([
        ['12200.5', '0.05'],
        ['12500', '0.2'],
        ['12345.67', '0.1'],
      ]);
      const minute = await bars(first, '1m');
      const day = await bars(first, '1d');
      expect(minute.at(-1)).toMatchObject({ low: '12200.5', close: '12200.5', volume: '0.35' });
      // kill -9: the open bars are never written.
      (first.market as MarketEngine).flush = async () => {};
      await first.close();

      const second = await start();
      try {
        expect(await tape(second)).toEqual(tapeBefore);
        expect(await bars(second, '1m')).toEqual(minute);
        expect(await bars(second, '1d')).toEqual(day);
        await second.wallet.projection.idle();
        await second.market.step();
      } finally {
        await second.close();
      }
      // The bars written with their cursor are not given the same trades a second time.
      const third = await start();
      try {
        expect(await bars(third, '1m')).toEqual(minute);
        expect(await bars(third, '1d')).toEqual(day);
        expect(await tape(third)).toEqual(tapeBefore);
      } finally {
        await third.close();
      }
    } finally {
      await database.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
  120_000,
);

it('a bar write that fails goes again with the next one, and only that one moves the trade cursor', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spot-tape-fail-'));
  const config = testConfig({ JOURNAL_DIR: dir });
  const clock = new ManualClock(new Date('2026-06-01T00:00:30Z'));
  const { database, drop } = await createTestDatabase();
  type App = Awaited<ReturnType<typeof buildApp>>;
  const minuteBar = async (app: App) =>
    (
      await call<{ bars: Array<{ time: number; close: string; volume: string }> }>(app, {
        method: 'GET',
        url: `${API}/open/kline/btcusdt/1m?limit=1`,
      })
    ).body.data.bars[0];
  const cursor = async () =>
    (
      (await database.db.execute(
        sql`select seq from projection_cursors where name = 'market.spot-trades'`,
      )) as unknown as { rows: Array<{ seq: string | number }> }
    ).rows.map((r) => Number(r.seq))[0];
  const start = async () => {
    const app = await buildApp({ config, database, clock, closeDatabase: false });
    await app.ready();
    return app;
  };
  try {
    const first = await start();
    await first.market.step();
    const atStart = await cursor();
    expect(atStart).toBeDefined();
    const seller = await registerAndLogin(first);
    const buyer = await registerAndLogin(first);
    await credit(first, seller.user.id, 'BTC', '1');
    await credit(first, buyer.user.id, 'USDT', '100000');
    clock.advance(1000);
    let seq = 0;
    for (const [who, payload] of [
      [seller, { symbol: 'btcusdt', side: 'sell', type: 'limit', price: '12345.67', quantity: '0.3' }],
      [buyer, { symbol: 'btcusdt', side: 'buy', type: 'market', quantity: '0.3' }],
    ] as const) {
      const res = await call<{ id: string }>(first, {
        method: 'POST',
        url: '/api/currency/order/submit',
        headers: auth(who.token),
        payload,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seq = Number(res.body.data.id);
    }
    const before = await minuteBar(first);
    expect(before).toMatchObject({ close: '12345.67', volume: '0.3' });
    // The database refuses the bars: the step's write fails and the cursor stays where it was.
    await database.db.execute(sql`
      create or replace function test_no_bars() returns trigger language plpgsql as $$
      begin raise exception 'injected: no bars'; end $$`);
    await database.db.execute(
      sql`create trigger test_no_bars before insert or update on market_klines for each row execute function test_no_bars()`,
    );
    clock.advance(1000);
    await expect(first.market.step()).rejects.toThrow();
    expect(await cursor()).toBe(atStart);
    await database.db.execute(sql`drop trigger test_no_bars on market_klines`);
    // The next write stores the bars the failed one had, with the trade in them, and moves the cursor.
    clock.advance(1000);
    await first.market.step();
    expect(await cursor()).toBe(seq);
    (first.market as MarketEngine).flush = async () => {};
    await first.close();

    const second = await start();
    try {
      expect(await minuteBar(second)).toEqual(before);
    } finally {
      await second.close();
    }
  } finally {
    await database.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
