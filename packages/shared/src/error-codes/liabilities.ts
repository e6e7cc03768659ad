// Error codes of proof of liabilities with their HTTP statuses; merged into ../error-codes.ts.
export const LIABILITIES_ERROR_STATUS = {
  /** No snapshot has been published yet, or the id is unknown. */
  LIABILITY_SNAPSHOT_NOT_FOUND: 404,
  /** No money core runs in this process, so there is no ledger to snapshot. */
  LIABILITY_CORE_UNAVAILABLE: 503,
} as const;
