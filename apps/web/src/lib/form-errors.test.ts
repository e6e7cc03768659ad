import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerFieldErrors } from './form-errors';

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: {
      en: {
        common: {
          validation: {
            email: 'Please enter a valid email address',
            tooLong: 'Must be at most {{max}} characters',
          },
        },
      },
    },
  });
});

describe('applyServerFieldErrors', () => {
  it('keeps a client key only when this client has it and it needs no values', () => {
    const setError = vi.fn();
    const errors = [
      {
        field: 'name',
        key: 'validation.tooLong',
        message: 'Name: must be at most 64 characters',
        vars: { max: '64' },
      },
      { field: 'amount', key: 'validation.notZero', message: 'Amount: must not be zero' },
      { field: 'email', key: 'validation.email', message: 'Email: is not a valid email address' },
      { field: 'account', key: 'errors.USER_ACCOUNT_TAKEN', message: 'Account: already registered' },
    ];
    const error = new ApiError('response', 400, 400, 'VALIDATION_FAILED', errors[0]?.message ?? '', errors);
    expect(applyServerFieldErrors(error, setError, ['name', 'amount', 'email', 'account'])).toBe(true);
    expect(setError.mock.calls.map((c) => (c[1] as { message: string }).message)).toEqual([
      // The server's sentence carries the bound; the client key would show an empty {{max}}.
      'Name: must be at most 64 characters',
      // Not a key of this client: the sentence, never the raw 'validation.notZero'.
      'Amount: must not be zero',
      'validation.email',
      'Account: already registered',
    ]);
  });
});
