// Pure rules of the operator console: which pages a role sees, where a signed-in operator lands, who may
// approve a request (four eyes, two people), and the checks the adjustment form makes before sending.
import { tryParseAmount } from '@coin/shared/money';
import type { OperatorInfo, OperatorRole } from './admin-session';

export const CONSOLE_PAGES = [
  'recharges',
  'withdrawals',
  'users',
  'adjustments',
  'audit',
  'liabilities',
  'markets',
  'projection',
  'seconds',
  // spot margin (issue 18)
  'margin',
  // perpetual contracts (issue 17)
  'contracts',
  // earn (issue 16)
  'earn-pools',
  'earn-products',
  'earn-loans',
  'kyc',
  'agents',
  'solvency',
  'content',
  'support',
  // OTC merchants and appeals (issue 15)
  'otc',
] as const;
export type ConsolePage = (typeof CONSOLE_PAGES)[number];

/** Pages per role; the server enforces the same roles (this only hides what would answer 403). */
const PAGES_BY_ROLE: Record<OperatorRole, readonly ConsolePage[]> = {
  admin: CONSOLE_PAGES,
  reviewer: ['recharges', 'withdrawals', 'users', 'earn-loans', 'kyc', 'solvency'],
  support: ['support', 'users'],
};

export function pagesFor(role: OperatorRole): readonly ConsolePage[] {
  return PAGES_BY_ROLE[role] ?? [];
}

/** Where an operator goes after signing in: the password change first, then their first page. */
export function landingPath(operator: OperatorInfo): string {
  if (operator.mustChangePassword) return '/admin/password';
  return `/admin/${pagesFor(operator.role)[0] ?? 'users'}`;
}

export type ApprovalBlock = 'self' | 'linked' | 'coolingOff';

/**
 * Why the signed-in operator may not approve a request of `requesterId` (undefined: a review-queue item
 * with no requesting operator), or null. The server decides (docs/admin-console.md "Who may approve");
 * this only replaces buttons that would be refused with the reason.
 */
export function approvalBlock(
  meId: string | undefined,
  rights: { mayApproveFrom: string | null; cannotApproveFor: readonly string[] } | undefined,
  requesterId: string | null | undefined,
  now: number,
): ApprovalBlock | null {
  if (requesterId != null && requesterId === meId) return 'self';
  if (requesterId != null && rights?.cannotApproveFor.includes(requesterId)) return 'linked';
  if (rights?.mayApproveFrom && Date.parse(rights.mayApproveFrom) > now) return 'coolingOff';
  return null;
}

export type AmountProblem = 'required' | 'decimal' | 'tooManyDecimals' | 'notZero';

/** A signed decimal with at most `decimals` places and not zero; null when fine. */
export function adjustmentAmountProblem(input: string, decimals = 18): AmountProblem | null {
  const value = input.trim();
  if (value === '') return 'required';
  const parsed = tryParseAmount(value, decimals);
  if (!parsed.ok) return parsed.code === 'AMOUNT_TOO_MANY_DECIMALS' ? 'tooManyDecimals' : 'decimal';
  if (parsed.value === 0n) return 'notZero';
  return null;
}

/** Whether a signed amount debits the user (shown in red, confirmed twice). */
export function isDebit(amount: string): boolean {
  return amount.trim().startsWith('-');
}

/** Balances as short lines 'USDT spot 12.5 (frozen 1)', zero rows left out, sorted by asset. */
export function balanceLines(
  balances: ReadonlyArray<{ asset: string; accountType: string; available: string; frozen: string }>,
): Array<{ key: string; asset: string; accountType: string; available: string; frozen: string }> {
  return balances
    .filter((b) => !(isZeroDecimal(b.available) && isZeroDecimal(b.frozen)))
    .map((b) => ({ key: `${b.asset}:${b.accountType}`, ...b }))
    .sort((a, b) => a.asset.localeCompare(b.asset) || a.accountType.localeCompare(b.accountType));
}

function isZeroDecimal(s: string): boolean {
  const parsed = tryParseAmount(s);
  return parsed.ok && parsed.value === 0n;
}

/** Recharge status code -> label key. */
export const RECHARGE_STATUS = { 0: 'pending', 1: 'passed', 2: 'failed' } as const;
/** Withdrawal status code -> label key. */
export const WITHDRAWAL_STATUS = {
  0: 'pending',
  1: 'passed',
  2: 'failed',
  3: 'cancelled',
  4: 'sending',
} as const;

/** The reject dialog needs 1..200 characters after trimming. */
export function rejectReasonValid(reason: string): boolean {
  const r = reason.trim();
  return r.length > 0 && r.length <= 200;
}
