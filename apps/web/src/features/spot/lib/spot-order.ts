// The spot order and fill of docs/spot.md as the web client sees them, and the pure rules the order
// tables use: a state in words (spec section 4: waiting deal, then fully dealt or cancelled, with the
// reason of a cancel), the side's colour, how much of an order is filled, its value, the display
// precision of a market, how an ORDER push changes a cached page, and the history filter's time range.
import { type Amount, div, formatAmount, isZero, mul, tryParseAmount } from '@coin/shared/money';
import type { NumberFormats } from '@/lib/use-number-format';
import type { SpotRules } from './spot-rules';

export const SPOT_ORDER_STATUS = { open: 0, filled: 1, cancelled: 2 } as const;
export type SpotOrderStatus = (typeof SPOT_ORDER_STATUS)[keyof typeof SPOT_ORDER_STATUS];

export const SPOT_SIDES = ['buy', 'sell'] as const;
export type SpotSide = (typeof SPOT_SIDES)[number];

export const SPOT_CANCEL_REASONS = ['user', 'ioc', 'fok', 'stp', 'protection', 'no_liquidity'] as const;
export type SpotCancelReason = (typeof SPOT_CANCEL_REASONS)[number];

export interface SpotOrder {
  id: string;
  clientOrderId: string | null;
  symbol: string;
  pair: string;
  coin: string;
  quote: string;
  side: SpotSide;
  type: 'limit' | 'market';
  timeInForce: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
  /** Limit price; null for market orders. */
  price: string | null;
  /** Ordered base quantity; null for a market buy by quote amount. */
  quantity: string | null;
  /** Quote budget of a market buy by quote amount. */
  quoteQuantity: string | null;
  filledQty: string;
  /** Traded amount in the quote asset (price x quantity summed over the fills). */
  filledQuote: string;
  avgPrice: string | null;
  /** Service charge so far, in the asset the order receives. */
  fee: string;
  feeAsset: string;
  status: SpotOrderStatus;
  cancelReason: SpotCancelReason | null;
  createTime: string;
  updateTime: string;
}

export interface SpotFill {
  tradeId: string;
  orderId: string;
  symbol: string;
  pair?: string;
  side: SpotSide;
  role: 'maker' | 'taker';
  price: string;
  qty: string;
  quoteQty: string;
  fee: string;
  feeAsset: string;
  /** The other side was the platform's demo market maker. */
  platformCounterparty: boolean;
  time: string;
}

export interface SpotPage<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

// ---------------------------------------------------------------------------------------------------
// States and colours

export type SpotStatusTone = 'processing' | 'success' | 'default' | 'warning';

export interface SpotStatusLabel {
  /** Key in the `spotOrders` namespace. */
  key: string;
  tone: SpotStatusTone;
  /** Key of the cancel reason, for a cancelled order whose reason is known. */
  reasonKey?: string;
}

export function isOpenOrder(order: Pick<SpotOrder, 'status'>): boolean {
  return order.status === SPOT_ORDER_STATUS.open;
}

/** Waiting deal (partly filled when some traded), fully dealt, or cancelled with its reason. */
export function spotStatusLabel(
  order: Pick<SpotOrder, 'status' | 'cancelReason' | 'filledQty'>,
): SpotStatusLabel {
  if (order.status === SPOT_ORDER_STATUS.filled) return { key: 'status.filled', tone: 'success' };
  if (order.status === SPOT_ORDER_STATUS.cancelled) {
    const partly = isPositiveDecimal(order.filledQty);
    return {
      key: partly ? 'status.partlyCancelled' : 'status.cancelled',
      tone: 'default',
      ...(order.cancelReason ? { reasonKey: `cancelReason.${order.cancelReason}` } : {}),
    };
  }
  return isPositiveDecimal(order.filledQty)
    ? { key: 'status.partlyFilled', tone: 'warning' }
    : { key: 'status.open', tone: 'processing' };
}

/** The state filter's choices (spec section 4), in the same words as the rows. */
export const SPOT_STATUS_FILTER = [
  { value: SPOT_ORDER_STATUS.open, key: 'status.open' },
  { value: SPOT_ORDER_STATUS.filled, key: 'status.filled' },
  { value: SPOT_ORDER_STATUS.cancelled, key: 'status.cancelled' },
] as const;

