// Error codes of the admin area with their HTTP statuses; merged into ../error-codes.ts.
export const ADMIN_ERROR_STATUS = {
  /** Unknown user id in an operator call. */
  ADMIN_USER_NOT_FOUND: 404,
  ADJUSTMENT_NOT_FOUND: 404,
  /** The asset is not in the wallet asset list. */
  ADJUSTMENT_ASSET_UNKNOWN: 404,
  /** Four-eyes rule: the operator who requested an adjustment may not decide it. */
  ADJUSTMENT_SELF_APPROVAL: 403,
  /** The request is no longer pending (already approved, rejected, failed or being approved). */
  ADJUSTMENT_STATE: 409,
  /** A negative adjustment larger than the available balance. */
  ADJUSTMENT_INSUFFICIENT_BALANCE: 422,
  /** The money core refused the approved command for another reason; the request is marked failed. */
  ADJUSTMENT_FAILED: 422,
  /** The money core is not running in this process. */
  ADJUSTMENT_CORE_UNAVAILABLE: 503,
  /** Unknown projection failure id. */
  PROJECTION_FAILURE_NOT_FOUND: 404,
  /** The projection failure is no longer open (already retried or dismissed). */
  PROJECTION_FAILURE_STATE: 409,
  /** The retried rows still cannot be written; the failure stays open with the new error. */
  PROJECTION_RETRY_FAILED: 409,
  /** No bill projection runs in this process (no money core). */
  PROJECTION_UNAVAILABLE: 503,
  /** Unknown operator id (role change request). */
  OPERATOR_NOT_FOUND: 404,
  OPERATOR_REQUEST_NOT_FOUND: 404,
  /** The operator request is no longer pending. */
  OPERATOR_REQUEST_STATE: 409,
  /** A role change for this operator is already waiting for approval. */
  OPERATOR_REQUEST_PENDING: 409,
  /** The requester, or the operator a role change is about, may not decide the request. */
  OPERATOR_REQUEST_SELF_APPROVAL: 403,
  /** A role change to the role the operator already has. */
  OPERATOR_ROLE_UNCHANGED: 400,
  /** Dual approval: the second approval must come from a different operator than the first. */
  APPROVAL_SAME_OPERATOR: 403,
  /** The approver's account was requested by the requester, or the approver requested the requester's. */
  APPROVAL_LINKED_OPERATOR: 403,
  /** A new operator (or one whose role changed) cannot approve anything until the cooling-off ends. */
  APPROVAL_COOLING_OFF: 403,
} as const;
