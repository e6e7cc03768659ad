// The wire shapes of the products users see (spec section 3): amounts and rates as decimal strings
// (rates as fractions: 0.0012 is 0.12 % a day), the product's counters live from the core, and the
// caller's own counts when signed in.

import { formatAmount, parseAmount, sub } from '@coin/shared/money';
import { formatAtoms } from '@/core/atoms';
import type {
  DefiProductConfig,
  FinanceProductConfig,
  LoanProductConfig,
  PledgeProductConfig,
} from '@/core/earn/earn-commands';
import { interestFor } from '@/core/earn/earn-math';
import type { EarnProductView, PoolView } from '@/core/earn/earn-view';
import type { earnProducts } from '@/db/schema';
import { annualRate, dailyIncome, progressPercent } from './product-service';
import type { Tier } from './tiers';

type Row = typeof earnProducts.$inferSelect;
type Mine = { count: number; active: string } | undefined;

function common(row: Row, view: EarnProductView, decimals: number) {
  const c = view.config;
  return {
    id: row.id.toString(),
    name: row.name,
    description: row.description,
    coin: c.asset,
    /** The coin's decimal places (amounts typed with more are refused). */
    decimals,
    status: c.status,
    dailyRate: c.dailyRate,
    annualRate: annualRate(c.dailyRate),
    cycleDays: c.cycleDays,
    minAmount: c.minAmount,
    maxAmount: c.maxAmount,
  };
}

/** The full-term interest of `amount` (what the order page calls the estimated revenue). */
function estimated(amount: string, rate: string, days: number, decimals: number): string {
  return formatAtoms(interestFor(parseAmount(amount), parseAmount(rate), days, decimals, 'down'));
}

export function pledgeView(row: Row, view: EarnProductView, decimals: number, mine: Mine) {
  const c = view.config as PledgeProductConfig;
  return {
    ...common(row, view, decimals),
    userLimit: c.userLimit,
    buyableCount: c.buyableCount,
    payout: c.payout,
    earlyPenaltyRate: c.earlyPenaltyRate,
    /** The estimated revenue of the minimum subscription over the cycle. */
    minRevenue: estimated(c.minAmount, c.dailyRate, c.cycleDays, decimals),
    bought: mine?.count ?? 0,
    holding: mine?.active ?? '0',
  };
}

export function financeView(
  row: Row,
  view: EarnProductView,
  decimals: number,
  mine: Mine,
  member: { requiredTier: Tier; allowed: boolean | null },
) {
  const c = view.config as FinanceProductConfig;
  const remaining = sub(parseAmount(c.cap), parseAmount(view.sold));
  return {
    ...common(row, view, decimals),
    category: row.category,
    lockDays: c.lockDays,
    cap: c.cap,
    sold: view.sold,
    remaining: formatAmount(remaining < 0n ? parseAmount('0') : remaining),
    progress: progressPercent(view.sold, c.cap),
    /** Daily income of 10,000 units, and the average annual yield (annualRate). */
    dailyIncomePer10k: dailyIncome('10000', c.dailyRate, decimals),
    participationLimit: c.participationLimit,
    joined: mine?.count ?? 0,
    holding: mine?.active ?? '0',
    memberOnly: row.category === 'member',
    requiredTier: row.category === 'member' ? member.requiredTier : null,
    /** Whether the caller may subscribe (null when not signed in). */
    allowed: row.category === 'member' ? member.allowed : true,
  };
}

export function loanProductView(row: Row, view: EarnProductView, decimals: number, pool: PoolView) {
  const c = view.config as LoanProductConfig;
  return {
    ...common(row, view, decimals),
    periodDays: c.periodDays,
    repayWays: c.repayWays,
    overdueRate: c.overdueRate,
    /** The lender: the platform's lending pool, and what it can lend now. */
    lender: 'platform',
    available: pool.free,
  };
}

export function defiView(row: Row, view: EarnProductView, decimals: number) {
  const c = view.config as DefiProductConfig;
  return {
    ...common(row, view, decimals),
    poolAddress: row.poolAddress,
    gasAsset: c.gasAsset,
    gasFee: c.gasFee,
    totalOutput: view.paidOut,
    nodes: view.addresses,
    participants: view.participants,
    staked: view.activePrincipal,
    /** Daily income of the minimum stake (one "share"). */
    singleIncome: dailyIncome(c.minAmount, c.dailyRate, decimals),
  };
}
