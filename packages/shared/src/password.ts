// Owns the password rules of spec §5. Rule A bounds length and alphabet; rule B demands variety.
// Login passwords (register, reset, change) must satisfy both; the fund password only rule A.
// Schemas report translation keys, not English, so the web and the server show the same localised text.

import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;

export const PASSWORD_ERRORS = {
  login: 'validation.passwordRule',
  fund: 'validation.fundPasswordRule',
} as const;

// 0x21..0x7E is exactly the ASCII letters, digits and punctuation: no space, no control, no non-ASCII.
const RULE_A = /^[\x21-\x7E]{6,20}$/;

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
const SYMBOL = /[\p{P}\p{S}]/u;

/** Rule A: 6 to 20 characters, each an ASCII letter, digit or punctuation mark. */
export function isPasswordRuleA(s: string): boolean {
  return RULE_A.test(s);
}

/**
 * Rule B: at least 6 characters (counted as code points) containing at least two of the classes
 * letters, digits and symbols (Unicode punctuation or symbol). Rule B on its own sets no alphabet or
 * upper bound; whitespace counts toward the length but belongs to no class.
 */
export function isPasswordRuleB(s: string): boolean {
  const chars = [...s];
  if (chars.length < PASSWORD_MIN_LENGTH) return false;
  const classes = [LETTER, DIGIT, SYMBOL].filter((re) => chars.some((c) => re.test(c))).length;
  return classes >= 2;
}

export function isLoginPassword(s: string): boolean {
  return isPasswordRuleA(s) && isPasswordRuleB(s);
}

export function isFundPassword(s: string): boolean {
  return isPasswordRuleA(s);
}

export const loginPasswordSchema = z
  .string({ error: PASSWORD_ERRORS.login })
  .refine(isLoginPassword, { error: PASSWORD_ERRORS.login });

export const fundPasswordSchema = z
  .string({ error: PASSWORD_ERRORS.fund })
  .refine(isFundPassword, { error: PASSWORD_ERRORS.fund });
