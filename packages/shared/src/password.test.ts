import { describe, expect, it } from 'vitest';
import {
  fundPasswordSchema,
  isFundPassword,
  isLoginPassword,
  isPasswordRuleA,
  isPasswordRuleB,
  loginPasswordSchema,
} from './password';

const ALL_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

describe('isPasswordRuleA', () => {
  it.each([
    ['abcdef', true],
    ['123456', true],
    ['!!!!!!', true],
    ['abc123', true],
    ['a'.repeat(20), true],
    [ALL_PUNCTUATION.slice(0, 20), true],
    [ALL_PUNCTUATION.slice(12, 32), true],
    ['Aa1!Zz9~', true],
    ['abcde', false], // 5 chars
    ['', false],
    ['a'.repeat(21), false],
    ['abc def', false], // space
    ['abcdef ', false],
    ['abc\tdef', false],
    ['abcdé1', false], // non-ASCII letter
    ['密码密码密码', false],
    ['abc１２３', false], // full-width digits
    ['abc12😀', false],
    ['abc12\u0000', false],
  ])('%j -> %s', (s, expected) => {
    expect(isPasswordRuleA(s)).toBe(expected);
  });

  it('accepts every ASCII punctuation character', () => {
    for (const c of ALL_PUNCTUATION) expect(isPasswordRuleA(`abcde${c}`)).toBe(true);
  });
});

describe('isPasswordRuleB', () => {
  it.each([
    ['abc123', true], // letters + digits
    ['abc!@#', true], // letters + symbols
    ['123!@#', true], // digits + symbols
    ['a1!a1!', true], // all three
    ['abcdefghijklmnopqrstuvwxyz0123456789', true], // no upper bound in rule B alone
    ['pass word1', true], // whitespace counts toward length only
    ['abcdef', false], // letters only
    ['123456', false], // digits only
    ['!@#$%^', false], // symbols only
    ['abc12', false], // 5 chars
    ['a1', false],
    ['', false],
    ['abc   ', false], // whitespace is no class
    ['密码密码12', true], // Unicode letters count as letters in rule B
  ])('%j -> %s', (s, expected) => {
    expect(isPasswordRuleB(s)).toBe(expected);
  });
});

describe('isLoginPassword (A and B)', () => {
  it.each([
    ['abc123', true],
    ['P@ssw0rd', true],
    ['!!!111', true],
    ['a1'.repeat(10), true], // 20 chars
    ['abcdef', false], // A only
    ['123456', false], // A only
    [`${'a1'.repeat(10)}x`, false], // 21 chars: B only
    ['密码密码12', false], // B only
    ['ab 123', false],
    ['ab12', false],
  ])('%j -> %s', (s, expected) => {
    expect(isLoginPassword(s)).toBe(expected);
  });
});

describe('isFundPassword (A)', () => {
  it.each([
    ['123456', true],
    ['abcdef', true],
    ['abc123', true],
    ['12345', false],
    ['1'.repeat(21), false],
    ['12 3456', false],
  ])('%j -> %s', (s, expected) => {
    expect(isFundPassword(s)).toBe(expected);
  });
});

describe('schemas report translation keys', () => {
  it.each([
    [loginPasswordSchema, 'abc123', true],
    [loginPasswordSchema, 'abcdef', false],
    [loginPasswordSchema, '', false],
    [fundPasswordSchema, '123456', true],
    [fundPasswordSchema, '12345', false],
  ])('%#: %j valid=%s', (schema, input, valid) => {
    expect(schema.safeParse(input).success).toBe(valid);
  });

  it.each([
    [loginPasswordSchema, 'abcdef', 'validation.passwordRule'],
    [loginPasswordSchema, 12345678, 'validation.passwordRule'],
    [loginPasswordSchema, undefined, 'validation.passwordRule'],
    [fundPasswordSchema, 'short', 'validation.fundPasswordRule'],
    [fundPasswordSchema, null, 'validation.fundPasswordRule'],
  ])('%#: %j -> %s', (schema, input, key) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([key]);
  });
});
