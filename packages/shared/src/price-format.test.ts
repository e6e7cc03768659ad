import { describe, expect, it } from 'vitest';
import { abbreviatePrice, coinPair, formatChangePercent, priceDirection } from './price-format';

describe('abbreviatePrice', () => {
  it.each<[string | number, string]>([
    // zero and sign handling
    ['0', '0'],
    [0, '0'],
    ['-0', '0'],
    [-0, '0'],
    ['0.00', '0'],
    // small values: up to 6 decimals, truncated, trailing zeros trimmed
    ['0.000001234', '0.000001'],
    ['0.0000009', '0'], // truncates to zero: no sign, no decimals
    ['-0.0000009', '0'],
    ['0.1', '0.1'],
    ['0.123456789', '0.123456'],
    ['0.9999999', '0.999999'],
    ['-0.5', '-0.5'],
    ['-0.000001234', '-0.000001'],
    [0.1 + 0.2, '0.3'], // 0.30000000000000004 truncated
    [1e-7, '0'],
    [1.5e-6, '0.000001'],
    // 1..10: up to 4 decimals
    ['1', '1'],
    ['1.00', '1'],
    ['1.5', '1.5'],
    ['1.23456', '1.2345'],
    ['9.99999', '9.9999'],
    ['-1.23456', '-1.2345'],
    // 10..100: up to 3 decimals
    ['10', '10'],
    ['12.34567', '12.345'],
    ['99.9999', '99.999'],
    // 100..1000: up to 2 decimals
    ['100', '100'],
    ['123.456', '123.45'],
    ['999.999', '999.99'],
    ['-999.999', '-999.99'],
    // K, M, B, T with exactly 2 decimals
    ['1000', '1.00K'],
    ['1234', '1.23K'],
    ['-1234', '-1.23K'],
    ['999999', '999.99K'], // truncation never rolls over into M
    ['1000000', '1.00M'],
    ['1234567', '1.23M'],
    [1234567, '1.23M'],
    ['1999999.99', '1.99M'],
    ['-1234567', '-1.23M'],
    ['1000000000', '1.00B'],
    ['9876543210', '9.87B'],
    ['1000000000000', '1.00T'],
    ['1234567890123', '1.23T'],
    ['1000000000000000', '1000.00T'], // no suffix beyond T
    [1e21, '1000000000.00T'],
    // accepted input spellings
    ['1.5e3', '1.50K'],
    ['1E6', '1.00M'],
    ['+12', '12'],
    ['.5', '0.5'],
    ['5.', '5'],
    [' 12 ', '12'],
    // unparseable
    ['', '--'],
    ['abc', '--'],
    ['1,000', '--'],
    ['1.2.3', '--'],
    [Number.NaN, '--'],
    [Number.POSITIVE_INFINITY, '--'],
    ['Infinity', '--'],
    ['1e999999', '--'],
  ])('%j -> %j', (input, expected) => {
    expect(abbreviatePrice(input)).toBe(expected);
  });
});

describe('formatChangePercent', () => {
  it.each<[string | number, string]>([
    ['0', '0.00%'],
    [0, '0.00%'],
    ['-0', '0.00%'],
    ['0.000', '0.00%'],
    ['1.5', '+1.50%'],
    ['1.239', '+1.23%'], // truncated
    ['-1.239', '-1.23%'],
    ['12.3', '+12.30%'],
    ['-100', '-100.00%'],
    ['0.01', '+0.01%'],
    ['-0.01', '-0.01%'],
    // non-zero below 0.01 shows the minimum 0.01 with its sign
    ['0.001', '+0.01%'],
    ['0.009999', '+0.01%'],
    ['-0.0001', '-0.01%'],
    [1e-9, '+0.01%'],
    ['0.019', '+0.01%'],
    [2.345, '+2.34%'],
    ['abc', '--'],
    ['', '--'],
    [Number.NaN, '--'],
  ])('%j -> %j', (input, expected) => {
    expect(formatChangePercent(input)).toBe(expected);
  });
});

describe('priceDirection', () => {
  it.each<[string | number, string]>([
    ['1', 'rise'],
    ['0.00000001', 'rise'],
    [0.5, 'rise'],
    ['+3', 'rise'],
    ['-1', 'fall'],
    ['-0.00000001', 'fall'],
    [-2, 'fall'],
    ['0', 'draw'],
    ['-0', 'draw'],
    ['0.000', 'draw'],
    [0, 'draw'],
    [-0, 'draw'],
    ['', 'draw'],
    ['abc', 'draw'],
    [Number.NaN, 'draw'],
  ])('%j -> %s', (input, expected) => {
    expect(priceDirection(input)).toBe(expected);
  });
});

describe('coinPair', () => {
  it.each([
    ['btc', 'btcusdt'],
    ['BTC', 'btcusdt'],
    ['BTCUSDT', 'btcusdt'],
    ['btcusdt', 'btcusdt'],
    ['EthUsdt', 'ethusdt'],
    ['usdt', 'usdt'],
    ['USDT', 'usdt'],
    [' eth ', 'ethusdt'],
    ['usdtbtc', 'usdtbtcusdt'], // only a trailing 'usdt' counts
    ['', ''],
    ['  ', ''],
  ])('%j -> %j', (input, expected) => {
    expect(coinPair(input)).toBe(expected);
  });
});
