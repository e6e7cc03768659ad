// Bill types of the ledger (docs/wallet-api.md "Bills") and their translation keys. The wire names contain
// dots ('deposit.credit'), which i18next reads as nesting, so the keys use '_' instead.
export const BILL_TYPES = [
  'deposit.credit',
  'withdraw.freeze',
  'withdraw.complete',
  'withdraw.release',
  'transfer',
  'swap',
  'adjust',
  'referral.rebate',
] as const;

export function billTypeKey(billType: string): string {
  return `billTypes.${billType.replace(/\./g, '_')}`;
}
