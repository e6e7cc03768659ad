import { describe, expect, it } from 'vitest';
import { idSchema, idString, isWireId, MAX_WIRE_ID } from './wire-id';

describe('wire ids', () => {
  it.each(['1', '42', '9223372036854775807'])('accepts %s', (id) => {
    expect(idString.parse(id)).toBe(id);
    expect(idSchema.parse(id)).toBe(BigInt(id));
    expect(isWireId(id)).toBe(true);
  });

  it.each([
    '0',
    '-1',
    '01',
    '1.5',
    '1e3',
    ' 1',
    '',
    'abc',
    '9223372036854775808', // 2^63
    '9999999999999999999',
    '1'.repeat(20),
    '1'.repeat(100_000),
  ])('refuses %s with validation.invalid', (id) => {
    const result = idSchema.safeParse(id);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['validation.invalid']);
    expect(isWireId(id)).toBe(false);
  });

  it('refuses a JSON number (ids are strings on the wire)', () => {
    expect(idSchema.safeParse(1).error?.issues[0]?.code).toBe('invalid_type');
  });

  it('tops out at the SQL bigint maximum', () => {
    expect(MAX_WIRE_ID).toBe(2n ** 63n - 1n);
  });
});
