import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask';

describe('maskEmail', () => {
  it.each([
    ['alice@example.com', 'al****om'],
    ['ab@c.com', 'ab****om'], // 8 chars: 4 shown, 4 hidden
    ['a@b.com', 'a@****m'], // 7: budget 3, the head takes the odd one
    ['a@b.co', 'a****o'], // 6: budget 2
    ['a@b.c', 'a****'], // 5: budget 1 goes to the head
    ['abcd', '****'],
    ['abc', '****'],
    ['a', '****'],
    ['', ''],
    ['😀😀😀😀😀😀😀😀', '😀😀****😀😀'],
  ])('%j -> %j', (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
  });
});

describe('maskPhone', () => {
  it.each([
    ['13812345678', '138****5678'], // 11: the nominal rule
    ['+8613812345678', '+86****5678'],
    ['1234567890', '123****890'], // 10: budget 6 -> 3 + 3
    ['123456789', '123****89'], // 9: budget 5 -> 3 + 2
    ['12345678', '12****78'], // 8: budget 4 -> 2 + 2
    ['1234567', '12****7'], // 7: budget 3 -> 2 + 1
    ['123456', '1****6'],
    ['12345', '1****'],
    ['1234', '****'],
    ['1', '****'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });
});

describe('masking never reveals more than allowed', () => {
  const inputs = Array.from({ length: 30 }, (_, n) => 'x'.repeat(n));
  it.each(inputs.map((s) => [s.length, s] as const))('length %i', (length, s) => {
    for (const [mask, cap] of [
      [maskEmail, 4],
      [maskPhone, 7],
    ] as const) {
      const shown = mask(s).replace('****', '').length;
      expect(shown).toBeLessThanOrEqual(cap);
      expect(shown).toBeLessThanOrEqual(Math.max(0, length - 4));
      if (length > 0) expect(mask(s)).toContain('****');
    }
  });
});
