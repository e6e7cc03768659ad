// How a product part refuses a command, and the checks every part uses on untrusted command fields.
// A Rejection is recorded under the command id like a result; any other exception is a bug (fail-stop).
import { type Amount, tryParseAmount } from '@coin/shared/money';
import { formatAtoms } from './atoms';
import type { CoreError } from './types';

export class Rejection {
  constructor(readonly error: CoreError) {}
}

export function reject(error: CoreError): never {
  throw new Rejection(error);
}

const ASSET_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;
export const MAX_ID_LENGTH = 200;

export function requireString(v: unknown, maxLength = MAX_ID_LENGTH): string {
  if (typeof v !== 'string' || v.length === 0 || v.length > maxLength) reject('INVALID_COMMAND');
  return v;
}

export function requireAsset(v: unknown): string {
  if (typeof v !== 'string' || !ASSET_PATTERN.test(v)) reject('INVALID_COMMAND');
  return v;
}

/** Optional asset decimals in a payload: an integer 0..18; absent means 18 (the journal's old commands). */
export function optionalDecimals(v: unknown): number {
  if (v === undefined) return 18;
  return requireDecimals(v);
}

export function requireDecimals(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 18) reject('INVALID_COMMAND');
  return v;
}

/**
 * A canonical decimal (the exact output of formatAmount: no '+', no leading or trailing zeros, at most
 * 18 decimals). Canonical form keeps the idempotency digest unambiguous: '1.5' and '1.50' are one amount.
 */
export function parseCanonical(v: unknown, sign: 'positive' | 'nonNegative' | 'nonZero'): Amount {
  if (typeof v !== 'string' || v.length > 60) reject('INVALID_AMOUNT');
  const parsed = tryParseAmount(v);
  if (!parsed.ok || formatAtoms(parsed.value) !== v) reject('INVALID_AMOUNT');
  const a = parsed.value;
  if (sign === 'positive' && a <= 0n) reject('INVALID_AMOUNT');
  if (sign === 'nonNegative' && a < 0n) reject('INVALID_AMOUNT');
  if (sign === 'nonZero' && a === 0n) reject('INVALID_AMOUNT');
  return a;
}

/** A signed canonical amount: '-' followed by a canonical positive amount, or a canonical positive amount. */
export function parseSigned(v: unknown): Amount {
  if (typeof v !== 'string') reject('INVALID_AMOUNT');
  return v.startsWith('-')
    ? (-parseCanonical(v.slice(1), 'positive') as Amount)
    : parseCanonical(v, 'positive');
}
