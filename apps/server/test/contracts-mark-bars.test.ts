// Mark-price bars across a restart (docs/contracts.md "K-lines"): the feed hands over the bars its ticks
// changed, each in its latest state; a feed loading them continues them (a later tick in the same minute
// folds into the stored open bar, an older tick changes nothing); the SQL round trip keeps every bar.
import { afterAll, describe, expect, it } from 'vitest';
import { ContractKlineFeed } from '@/modules/contracts/contract-klines';
import { loadMarkBars, saveMarkBars } from '@/modules/contracts/contract-mark-bars';
import { createTestDatabase } from './helpers';

const T0 = Date.parse('2026-06-01T00:00:00Z');
const feed = () =>
  new ContractKlineFeed(
    async () => undefined,
    () => undefined,
    async () => {},
  );

describe('contract mark bars', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('hands over each changed bar once, in its latest state, and a new feed continues from them', () => {
    const a = feed();
    a.mark('btcusdt', '100', T0 + 1_000);
    a.mark('btcusdt', '104', T0 + 2_000);
    a.mark('btcusdt', '98', T0 + 61_000);
    const rows = a.takeChangedMarks();
    // 1m: two bars; every longer interval: one bar (both minutes fall in it).
    expect(
      rows.filter((r) => r.interval === '1m').map((r) => [r.time, r.open, r.high, r.low, r.close]),
    ).toEqual([
      [T0, '100', '104', '100', '104'],
      [T0 + 60_000, '98', '98', '98', '98'],
    ]);
    expect(rows.find((r) => r.interval === '1h')).toMatchObject({
      time: T0,
      open: '100',
      high: '104',
      low: '98',
      close: '98',
    });
    expect(a.takeChangedMarks()).toEqual([]);

    const b = feed();
    b.loadMarks(rows);
    expect(b.markBars('btcusdt', '1m', 10)).toEqual(a.markBars('btcusdt', '1m', 10));
    expect(b.markBars('btcusdt', '1h', 10)).toEqual(a.markBars('btcusdt', '1h', 10));
    // A later tick in the stored open minute folds into it; a tick older than the stored bars is ignored.
    b.mark('btcusdt', '97', T0 + 90_000);
    b.mark('btcusdt', '150', T0 + 30_000);
    expect(b.markBars('btcusdt', '1m', 10).at(-1)).toMatchObject({ open: '98', low: '97', close: '97' });
    expect(b.markBars('btcusdt', '1h', 10).at(-1)).toMatchObject({ open: '100', high: '104', low: '97' });
  });

  it('a bar that could not be written waits for the next write, unless a newer state of it does', () => {
    const a = feed();
    a.mark('ethusdt', '10', T0 + 1_000);
    const failed = a.takeChangedMarks();
    a.mark('ethusdt', '12', T0 + 2_000);
    a.returnChangedMarks(failed);
    const next = a.takeChangedMarks().filter((r) => r.interval === '1m');
    expect(next).toEqual([expect.objectContaining({ time: T0, high: '12', close: '12' })]);
  });

  it('stores and loads the bars (an update of the same bar replaces it)', async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(database.close, drop);
    const a = feed();
    a.mark('btcusdt', '100.5', T0 + 1_000);
    await saveMarkBars(database.db, a.takeChangedMarks());
    a.mark('btcusdt', '101.25', T0 + 2_000);
    a.mark('btcusdt', '99', T0 + 61_000);
    await saveMarkBars(database.db, a.takeChangedMarks());
    const stored = await loadMarkBars(database.db, T0 + 120_000);
    const b = feed();
    b.loadMarks(stored);
    for (const interval of ['1m', '5m', '1h', '1d', '1M'] as const) {
      expect(b.markBars('btcusdt', interval, 10)).toEqual(a.markBars('btcusdt', interval, 10));
    }
    expect(b.markBars('btcusdt', '1m', 10).map((bar) => bar.close)).toEqual(['101.25', '99']);
  });
});
