import { describe, expect, it } from 'vitest';
import { AssertionError, assert, ensureDefined } from './assert';

describe('assert', () => {
  it.each([true, 1, 'x', {}, []])('passes for truthy %j', (value) => {
    expect(() => assert(value)).not.toThrow();
  });

  it.each([false, 0, '', null, undefined])('throws AssertionError for falsy %j', (value) => {
    expect(() => assert(value, 'boom')).toThrow(AssertionError);
    expect(() => assert(value, 'boom')).toThrow('boom');
  });
});

describe('ensureDefined', () => {
  it.each([0, '', false, Number.NaN, [], {}])('returns falsy-but-defined %j unchanged', (value) => {
    expect(ensureDefined(value)).toBe(value);
  });

  it.each([null, undefined])('throws for %j', (value) => {
    expect(() => ensureDefined(value)).toThrow(AssertionError);
  });

  it('carries a stable code', () => {
    try {
      ensureDefined(null, 'missing');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AssertionError);
      expect((error as AssertionError).code).toBe('ASSERTION_FAILED');
    }
  });
});
