import { describe, expect, it } from 'vitest';
import { DepthSync } from './depth-sync';

describe('DepthSync', () => {
  it('buffers until the snapshot, drops diffs the snapshot contains, applies the rest', () => {
    const sync = new DepthSync();
    expect(sync.needsSnapshot()).toBe(true);
    expect(sync.onDiff({ U: 1, u: 3, b: [['10', '1']], a: [] })).toBe('buffered');
    expect(sync.onDiff({ U: 4, u: 6, b: [['10', '2']], a: [['11', '5']] })).toBe('buffered');
    // Snapshot taken at id 5: diff 1..3 is contained; 4..6 overlaps and must be applied (absolute qty).
    expect(sync.onSnapshot({ lastUpdateId: 5, bids: [['10', '2']], asks: [['11', '4']] })).toBe('live');
    expect(sync.lastUpdateId()).toBe(6);
    expect(sync.bidLevels()).toEqual([['10', '2']]);
    expect(sync.askLevels()).toEqual([['11', '5']]);
    expect(
      sync.onDiff({
        U: 7,
        u: 7,
        b: [
          ['10.50', '3'],
          ['10', '0'],
        ],
        a: [],
      }),
    ).toBe('applied');
    expect(sync.bidLevels()).toEqual([['10.5', '3']]);
    expect(sync.onDiff({ U: 5, u: 7, b: [], a: [] })).toBe('dropped');
  });

  it('sorts bids best first and asks best first, numerically', () => {
    const sync = new DepthSync();
    sync.onSnapshot({
      lastUpdateId: 1,
      bids: [
        ['9', '1'],
        ['100', '1'],
        ['10.5', '1'],
      ],
      asks: [
        ['200', '1'],
        ['101', '1'],
        ['1000', '1'],
      ],
    });
    expect(sync.bidLevels().map((l) => l[0])).toEqual(['100', '10.5', '9']);
    expect(sync.askLevels(2).map((l) => l[0])).toEqual(['101', '200']);
  });

  it('reports a gap on a missing id, discards the book and resyncs with a newer snapshot', () => {
    const sync = new DepthSync();
    sync.onSnapshot({ lastUpdateId: 10, bids: [['1', '1']], asks: [] });
    expect(sync.onDiff({ U: 11, u: 12, b: [['1', '2']], a: [] })).toBe('applied');
    expect(sync.onDiff({ U: 14, u: 15, b: [['2', '1']], a: [] })).toBe('gap');
    expect(sync.needsSnapshot()).toBe(true);
    expect(sync.bidLevels()).toEqual([]);
    expect(sync.onDiff({ U: 16, u: 16, b: [['3', '1']], a: [] })).toBe('buffered');
    expect(
      sync.onSnapshot({
        lastUpdateId: 15,
        bids: [
          ['1', '2'],
          ['2', '1'],
        ],
        asks: [],
      }),
    ).toBe('live');
    expect(sync.lastUpdateId()).toBe(16);
    expect(sync.bidLevels()).toEqual([
      ['3', '1'],
      ['2', '1'],
      ['1', '2'],
    ]);
  });

  it('a snapshot older than the first buffered diff is a gap (fetch again)', () => {
    const sync = new DepthSync();
    sync.onDiff({ U: 20, u: 21, b: [], a: [] });
    expect(sync.onSnapshot({ lastUpdateId: 10, bids: [], asks: [] })).toBe('gap');
    expect(sync.needsSnapshot()).toBe(true);
    expect(sync.onSnapshot({ lastUpdateId: 20, bids: [], asks: [] })).toBe('live');
    expect(sync.lastUpdateId()).toBe(21);
  });

  it('after the first applied diff, continuity is strict (U must be previous u + 1)', () => {
    const sync = new DepthSync();
    sync.onSnapshot({ lastUpdateId: 5, bids: [], asks: [] });
    expect(sync.onDiff({ U: 3, u: 8, b: [], a: [] })).toBe('applied');
    expect(sync.onDiff({ U: 8, u: 9, b: [], a: [] })).toBe('gap');
  });
});
