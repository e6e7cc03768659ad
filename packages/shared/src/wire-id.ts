// Owns object ids on the wire (hardening issue): every SQL id is a bigserial, so an id travels as a
// decimal string (a JSON number cannot hold 2^63 - 1 exactly) and is accepted only from 1 to 2^63 - 1.
// Every id in a path, query or body uses these schemas, so an id beyond the SQL bigint range is a clear
// 400 VALIDATION_FAILED ('validation.invalid' on the id field) instead of reaching SQL and failing there.
import { z } from 'zod';

/** The largest bigserial value (PostgreSQL bigint). */
export const MAX_WIRE_ID = 9_223_372_036_854_775_807n;

/** Canonical decimal: no sign, no leading zero, at most 19 digits (the range check follows). */
const ID_PATTERN = /^[1-9][0-9]{0,18}$/;

/** Whether a string is an id in range: the check for places that only may hold an id (search keywords). */
export function isWireId(value: string): boolean {
  return ID_PATTERN.test(value) && BigInt(value) <= MAX_WIRE_ID;
}

/** An id as a string (the wire form kept, e.g. for bodies that store or echo it). */
export const idString = z
  .string({ error: 'validation.required' })
  .regex(ID_PATTERN, { error: 'validation.invalid', abort: true })
  .refine((value) => BigInt(value) <= MAX_WIRE_ID, 'validation.invalid');

/** An id parsed to the bigint the repositories take. */
export const idSchema = idString.transform((value) => BigInt(value));
