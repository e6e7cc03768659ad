// A contract market inside the core: its parsed configuration, its book (the spot matching engine's
// OrderBook, reused unchanged), its mark state, and the pure arithmetic of values, profit, maintenance,
// liquidation and bankruptcy prices. All amounts are bigint atoms (18 places) of the settle asset (the
// quote for linear markets, the base for inverse ones); prices in the book's integer ticks.
import { formatAtoms, formatUnits, POW10, unitsOfCanonical } from '../atoms';
import type { Ledger } from '../ledger/ledger';
import { parseCanonical, reject, requireAsset, requireDecimals, requireString } from '../rejection';
import { OrderBook } from '../spot/order-book';
import type { ContractMarketConfig } from './contract-types';
import { LiqIndex } from './liq-index';

export const ONE = 10n ** 18n;
const ONE2 = ONE * ONE;
export const MAX_LOTS = 2 ** 40;
export const MAX_TICKS = 2 ** 40;
const SYMBOL_PATTERN = /^[a-z0-9]{2,32}$/;

export interface Tier {
  max: bigint;
  mmr: bigint;
  maxLeverage: number;
}

export interface ContractMarket {
  config: ContractMarketConfig;
  symbol: string;
  inverse: boolean;
  settle: string;
  settleDecimals: number;
  priceDecimals: number;
  qtyDecimals: number;
  /** Price atoms of one tick. */
  tick: bigint;
  /** Underlying atoms of one lot: linear, base atoms; inverse, quote atoms. */
  unit: bigint;
  minLots: number;
  maxLeverage: number;
  tiers: Tier[];
  makerRate: bigint;
  takerRate: bigint;
  protection: bigint;
  band: bigint;
  fundingIntervalMs: number;
  fundingCap: bigint;
  interest: bigint;
  halted: boolean;
  book: OrderBook;
  // ---- mark state (part of the snapshot) ----
  markTicks: number;
  indexTicks: number;
  tickId: string;
  tickTime: number;
  /** Smoothed basis (mark - index) in ticks. */
  basis: number;
  premiumSum: bigint;
  premiumCount: number;
  lastFundingAt: number;
  lastFundingRate: bigint;
  lastTradeTicks: number;
  // ---- derived ----
  longs: LiqIndex;
  shorts: LiqIndex;
  /** Resting stop orders by trigger (ticks): sells fire at marks <= their trigger (highest first), buys
   * at marks >= theirs (lowest first) — the same ordering as the liquidation index of longs and shorts. */
  stopSells: LiqIndex;
  stopBuys: LiqIndex;
  oiLong: number;
  oiShort: number;
}

export function parseContractConfig(
  p: ContractMarketConfig,
  ledger: Ledger,
): Omit<
  ContractMarket,
  | 'book'
  | 'markTicks'
  | 'indexTicks'
  | 'tickId'
  | 'tickTime'
  | 'basis'
  | 'premiumSum'
  | 'premiumCount'
  | 'lastFundingAt'
  | 'lastFundingRate'
  | 'lastTradeTicks'
  | 'longs'
  | 'shorts'
  | 'stopSells'
  | 'stopBuys'
  | 'oiLong'
  | 'oiShort'
