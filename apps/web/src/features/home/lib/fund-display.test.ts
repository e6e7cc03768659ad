import { describe, expect, it } from 'vitest';
import { formatFundAmount, shareToPercent } from './fund-display';

describe('formatFundAmount', () => {
  it('groups thousands and truncates (never rounds up) to the given decimals', () => {
    expect(formatFundAmount('1234567.123456789')).toBe('1,234,567.12345678');
    expect(formatFundAmount('0.999999999999999999')).toBe('0.99999999');
    expect(formatFundAmount('1234.5000', 2)).toBe('1,234.5');
    expect(formatFundAmount('9007199254740993.1')).toBe('9,007,199,254,740,993.1');
  });

  it('shows zero as 0 and rejects garbage', () => {
    expect(formatFundAmount('0')).toBe('0');
    expect(formatFundAmount('0.000000000000000000')).toBe('0');
    expect(formatFundAmount('-0.000000001')).toBe('0');
    expect(formatFundAmount('abc')).toBe('--');
    expect(formatFundAmount(null)).toBe('--');
  });
});

describe('shareToPercent', () => {
  it('turns the fee share into a percentage exactly', () => {
    expect(shareToPercent('0.1')).toBe('10');
    expect(shareToPercent('0.125')).toBe('12.5');
    expect(shareToPercent('1')).toBe('100');
    expect(shareToPercent('0.05')).toBe('5');
    expect(shareToPercent('x')).toBe('');
  });
});
