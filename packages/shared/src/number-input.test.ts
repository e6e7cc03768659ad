import { describe, expect, it } from 'vitest';
import { isIntegerQuantity, isNumeric, normalizeTypedNumber, sanitizeNumberInput } from './number-input';

describe('sanitizeNumberInput', () => {
  it.each([
    // [raw, decimals, expected]
    ['', 2, ''],
    ['0', 2, '0'],
    ['7', 2, '7'],
    ['123', 2, '123'],
    // only digits and one point
    ['12a3', 2, '123'],
    ['-12', 2, '12'],
    ['+12', 2, '12'],
    [' 1 2 ', 2, '12'],
    ['1,234.5', 2, '1234.5'],
    ['1e5', 2, '15'],
    ['abc', 2, ''],
    ['１２', 2, ''], // full-width digits are not ASCII digits
    ['1.2.3', 4, '1.23'],
    ['1..2', 4, '1.2'],
    ['1.2.', 4, '1.2'],
    // no leading dot: the dot is removed, not turned into '0.'
    ['.', 2, ''],
    ['.5', 2, '5'],
    ['..5', 2, '5'],
    ['.5.3', 2, '5.3'],
    ['-.5', 2, '5'],
    // leading zeros collapsed
    ['007', 2, '7'],
    ['00', 2, '0'],
    ['000', 2, '0'],
    ['00.5', 2, '0.5'],
    ['0.5', 2, '0.5'],
    ['0.', 2, '0.'],
    ['00.', 2, '0.'],
    ['0100', 2, '100'],
    ['10', 2, '10'],
    ['100.00', 2, '100.00'],
    // trailing point kept while typing
    ['12.', 2, '12.'],
    ['12.', 8, '12.'],
    // truncated, never rounded
    ['1.239', 2, '1.23'],
    ['1.999', 2, '1.99'],
    ['0.123456789', 8, '0.12345678'],
    ['1.20', 2, '1.20'],
    ['1.2', 2, '1.2'],
    // decimals 0 removes the point
    ['12.', 0, '12'],
    ['12.9', 0, '12'],
    ['0.9', 0, '0'],
    ['.9', 0, '9'],
    ['1.2.3', 0, '1'],
  ])('(%j, %i) -> %j', (raw, decimals, expected) => {
    expect(sanitizeNumberInput(raw, decimals)).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects invalid decimals %s', (decimals) => {
    expect(() => sanitizeNumberInput('1', decimals)).toThrow();
  });

  it.each(['1.2.3', '..0.0.', 'x0.0y1', '0001.1000', '.', '9'])('is idempotent for %j', (raw) => {
    const once = sanitizeNumberInput(raw, 3);
    expect(sanitizeNumberInput(once, 3)).toBe(once);
  });
});

describe('isIntegerQuantity', () => {
  it.each([
    ['1', true],
    ['10', true],
    ['007', true],
    ['123456789012345678901234567890', true],
    ['0', false],
    ['000', false],
    ['', false],
    ['-1', false],
    ['+1', false],
    ['1.0', false],
    ['1.5', false],
    ['1.', false],
    ['.1', false],
    ['1e3', false],
    [' 1', false],
    ['1 ', false],
    ['abc', false],
    ['１', false],
  ])('%j -> %s', (raw, expected) => {
    expect(isIntegerQuantity(raw)).toBe(expected);
  });
});

describe('isNumeric', () => {
  it.each([
    ['0', true],
    ['1', true],
    ['-1', true],
    ['12.5', true],
    ['-0.001', true],
    ['007', true],
    ['0.000000000000000000001', true],
    ['', false],
    ['-', false],
    ['.', false],
    ['.5', false],
    ['12.', false],
    ['+1', false],
    ['1e5', false],
    ['0x10', false],
    ['1,000', false],
    [' 1', false],
    ['1 ', false],
    ['NaN', false],
    ['Infinity', false],
    ['1.2.3', false],
    ['--1', false],
    ['１', false],
  ])('%j -> %s', (raw, expected) => {
    expect(isNumeric(raw)).toBe(expected);
  });
});

describe('normalizeTypedNumber', () => {
  it.each([
    // [raw, decimals, decimal separator, value, corrections]
    ['12.5', 6, '.', '12.5', []],
    ['', 6, '.', '', []],
    ['12.', 6, '.', '12.', []],
    ['007', 6, '.', '7', []],
    ['1.1234567', 6, '.', '1.123456', ['decimals']],
    ['12a', 6, '.', '12', ['characters']],
    ['1,000.5', 6, '.', '1000.5', ['characters']],
    ['1.2.3', 6, '.', '1.23', ['characters']],
    ['.5', 6, '.', '5', ['leadingPoint']],
    ['-.5x', 2, '.', '5', ['characters', 'leadingPoint']],
    ['3.9', 0, '.', '3', ['decimals']],
    // a language that writes decimals with a comma
    ['1,5', 6, ',', '1.5', ['separator']],
    ['1.234,5', 6, ',', '1234.5', ['separator']],
    ['1.5', 6, ',', '1.5', []],
    ['0,1234567', 6, ',', '0.123456', ['separator', 'decimals']],
  ] as const)('%s (%i decimals, "%s") -> %s %j', (raw, decimals, separator, value, corrections) => {
    expect(normalizeTypedNumber(raw, decimals, separator)).toEqual({ value, corrections });
  });

  it('gives the same value as sanitizeNumberInput when the point is the decimal mark', () => {
    for (const raw of ['1a2.3456789', '..5', '1.2.', '+12', '00.50', '１２']) {
      expect(normalizeTypedNumber(raw, 4).value).toBe(sanitizeNumberInput(raw, 4));
    }
  });
});
