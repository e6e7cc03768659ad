// Owns the runtime assertion helpers used instead of TypeScript's `!` non-null assertion (DESIGN §10).
// A failed assertion is a programming error, not a user error, so it throws rather than returning data.

export const ASSERTION_ERROR_CODE = 'ASSERTION_FAILED' as const;

export class AssertionError extends Error {
  readonly code = ASSERTION_ERROR_CODE;

  constructor(message: string) {
    super(message);
    this.name = 'AssertionError';
  }
}

export function assert(condition: unknown, message = 'Assertion failed'): asserts condition {
  if (!condition) throw new AssertionError(message);
}

export function ensureDefined<T>(value: T | null | undefined, message = 'Expected a defined value'): T {
  if (value === null || value === undefined) throw new AssertionError(message);
  return value;
}
