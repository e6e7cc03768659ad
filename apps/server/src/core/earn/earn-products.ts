// Product terms (earn.product.set): the checks every kind shares, then the kind's own (in the kind's rules
// file). A product's kind and asset never change once created, because its orders, counters and pool
// are tied to them; every other term may change and applies to orders made afterwards (an order copies
// the terms it was made under).
import type { Ledger } from '../ledger/ledger';
import { parseCanonical, reject, requireAsset, requireString } from '../rejection';
import { EARN_KINDS, type EarnProductConfig } from './earn-commands';
import type { ProductState } from './earn-state';

const ONE = 10n ** 18n;
/** Ten years: a longer term is a typo, not a product. */
export const MAX_CYCLE_DAYS = 3650;
const MAX_COUNT = 1_000_000;
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

export function requireInt(v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) reject('INVALID_COMMAND');
  return v;
}

export function requireCount(v: unknown): number {
  return requireInt(v, 1, MAX_COUNT);
}

/** A rate as a fraction: canonical, 0 <= rate < 1 (or <= 1 with `inclusive`). */
export function requireRate(v: unknown, inclusive = false): bigint {
  const r = parseCanonical(v, 'nonNegative');
  if (inclusive ? r > ONE : r >= ONE) reject('INVALID_AMOUNT');
  return r;
}

/** An amount of the product's asset: canonical, positive, within the asset's decimals and maximum. */
export function requireAssetAmount(
  ledger: Ledger,
  asset: string,
  v: unknown,
  sign: 'positive' | 'nonNegative' = 'positive',
): bigint {
  const a = parseCanonical(v, sign);
  ledger.checkAmount(asset, a);
  return a;
}

/** Checks the terms every kind has; returns min and max. */
function checkCommon(c: EarnProductConfig, ledger: Ledger): void {
  if (typeof c !== 'object' || c === null) reject('INVALID_COMMAND');
  if (!(EARN_KINDS as readonly unknown[]).includes(c.kind)) reject('INVALID_COMMAND');
  if (typeof c.id !== 'string' || !PRODUCT_ID_PATTERN.test(c.id)) reject('INVALID_COMMAND');
  requireAsset(c.asset);
  if (c.status !== 'open' && c.status !== 'closed') reject('INVALID_COMMAND');
  requireRate(c.dailyRate);
  requireInt(c.cycleDays, 1, MAX_CYCLE_DAYS);
  const min = requireAssetAmount(ledger, c.asset, c.minAmount);
  const max = requireAssetAmount(ledger, c.asset, c.maxAmount);
  if (min > max) reject('INVALID_AMOUNT');
}

/**
 * Validates a product's terms; `check` is the kind's own rules. Refuses a change of kind or asset of an
 * existing product (EARN_PRODUCT_MISMATCH).
 */
export function checkProductConfig(
  c: EarnProductConfig,
  ledger: Ledger,
  existing: ProductState | undefined,
  check: (c: EarnProductConfig, ledger: Ledger) => void,
): void {
  checkCommon(c, ledger);
  requireString(c.id, 40);
  if (existing && (existing.config.kind !== c.kind || existing.config.asset !== c.asset)) {
    reject('EARN_PRODUCT_MISMATCH');
  }
  check(c, ledger);
}

/** The config with only its kind's keys (unknown keys would ride along into the journal and hash). */
export function onlyKeys<T extends object>(c: T, keys: readonly string[]): void {
  for (const k of Object.keys(c)) if (!keys.includes(k)) reject('INVALID_COMMAND');
}

export const COMMON_KEYS = [
  'id',
  'kind',
  'asset',
  'status',
  'dailyRate',
  'cycleDays',
  'minAmount',
  'maxAmount',
];
