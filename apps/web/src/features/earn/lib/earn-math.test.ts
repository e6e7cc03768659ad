import { describe, expect, it } from 'vitest';
import { estimatedRevenue, inRange, owedInterest, penaltyOf } from './earn-math';

describe('earn math', () => {
  it('states the same revenue and penalty as the server computes', () => {
    // 1234.567891 x 0.00123 x 30 = 45.5555551779 -> 45.555555 (the server test's figure)
    expect(estimatedRevenue('1234.567891', '0.00123', 30, 6)).toBe('45.555555');
    expect(estimatedRevenue('3333.333333', '0.0005', 10, 6)).toBe('16.666666');
    // 1000.000001 x 0.05 = 50.00000005 -> 50.000001 (up)
    expect(penaltyOf('1000.000001', '0.05', 6)).toBe('50.000001');
    expect(estimatedRevenue('', '0.001', 3, 6)).toBeUndefined();
    // A loan's interest rounds up: 1000 x 0.0007 x 30 = 21 exactly; 1000.000001 x 0.0007 x 30 = 21.00000002 -> 21.000001
    expect(owedInterest('1000', '0.0007', 30, 6)).toBe('21');
    expect(owedInterest('1000.000001', '0.0007', 30, 6)).toBe('21.000001');
  });

  it('checks the amount range', () => {
    expect(inRange('99.99', '100', '1000')).toBe('below');
    expect(inRange('1000.01', '100', '1000')).toBe('above');
    expect(inRange('100', '100', '1000')).toBe('ok');
    expect(inRange('', '100', '1000')).toBeUndefined();
  });
});
