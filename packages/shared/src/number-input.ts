// Owns the number-input rules of spec §5: live sanitising of typed numbers (and, for the forms, what the
// sanitising changed: normalizeTypedNumber), the seconds-contract
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

/** What the typing rules changed in a typed number, so a form can say so next to the box. */
export const INPUT_CORRECTIONS = ['separator', 'characters', 'leadingPoint', 'decimals'] as const;
export type InputCorrection = (typeof INPUT_CORRECTIONS)[number];

export interface TypedNumber {
  /** What the box shows and what is submitted. */
  value: string;
  /** What was changed on the way, in INPUT_CORRECTIONS order; empty when the input stood as typed. */
  corrections: InputCorrection[];
}

/**
 * `sanitizeNumberInput` for a box that shows its corrections instead of making them silently:
 * - separator: the reader's language writes decimals with a comma (`decimalSeparator` ','), so a typed
 *   comma is the decimal point ('1,5' -> '1.5'; '1.234,5' -> '1234.5', points being thousands there);
 * - characters: anything but digits and one point was dropped (letters, signs, spaces, a second point,
 *   a thousands comma where the point is the decimal mark);
 * - leadingPoint: a leading point was dropped (spec section 5: no leading dot), so '.5' became '5';
 * - decimals: digits beyond the asset's `decimals` were cut off.
 * The value is exactly sanitizeNumberInput's (after the separator step).
 */
export function normalizeTypedNumber(raw: string, decimals: number, decimalSeparator = '.'): TypedNumber {
  const found = new Set<InputCorrection>();
  let text = raw;
  if (decimalSeparator === ',' && text.includes(',')) {
    const last = text.lastIndexOf(',');
    text = `${text.slice(0, last).replace(/[.,]/g, '')}.${text.slice(last + 1)}`;
    found.add('separator');
  }
  if (/[^0-9.]/.test(text)) found.add('characters');
  const kept = text.replace(/[^0-9.]/g, '');
  if (kept.startsWith('.')) found.add('leadingPoint');
  const body = kept.replace(/^\.+/, '');
  const point = body.indexOf('.');
  if (point !== -1) {
    const fraction = body.slice(point + 1);
    if (fraction.includes('.')) found.add('characters');
    if (fraction.replace(/\./g, '').length > decimals) found.add('decimals');
  }
  return {
    value: sanitizeNumberInput(text, decimals),
    corrections: INPUT_CORRECTIONS.filter((c) => found.has(c)),
  };
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
