import { ensureDefined } from '@coin/shared/assert';
import { describe, expect, it } from 'vitest';
import { isKlineInterval, mergeCandle, toCandle, toCandles } from './kline-model';

const bar = (time: number, close: string) => ({ time, open: '1', high: '3', low: '0.5', close, volume: '2' });

describe('kline model', () => {
  it('maps wire bars (ms, strings) to candles (s, numbers)', () => {
    expect(toCandle(bar(60_000, '2'))).toEqual({ time: 60, open: 1, high: 3, low: 0.5, close: 2, volume: 2 });
    expect(toCandle({ time: 1 })).toBeUndefined();
  });
  it('sorts and de-duplicates by open time', () => {
    expect(
      toCandles([bar(120_000, '2'), bar(60_000, '1'), bar(120_000, '3')]).map((c) => [c.time, c.close]),
    ).toEqual([
      [60, 1],
      [120, 3],
    ]);
  });
  it('merges a live bar: update the open one, append a new one, ignore an old one', () => {
    const list = toCandles([bar(60_000, '1'), bar(120_000, '2')]);
    const first = ensureDefined(list[0]);
    const second = ensureDefined(list[1]);
    const up = mergeCandle(list, { ...second, close: 5 });
    expect(up.kind).toBe('update');
    if (up.kind !== 'ignore') expect(up.candles.at(-1)?.close).toBe(5);
    const app = mergeCandle(list, { ...second, time: 180 });
    expect(app.kind === 'append' && app.candles.length).toBe(3);
    expect(mergeCandle(list, { ...first, time: 0 }).kind).toBe('ignore');
    expect(mergeCandle([], first).kind).toBe('append');
  });
  it('knows the server intervals', () => {
    expect(isKlineInterval('1M')).toBe(true);
    expect(isKlineInterval('2m')).toBe(false);
  });
});
