// Exact interest arithmetic of the earn products (docs/earn.md "Interest"). Amounts and rates are 18-place
// atoms; a result is rounded once, to whole units of the asset, from the exact product
// principal x rate x days. Interest a user receives rounds down, what a user pays (loan interest,
// penalties) rounds up, so the platform never promises a fraction of a unit it cannot pay.
//
// Cumulative rounding: interest for the first k days is rounded as a whole, and the k-th day's share is
// the difference of two such totals. The shares of a whole cycle then add up to exactly the full-term
// interest, however many days the accrual job runs.
import { roundDiv } from '@coin/shared/money';
import { POW10 } from '../atoms';
import type { RepayWay } from './earn-commands';

export const DAY_MS = 86_400_000;
const ONE = 10n ** 18n;

/** principal x rate x days in whole units of `decimals`, rounded down (paid to users) or up (owed). */
export function interestFor(
  principal: bigint,
  rate: bigint,
  days: number,
  decimals: number,
  mode: 'down' | 'up',
): bigint {
  if (days <= 0 || principal === 0n || rate === 0n) return 0n;
  const unit = POW10[18 - decimals] as bigint;
  return roundDiv(principal * rate * BigInt(days), ONE * unit, mode) * unit;
}

/** amount x rate in whole units of `decimals` (a penalty), rounded up. */
export function shareOf(amount: bigint, rate: bigint, decimals: number): bigint {
  return interestFor(amount, rate, 1, decimals, 'up');
}

/** Whole days from `from` to `to` (0 when `to` is earlier). */
export function wholeDays(from: number, to: number): number {
  return to <= from ? 0 : Math.floor((to - from) / DAY_MS);
}

export interface PlannedInstallment {
  dueTs: number;
  principal: bigint;
  interest: bigint;
}

/**
 * The repayment plan of a loan. Way '2': one installment at maturity, principal and the interest of the
 * whole term. Way '1': one installment per `periodDays` with that period's interest, the principal with
 * the last. The interest of the first k periods is rounded up as a whole, so both ways owe the same total.
 */
export function loanPlan(
  principal: bigint,
  rate: bigint,
  startTs: number,
  cycleDays: number,
  periodDays: number,
  way: RepayWay,
  decimals: number,
): PlannedInstallment[] {
  const ends: number[] = [];
  if (way === '2') ends.push(cycleDays);
  else
    for (let d = periodDays; ; d += periodDays) {
      ends.push(Math.min(d, cycleDays));
      if (d >= cycleDays) break;
    }
  const plan: PlannedInstallment[] = [];
  let before = 0n;
  ends.forEach((days, i) => {
    const total = interestFor(principal, rate, days, decimals, 'up');
    plan.push({
      dueTs: startTs + days * DAY_MS,
      principal: i === ends.length - 1 ? principal : 0n,
      interest: total - before,
    });
    before = total;
  });
  return plan;
}

/** The penalty of an installment `due` overdue since `dueTs`, at `ts`: due x rate x whole days late. */
export function overduePenalty(
  due: bigint,
  rate: bigint,
  dueTs: number,
  ts: number,
  decimals: number,
): bigint {
  return interestFor(due, rate, wholeDays(dueTs, ts), decimals, 'up');
}
