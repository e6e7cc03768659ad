// The response envelope of every API call (spec sections 7 and 8): `code` 200 means success.
import type { ErrorCode } from './error-codes';

export const SUCCESS_CODE = 200;

export interface FieldError {
  /** Dotted path of the offending field, e.g. `password` or `items.0.qty`. */
  field: string;
  /** Translation key of the problem, e.g. `validation.required`. */
  key: string;
  /** The localized sentence: the field's label and the problem with its values filled in. */
  message: string;
  /** The values of the key's placeholders ({ max: '64' }), when it has any. */
  vars?: Record<string, string | number>;
}

export interface SuccessEnvelope<T> {
  code: typeof SUCCESS_CODE;
  msg: string;
  data: T;
}

export interface ErrorEnvelope {
  code: number;
  errorCode: ErrorCode;
  msg: string;
  data: null;
  errors?: FieldError[];
}

export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
