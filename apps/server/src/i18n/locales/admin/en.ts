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
  'success.adjustmentRequested': 'Adjustment request created; another administrator must approve it',
  'success.adjustmentApproved': 'Adjustment approved and applied',
  'success.adjustmentRejected': 'Adjustment request rejected',
  'validation.notZero': 'must not be zero',
  'fields.userId': 'User ID',
  'fields.asset': 'Asset',
  'fields.accountType': 'Account type',
  'fields.amount': 'Amount',
  'fields.reason': 'Reason',
  'fields.keyword': 'Keyword',
  'fields.status': 'Status',
} as const;