> {
  const symbol = requireString(p.symbol, 32);
  if (!SYMBOL_PATTERN.test(symbol)) reject('INVALID_COMMAND');
  if (p.kind !== 'linear' && p.kind !== 'inverse') reject('INVALID_COMMAND');
  const base = requireAsset(p.base);
  const quote = requireAsset(p.quote);
  const inverse = p.kind === 'inverse';
  const settle = inverse ? base : quote;
  const limits = ledger.limits(settle) ?? reject('INVALID_COMMAND');
  const pd = requireDecimals(p.priceDecimals);
  const qd = requireDecimals(p.qtyDecimals);
  const size = parseCanonical(p.contractSize, 'positive');
  const unit = (size * (POW10[18 - qd] as bigint)) / ONE;
  if (unit <= 0n || (size * (POW10[18 - qd] as bigint)) % ONE !== 0n) reject('INVALID_COMMAND');
  const lot = POW10[18 - qd] as bigint;
  const minQty = parseCanonical(p.minQty, 'positive');
  if (minQty % lot !== 0n) reject('INVALID_QUANTITY');
  const lev = p.maxLeverage;
  if (!Number.isInteger(lev) || lev < 1 || lev > 200) reject('INVALID_COMMAND');
  if (!Array.isArray(p.tiers) || p.tiers.length === 0 || p.tiers.length > 20) reject('INVALID_COMMAND');
  const tiers: Tier[] = p.tiers.map((t) => {
    const mmr = parseCanonical(t.mmr, 'positive');
    if (mmr >= ONE / 2n) reject('INVALID_AMOUNT');
    if (!Number.isInteger(t.maxLeverage) || t.maxLeverage < 1 || t.maxLeverage > lev)
      reject('INVALID_COMMAND');
    // Initial margin must exceed maintenance, or a new position would be liquidated at once.
    if (mmr * BigInt(t.maxLeverage) >= ONE) reject('INVALID_COMMAND');
    return { max: parseCanonical(t.maxNotional, 'positive'), mmr, maxLeverage: t.maxLeverage };
  });
  for (let i = 1; i < tiers.length; i++) {
    if ((tiers[i] as Tier).max <= (tiers[i - 1] as Tier).max) reject('INVALID_COMMAND');
  }
  const rate = (v: unknown) => {
    const r = parseCanonical(v, 'nonNegative');
    if (r >= ONE) reject('INVALID_AMOUNT');
    return r;
  };
  const interval = p.fundingIntervalMs;
  if (!Number.isSafeInteger(interval) || interval < 60_000 || interval > 7 * 86_400_000)
    reject('INVALID_COMMAND');
  if (p.status !== 'trading' && p.status !== 'halted') reject('INVALID_COMMAND');
  return {
    config: { ...p, tiers: p.tiers.map((t) => ({ ...t })) },
    symbol,
    inverse,
    settle,
    settleDecimals: limits.decimals,
    priceDecimals: pd,
    qtyDecimals: qd,
    tick: POW10[18 - pd] as bigint,
    unit,
    minLots: Number(minQty / lot),
    maxLeverage: lev,
    tiers,
    makerRate: rate(p.makerFeeRate),
    takerRate: rate(p.takerFeeRate),
    protection: parseCanonical(p.marketProtection, 'positive'),
    band: rate(p.markBand),
    fundingIntervalMs: interval,
    fundingCap: rate(p.fundingCap),
    interest: rate(p.interestRate),
    halted: p.status === 'halted',
  };
}

