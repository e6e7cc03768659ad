// Pure arithmetic of margin (docs/margin.md): valuation at mark prices, margin level, the borrowing limit
// and hourly interest. All amounts are 18-place atoms (bigint); prices are 18-place atoms of the
// valuation asset per unit. Used by the core part and, for quotes only, by the server module.
import { POW10 } from '../atoms';

export const ONE = 10n ** 18n;

/** amount x price, rounded down (assets are never overvalued). */
export function valueDown(amount: bigint, price: bigint): bigint {
  return (amount * price) / ONE;
}

/** amount x price, rounded up (debts are never undervalued). */
export function valueUp(amount: bigint, price: bigint): bigint {
  const p = amount * price;
  return p === 0n ? 0n : (p + ONE - 1n) / ONE;
}

/** Margin level = assets / debt as 18-place atoms (rounded down); undefined when there is no debt. */
export function marginLevel(assets: bigint, debt: bigint): bigint | undefined {
  if (debt <= 0n) return undefined;
  return (assets * ONE) / debt;
}

/**
 * Whether an account with this valued assets and debt is within its leverage: debt <= equity x (L - 1),
 * i.e. assets x (L - 1) >= debt x L (a level of at least L / (L - 1)). No debt is always within.
 */
export function withinLeverage(assets: bigint, debt: bigint, leverage: number): boolean {
  if (debt <= 0n) return true;
  const l = BigInt(leverage);
  return assets * (l - 1n) >= debt * l;
}

/** Whether the level is at or below `level` (18-place atoms); never with no debt. */
export function levelAtOrBelow(assets: bigint, debt: bigint, level: bigint): boolean {
  if (debt <= 0n) return false;
  return assets * ONE <= level * debt;
}

/**
 * The most of an asset priced `price` that can still be borrowed within the leverage: x x price <=
 * assets x (L - 1) - debt x L, rounded down to `decimals`. 0 when the account is at or beyond it.
 */
export function maxBorrowable(
  assets: bigint,
  debt: bigint,
  leverage: number,
  price: bigint,
  decimals: number,
): bigint {
  const l = BigInt(leverage);
  const room = assets * (l - 1n) - debt * l;
  if (room <= 0n || price <= 0n) return 0n;
  // x x price <= room, and the debt is valued rounded up: x <= room / price (kept exact by one more unit check).
  let x = (room * ONE) / price;
  const unit = POW10[18 - decimals] as bigint;
  x -= x % unit;
  while (x > 0n && valueUp(x, price) > room) x -= unit;
  return x;
}

/** One hour's interest of `principal` at `rate` (18-place fraction), rounded up to `decimals`. */
export function hourlyInterest(principal: bigint, rate: bigint, decimals: number): bigint {
  const raw = principal * rate;
  if (raw === 0n) return 0n;
  const unit = (POW10[18 - decimals] as bigint) * ONE;
  return ((raw + unit - 1n) / unit) * (POW10[18 - decimals] as bigint);
}

export function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
