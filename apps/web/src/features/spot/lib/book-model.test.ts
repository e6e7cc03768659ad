import { describe, expect, it } from 'vitest';
import { buildBookView, groupStep } from './book-model';

const bids = [
  ['100.05', '1'],
  ['100.01', '2'],
  ['99.95', '3'],
] as const;
const asks = [
  ['100.06', '1.5'],
  ['100.11', '0.5'],
  ['100.19', '2'],
] as const;
const opts = { tickSize: '0.01', multiple: 1, depth: 10, priceDecimals: 2 };

describe('book model', () => {
  it('group steps are tick multiples', () => {
    expect(groupStep('0.01', 10)).toBe('0.1');
    expect(groupStep('0.01', 100)).toBe('1');
  });
  it('ungrouped: cumulative sums, ratios against the larger side, spread', () => {
    const v = buildBookView(bids, asks, opts);
    expect(v.bids.map((r) => [r.price, r.qty, r.cumulative])).toEqual([
      ['100.05', '1', '1'],
      ['100.01', '2', '3'],
      ['99.95', '3', '6'],
    ]);
    expect(v.bids[2]?.ratio).toBe(1);
    expect(v.asks[2]?.ratio).toBeCloseTo(4 / 6, 3);
    expect(v.spread).toBe('0.01');
    expect(v.bestBid).toBe('100.05');
  });
  it('groups bids down and asks up', () => {
    const v = buildBookView(bids, asks, { ...opts, multiple: 10 });
    expect(v.bids.map((r) => [r.price, r.qty])).toEqual([
      ['100.00', '3'],
      ['99.90', '3'],
    ]);
    expect(v.asks.map((r) => [r.price, r.qty])).toEqual([
      ['100.10', '1.5'],
      ['100.20', '2.5'],
    ]);
  });
  it('cuts to depth and survives an empty side', () => {
    const v = buildBookView(bids, [], { ...opts, depth: 2 });
    expect(v.bids).toHaveLength(2);
    expect(v.asks).toEqual([]);
    expect(v.spread).toBeUndefined();
  });
});
