import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DecimalStringOptions, decimalString } from './wire-decimal';

function issues(options: DecimalStringOptions, input: unknown): string[] {
  const result = decimalString(options).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('decimalString', () => {
  it.each<[DecimalStringOptions, unknown, string[]]>([
    // valid
    [{ maxDecimals: 8 }, '0', []],
    [{ maxDecimals: 8 }, '12.5', []],
    [{ maxDecimals: 8 }, '-0.001', []],
    [{ maxDecimals: 8 }, '0.00000001', []],
    [{ maxDecimals: 8 }, '007', []],
    [{ maxDecimals: 2 }, '1.50', []],
    [{ maxDecimals: 2 }, '1.500000', []], // trailing zeros are not extra precision
    [{ maxDecimals: 0 }, '10', []],
    [{ maxDecimals: 0 }, '10.0', []],
    [{ maxDecimals: 18 }, '99999999999999999999.999999999999999999', []],
    // never numbers, never other spellings
    [{ maxDecimals: 8 }, 12.5, ['validation.decimal']],
    [{ maxDecimals: 8 }, 0, ['validation.decimal']],
    [{ maxDecimals: 8 }, 10n, ['validation.decimal']],
    [{ maxDecimals: 8 }, null, ['validation.decimal']],
    [{ maxDecimals: 8 }, undefined, ['validation.decimal']],
    [{ maxDecimals: 8 }, '', ['validation.decimal']],
    [{ maxDecimals: 8 }, '1e5', ['validation.decimal']],
    [{ maxDecimals: 8 }, '+1', ['validation.decimal']],
    [{ maxDecimals: 8 }, '.5', ['validation.decimal']],
    [{ maxDecimals: 8 }, '5.', ['validation.decimal']],
    [{ maxDecimals: 8 }, ' 1', ['validation.decimal']],
    [{ maxDecimals: 8 }, '1,000', ['validation.decimal']],
    [{ maxDecimals: 8 }, 'NaN', ['validation.decimal']],
    [{ maxDecimals: 8 }, '1'.repeat(65), ['validation.decimal']],
    // too many decimals: rejected, never rounded
    [{ maxDecimals: 8 }, '0.000000001', ['validation.tooManyDecimals']],
    [{ maxDecimals: 2 }, '1.505', ['validation.tooManyDecimals']],
    [{ maxDecimals: 0 }, '1.5', ['validation.tooManyDecimals']],
    // positive
    [{ maxDecimals: 8, positive: true }, '0.00000001', []],
    [{ maxDecimals: 8, positive: true }, '0', ['validation.positive']],
    [{ maxDecimals: 8, positive: true }, '-0', ['validation.positive']],
    [{ maxDecimals: 8, positive: true }, '0.000', ['validation.positive']],
    [{ maxDecimals: 8, positive: true }, '-1', ['validation.positive']],
    [{ maxDecimals: 2, positive: true }, '0.001', ['validation.tooManyDecimals']], // precision first
    // bounds are inclusive
    [{ maxDecimals: 2, min: '10', max: '100' }, '10', []],
    [{ maxDecimals: 2, min: '10', max: '100' }, '100.00', []],
    [{ maxDecimals: 2, min: '10', max: '100' }, '9.99', ['validation.min']],
    [{ maxDecimals: 2, min: '10', max: '100' }, '100.01', ['validation.max']],
    [{ maxDecimals: 2, min: '-5' }, '-5', []],
    [{ maxDecimals: 2, min: '-5' }, '-5.01', ['validation.min']],
    [{ maxDecimals: 2, max: '0.5' }, '0.51', ['validation.max']],
    [{ maxDecimals: 2, min: '10', positive: true }, '0', ['validation.positive']],
  ])('%j: %s -> %j', (options, input, expected) => {
    expect(issues(options, input)).toEqual(expected);
  });

  it('returns the input string unchanged', () => {
    expect(decimalString({ maxDecimals: 8 }).parse('007.50')).toBe('007.50');
  });

  it('carries the bound in the issue params for interpolation', () => {
    const result = decimalString({ maxDecimals: 2, min: '10', max: '100' }).safeParse('5');
    expect(result.error?.issues[0]).toMatchObject({ message: 'validation.min', params: { min: '10' } });
    const over = decimalString({ maxDecimals: 2, min: '10', max: '100' }).safeParse('500');
    expect(over.error?.issues[0]).toMatchObject({ message: 'validation.max', params: { max: '100' } });
  });

  it('composes inside an object schema', () => {
    const order = z.object({ price: decimalString({ maxDecimals: 2, positive: true }) });
    expect(order.safeParse({ price: '1.23' }).success).toBe(true);
    const result = order.safeParse({ price: 1.23 });
    expect(result.error?.issues[0]).toMatchObject({ path: ['price'], message: 'validation.decimal' });
  });

  it.each<[DecimalStringOptions]>([
    [{ maxDecimals: -1 }],
    [{ maxDecimals: 19 }],
    [{ maxDecimals: 1.5 }],
    [{ maxDecimals: 2, min: 'abc' }],
    [{ maxDecimals: 2, max: '1e3' }],
    [{ maxDecimals: 2, min: '10', max: '1' }],
  ])('rejects invalid options %j when building', (options) => {
    expect(() => decimalString(options)).toThrow();
  });
});
