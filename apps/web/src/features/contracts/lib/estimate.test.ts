import { describe, expect, it } from 'vitest';
import { countdown, estimate } from './estimate';

describe('contract order estimate', () => {
  it('linear 10x long: margin + fee and the liquidation price', () => {
    const e = estimate({
      inverse: false,
      contractSize: 1,
      price: 50000,
      quantity: 0.1,
      leverage: 10,
      takerFeeRate: 0.0005,
      long: true,
      mmr: 0.005,
    });
    expect(e.cost).toBeCloseTo(502.5, 6);
    expect(e.liquidation).toBeCloseTo(45226.13, 1);
  });
  it('inverse long and the countdown', () => {
    const e = estimate({
      inverse: true,
      contractSize: 100,
      price: 50000,
      quantity: 100,
      leverage: 10,
      takerFeeRate: 0.0005,
      long: true,
      mmr: 0.005,
    });
    expect(e.cost).toBeCloseTo(0.0201, 8);
    expect(e.liquidation).toBeCloseTo(45681.8, 0);
    expect(countdown(3_723_000)).toBe('01:02:03');
  });
});
