// English server messages of spot margin (docs/margin.md); keys merged into ../en.ts.
export const marginEn = {
  'errors.MARGIN_DISABLED': 'Margin trading is not available on this platform',
  'errors.MARGIN_PAIR_UNKNOWN': 'Margin trading is not offered for this pair',
  'errors.MARGIN_COIN_UNKNOWN': 'This coin cannot be borrowed or held in this margin account',
  'errors.MARGIN_LEVEL_TOO_LOW': 'This would take the margin level below what your leverage allows',
  'errors.MARGIN_BORROW_LIMIT': 'This is more than you can borrow now',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': 'This is more than you owe (principal and interest)',
  'errors.MARGIN_LEVERAGE_INVALID': 'This leverage is not offered',
  'errors.MARGIN_PRICE_UNAVAILABLE': 'Prices are not available right now; please try again shortly',
  'errors.MARGIN_LIQUIDATING': 'This margin account is being liquidated',
  'errors.MARGIN_POOL_INSUFFICIENT': 'The lending pool cannot lend this much now',
  'errors.MARGIN_INSUFFICIENT_BALANCE': 'Insufficient available balance in the account',
  'errors.MARGIN_AMOUNT_INVALID':
    'Please enter a valid amount with no more decimal places than this coin allows',
  'errors.MARGIN_AMOUNT_TOO_LARGE': 'The amount is larger than allowed',
  'errors.MARGIN_REJECTED': 'The request was not accepted',
  'errors.MARGIN_SIDE_EFFECT_SPOT': 'Auto borrow and auto repay are only for orders from a margin account',
  'success.marginBorrowed': 'Borrowed',
  'success.marginRepaid': 'Repaid',
  'success.marginLeverageUpdated': 'Leverage updated',
  'success.marginPoolChanged': 'Lending pool updated',
  'mail.marginCallSubject': 'Margin call: your margin level is {level}',
  'mail.marginCallBody':
    'Your margin level has fallen to {level}, below the warning level of {call}. At {liquidation} the account is liquidated automatically. Add funds or repay to raise the level.',
  'fields.sideEffect': 'Auto borrow / repay',
  'fields.leverage': 'Leverage',
  'fields.hourlyRate': 'Hourly rate',
} as const;
