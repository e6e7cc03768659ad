// Error codes of identity certification, bank cards, payment methods, grades, referral and agents, with
// their HTTP statuses; merged into ../error-codes.ts.
export const IDENTITY_ERROR_STATUS = {
  /** A certification of this level is under review or has passed: nothing to submit. */
  KYC_ALREADY_SUBMITTED: 409,
  /** Advanced certification (and payment methods) need the primary certification passed first. */
  KYC_PRIMARY_REQUIRED: 409,
  /** The ID number is already certified (or under review) on another account. */
  KYC_ID_NUMBER_USED: 409,
  /** A photo link does not name an image the caller uploaded. */
  KYC_PHOTO_NOT_FOUND: 422,
  /** Unknown certification id (operators). */
  KYC_NOT_FOUND: 404,
  /** The certification is no longer under review (decided already, or the loser of two decisions). */
  KYC_STATE: 409,
  /** A bank card is bound already: it cannot be changed. */
  BANK_CARD_ALREADY_BOUND: 409,
  /** The holder name of a payment method differs from the certified real name. */
  PAYMENT_NAME_MISMATCH: 422,
  /** At most PAYMENT_METHODS_MAX payment methods per user. */
  PAYMENT_METHODS_LIMIT: 409,
  /** Unknown payment method id (or not the caller's). */
  PAYMENT_METHOD_NOT_FOUND: 404,
  /** The account already has an email (or phone); changing it is a security setting. */
  CONTACT_ALREADY_BOUND: 409,
  /** The caller is not an agent (agent calls), or the user is not one (operator revoke). */
  AGENT_NOT_GRANTED: 403,
  /** The user is an agent already (operator grant). */
  AGENT_ALREADY_GRANTED: 409,
  /** Unknown user id in an operator call of this area. */
  IDENTITY_USER_NOT_FOUND: 404,
} as const;
