import { describe, expect, it } from 'vitest';
import { mergeTick, readBar, readTick } from './index-bars';

describe('index bars', () => {
  it('reads wire bars and ticks defensively', () => {
    expect(readBar({ time: 5000, open: '1', high: '2', low: '0.5', close: '1.5' })).toEqual({
      time: 5000,
      open: 1,
      high: 2,
      low: 0.5,
      close: 1.5,
    });
    expect(readBar({ time: 5000, open: 'x' })).toBeUndefined();
    expect(readTick({ time: 1, price: '65000.5', source: 'simulator' })).toEqual({ time: 1, price: 65000.5 });
    expect(readTick(null)).toBeUndefined();
  });

  it('merges a tick into its bucket, opens a new bar, ignores an older one', () => {
    const bars = [{ time: 5000, open: 10, high: 11, low: 9, close: 10 }];
    const up = mergeTick(bars, { time: 9999, price: 12 }, 5000);
    expect(up).toMatchObject({ kind: 'update', bar: { time: 5000, open: 10, high: 12, low: 9, close: 12 } });
    const next = mergeTick(bars, { time: 10_000, price: 8 }, 5000);
    expect(next).toMatchObject({ kind: 'append', bar: { time: 10_000, open: 8, high: 8, low: 8, close: 8 } });
    expect(next.kind === 'append' && next.bars.length).toBe(2);
    expect(mergeTick(bars, { time: 4999, price: 1 }, 5000)).toEqual({ kind: 'ignore' });
    expect(mergeTick([], { time: 7000, price: 3 }, 5000)).toMatchObject({
      kind: 'append',
      bar: { time: 5000 },
    });
  });
});
