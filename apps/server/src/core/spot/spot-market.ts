// A spot market's configuration inside the core, and the conversions between the ledger's amounts (bigint
// atoms, 18 places) and the book's integers (ticks of the price, lots of the base quantity).
import type { Amount } from '@coin/shared/money';
import { formatUnitsCached, POW10, unitsOfCanonical } from '../atoms';
import type { Ledger } from '../ledger/ledger';
import { parseCanonical, reject, requireAsset, requireDecimals, requireString } from '../rejection';
import type { SpotMarketConfig } from '../types';
import { OrderBook } from './order-book';

const ONE = 10n ** 18n;
/** Book integers stay far below 2^53 so sums of lots and ticks x lots budgets remain exact. */
export const MAX_LOTS = 2 ** 40;
export const MAX_TICKS = 2 ** 40;
const SYMBOL_PATTERN = /^[a-z0-9]{2,32}$/;

export interface SpotMarket {
  config: SpotMarketConfig;
  symbol: string;
  base: string;
  quote: string;
  baseDecimals: number;
  quoteDecimals: number;
  /** Places of the price (tick = 10^-priceDecimals) and of the quantity (lot = 10^-qtyDecimals). */
  priceDecimals: number;
  qtyDecimals: number;
  /** One tick of price in quote atoms per one whole base unit. */
  tick: bigint;
  /** One lot in base atoms. */
  lot: bigint;
  /** Quote atoms of one tick x one lot: a fill of q lots at p ticks costs p * q * tickLot. */
  tickLot: bigint;
  minLots: number;
  minNotional: Amount;
  makerRate: Amount;
  takerRate: Amount;
  protection: Amount;
  halted: boolean;
  book: OrderBook;
}

/** Validates a market configuration against the ledger's asset limits; refuses what cannot be exact. */
export function parseMarketConfig(payload: SpotMarketConfig, ledger: Ledger): Omit<SpotMarket, 'book'> {
  const symbol = requireString(payload.symbol, 32);
  if (!SYMBOL_PATTERN.test(symbol)) reject('INVALID_COMMAND');
  const base = requireAsset(payload.base);
  const quote = requireAsset(payload.quote);
  if (base === quote) reject('INVALID_COMMAND');
  const baseLimits = ledger.limits(base) ?? reject('INVALID_COMMAND');
  const quoteLimits = ledger.limits(quote) ?? reject('INVALID_COMMAND');
  const pd = requireDecimals(payload.priceDecimals);
  const qd = requireDecimals(payload.qtyDecimals);
  // Every notional (ticks x lots) must be a whole number of the quote's units, every quantity of the
  // base's: no balance ever gets more decimals than its asset has.
  if (pd + qd > quoteLimits.decimals || qd > baseLimits.decimals) reject('INVALID_COMMAND');
  const tick = 10n ** BigInt(18 - pd);
  const lot = 10n ** BigInt(18 - qd);
  const minQty = parseCanonical(payload.minQty, 'positive');
  if (minQty % lot !== 0n) reject('INVALID_QUANTITY');
  const minNotional = parseCanonical(payload.minNotional, 'nonNegative');
  const makerRate = parseCanonical(payload.makerFeeRate, 'nonNegative');
  const takerRate = parseCanonical(payload.takerFeeRate, 'nonNegative');
  const protection = parseCanonical(payload.marketProtection, 'positive');
  if (makerRate >= ONE || takerRate >= ONE || protection >= ONE) reject('INVALID_AMOUNT');
  if (payload.status !== 'trading' && payload.status !== 'halted') reject('INVALID_COMMAND');
  const minLots = minQty / lot;
  if (minLots > BigInt(MAX_LOTS)) reject('INVALID_QUANTITY');
  return {
    config: { ...payload },
    symbol,
    base,
    quote,
    baseDecimals: baseLimits.decimals,
    quoteDecimals: quoteLimits.decimals,
    priceDecimals: pd,
    qtyDecimals: qd,
    tick,
    lot,
    tickLot: (tick * lot) / ONE,
    minLots: Number(minLots),
    minNotional,
    makerRate,
    takerRate,
    protection,
    halted: payload.status === 'halted',
  };
}

