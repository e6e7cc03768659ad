// Bill types of the ledger (docs/wallet-api.md "Bills": the core command that moved the funds) and their
// translation keys. The wire names contain dots ('deposit.credit'), which i18next reads as nesting, so the
// keys use '_' instead.
export const BILL_TYPES = [
  'deposit.credit',
  'withdraw.freeze',
  'withdraw.complete',
  'withdraw.release',
  'transfer',
  'swap',
  'adjust',
  'referral.rebate',
  'spot.place',
  'spot.cancel',
  'contract.place',
  'contract.cancel',
  'contract.leverage',
  'contract.margin',
  'contract.tick',
  'contract.funding',
  'seconds.place',
  'seconds.settle',
  'seconds.void',
  'margin.transfer',
  'margin.borrow',
  'margin.repay',
  'margin.accrue',
  'margin.liquidate.begin',
  'margin.liquidate.settle',
  'earn.subscribe',
  'earn.redeem',
  'earn.accrue',
  'earn.loan.disburse',
  'earn.loan.repay',
  'otc.deposit',
  'otc.deposit.return',
  'otc.ad.open',
  'otc.ad.resize',
  'otc.ad.close',
  'otc.order.open',
  'otc.order.release',
  'otc.order.cancel',
  'otc.order.resolve',
  'demo.fund',
] as const;

export function billTypeKey(billType: string): string {
  return `billTypes.${billType.replace(/\./g, '_')}`;
}
