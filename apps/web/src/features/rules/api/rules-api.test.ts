import { describe, expect, it } from 'vitest';
import { readSecondsRules, readSpotRules } from './rules-api';

describe('rules reads', () => {
  it('reads the seconds rules and the spot markets defensively', () => {
    const s = readSecondsRules({
      asset: 'USDT',
      settleToleranceMs: 5000,
      periods: [
        { periodId: '30s', durationSec: 30, rate: '0.8', minStake: '10', maxStake: '5000' },
        { nope: 1 },
      ],
      coins: [{ coin: 'btc' }, {}],
    });
    expect(s.periods).toEqual([
      { periodId: '30s', durationSec: 30, rate: '0.8', minStake: '10', maxStake: '5000' },
    ]);
    expect(s.coins).toEqual(['BTC']);
    expect(readSecondsRules(null)).toMatchObject({ enabled: true, settleToleranceMs: 5000, periods: [] });
    expect(readSpotRules([{ pair: 'BTC/USDT', tickSize: '0.01' }, 3])).toEqual([
      expect.objectContaining({ pair: 'BTC/USDT', tickSize: '0.01', minQty: '0' }),
    ]);
  });
});
