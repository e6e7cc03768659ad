// Owns exact money arithmetic for the whole project (DESIGN §3 "Numbers"). An Amount is a bigint count of
// atoms at a fixed scale of 18 decimal places (matching NUMERIC(38,18) in SQL), so a JavaScript number never
// holds money. Input is rejected rather than rounded, and every operation that can lose precision (mul, div,
// roundTo) takes an explicit rounding mode, so each rounding decision is visible at its call site.
//
// Rounding modes follow java.math.BigDecimal: 'down' is toward zero, 'up' is away from zero, 'halfEven' is
// to the nearest value with ties to the even neighbour. For positive amounts 'down'/'up' are floor/ceiling.

import { assert } from './assert';

declare const amountBrand: unique symbol;
export type Amount = bigint & { readonly [amountBrand]: 'Amount' };

export const AMOUNT_SCALE = 18;
const ONE_ATOMS = 10n ** BigInt(AMOUNT_SCALE);

export const ZERO = 0n as Amount;

export const ROUNDING_MODES = { down: 'down', up: 'up', halfEven: 'halfEven' } as const;
export type RoundingMode = (typeof ROUNDING_MODES)[keyof typeof ROUNDING_MODES];

export const MONEY_ERROR_CODES = {
  AMOUNT_INVALID: 'AMOUNT_INVALID',
  AMOUNT_TOO_MANY_DECIMALS: 'AMOUNT_TOO_MANY_DECIMALS',
  DIVISION_BY_ZERO: 'DIVISION_BY_ZERO',
  RATIO_INVALID: 'RATIO_INVALID',
} as const;
export type MoneyErrorCode = (typeof MONEY_ERROR_CODES)[keyof typeof MONEY_ERROR_CODES];
export type ParseAmountErrorCode = 'AMOUNT_INVALID' | 'AMOUNT_TOO_MANY_DECIMALS';

export class MoneyError extends Error {
  readonly code: MoneyErrorCode;

  constructor(code: MoneyErrorCode, message: string = code) {
    super(message);
    this.name = 'MoneyError';
    this.code = code;
  }
}

export type ParseAmountResult = { ok: true; value: Amount } | { ok: false; code: ParseAmountErrorCode };

const DECIMAL_PATTERN = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;

