// Power loans (spec sections 3 and 4): principal lent from the lending pool on an operator's approval,
// a repayment plan by the product's repay way (t_repay_type), repayment of the next installment or of
// everything left, and a penalty per whole day an installment is overdue at the product's stated rate.
// The application, its documents and the review are SQL (modules/earn); the core sees the approved loan.

import type { Ledger } from '../ledger/ledger';
import { parseCanonical, reject, requireString } from '../rejection';
import {
  EARN_ACCOUNT,
  type EarnProductConfig,
  type LoanProductConfig,
  REPAY_WAYS,
  type RepayWay,
} from './earn-commands';
import { loanPlan, overduePenalty } from './earn-math';
import { COMMON_KEYS, onlyKeys, PRODUCT_ID_PATTERN, requireInt, requireRate } from './earn-products';
import type { InstallmentState, LoanState, ProductState } from './earn-state';
import type { EarnWork } from './earn-work';

const KEYS = [...COMMON_KEYS, 'periodDays', 'repayWays', 'overdueRate'];

export function checkLoanConfig(config: EarnProductConfig, _ledger: Ledger): void {
  const c = config as LoanProductConfig;
  onlyKeys(c, KEYS);
  requireInt(c.periodDays, 1, c.cycleDays);
  const ways = c.repayWays as unknown;
  if (!Array.isArray(ways) || ways.length === 0 || ways.length > REPAY_WAYS.length) reject('INVALID_COMMAND');
  if (
    new Set(ways).size !== ways.length ||
    !ways.every((w) => (REPAY_WAYS as readonly unknown[]).includes(w))
  )
    reject('INVALID_COMMAND');
  // Inclusive: up to 100 % of the installment per day late.
  requireRate(c.overdueRate, true);
}

const due = (i: InstallmentState) => i.principal + i.interest;

export function disburse(
  work: EarnWork,
  product: ProductState,
  p: { loanId: unknown; userId: string; amount: bigint; repayWay: unknown },
): LoanState {
  const id = requireString(p.loanId, 40);
  if (!PRODUCT_ID_PATTERN.test(id)) reject('INVALID_COMMAND');
  if (work.loan(id) !== undefined) reject('EARN_LOAN_EXISTS');
  const c = product.config;
  if (c.kind !== 'loan') reject('EARN_PRODUCT_MISMATCH');
  if (c.status !== 'open') reject('EARN_PRODUCT_CLOSED');
  if (p.amount < parseCanonical(c.minAmount, 'positive')) reject('EARN_BELOW_MINIMUM');
  if (p.amount > parseCanonical(c.maxAmount, 'positive')) reject('EARN_ABOVE_MAXIMUM');
  if (!c.repayWays.includes(p.repayWay as RepayWay)) reject('EARN_REPAY_WAY');
  const way = p.repayWay as RepayWay;
  // The lender is the platform's lending pool: only its free balance is ever lent.
  work.pools.takeFree('lending', c.asset, p.amount);
  work.tx.user(p.userId, c.asset, EARN_ACCOUNT, 'available', p.amount);
  const decimals = work.decimals(c.asset);
  const rate = parseCanonical(c.dailyRate, 'nonNegative');
  const plan = loanPlan(p.amount, rate, work.ts, c.cycleDays, c.periodDays, way, decimals);
  const loan: LoanState = {
    id,
    seq: work.seq,
    userId: p.userId,
    productId: c.id,
    asset: c.asset,
    decimals,
    principal: p.amount,
    rate,
    overdueRate: parseCanonical(c.overdueRate, 'nonNegative'),
    repayWay: way,
    cycleDays: c.cycleDays,
    startTs: work.ts,
    installments: plan.map((i) => ({ ...i, penalty: 0n, paidTs: null })),
    repaid: 0n,
    penaltyPaid: 0n,
    status: 'repaying',
    closedTs: null,
  };
  work.setLoan(loan);
  work.countUser(c.id, p.userId, 1, p.amount);
  work.addSold(c.id, p.amount);
  work.addOpen(c.id, 1);
  return loan;
}

/** What each unpaid installment costs at `ts`: its principal, interest and the penalty of its days late. */
export function amountsDue(l: LoanState, ts: number): { index: number; penalty: bigint; total: bigint }[] {
  const out: { index: number; penalty: bigint; total: bigint }[] = [];
  l.installments.forEach((i, index) => {
    if (i.paidTs !== null) return;
    const penalty = overduePenalty(due(i), l.overdueRate, i.dueTs, ts, l.decimals);
    out.push({ index, penalty, total: due(i) + penalty });
  });
  return out;
}

function statusAt(l: LoanState, ts: number): LoanState['status'] {
  if (l.installments.every((i) => i.paidTs !== null)) return 'settled';
  return l.installments.some((i) => i.paidTs === null && i.dueTs <= ts) ? 'overdue' : 'repaying';
}

export function repay(work: EarnWork, current: LoanState, mode: unknown): LoanState {
  if (mode !== 'next' && mode !== 'full') reject('INVALID_COMMAND');
  if (current.status === 'settled') reject('EARN_LOAN_SETTLED');
  const open = amountsDue(current, work.ts);
  const paying = mode === 'next' ? open.slice(0, 1) : open;
  const total = paying.reduce((s, d) => s + d.total, 0n);
  work.tx.requireAvailable(current.userId, current.asset, EARN_ACCOUNT, total);
  work.tx.user(current.userId, current.asset, EARN_ACCOUNT, 'available', -total);
  work.pools.receive('lending', current.asset, total);
  const l: LoanState = { ...current, installments: current.installments.map((i) => ({ ...i })) };
  let principal = 0n;
  for (const d of paying) {
    const i = l.installments[d.index] as InstallmentState;
    i.paidTs = work.ts;
    i.penalty = d.penalty;
    principal += i.principal;
    l.penaltyPaid += d.penalty;
  }
  l.repaid += total;
  l.status = statusAt(l, work.ts);
  if (l.status === 'settled') {
    l.closedTs = work.ts;
    work.addOpen(l.productId, -1);
  }
  work.countUser(l.productId, l.userId, 0, -principal);
  work.setLoan(l);
  return l;
}

/** The job's part for loans: an unpaid installment past its due time makes the loan overdue. */
export function markOverdue(work: EarnWork, current: LoanState): LoanState | undefined {
  if (current.status === 'settled') return undefined;
  const status = statusAt(current, work.ts);
  if (status === current.status) return undefined;
  const l = { ...current, status };
  work.setLoan(l);
  return l;
}
