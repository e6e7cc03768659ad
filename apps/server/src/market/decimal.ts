// Exact decimal helpers for market data: prices, volumes and percentages are bigint atoms at 18 decimals
// (money.ts) in code and decimal strings on the wire. The simulator alone works in floating point (a
// random walk has no exact value to preserve); its output is rounded to the market's decimals once.
import {
  type Amount,
  amountFromAtoms,
  div,
  formatAmount,
  mul,
  parseAmount,
  roundTo,
  tryParseAmount,
} from '@coin/shared/money';

export const ONE = parseAmount('1');
const HUNDRED = parseAmount('100');
const TWO = parseAmount('2');

export function atoms(value: string): Amount {
  return parseAmount(value);
}

export function str(value: Amount): string {
  return formatAmount(value);
}

/** A positive finite float as a decimal string with at most `decimals` places (half-even), '' when not representable. */
export function floatToDecimal(value: number, decimals: number): string {
  if (!Number.isFinite(value) || value <= 0) return '';
  // toFixed is exact for the binary value up to 100 places; numbers >= 1e21 switch to exponent form.
  if (value >= 1e21) return '';
  const fixed = value.toFixed(Math.min(decimals, 18));
  const parsed = tryParseAmount(fixed);
  if (!parsed.ok) return '';
  return formatAmount(parsed.value);
}

/** Parses an external price: a positive decimal string or a finite JSON number; undefined otherwise. */
export function readPrice(value: unknown): Amount | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0 || value >= 1e21) return undefined;
    // A JSON number has already lost exactness; 12 significant digits is what such feeds mean.
    const precise = value.toPrecision(12);
    text = precise.includes('e') ? value.toFixed(18) : precise;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else return undefined;
  const parsed = tryParseAmount(text.replace(/(\.\d{18})\d+$/, '$1'));
  if (!parsed.ok || parsed.value <= 0n) return undefined;
  return parsed.value;
}

/** Median of exact prices; the mean of the two middle ones for an even count (half-even at 18 dp). */
export function median(values: readonly Amount[]): Amount | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] as Amount;
  if (sorted.length % 2 === 1) return upper;
  const lower = sorted[mid - 1] as Amount;
  return div(amountFromAtoms(lower + upper), TWO, 'halfEven');
}

/** (close - open) / open in percent with exactly 2 decimals (half-even), e.g. '-1.23'; '0.00' when open is zero. */
export function changePercent(open: Amount, close: Amount): string {
  if (open === 0n) return '0.00';
  const ratio = div(amountFromAtoms(close - open), open, 'halfEven');
  return formatAmount(roundTo(mul(ratio, HUNDRED, 'halfEven'), 2, 'halfEven'), 2);
}

export function times(a: Amount, b: Amount, decimals = 18): Amount {
  return roundTo(mul(a, b, 'halfEven'), decimals, 'halfEven');
}

export function roundPrice(a: Amount, decimals: number): Amount {
  return roundTo(a, decimals, 'halfEven');
}
