// Owns market-data display formatting (spec §9): abbreviated prices, change percentages, price direction
// and the coin-pair naming rule, locale-neutral (pages show numbers through the locale-aware
// number-format.ts, whose exact parsing this file uses). Inputs arrive as strings or numbers from market
// feeds; they are converted to exact decimals first so that display never shows binary floating-point
// artefacts.
//
// Every formatter truncates toward zero rather than rounding: a displayed value never overstates the real
// one and can never roll over into the next tier ('999999' shows '999.99K', never '1000.00K').
//
// abbreviatePrice tiers (by absolute value; the sign is kept in front):
//   |v| >= 1e12          v / 1e12, exactly 2 decimals, suffix 'T' (no larger suffix: 1e15 -> '1000.00T')
//   1e9  <= |v| < 1e12   v / 1e9,  exactly 2 decimals, suffix 'B'
//   1e6  <= |v| < 1e9    v / 1e6,  exactly 2 decimals, suffix 'M'   ('1234567' -> '1.23M')
//   1e3  <= |v| < 1e6    v / 1e3,  exactly 2 decimals, suffix 'K'   ('1000' -> '1.00K')
//   100  <= |v| < 1000   up to 2 decimals, trailing zeros trimmed   ('123.456' -> '123.45')
//   10   <= |v| < 100    up to 3 decimals, trailing zeros trimmed   ('12.34567' -> '12.345')
//   1    <= |v| < 10     up to 4 decimals, trailing zeros trimmed   ('1.50' -> '1.5')
//   0    <  |v| < 1      up to 6 decimals, trailing zeros trimmed   ('0.000001234' -> '0.000001')
// A value that truncates to zero, and zero itself, prints '0' without a sign. Unparseable input prints '--'.

import { type ParsedDecimal, parseDecimal, truncatedUnits } from './number-format';

export const PRICE_PLACEHOLDER = '--';

export const PRICE_DIRECTIONS = { rise: 'rise', fall: 'fall', draw: 'draw' } as const;
export type PriceDirection = (typeof PRICE_DIRECTIONS)[keyof typeof PRICE_DIRECTIONS];

function unitsToString(units: bigint, places: number, trimZeros: boolean): string {
  const divisor = 10n ** BigInt(places);
  const integerPart = (units / divisor).toString();
  let fraction = places === 0 ? '' : (units % divisor).toString().padStart(places, '0');
  if (trimZeros) fraction = fraction.replace(/0+$/, '');
  return fraction === '' ? integerPart : `${integerPart}.${fraction}`;
}

/** |d| >= 10^power */
function atLeastPowerOf10(d: ParsedDecimal, power: number): boolean {
  return truncatedUnits(d, 0, power) >= 1n;
}

const ABBREVIATIONS = [
  { power: 12, suffix: 'T' },
  { power: 9, suffix: 'B' },
  { power: 6, suffix: 'M' },
  { power: 3, suffix: 'K' },
] as const;

const PLAIN_TIERS = [
  { power: 2, places: 2 },
  { power: 1, places: 3 },
  { power: 0, places: 4 },
] as const;

const SMALL_VALUE_PLACES = 6;

export function abbreviatePrice(value: string | number): string {
  const d = parseDecimal(value);
  if (d === undefined) return PRICE_PLACEHOLDER;
  const abbreviation = ABBREVIATIONS.find((a) => atLeastPowerOf10(d, a.power));
  if (abbreviation !== undefined) {
    const units = truncatedUnits(d, 2, abbreviation.power);
    return `${d.negative ? '-' : ''}${unitsToString(units, 2, false)}${abbreviation.suffix}`;
  }
  const places = PLAIN_TIERS.find((t) => atLeastPowerOf10(d, t.power))?.places ?? SMALL_VALUE_PLACES;
  const units = truncatedUnits(d, places);
  const sign = d.negative && units !== 0n ? '-' : '';
  return `${sign}${unitsToString(units, places, true)}`;
}

/**
 * `value` is already in percent ('1.5' means 1.5%). Shows a sign ('+' or '-', none for zero), exactly two
 * decimals (truncated) and '%'. Any non-zero change smaller than 0.01 in magnitude shows as +/-0.01% so a
 * moving market never reads as unchanged. Unparseable input prints '--'.
 */
export function formatChangePercent(value: string | number): string {
  const d = parseDecimal(value);
  if (d === undefined) return PRICE_PLACEHOLDER;
  if (d.digits === 0n) return '0.00%';
  const units = truncatedUnits(d, 2);
  const shown = units === 0n ? 1n : units;
  return `${d.negative ? '-' : '+'}${unitsToString(shown, 2, false)}%`;
}

/** Sign of the change; zero and unparseable input are a 'draw'. */
export function priceDirection(change: string | number): PriceDirection {
  const d = parseDecimal(change);
  if (d === undefined || d.digits === 0n) return PRICE_DIRECTIONS.draw;
  return d.negative ? PRICE_DIRECTIONS.fall : PRICE_DIRECTIONS.rise;
}

/**
 * Coin-name rule: trimmed, lowercased, 'usdt' appended unless the name already ends with 'usdt'.
 * An empty name stays '' rather than becoming the meaningless pair 'usdt'.
 */
export function coinPair(name: string): string {
  const coin = name.trim().toLowerCase();
  if (coin === '' || coin.endsWith('usdt')) return coin;
  return `${coin}usdt`;
}
