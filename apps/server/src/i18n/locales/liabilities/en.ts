// English server messages of proof of liabilities; keys merged into ../en.ts.
export const liabilitiesEn = {
  'errors.LIABILITY_SNAPSHOT_NOT_FOUND': 'No liabilities snapshot found',
  'errors.LIABILITY_CORE_UNAVAILABLE': 'The ledger is not available in this process, please try again later',
  'fields.snapshotId': 'Snapshot',
  'success.liabilitySnapshotTaken': 'Liabilities snapshot taken and its roots written to the audit log',
} as const;
