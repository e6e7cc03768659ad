// A margin account valued at mark prices, from what the core's readers show (balances, open loans): the
// same arithmetic the core part uses to decide (margin-math.ts), for quotes, pages and the jobs that
// decide when to warn or liquidate. Pure.
import { parseAmount } from '@coin/shared/money';
import { formatAtoms } from '../atoms';
import type { AccountBalance } from '../types';
import { marginLevel, maxBorrowable, ONE, valueDown, valueUp, withinLeverage } from './margin-math';
import type { MarginAccountType, MarginLoanView } from './margin-types';

export interface AccountValuation {
  /** Valued assets (available + frozen, rounded down), valuation-asset atoms. */
  assets: bigint;
  /** Valued debt (principal + interest, rounded up). */
  debt: bigint;
  /** assets / debt as 18-place atoms; undefined without debt. */
  level: bigint | undefined;
  /** Assets without a price (they count as 0). */
  unpriced: string[];
}

export function priceAtoms(prices: Record<string, string>, asset: string): bigint | undefined {
  const p = Object.hasOwn(prices, asset) ? prices[asset] : undefined;
  if (p === undefined) return undefined;
  return parseAmount(p);
}

export function valueAccount(
  balances: readonly AccountBalance[],
  account: MarginAccountType,
  loans: readonly MarginLoanView[],
  prices: Record<string, string>,
): AccountValuation {
  let assets = 0n;
  let debt = 0n;
  const unpriced: string[] = [];
  for (const b of balances) {
    if (b.accountType !== account) continue;
    const total = parseAmount(b.available) + parseAmount(b.frozen);
    if (total === 0n) continue;
    const p = priceAtoms(prices, b.asset);
    if (p === undefined) unpriced.push(b.asset);
    else assets += valueDown(total, p);
  }
  for (const l of loans) {
    if (l.account !== account) continue;
    const p = priceAtoms(prices, l.asset);
    const owed = parseAmount(l.principal) + parseAmount(l.interest);
    if (p === undefined) unpriced.push(l.asset);
    else debt += valueUp(owed, p);
  }
  return { assets, debt, level: marginLevel(assets, debt), unpriced };
}

/** How much of `asset` may still be borrowed within the leverage (and the pool's balance). */
export function borrowable(
  v: AccountValuation,
  leverage: number,
  price: bigint,
  decimals: number,
  poolBalance: bigint,
): bigint {
  const x = maxBorrowable(v.assets, v.debt, leverage, price, decimals);
  return x < poolBalance ? x : poolBalance;
}

/** How much of an asset priced `price` may leave the account without breaking the leverage. */
export function transferable(
  v: AccountValuation,
  leverage: number,
  price: bigint,
  available: bigint,
): bigint {
  if (v.debt === 0n) return available;
  // assets' x (L - 1) >= debt x L  =>  assets' >= debt x L / (L - 1)
  const l = BigInt(leverage);
  const need = (v.debt * l + l - 2n) / (l - 1n);
  const room = v.assets - need;
  if (room <= 0n || price <= 0n) return 0n;
  let x = (room * ONE) / price;
  if (x > available) x = available;
  while (x > 0n && !withinLeverage(v.assets - valueUp(x, price), v.debt, leverage)) x -= x / 1000n + 1n;
  return x < 0n ? 0n : x;
}

export function levelText(level: bigint | undefined): string | null {
  return level === undefined ? null : formatAtoms(level);
}
