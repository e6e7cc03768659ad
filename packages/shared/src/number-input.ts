// Owns the number-input rules of spec §5: live sanitising of typed numbers, the seconds-contract
// integer-quantity check ("Quantity must be an integer") and the numeric check ("Must be a numerical value").
// These run on every keystroke, so they work on strings only and never go through a JS number.

import { assert } from './assert';

/**
 * Sanitises a number being typed. Rules, applied in order:
 * 1. Every character other than ASCII digits and '.' is dropped (signs, spaces, commas, letters).
 * 2. Leading points are dropped: the spec says "no leading dot", so '.5' becomes '5' (not '0.5').
 * 3. Only the first remaining point is kept; later points are dropped but their digits stay ('1.2.3' -> '1.23').
 * 4. Leading zeros of the integer part collapse: '007' -> '7', '00.5' -> '0.5', '000' -> '0'.
 * 5. The fraction is truncated (never rounded) to `decimals` places; with `decimals` 0 the point goes too.
 *    A trailing point is kept while typing ('12.' stays '12.') unless `decimals` is 0.
 */
export function sanitizeNumberInput(raw: string, decimals: number): string {
  assert(
    Number.isSafeInteger(decimals) && decimals >= 0,
    `decimals must be a non-negative integer: ${decimals}`,
  );
  const kept = raw.replace(/[^0-9.]/g, '').replace(/^\.+/, '');
  const point = kept.indexOf('.');
  const integerDigits = point === -1 ? kept : kept.slice(0, point);
  const integerPart = integerDigits.replace(/^0+(?=\d)/, '');
  if (point === -1 || decimals === 0) return integerPart;
  const fraction = kept
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  return `${integerPart}.${fraction}`;
}

/**
 * Seconds-contract quantity: a positive whole number written in plain ASCII digits.
 * Leading zeros are tolerated ('007' is 7) because the sanitiser would collapse them anyway;
 * '1.0', '1e3', signs and whitespace are rejected so the check never depends on JS number parsing.
 */
export function isIntegerQuantity(raw: string): boolean {
  return /^[0-9]+$/.test(raw) && /[1-9]/.test(raw);
}

/**
 * Numeric check with the same grammar `parseAmount` accepts (optional '-', digits, optional '.digits'),
 * so anything that passes here can be parsed exactly. No exponent, no '+', no whitespace, no leading or
 * trailing point: '12.' (a half-typed value) is not yet numeric.
 */
export function isNumeric(raw: string): boolean {
  return /^-?[0-9]+(\.[0-9]+)?$/.test(raw);
}