export function newMarket(parsed: Omit<SpotMarket, 'book'>): SpotMarket {
  return { ...parsed, book: new OrderBook() };
}

/** A canonical price as ticks (INVALID_PRICE when it is not a positive multiple of the tick). */
export function priceToTicks(m: SpotMarket, price: unknown): number {
  // Fast path: a canonical multiple of the tick within range, read without bigint arithmetic.
  if (typeof price === 'string') {
    const t = unitsOfCanonical(price, m.priceDecimals);
    if (t !== undefined && t > 0 && t <= MAX_TICKS) return t;
  }
  const p = parseCanonical(price, 'positive');
  if (p % m.tick !== 0n) reject('INVALID_PRICE');
  const ticks = p / m.tick;
  if (ticks > BigInt(MAX_TICKS)) reject('INVALID_PRICE');
  return Number(ticks);
}

/** A canonical base quantity as lots (INVALID_QUANTITY when not a positive multiple of the lot). */
export function qtyToLots(m: SpotMarket, qty: unknown): number {
  if (typeof qty === 'string') {
    const l = unitsOfCanonical(qty, m.qtyDecimals);
    if (l !== undefined && l > 0 && l <= MAX_LOTS) return l;
  }
  const q = parseCanonical(qty, 'positive');
  if (q % m.lot !== 0n) reject('INVALID_QUANTITY');
  const lots = q / m.lot;
  if (lots > BigInt(MAX_LOTS)) reject('INVALID_QUANTITY');
  return Number(lots);
}

export function ticksToPrice(m: SpotMarket, ticks: number): string {
  return formatUnitsCached(ticks, m.priceDecimals);
}

/** A quantity in lots as a canonical decimal of the base (formatAtoms(lotsToAtoms(m, lots))). */
export function lotsToQty(m: SpotMarket, lots: number): string {
  return formatUnitsCached(lots, m.qtyDecimals);
}

export function lotsToAtoms(m: SpotMarket, lots: number): bigint {
  return BigInt(lots) * m.lot;
}

/** Quote atoms of `lots` at `ticks`. */
export function notional(m: SpotMarket, ticks: number, lots: number): bigint {
  // ticks x lots is exact in a double up to 2^53 (the usual case): one bigint product instead of three.
  const units = ticks * lots;
  return units <= Number.MAX_SAFE_INTEGER
    ? BigInt(units) * m.tickLot
    : BigInt(ticks) * BigInt(lots) * m.tickLot;
}

/** The fee on `amount` received, rounded up to the asset's decimals (never in the payer's favour). */
export function feeOn(amount: bigint, rate: bigint, decimals: number): bigint {
  if (rate === 0n || amount === 0n) return 0n;
  const unit = POW10[18 - decimals] as bigint;
  // ceil(amount x rate / (ONE x unit)) x unit, with ONE x unit and ONE x unit - 1 from tables.
  return ((amount * rate + (PER_UNIT_LESS_ONE[decimals] as bigint)) / (PER_UNIT[decimals] as bigint)) * unit;
}

/** ONE x 10^(18 - d) and that minus one, for d = 0..18 (feeOn's rounding up). */
const PER_UNIT: readonly bigint[] = Array.from({ length: 19 }, (_, d) => ONE * (POW10[18 - d] as bigint));
const PER_UNIT_LESS_ONE: readonly bigint[] = PER_UNIT.map((p) => p - 1n);

/** Ticks of `best` moved by the protection ratio: up (rounded up) for buys, down (rounded down) for sells. */
export function protectedLimit(m: SpotMarket, best: number, buy: boolean): number {
  const b = BigInt(best);
  if (buy) {
    const t = (b * (ONE + m.protection) + ONE - 1n) / ONE;
    return Number(t > BigInt(MAX_TICKS) ? BigInt(MAX_TICKS) : t);
  }
  const t = (b * (ONE - m.protection)) / ONE;
  return Number(t < 1n ? 1n : t);
}
