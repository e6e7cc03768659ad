// Owns how a zod issue becomes a field error { field, key, vars } (hardening issue: every validation
// message filled and human). One mapping for the route schemas (the envelope's error handler) and for the
// bodies services validate themselves (the decrypted withdrawal, settings documents), so the same input
// mistake reads the same everywhere, and every key with a {placeholder} gets its value from the issue.
import type { z } from 'zod';
import { hasMessage } from '@/i18n/translate';
import type { FieldIssue } from './app-error';

/** The parts of a zod issue the mapping reads (fastify-type-provider-zod passes the same fields). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  inclusive?: boolean;
  exact?: boolean;
  expected?: string;
  /** Values for the placeholders of custom issues, e.g. { max: '1000' } from decimalString. */
  params?: Record<string, unknown>;
}

/**
 * 'validation.required' is the schemas' catch-all (`z.string({ error: 'validation.required' })` applies
 * it to every check of the field), so for a value that is there the issue kind decides instead.
 */
const CATCH_ALL = 'validation.required';

const bound = (v: number | bigint | undefined): string | undefined =>
  v === undefined ? undefined : String(v);

/** Placeholder values an issue carries: its bounds as {min}/{max}/{length}, and custom params. */
function issueVars(issue: IssueLike): Record<string, string | number> {
  const vars: Record<string, string | number> = {};
  const min = bound(issue.minimum);
  const max = bound(issue.maximum);
  if (min !== undefined) vars.min = min;
  if (max !== undefined) vars.max = max;
  if (issue.exact) vars.length = min ?? max ?? '';
  for (const [k, v] of Object.entries(issue.params ?? {})) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint') vars[k] = String(v);
  }
  return vars;
}

/** The key for a size check by what was measured: characters, a number's value, or list entries. */
function sizeKey(issue: IssueLike, vars: Record<string, string | number>): string {
  const small = issue.code === 'too_small';
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return 'validation.exactLength';
      // min(1) is how the schemas say "not empty".
      if (small && Number(vars.min) <= 1) return 'validation.required';
      return small ? 'validation.tooShort' : 'validation.tooLong';
    case 'number':
    case 'int':
    case 'bigint':
      if (small && issue.inclusive === false) {
        return vars.min === '0' ? 'validation.positive' : 'validation.greaterThan';
      }
      if (!small && issue.inclusive === false) return 'validation.lessThan';
      return small ? 'validation.min' : 'validation.max';
    case 'array':
    case 'set':
      return small ? 'validation.minItems' : 'validation.maxItems';
    default:
      return 'validation.invalid';
  }
}

/** Dotted field path of an issue ('body' for the part itself), unknown keys appended. */
function fieldOf(issue: IssueLike): string {
  return issue.path.map(String).join('.') || 'body';
}

/**
 * One issue as a field error. `present`: whether the value at the issue's path was sent at all (zod 4
 * does not report the input), to tell a missing field from a wrong one.
 */
export function issueToField(
  issue: IssueLike,
  present: boolean,
): FieldIssue & { vars: Record<string, string | number> } {
  const field = fieldOf(issue);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys?.[0] ?? '';
    const path = issue.path.map(String).join('.');
    return { field: path ? `${path}.${key}` : key || 'body', key: 'validation.unknownField', vars: {} };
  }
  if (!present && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return { field, key: 'validation.required', vars: {} };
  }
  const vars = issueVars(issue);
  const message = issue.message;
  // A schema's own message key wins (e.g. 'validation.decimal', 'validation.url'), with the issue's values.
  if (message.startsWith('validation.') && message !== CATCH_ALL && hasMessage(message)) {
    return { field, key: message, vars };
  }
  if (issue.code === 'invalid_type') {
    return { field, key: issue.expected === 'int' ? 'validation.integer' : 'validation.invalidType', vars };
  }
  if (issue.code === 'too_small' || issue.code === 'too_big')
    return { field, key: sizeKey(issue, vars), vars };
  if (issue.code === 'invalid_value' || issue.code === 'invalid_union') {
    return { field, key: 'validation.oneOf', vars };
  }
  // Includes the catch-all on a value that is there but fails a pattern or refinement.
  return { field, key: 'validation.invalid', vars };
}

/** The raw value at a path inside a request part or parsed body. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/** The issues of a failed safeParse of `input` as field errors. */
export function zodIssuesToFields(error: z.ZodError, input: unknown): FieldIssue[] {
  return error.issues.map((issue) =>
    issueToField(issue as unknown as IssueLike, valueAt(input, issue.path) !== undefined),
  );
}
