// What the pages state before a user confirms: the estimated revenue of an amount over a cycle, the
// daily income, and the early-redemption penalty, computed exactly as the server does (amount x rate x
// days from decimal strings, rounded once: down for what the user receives, up for what the user pays).
import { amountFromAtoms, formatAmount, parseAmount, roundDiv, tryParseAmount } from '@coin/shared/money';

const ONE = 10n ** 18n;

function exact(
  amount: string,
  rate: string,
  days: number,
  decimals: number,
  mode: 'down' | 'up',
): string | undefined {
  const a = tryParseAmount(amount);
  const r = tryParseAmount(rate);
  if (!a.ok || !r.ok || a.value <= 0n) return undefined;
  // amount x rate x days, rounded once to whole units of the coin.
  const unit = 10n ** BigInt(18 - decimals);
  const units = roundDiv(a.value * r.value * BigInt(days), ONE * unit, mode);
  return formatAmount(amountFromAtoms(units * unit));
}

/** The interest `amount` earns over `days` at `rate` a day (what the order will show as its revenue). */
export function estimatedRevenue(
  amount: string,
  rate: string,
  days: number,
  decimals: number,
): string | undefined {
  return exact(amount, rate, days, decimals, 'down');
}

/** The interest a loan of `amount` owes over `days` (rounded up: the same total for both repay ways). */
export function owedInterest(
  amount: string,
  rate: string,
  days: number,
  decimals: number,
): string | undefined {
  return exact(amount, rate, days, decimals, 'up');
}

/** The penalty kept from `amount` at `rate` (rounded up, as the server does). */
export function penaltyOf(amount: string, rate: string, decimals: number): string | undefined {
  return exact(amount, rate, 1, decimals, 'up');
}

/** Whether `amount` is within [min, max] (inclusive); undefined when it is not a number yet. */
export function inRange(amount: string, min: string, max: string): 'below' | 'above' | 'ok' | undefined {
  const a = tryParseAmount(amount);
  if (!a.ok || a.value <= 0n) return undefined;
  if (a.value < parseAmount(min)) return 'below';
  if (a.value > parseAmount(max)) return 'above';
  return 'ok';
}
