// After a restart a spot market keeps what its trades made: the recent-trades list is read back from the
// stored trades (it was empty until the next trade), and the market's bars and ticker stay trade-based
// (index ticks moved them again until someone traded; with the demo market maker off that could be hours).
// After a kill -9 the trades the stored bars lacked are applied again from the journal (docs/market.md,
// "Trades after a crash").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '@/app';
import type { Db } from '@/db/client';
import { ManualClock } from '@/lib/clock';
import type { MarketEngine } from '@/market/market-engine';
import { auth, call, createTestDatabase, registerAndLogin, testConfig } from './helpers';
import { API, credit } from './wallet-kit';

type App = Awaited<ReturnType<typeof buildApp>>;

interface TapeTrade {
  price: string;
  qty: string;
  amount: string;
  time: number;
  side?: string;
  demo: boolean;
}

interface Bar {
  time: number;
  high: string;
  low: string;
  close: string;
  volume: string;
}

const tape = async (app: App) =>
  (await call<{ trades: TapeTrade[] }>(app, { method: 'GET', url: `${API}/open/transaction/btc/usdt` })).body
    .data.trades;

const bars = async (app: App, interval: string, limit: number) =>
  (
    await call<{ bars: Bar[] }>(app, {
      method: 'GET',
      url: `${API}/open/kline/btcusdt/${interval}?limit=${limit}`,
    })
  ).body.data.bars;

/** An app's kill -9 as the market data sees it: the open bars are never written. */
function dropBarWrites(app: App): void {
  (app.market as MarketEngine).flush = async () => {};
}

/**
 * Runs `test` with one database and journal that it starts apps on, one after another (restarts); both
 * are removed at its end.
 */
async function restarts(test: (r: { clock: ManualClock; db: Db; start(): Promise<App> }) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'spot-tape-'));
  const config = testConfig({ JOURNAL_DIR: dir });
  const clock = new ManualClock(new Date('2026-06-01T00:00:30Z'));
  const { database, drop } = await createTestDatabase();
  const start = async () => {
    const app = await buildApp({ config, database, clock, closeDatabase: false });
    await app.ready();
    return app;
  };
  try {
    await test({ clock, db: database.db, start });
  } finally {
    await database.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A funded seller and buyer on `app`; `trade` advances the clock a second, rests the seller's limit sell
 * and fills it with the buyer's market buy, and returns the buy's order id (its seq).
 */
async function tradingPair(app: App, clock: ManualClock) {
  const seller = await registerAndLogin(app);
  const buyer = await registerAndLogin(app);
  await credit(app, seller.user.id, 'BTC', '1');
  await credit(app, buyer.user.id, 'USDT', '100000');
  return async (price: string, qty: string): Promise<number> => {
    clock.advance(1000);
    let id = 0;
    for (const [who, payload] of [
      [seller, { symbol: 'btcusdt', side: 'sell', type: 'limit', price, quantity: qty }],
      [buyer, { symbol: 'btcusdt', side: 'buy', type: 'market', quantity: qty }],
    ] as const) {
      const res = await call<{ id: string }>(app, {
        method: 'POST',
        url: '/api/currency/order/submit',
        headers: auth(who.token),
        payload,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      id = Number(res.body.data.id);
    }
    return id;
  };
}

it(
  'keeps the recent trades, the last price and trade-based bars across a restart',
  () =>
    restarts(async ({ clock, start }) => {
      const first = await start();
      await first.market.step();
      const trade = await tradingPair(first, clock);
      // Two trades at prices far from the index, so a bar moved by an index tick would show it.
      await trade('12345.67', '0.1');
      await trade('12400', '0.2');
      await first.wallet.projection.idle();
      const before = await tape(first);
      expect(before.map((t) => [t.price, t.qty, t.side])).toEqual([
        ['12400', '0.2', 'buy'],
        ['12345.67', '0.1', 'buy'],
      ]);
      const barBefore = (await bars(first, '1m', 1))[0];
      expect(barBefore?.close).toBe('12400');
      await first.close();

      const second = await start();
      try {
        expect(await tape(second)).toEqual(before);
        clock.advance(1000);
        await second.market.step();
        // The index moved on, the traded market's bar and last price did not.
        expect(second.market.latest('BTCUSDT')?.time).toBe(clock.now().getTime());
        expect((await bars(second, '1m', 1))[0]).toEqual(barBefore);
        expect(second.market.tickers().find((t) => t.symbol === 'BTCUSDT')?.close).toBe('12400');
      } finally {
        await second.close();
      }
    }),
  120_000,
);

it.each([
  ['after a bar write', true],
  ['before any bar write', false],
])(
  'applies again from the journal the trades a kill -9 left out of the stored bars, once (%s)',
  (_, written) =>
    restarts(async ({ clock, start }) => {
      const first = await start();
      await first.market.step();
      const trade = await tradingPair(first, clock);
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
      const minute = await bars(first, '1m', 2);
      const day = await bars(first, '1d', 2);
      expect(minute.at(-1)).toMatchObject({ low: '12200.5', close: '12200.5', volume: '0.35' });
      dropBarWrites(first);
      await first.close();

      const second = await start();
      try {
        expect(await tape(second)).toEqual(tapeBefore);
        expect(await bars(second, '1m', 2)).toEqual(minute);
        expect(await bars(second, '1d', 2)).toEqual(day);
        await second.wallet.projection.idle();
        await second.market.step();
      } finally {
        await second.close();
      }
      // The bars written with their cursor are not given the same trades a second time.
      const third = await start();
      try {
        expect(await bars(third, '1m', 2)).toEqual(minute);
        expect(await bars(third, '1d', 2)).toEqual(day);
        expect(await tape(third)).toEqual(tapeBefore);
      } finally {
        await third.close();
      }
    }),
  120_000,
);

it(
  'a bar write that fails goes again with the next one, and only that one moves the trade cursor',
  () =>
    restarts(async ({ clock, db, start }) => {
      const cursor = async () =>
        (
          (await db.execute(
            sql`select seq from projection_cursors where name = 'market.spot-trades'`,
          )) as unknown as {
            rows: Array<{ seq: string | number }>;
          }
        ).rows.map((r) => Number(r.seq))[0];
      const first = await start();
      await first.market.step();
      const atStart = await cursor();
      expect(atStart).toBeDefined();
      const trade = await tradingPair(first, clock);
      const seq = await trade('12345.67', '0.3');
      const before = (await bars(first, '1m', 1))[0];
      expect(before).toMatchObject({ close: '12345.67', volume: '0.3' });
      // The database refuses the bars: the step's write fails and the cursor stays where it was.
      await db.execute(sql`
      create or replace function test_no_bars() returns trigger language plpgsql as $$
      begin raise exception 'injected: no bars'; end $$`);
      await db.execute(
        sql`create trigger test_no_bars before insert or update on market_klines for each row execute function test_no_bars()`,
      );
      clock.advance(1000);
      await expect(first.market.step()).rejects.toThrow();
      expect(await cursor()).toBe(atStart);
      await db.execute(sql`drop trigger test_no_bars on market_klines`);
      // The next write stores the bars the failed one had, with the trade in them, and moves the cursor.
      clock.advance(1000);
      await first.market.step();
      expect(await cursor()).toBe(seq);
      dropBarWrites(first);
      await first.close();

      const second = await start();
      try {
        expect((await bars(second, '1m', 1))[0]).toEqual(before);
      } finally {
        await second.close();
      }
    }),
  120_000,
);
