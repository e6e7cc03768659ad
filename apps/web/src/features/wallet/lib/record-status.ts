// Record states in words (issue 10): a finished transfer reads "Completed", not "Review passed". Each
// state is a translation key of the `wallet` namespace and a tone for its tag.
import type { RechargeRow, WithdrawalRow } from './wallet-types';

export type StatusTone = 'success' | 'error' | 'processing' | 'warning' | 'default';

export interface StatusLabel {
  key: string;
  values?: Record<string, number>;
  tone: StatusTone;
}

/** Deposits: confirming n/m (chain) or under review (manual), then completed (credited) or failed. */
export function depositStatus(
  row: Pick<RechargeRow, 'status' | 'source' | 'confirmations' | 'requiredConfirmations'>,
): StatusLabel {
  if (row.status === 1) return { key: 'status.completed', tone: 'success' };
  if (row.status === 2) return { key: 'status.failed', tone: 'error' };
  if (row.source === 'chain') {
    return {
      key: 'status.confirming',
      values: { done: row.confirmations, required: row.requiredConfirmations },
      tone: 'processing',
    };
  }
  return { key: 'status.review', tone: 'warning' };
}

/** Withdrawals: under review, sending (on a real chain), then completed, rejected or cancelled. */
export function withdrawalStatus(status: WithdrawalRow['status']): StatusLabel {
  if (status === 1) return { key: 'status.completed', tone: 'success' };
  if (status === 4) return { key: 'status.sending', tone: 'processing' };
  if (status === 2) return { key: 'status.rejected', tone: 'error' };
  if (status === 3) return { key: 'status.cancelled', tone: 'default' };
  return { key: 'status.review', tone: 'warning' };
}

/** The status filter's choices, in the same words as the rows. */
export const DEPOSIT_STATUS_FILTER = [
  { value: 0, key: 'status.pending' },
  { value: 1, key: 'status.completed' },
  { value: 2, key: 'status.failed' },
] as const;

export const WITHDRAWAL_STATUS_FILTER = [
  { value: 0, key: 'status.review' },
  { value: 1, key: 'status.completed' },
  { value: 2, key: 'status.rejected' },
  { value: 3, key: 'status.cancelled' },
  { value: 4, key: 'status.sending' },
] as const;
