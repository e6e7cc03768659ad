// Errors as data: a stable code from the shared catalogue, an HTTP status derived from it,
// and optional field errors. The error handler localizes the message.
import { ERROR_STATUS, type ErrorCode } from '@coin/shared/error-codes';

export interface FieldIssue {
  field: string;
  key: string;
  /** Values for the message's placeholders, e.g. { max: '1000' } for 'validation.max'. */
  vars?: Record<string, string | number>;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly errorCode: ErrorCode,
    readonly fields: FieldIssue[] = [],
    readonly params: Record<string, string | number> = {},
  ) {
    super(errorCode);
    this.status = ERROR_STATUS[errorCode];
  }
}

export function fail(errorCode: ErrorCode, fields: FieldIssue[] = []): never {
  throw new AppError(errorCode, fields);
}