export function priceToTicks(m: ContractMarket, price: unknown): number {
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

/** An index price as ticks, rounded down to the tick (an index may carry more places). */
export function indexToTicks(m: ContractMarket, price: unknown): number {
  const p = parseCanonical(price, 'positive');
  const ticks = p / m.tick;
  if (ticks < 1n || ticks > BigInt(MAX_TICKS)) reject('INVALID_PRICE');
  return Number(ticks);
}

export function qtyToLots(m: ContractMarket, qty: unknown): number {
  const q = parseCanonical(qty, 'positive');
  const lot = POW10[18 - m.qtyDecimals] as bigint;
  if (q % lot !== 0n) reject('INVALID_QUANTITY');
  const lots = q / lot;
  if (lots > BigInt(MAX_LOTS)) reject('INVALID_QUANTITY');
  return Number(lots);
}

export const ticksToPrice = (m: ContractMarket, ticks: number) => formatUnits(ticks, m.priceDecimals);
export const lotsToQty = (m: ContractMarket, lots: number) => formatUnits(lots, m.qtyDecimals);

function settleUnit(m: ContractMarket): bigint {
  return POW10[18 - m.settleDecimals] as bigint;
}

/** Rounds atoms down (toward zero for positives) to the settle asset's decimals. */
export function floorSettle(m: ContractMarket, a: bigint): bigint {
  const u = settleUnit(m);
  return a >= 0n ? (a / u) * u : -((-a + u - 1n) / u) * u;
}

export function ceilSettle(m: ContractMarket, a: bigint): bigint {
  return -floorSettle(m, -a);
}

/** Settle-asset value of `lots` at `ticks`, rounded down to the settle decimals. */
export function valueAt(m: ContractMarket, lots: number, ticks: number): bigint {
  const q = BigInt(lots) * m.unit;
  const price = BigInt(ticks) * m.tick;
  return floorSettle(m, m.inverse ? (q * ONE) / price : (q * price) / ONE);
}

/** Profit of closing `cost` worth of a position at `value`: long gains when price rises. */
export function pnlOf(m: ContractMarket, long: boolean, cost: bigint, value: bigint): bigint {
  const up = m.inverse ? cost - value : value - cost;
  return long ? up : -up;
}

/** The fee on `amount`, rounded up to the settle decimals. */
export function feeOf(m: ContractMarket, amount: bigint, rate: bigint): bigint {
  if (rate === 0n || amount === 0n) return 0n;
  return ceilSettle(m, (amount * rate + ONE - 1n) / ONE);
}

export function tierOf(m: ContractMarket, cost: bigint): Tier {
  for (const t of m.tiers) if (cost <= t.max) return t;
  return m.tiers[m.tiers.length - 1] as Tier;
}

export function initialMargin(m: ContractMarket, cost: bigint, leverage: number): bigint {
  return ceilSettle(m, (cost + BigInt(leverage) - 1n) / BigInt(leverage));
}

/**
 * The mark tick at which a position's equity (margin + profit at the mark) falls to `mmr` x its value
 * at the mark: longs are liquidated at marks <= the key, shorts at marks >= it. NaN: never.
 */
export function triggerTicks(
  m: ContractMarket,
  long: boolean,
  lots: number,
  cost: bigint,
  margin: bigint,
  mmr: bigint,
): number {
  const q = BigInt(lots) * m.unit;
  if (q === 0n) return Number.NaN;
  let num: bigint;
  let den: bigint;
  if (!m.inverse) {
    if (long) {
      if (cost <= margin) return Number.NaN;
      num = (cost - margin) * ONE2;
      den = q * (ONE - mmr);
    } else {
      num = (cost + margin) * ONE2;
      den = q * (ONE + mmr);
    }
  } else if (long) {
    num = q * (ONE + mmr);
    den = cost + margin;
  } else {
    if (cost <= margin) return Number.NaN;
    num = q * (ONE - mmr);
    den = cost - margin;
  }
  // price atoms = num / den; ticks = price / tick.
  const d = den * m.tick;
  if (long) {
    const t = num / d;
    return t < 1n ? Number.NaN : Number(t > BigInt(MAX_TICKS) ? BigInt(MAX_TICKS) : t);
  }
  const t = (num + d - 1n) / d;
  return t > BigInt(MAX_TICKS) ? Number.NaN : Number(t < 1n ? 1n : t);
}

/** Equity of a position at `ticks`: margin + profit. */
export function equityAt(
  m: ContractMarket,
  long: boolean,
  lots: number,
  cost: bigint,
  margin: bigint,
  ticks: number,
): bigint {
  return margin + pnlOf(m, long, cost, valueAt(m, lots, ticks));
}

export const fmt = formatAtoms;

/** Ticks moved by a ratio: up (rounded up) or down (rounded down, at least 1). */
export function bandTicks(ticks: number, ratio: bigint, up: boolean): number {
  const b = BigInt(ticks);
  if (up) {
    const t = (b * (ONE + ratio) + ONE - 1n) / ONE;
    return Number(t > BigInt(MAX_TICKS) ? BigInt(MAX_TICKS) : t);
  }
  const t = (b * (ONE - ratio)) / ONE;
  return Number(t < 1n ? 1n : t);
}

/** The funding rate of an interval: premium average plus the clamped interest, capped; 8 places. */
export function fundingRate(m: ContractMarket): bigint {
  const avg = m.premiumCount === 0 ? 0n : m.premiumSum / BigInt(m.premiumCount);
  const clampI = (ONE * 5n) / 10_000n;
  let diff = m.interest - avg;
  if (diff > clampI) diff = clampI;
  if (diff < -clampI) diff = -clampI;
  let rate = avg + diff;
  if (rate > m.fundingCap) rate = m.fundingCap;
  if (rate < -m.fundingCap) rate = -m.fundingCap;
  const step = 10n ** 10n;
  return (rate / step) * step;
}

export function newContractMarket(parsed: ReturnType<typeof parseContractConfig>): ContractMarket {
  return {
    ...parsed,
    book: new OrderBook(),
    markTicks: 0,
    indexTicks: 0,
    tickId: '',
    tickTime: 0,
    basis: 0,
    premiumSum: 0n,
    premiumCount: 0,
    lastFundingAt: 0,
    lastFundingRate: 0n,
    lastTradeTicks: 0,
    longs: new LiqIndex(true),
    shorts: new LiqIndex(false),
    stopSells: new LiqIndex(true),
    stopBuys: new LiqIndex(false),
    oiLong: 0,
    oiShort: 0,
  };
}
