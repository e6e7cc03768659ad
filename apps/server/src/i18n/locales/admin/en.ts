// English server messages of the admin area; keys merged into ../en.ts.
export const adminEn = {
  'errors.ADMIN_USER_NOT_FOUND': 'User not found',
  'errors.ADJUSTMENT_NOT_FOUND': 'Adjustment request not found',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'This asset is not in the wallet asset list',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    'The operator who requested an adjustment cannot approve or reject it; another administrator must decide',
  'errors.ADJUSTMENT_STATE': 'This adjustment request has already been decided',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': 'The balance is too low for this negative adjustment',
  'errors.ADJUSTMENT_FAILED': 'The adjustment could not be executed and has been marked as failed',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE': 'The balance service is not available, please try again later',
  'errors.PROJECTION_FAILURE_NOT_FOUND': 'Projection failure not found',
  'errors.PROJECTION_FAILURE_STATE': 'This projection failure has already been retried or dismissed',
  'errors.PROJECTION_RETRY_FAILED':
    'The bill rows still cannot be written; the failure stays open with the new error',
  'errors.PROJECTION_UNAVAILABLE': 'The bill projection is not running, please try again later',
  'success.projectionRetried': 'Missing bill rows written',
  'success.projectionDismissed': 'Projection failure dismissed',
  'success.adjustmentRequested': 'Adjustment request created; another administrator must approve it',
  'success.adjustmentApproved': 'Adjustment approved and applied',
  'success.adjustmentRejected': 'Adjustment request rejected',
  'errors.OPERATOR_NOT_FOUND': 'Operator not found',
  'errors.OPERATOR_REQUEST_NOT_FOUND': 'Operator request not found',
  'errors.OPERATOR_REQUEST_STATE': 'This operator request has already been decided',
  'errors.OPERATOR_REQUEST_PENDING': 'A role change for this operator is already waiting for approval',
  'errors.OPERATOR_REQUEST_SELF_APPROVAL':
    'You cannot decide a request you made or one about your own account; another administrator must decide it',
  'errors.OPERATOR_ROLE_UNCHANGED': 'The operator already has this role',
  'errors.APPROVAL_SAME_OPERATOR': 'You gave the first approval; a different operator must give the second',
  'errors.APPROVAL_LINKED_OPERATOR':
    'You cannot approve requests of the administrator who requested your account, or of an operator whose account you requested',
  'errors.APPROVAL_COOLING_OFF': 'New operators cannot approve anything yet; you can approve from {from}',
  'success.operatorRequested': 'Operator request created; another administrator must approve it',
  'success.operatorCreated':
    'Operator created (the first administrator’s one addition without a second approval)',
  'success.operatorRequestApproved': 'Operator request approved and applied',
  'success.operatorRequestRejected': 'Operator request rejected',
  'success.firstApprovalRecorded':
    'First approval recorded; a different operator must give the second approval',
  'validation.notZero': 'must not be zero',
  'fields.userId': 'User ID',
  'fields.asset': 'Asset',
  'fields.accountType': 'Account type',
  'fields.amount': 'Amount',
  'fields.reason': 'Reason',
  'fields.keyword': 'Keyword',
  'fields.status': 'Status',
} as const;