function assertDecimals(decimals: number, name: string): void {
  assert(
    Number.isSafeInteger(decimals) && decimals >= 0 && decimals <= AMOUNT_SCALE,
    `${name} must be an integer from 0 to ${AMOUNT_SCALE}: ${decimals}`,
  );
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/**
 * Wraps a raw atom count (1 unit = 10^18 atoms) as an Amount, e.g. when loading a snapshot or a
 * NUMERIC(38,18) column read as its unscaled integer. Atoms are read back with a plain bigint conversion.
 */
export function amountFromAtoms(atoms: bigint): Amount {
  return atoms as Amount;
}

/**
 * Parses /^-?\d+(\.\d+)?$/ exactly: no '+', exponent, whitespace, grouping or bare point. Leading zeros and
 * '-0' are accepted ('-0' is zero). Trailing fractional zeros do not count toward `maxDecimals`, because
 * '1.500' is exactly 1.5 and accepting it rounds nothing; '1.505' with maxDecimals 2 is rejected.
 */
export function tryParseAmount(s: string, maxDecimals: number = AMOUNT_SCALE): ParseAmountResult {
  assertDecimals(maxDecimals, 'maxDecimals');
  if (typeof s !== 'string') return { ok: false, code: MONEY_ERROR_CODES.AMOUNT_INVALID };
  const match = DECIMAL_PATTERN.exec(s);
  if (match === null) return { ok: false, code: MONEY_ERROR_CODES.AMOUNT_INVALID };
  const negative = match[1] === '-';
  const integerDigits = match[2] ?? '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > maxDecimals) return { ok: false, code: MONEY_ERROR_CODES.AMOUNT_TOO_MANY_DECIMALS };
  const atoms = BigInt(integerDigits) * ONE_ATOMS + BigInt(fraction.padEnd(AMOUNT_SCALE, '0'));
  return { ok: true, value: (negative ? -atoms : atoms) as Amount };
}

/** As tryParseAmount, but throws a MoneyError carrying the failure code. */
export function parseAmount(s: string, maxDecimals: number = AMOUNT_SCALE): Amount {
  const result = tryParseAmount(s, maxDecimals);
  if (!result.ok) throw new MoneyError(result.code, `${result.code}: ${JSON.stringify(s)}`);
  return result.value;
}

/**
 * Canonical decimal string, never with an exponent. Without `decimals`: shortest exact form, trailing zeros
 * and a trailing point trimmed ('1.5', '-0.000000000000000001', '0'). With `decimals`: exactly that many
 * places, truncated toward zero (display must never overstate a balance); a value that truncates to zero
 * prints without a sign ('-0.001' at 2 places is '0.00').
 */
export function formatAmount(a: Amount, decimals?: number): string {
  const places = decimals ?? AMOUNT_SCALE;
  assertDecimals(places, 'decimals');
  const units = (a < 0n ? -a : a) / pow10(AMOUNT_SCALE - places);
  const sign = a < 0n && units !== 0n ? '-' : '';
  const divisor = pow10(places);
  const integerPart = (units / divisor).toString();
  let fraction = places === 0 ? '' : (units % divisor).toString().padStart(places, '0');
  if (decimals === undefined) fraction = fraction.replace(/0+$/, '');
  return fraction === '' ? `${sign}${integerPart}` : `${sign}${integerPart}.${fraction}`;
}

/**
 * Integer division with an explicit rounding mode; exported for tick and lot arithmetic in the order books.
 * Throws MoneyError DIVISION_BY_ZERO for a zero denominator.
 */
export function roundDiv(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new MoneyError(MONEY_ERROR_CODES.DIVISION_BY_ZERO);
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const awayFromZero = quotient + (numerator < 0n !== denominator < 0n ? -1n : 1n);
  switch (mode) {
    case 'down':
      return quotient;
    case 'up':
      return awayFromZero;
    case 'halfEven': {
      const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
      const absDenominator = denominator < 0n ? -denominator : denominator;
      if (twiceRemainder > absDenominator) return awayFromZero;
      if (twiceRemainder < absDenominator) return quotient;
      return quotient % 2n === 0n ? quotient : awayFromZero;
    }
    default: {
      const unknownMode: never = mode;
      throw new Error(`Unknown rounding mode: ${String(unknownMode)}`);
    }
  }
}

export function add(a: Amount, b: Amount): Amount {
  return (a + b) as Amount;
}

export function sub(a: Amount, b: Amount): Amount {
  return (a - b) as Amount;
}

/** a x b, rounded to the 18-place scale with `mode`. */
export function mul(a: Amount, b: Amount, mode: RoundingMode): Amount {
  return roundDiv(a * b, ONE_ATOMS, mode) as Amount;
}

/** a / b, rounded to the 18-place scale with `mode`; throws MoneyError DIVISION_BY_ZERO when b is zero. */
export function div(a: Amount, b: Amount, mode: RoundingMode): Amount {
  return roundDiv(a * ONE_ATOMS, b, mode) as Amount;
}

/** Rounds to `decimals` places (0..18) with `mode`, e.g. a fee to the precision of its asset. */
export function roundTo(a: Amount, decimals: number, mode: RoundingMode): Amount {
  assertDecimals(decimals, 'decimals');
  const unit = pow10(AMOUNT_SCALE - decimals);
  return (roundDiv(a, unit, mode) * unit) as Amount;
}

export function cmp(a: Amount, b: Amount): -1 | 0 | 1 {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

export function isZero(a: Amount): boolean {
  return a === 0n;
}

export function isNegative(a: Amount): boolean {
  return a < 0n;
}

export function isPositive(a: Amount): boolean {
  return a > 0n;
}

export function min(a: Amount, b: Amount): Amount {
  return a <= b ? a : b;
}

export function max(a: Amount, b: Amount): Amount {
  return a >= b ? a : b;
}

export function abs(a: Amount): Amount {
  return (a < 0n ? -a : a) as Amount;
}

export function neg(a: Amount): Amount {
  return -a as Amount;
}

/**
 * Splits `total` into parts proportional to non-negative integer `weights` (at least one non-zero), in whole
 * units of `unitDecimals` places (default 18, i.e. atoms). Each share is truncated toward zero; the remainder,
 * plus any dust of `total` finer than the unit, goes to the first part with a non-zero weight, so the parts
 * always sum exactly to `total` and no part is ever paid from a zero weight. Truncating toward zero makes
 * the split symmetric: splitting -x gives the negated parts of splitting x.
 * Example, the 90/10 fee split at 8 places: splitByRatio(fee, [9n, 1n], 8).
 */
export function splitByRatio(
  total: Amount,
  weights: readonly bigint[],
  unitDecimals: number = AMOUNT_SCALE,
): Amount[] {
  assertDecimals(unitDecimals, 'unitDecimals');
  if (weights.some((w) => w < 0n)) throw new MoneyError(MONEY_ERROR_CODES.RATIO_INVALID, 'negative weight');
  const weightSum = weights.reduce((sum, w) => sum + w, 0n);
  const first = weights.findIndex((w) => w > 0n);
  if (weightSum === 0n || first === -1) {
    throw new MoneyError(MONEY_ERROR_CODES.RATIO_INVALID, 'weights must contain a positive value');
  }
  const unit = pow10(AMOUNT_SCALE - unitDecimals);
  const units = total / unit;
  const shares = weights.map((w) => ((units * w) / weightSum) * unit);
  const distributed = shares.reduce((sum, share) => sum + share, 0n);
  return shares.map((share, i) => (i === first ? share + total - distributed : share) as Amount);
}
