// Wire schemas of order calls, shared by the spot and contract routes (the contract books are the spot
// engine's): a price or quantity as a plain decimal string, and a market name.
import { z } from 'zod';

/** "0010.2500" -> "10.25", "1.000" -> "1": the canonical form the core takes (it refuses any other). */
export function canonicalDecimal(v: string): string {
  const [whole = '', fraction = ''] = v.split('.');
  const int = whole.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac === '' ? int : `${int}.${frac}`;
}

/**
 * A non-negative decimal string ("Must be a numerical value" otherwise); at most 40 characters. Leading
 * and trailing zeros are accepted, as exchanges do ("0.0010"), and dropped before the core sees it.
 */
export const orderDecimal = z
  .string({ error: 'validation.numeric' })
  .trim()
  .max(40, 'validation.numeric')
  .regex(/^\d+(\.\d+)?$/, 'validation.numeric')
  .transform(canonicalDecimal);

export const marketName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(32);
