// Wire schemas of order calls, shared by the spot and contract routes (the contract books are the spot
// engine's): a price or quantity as a plain decimal string, and a market name.
import { z } from 'zod';

/** A non-negative decimal string ("Must be a numerical value" otherwise); at most 40 characters. */
export const orderDecimal = z
  .string({ error: 'validation.numeric' })
  .trim()
  .max(40, 'validation.numeric')
  .regex(/^\d+(\.\d+)?$/, 'validation.numeric');

export const marketName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(32);
