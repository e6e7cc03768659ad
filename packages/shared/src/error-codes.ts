// The stable error catalogue (spec section 8, DESIGN section 5): each code has one HTTP status.
// Clients switch on `errorCode`; the localized `msg` is for people.
import { ADMIN_ERROR_STATUS } from './error-codes/admin';
import { CONTENT_ERROR_STATUS } from './error-codes/content';
import { CONTRACT_ERROR_STATUS } from './error-codes/contracts';
import { EARN_ERROR_STATUS } from './error-codes/earn';
import { IDENTITY_ERROR_STATUS } from './error-codes/identity';
import { LIABILITIES_ERROR_STATUS } from './error-codes/liabilities';
import { MARGIN_ERROR_STATUS } from './error-codes/margin';
import { MARKET_ERROR_STATUS } from './error-codes/market';
import { OTC_ERROR_STATUS } from './error-codes/otc';
import { SECONDS_ERROR_STATUS } from './error-codes/seconds';
import { SECURITY_ERROR_STATUS } from './error-codes/security';
import { SPOT_ERROR_STATUS } from './error-codes/spot';
import { WALLET_ERROR_STATUS } from './error-codes/wallet';

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  AUTH_REQUIRED: 401,
  AUTH_TOKEN_INVALID: 401,
  AUTH_TOKEN_EXPIRED: 401,
  AUTH_TOKEN_REVOKED: 401,
  AUTH_INVALID_CREDENTIALS: 400,
  AUTH_ACCOUNT_DISABLED: 403,
  AUTH_REFRESH_INVALID: 401,
  FORBIDDEN: 403,
  OPERATOR_PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  USER_ACCOUNT_TAKEN: 409,
  USER_EMAIL_TAKEN: 409,
  USER_PHONE_TAKEN: 409,
  USER_INVITE_CODE_INVALID: 422,
  PASSWORD_MISMATCH: 422,
  PASSWORD_OLD_WRONG: 422,
  PASSWORD_SAME_AS_OLD: 422,
  FUND_PASSWORD_ALREADY_SET: 409,
  FUND_PASSWORD_NOT_SET: 409,
  FUND_PASSWORD_WRONG: 422,
  CODE_INVALID: 422,
  CODE_EXPIRED: 422,
  CODE_TOO_MANY_ATTEMPTS: 429,
  CODE_SEND_TOO_FREQUENT: 429,
  CODE_TARGET_REQUIRED: 400,
  CODE_SEND_FAILED: 502,
  DEVICE_NOT_FOUND: 404,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  ...WALLET_ERROR_STATUS,
  ...MARKET_ERROR_STATUS,
  ...SPOT_ERROR_STATUS,
  ...ADMIN_ERROR_STATUS,
  ...LIABILITIES_ERROR_STATUS,
  ...SECONDS_ERROR_STATUS,
  ...OTC_ERROR_STATUS,
  ...MARGIN_ERROR_STATUS,
  ...CONTRACT_ERROR_STATUS,
  ...SECURITY_ERROR_STATUS,
  ...EARN_ERROR_STATUS,
  ...IDENTITY_ERROR_STATUS,
  ...CONTENT_ERROR_STATUS,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}