/** Buy is green (rise), sell red (fall), as everywhere on the site. */
export function sideTone(side: SpotSide): 'rise' | 'fall' {
  return side === 'buy' ? 'rise' : 'fall';
}

export function sideKey(side: SpotSide): string {
  return `side.${side}`;
}

export function typeKey(order: Pick<SpotOrder, 'type'>): string {
  return `type.${order.type}`;
}

// ---------------------------------------------------------------------------------------------------
// Amounts

function amount(value: string | null | undefined): Amount | undefined {
  if (value === null || value === undefined) return undefined;
  const parsed = tryParseAmount(value.trim());
  return parsed.ok ? parsed.value : undefined;
}

function isPositiveDecimal(value: string | null | undefined): boolean {
  const a = amount(value);
  return a !== undefined && a > 0n;
}

/**
 * How much of the order is done, as a fraction (0 to 1): filled quantity over ordered quantity; a market
 * buy by quote amount counts the quote spent over its budget. Null when the order has no size to compare
 * with. Shown through the rate format, which truncates, so 99.999 % reads 99.99 %, never 100 % early.
 */
export function filledFraction(
  order: Pick<SpotOrder, 'quantity' | 'quoteQuantity' | 'filledQty' | 'filledQuote'>,
): string | null {
  const [done, size] =
    order.quantity !== null
      ? [amount(order.filledQty), amount(order.quantity)]
      : [amount(order.filledQuote), amount(order.quoteQuantity)];
  if (done === undefined || size === undefined || isZero(size)) return null;
  return formatAmount(div(done, size, 'down'));
}

/**
 * What the order is worth in the quote asset: a limit order price x quantity; a market buy by quote
 * amount its budget; any other market order what it traded (its size in quote is known only then).
 */
export function orderValue(
  order: Pick<SpotOrder, 'type' | 'price' | 'quantity' | 'quoteQuantity' | 'filledQuote'>,
): string {
  if (order.type === 'limit') {
    const p = amount(order.price);
    const q = amount(order.quantity);
    if (p !== undefined && q !== undefined) return formatAmount(mul(p, q, 'down'));
  }
  const budget = amount(order.quoteQuantity);
  if (budget !== undefined) return formatAmount(budget);
  return order.filledQuote;
}

/** Decimals written in a decimal string ('0.0100' -> 4); the fallback precision for an unknown market. */
export function decimalsIn(value: string | null | undefined): number {
  if (!value) return 0;
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
}

export interface MarketPrecision {
  priceDecimals: number;
  qtyDecimals: number;
  /** The quote asset's display decimals (order value, traded amount). */
  quoteDecimals: number;
}

/** The market's precision from its rules; without rules, what the order's own numbers show (at least 2). */
export function precisionOf(
  order: Pick<SpotOrder, 'price' | 'avgPrice' | 'quantity' | 'filledQty'>,
  rules: Pick<SpotRules, 'priceDecimals' | 'qtyDecimals'> | undefined,
): MarketPrecision {
  if (rules) {
    return {
      priceDecimals: rules.priceDecimals,
      qtyDecimals: rules.qtyDecimals,
      quoteDecimals: Math.max(2, rules.priceDecimals + rules.qtyDecimals),
    };
  }
  const priceDecimals = Math.max(2, decimalsIn(order.price), decimalsIn(order.avgPrice));
  const qtyDecimals = Math.max(decimalsIn(order.quantity), decimalsIn(order.filledQty));
  return { priceDecimals, qtyDecimals, quoteDecimals: Math.max(2, priceDecimals + qtyDecimals) };
}

/** Display decimals of a fee: the asset of the fee is the base (buy) or the quote (sell). */
export function feeDecimals(order: Pick<SpotOrder, 'side'>, precision: MarketPrecision): number {
  return order.side === 'buy' ? Math.max(precision.qtyDecimals, 8) : Math.max(precision.quoteDecimals, 8);
}

