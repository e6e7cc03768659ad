import { describe, expect, it } from 'vitest';
import { shareToPercent } from './fund-display';

describe('shareToPercent', () => {
  it('turns the fee share into a percentage exactly', () => {
    expect(shareToPercent('0.1')).toBe('10');
    expect(shareToPercent('0.125')).toBe('12.5');
    expect(shareToPercent('1')).toBe('100');
    expect(shareToPercent('0.05')).toBe('5');
    expect(shareToPercent('x')).toBe('');
  });
});
