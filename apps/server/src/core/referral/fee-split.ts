// The one fee split of the money core (DESIGN section 1 "Claims are facts", docs/money-core.md): every
// fee a part has taken from a user is posted here, whatever the product (spot fills, swaps, withdrawals,
// and later products), as
//   security fund   10 % of the fee, in whole units of the asset (the public claim),
//   rebates         share_g x fee for the payer's referrer of each generation g (1..3), in whole units,
//                   credited to the referrer's spot account,
//   fee revenue     the remainder (and any dust finer than a unit).
// The shares are at most 90 % together, so the remainder is never negative: rebates come out of what
// the platform earned on that very fee. Without a referrer (or without shares) the postings are exactly
// the 90/10 split of the first release, so journals from before replay to the same state.
import { type Amount, mul, roundTo, splitByRatio, ZERO } from '@coin/shared/money';
import { POW10 } from '../atoms';
import { type LedgerTx, MAX_BALANCE_ATOMS } from '../ledger/ledger';

/** 90 % fee revenue, 10 % security fund: the split before any rebate. */
export const FEE_WEIGHTS = [9n, 1n] as const;

/**
 * splitByRatio(fee, FEE_WEIGHTS, decimals) without its arrays: the fund is a tenth of the fee in whole
 * units (truncated like splitByRatio's bigint division), the revenue the rest (splitByRatio gives the
 * remainder to the first weight). Exactly the same pair (checked by test/core-commands.test.ts).
 */
export function split9010(fee: bigint, decimals: number): [Amount, Amount] {
  const fund = fundPart(fee, decimals);
  if (fund === undefined) return splitByRatio(fee as Amount, FEE_WEIGHTS, decimals) as [Amount, Amount];
  return [(fee - fund) as Amount, fund as Amount];
}

/** The security fund's tenth of `fee` in whole units of `decimals`; undefined outside decimals 0..18. */
function fundPart(fee: bigint, decimals: number): bigint | undefined {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) return undefined;
  // fee / unit / 10n in one division (truncating divisions compose: trunc(trunc(a/b)/c) = trunc(a/(bc))).
  return (fee / (TEN_UNITS[decimals] as bigint)) * (POW10[18 - decimals] as bigint);
}

/** 10 x 10^(18 - d) for d = 0..18. */
const TEN_UNITS: readonly bigint[] = Array.from({ length: 19 }, (_, d) => 10n * (POW10[18 - d] as bigint));

/** What the fee split needs to know about referrers (the referral part provides it). */
export interface RebateChain {
  /** A user's generation-1 referrer. */
  parentOf(userId: string): string | undefined;
  /** Share of the fee per generation (atoms: 10^18 is 100 %), index 0 = generation 1. */
  readonly shares: readonly bigint[];
}

export interface PaidRebate {
  postingIdx: number;
  beneficiary: string;
  generation: number;
  amount: bigint;
}

/**
 * Posts `fee` (atoms of `asset`, already taken from `payer` by the caller) in whole units of `decimals`
 * and reports each rebate it paid. The postings of the asset still sum to zero with the caller's debit.
 */
export function splitFee(
  tx: LedgerTx,
  chain: RebateChain,
  payer: string,
  asset: string,
  fee: bigint,
  decimals: number,
  paid: (rebate: PaidRebate) => void,
): void {
  if (fee === 0n) return;
  // split9010's two amounts, without its pair array where the fund part is a table division.
  let fund: bigint | undefined = fundPart(fee, decimals);
  let revenue: bigint;
  if (fund !== undefined) revenue = fee - fund;
  else [revenue = ZERO, fund = ZERO] = split9010(fee, decimals);
  let ancestor = chain.shares.length === 0 ? undefined : chain.parentOf(payer);
  if (ancestor === undefined) {
    tx.system('fee_revenue', asset, revenue);
    tx.system('security_fund', asset, fund);
    return;
  }
  const beneficiaries: string[] = [];
  const generations: number[] = [];
  const amounts: bigint[] = [];
  let rebates = 0n;
  for (let g = 0; g < chain.shares.length && ancestor !== undefined; g++) {
    const share = chain.shares[g] ?? 0n;
    const amount = share === 0n ? 0n : roundTo(mul(fee as Amount, share as Amount, 'down'), decimals, 'down');
    // A rebate that would take a balance beyond NUMERIC(38,18) stays with fee revenue: the commit must
    // not refuse a fill whose book changes are already made.
    if (amount > 0n && tx.balanceOf(ancestor, asset, 'spot').available + amount <= MAX_BALANCE_ATOMS) {
      beneficiaries.push(ancestor);
      generations.push(g + 1);
      amounts.push(amount);
      rebates += amount;
    }
    ancestor = chain.parentOf(ancestor);
  }
  tx.system('fee_revenue', asset, revenue - rebates);
  tx.system('security_fund', asset, fund);
  for (let i = 0; i < amounts.length; i++) {
    const postingIdx = tx.size;
    const beneficiary = beneficiaries[i] as string;
    const amount = amounts[i] as bigint;
    tx.user(beneficiary, asset, 'spot', 'available', amount);
    paid({ postingIdx, beneficiary, generation: generations[i] as number, amount });
  }
}
