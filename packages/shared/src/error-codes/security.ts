// Error codes of account security (2FA, contact binding, anti-phishing code, withdrawal lock, API keys)
// with their HTTP statuses; merged into ../error-codes.ts.
export const SECURITY_ERROR_STATUS = {
  /**
   * Not an error for the person: the password was right and the account has a second factor, so the
   * login needs a second call carrying `googleCode` (spec section 8's step-1 control signal). HTTP 202.
   */
  LOGIN_STEP1_SUCCESS: 202,
  /** The account has an authenticator and this action needs its current code. */
  GOOGLE_CODE_REQUIRED: 400,
  GOOGLE_CODE_INVALID: 422,
  /** A code of a time step that was already used (or an older one): codes are single use. */
  GOOGLE_CODE_USED: 422,
  /** Too many wrong authenticator codes: refused for a while. */
  GOOGLE_CODE_LOCKED: 429,
  GOOGLE_ALREADY_BOUND: 409,
  GOOGLE_NOT_BOUND: 409,
  /** Binding without a fresh secret from getGoogleVerification (or after it expired). */
  GOOGLE_SETUP_REQUIRED: 409,
  /** The login password that confirms a security change is wrong. */
  SECURITY_PASSWORD_WRONG: 422,
  /** Withdrawals are locked for a while after a security change; `{until}` in the message. */
  SECURITY_WITHDRAW_LOCKED: 403,
  /** A change to the address the account already has. */
  CONTACT_SAME_AS_CURRENT: 409,
  /** A security code for an email or phone the account does not have. */
  CONTACT_NOT_BOUND: 409,
  API_KEY_NOT_FOUND: 404,
  API_KEY_LIMIT_REACHED: 409,
  /** Unknown or malformed API key header. */
  API_KEY_INVALID: 401,
  API_SIGNATURE_INVALID: 401,
  /** Timestamp missing, malformed or outside the receive window. */
  API_TIMESTAMP_INVALID: 401,
  /** The same signed request was already accepted (replay inside the receive window). */
  API_REQUEST_REPLAYED: 401,
  API_KEY_PERMISSION_DENIED: 403,
  API_KEY_IP_DENIED: 403,
  /** A signed API-key request to a route that API keys may not use (withdrawals, security settings ...). */
  API_KEY_ROUTE_NOT_ALLOWED: 403,
} as const;
