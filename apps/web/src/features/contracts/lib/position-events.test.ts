import { describe, expect, it } from 'vitest';
import type { ContractPosition } from '../api/contracts-api';
import { applyPositionEvent, readPositionEvent } from './position-events';

const base = { symbol: 'btcusdt', side: 'long', qty: '0.1' } as ContractPosition;
const a = { ...base, positionId: '1' };
const b = { ...base, positionId: '2' };

describe('position events', () => {
  it('replaces a listed position in place, adds a new one, drops a closed one', () => {
    expect(applyPositionEvent([a, b], { ...a, qty: '0.2' }).map((p) => [p.positionId, p.qty])).toEqual([
      ['1', '0.2'],
      ['2', '0.1'],
    ]);
    expect(applyPositionEvent([a], b).map((p) => p.positionId)).toEqual(['1', '2']);
    expect(applyPositionEvent([a, b], { ...a, qty: '0' }).map((p) => p.positionId)).toEqual(['2']);
    expect(applyPositionEvent([a], { ...b, qty: '0' })).toEqual([a]);
  });

  it('ignores frames that are not positions', () => {
    expect(readPositionEvent(null)).toBeUndefined();
    expect(readPositionEvent({ positionId: 1, qty: '1', symbol: 'x' })).toBeUndefined();
    expect(readPositionEvent(a)).toEqual(a);
  });
});