export interface SpotOrderCells {
  price: string;
  quantity: string;
  filledQty: string;
  avgPrice: string;
  value: string;
  fee: string;
  /** '42.5%' or '--'. */
  filledPercent: string;
}

const DASH = '--';

/** Every number of a row, formatted for the reader's language at the market's precision. */
export function formatOrderCells(
  order: SpotOrder,
  fmt: NumberFormats,
  precision: MarketPrecision,
): SpotOrderCells {
  const fraction = filledFraction(order);
  return {
    price: order.price === null ? DASH : fmt.price(order.price, precision.priceDecimals),
    quantity:
      order.quantity !== null
        ? fmt.quantity(order.quantity, precision.qtyDecimals)
        : order.quoteQuantity !== null
          ? `${fmt.amount(order.quoteQuantity, precision.quoteDecimals)} ${order.quote}`
          : DASH,
    filledQty: fmt.quantity(order.filledQty, precision.qtyDecimals),
    avgPrice: order.avgPrice === null ? DASH : fmt.price(order.avgPrice, precision.priceDecimals),
    value: fmt.amount(orderValue(order), precision.quoteDecimals),
    fee: isPositiveDecimal(order.fee)
      ? `${fmt.amount(order.fee, feeDecimals(order, precision))} ${order.feeAsset}`
      : `0 ${order.feeAsset}`,
    filledPercent: fraction === null ? DASH : fmt.rate(fraction, 2),
  };
}

// ---------------------------------------------------------------------------------------------------
// Live updates

/** A pushed ORDER frame's data as a SpotOrder; undefined when it is not one. */
export function readSpotOrderEvent(data: unknown): SpotOrder | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (
    typeof d.id !== 'string' ||
    typeof d.symbol !== 'string' ||
    (d.side !== 'buy' && d.side !== 'sell') ||
    (d.status !== 0 && d.status !== 1 && d.status !== 2) ||
    typeof d.filledQty !== 'string' ||
    typeof d.createTime !== 'string'
  ) {
    return undefined;
  }
  return data as SpotOrder;
}

export type OrderListMode = 'open' | 'history';

/**
 * A cached page with a pushed order applied: a listed order is replaced by its new state, and in the open
 * list one that is no longer open leaves it. A new order is not inserted (where it belongs depends on
 * the filters and paging; the refetch that follows brings it). The same page object when nothing changed.
 */
export function applyOrderEvent(
  page: SpotPage<SpotOrder>,
  order: SpotOrder,
  mode: OrderListMode,
): SpotPage<SpotOrder> {
  const index = page.records.findIndex((r) => r.id === order.id);
  if (index < 0) return page;
  if (mode === 'open' && !isOpenOrder(order)) {
    return {
      ...page,
      records: page.records.filter((r) => r.id !== order.id),
      total: Math.max(0, page.total - 1),
    };
  }
  const records = page.records.slice();
  records[index] = order;
  return { ...page, records };
}

// ---------------------------------------------------------------------------------------------------
// History filter

function zoneOffsetMs(utcMs: number, timezone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(utcMs));
  } catch {
    return 0;
  }
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The instant a calendar day ('2025-03-09') starts in a time zone, in epoch milliseconds. */
export function zonedDayStart(day: string, timezone: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Two passes: the offset at the guessed instant may differ from the offset at midnight (DST change).
  let utc = wall - zoneOffsetMs(wall, timezone);
  utc = wall - zoneOffsetMs(utc, timezone);
  return utc;
}

/**
 * The creation-time bounds of a day range picked in the reader's time zone: from the first day's start
 * to the last millisecond of the last day. Either end may be left open.
 */
export function dayRangeMs(
  from: string | undefined,
  to: string | undefined,
  timezone: string,
): { startTime?: number; endTime?: number } {
  const start = from ? zonedDayStart(from, timezone) : undefined;
  const nextDay = to ? nextDayOf(to) : undefined;
  const end = nextDay ? zonedDayStart(nextDay, timezone) : undefined;
  return {
    ...(start !== undefined ? { startTime: start } : {}),
    ...(end !== undefined ? { endTime: end - 1 } : {}),
  };
}

function nextDayOf(day: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  return d.toISOString().slice(0, 10);
}
