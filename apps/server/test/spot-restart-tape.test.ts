// After a restart a spot market keeps what its trades made: the recent-trades list is read back from the
// stored trades (it was empty until the next trade), and the market's bars and ticker stay trade-based
// (index ticks moved them again until someone traded; with the demo market maker off that could be hours).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { ManualClock } from '@/lib/clock';
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
