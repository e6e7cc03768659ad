// Owns the zod schema for money on the wire (DESIGN §3 "Numbers"): amounts travel as decimal strings, never
// JSON numbers, so nothing is lost to binary floating point between the browser, the API and the core.
// The schema validates but does not transform: its output is the input string, so the same schema serves
// requests, responses and JSON-schema generation. Parse the validated string with `parseAmount`.
// Error messages are translation keys so every client localises them the same way.

import { z } from 'zod';
import { assert } from './assert';
import { AMOUNT_SCALE, type Amount, cmp, isPositive, parseAmount, tryParseAmount } from './money';

export const DECIMAL_ERRORS = {
  decimal: 'validation.decimal',
  tooManyDecimals: 'validation.tooManyDecimals',
  positive: 'validation.positive',
  min: 'validation.min',
  max: 'validation.max',
} as const;

// NUMERIC(38,18) needs at most 40 characters; the cap stops huge strings before BigInt parses them.
export const MAX_DECIMAL_STRING_LENGTH = 64;

const WIRE_DECIMAL_PATTERN = /^-?[0-9]+(\.[0-9]+)?$/;

export type DecimalStringOptions = {
  /** Decimal places the asset allows, 0..18. Trailing zeros do not count ('1.50' passes with 1). */
  maxDecimals: number;
  /** Inclusive lower bound, as a decimal string. */
  min?: string;
  /** Inclusive upper bound, as a decimal string. */
  max?: string;
  /** Require a value strictly greater than zero. */
  positive?: boolean;
};

/**
 * Builds a schema for a decimal string such as '12.5' or '-0.001'. Checks, first failure wins:
 * not a string / longer than 64 / not /^-?\d+(\.\d+)?$/ -> 'validation.decimal';
 * more significant decimals than `maxDecimals` -> 'validation.tooManyDecimals' (never rounded);
 * `positive` and value <= 0 -> 'validation.positive';
 * value < `min` -> 'validation.min' (issue params { min }); value > `max` -> 'validation.max' (params { max }).
 * Invalid options (bad maxDecimals, unparseable bounds, min > max) throw when the schema is built.
 */
export function decimalString(options: DecimalStringOptions) {
  const { maxDecimals, positive = false } = options;
  assert(
    Number.isSafeInteger(maxDecimals) && maxDecimals >= 0 && maxDecimals <= AMOUNT_SCALE,
    `maxDecimals must be an integer from 0 to ${AMOUNT_SCALE}: ${maxDecimals}`,
  );
  const min: Amount | undefined = options.min === undefined ? undefined : parseAmount(options.min);
  const max: Amount | undefined = options.max === undefined ? undefined : parseAmount(options.max);
  assert(min === undefined || max === undefined || cmp(min, max) <= 0, 'min must not exceed max');

  return z
    .string({ error: DECIMAL_ERRORS.decimal })
    .max(MAX_DECIMAL_STRING_LENGTH, { error: DECIMAL_ERRORS.decimal, abort: true })
    .regex(WIRE_DECIMAL_PATTERN, { error: DECIMAL_ERRORS.decimal, abort: true })
    .superRefine((value, ctx) => {
      const parsed = tryParseAmount(value, maxDecimals);
      if (!parsed.ok) {
        const tooPrecise = parsed.code === 'AMOUNT_TOO_MANY_DECIMALS';
        ctx.addIssue({
          code: 'custom',
          message: tooPrecise ? DECIMAL_ERRORS.tooManyDecimals : DECIMAL_ERRORS.decimal,
        });
        return;
      }
      const amount = parsed.value;
      if (positive && !isPositive(amount)) {
        ctx.addIssue({ code: 'custom', message: DECIMAL_ERRORS.positive });
      } else if (min !== undefined && cmp(amount, min) < 0) {
        ctx.addIssue({ code: 'custom', message: DECIMAL_ERRORS.min, params: { min: options.min } });
      } else if (max !== undefined && cmp(amount, max) > 0) {
        ctx.addIssue({ code: 'custom', message: DECIMAL_ERRORS.max, params: { max: options.max } });
      }
    });
}
