// Owns how validation problems reach a form field. The shared zod schemas report translation keys
// ('validation.required'), translated here from the `common` namespace; the server's field errors carry
// the same keys plus a message already localized by the server, used when the key is not one of ours
// (e.g. 'errors.USER_EMAIL_TAKEN').
import i18next from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type HasKey = (key: string) => boolean;

/** Text for a field error message that may be a translation key. */
export function fieldErrorText(
  t: Translate,
  exists: HasKey,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  if (message.startsWith('validation.') && exists(`common:${message}`)) return t(`common:${message}`);
  return message;
}

/**
 * Puts the server's field errors of an ApiError on the form. `fields` lists the form's own fields;
 * `aliases` maps a server field name to a form field when they differ. Returns whether any error was
 * placed, so the caller knows whether a form-level message is still needed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!isApiError(error) || error.errors.length === 0) return false;
  let placed = false;
  let first = true;
  for (const fe of error.errors) {
    const top = fe.field.split('.')[0] ?? fe.field;
    const target = aliases[top] ?? (fields as readonly string[]).find((f) => f === top);
    if (!target) continue;
    // A client-side key reads better under the field than the server's "Field: problem" headline, but
    // only when this client has the key and it needs no values (the server's {max} travels in vars);
    // otherwise the server's own sentence, which is complete, rather than a raw key or a blank bound.
    const clientKey =
      fe.key.startsWith('validation.') && fe.vars === undefined && i18next.exists(`common:${fe.key}`);
    const message = clientKey ? fe.key : fe.message || fe.key;
    setError(target as Path<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
    placed = true;
  }
  return placed;
}
