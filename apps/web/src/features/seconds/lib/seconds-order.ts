// The seconds-contract model of the page: the server's contracts and periods read defensively, the
// quantity check of spec section 5 ("Quantity must be an integer", within the period's limits and the
// balance), the payout of a win (exact decimals) and how a result reads. Pure.

import { formatAmount, mul, parseAmount, roundTo, tryParseAmount } from '@coin/shared/money';
import { isIntegerQuantity } from '@coin/shared/number-input';

export type Direction = 'rise' | 'fall';
export type OrderStatus = 'open' | 'won' | 'lost' | 'draw' | 'void';

export interface Period {
  periodId: string;
  durationSec: number;
  /** Profit of a win as a fraction of the quantity ('0.8'). */
  rate: string;
  minStake: string;
  maxStake: string;
  asset: string;
}

export interface SecondsOrder {
  id: string;
  symbol: string;
  pair: string;
  direction: Direction;
  periodId: string;
  durationSec: number;
  rate: string;
  quantity: string;
  asset: string;
  payout: string;
  status: OrderStatus;
  entryTickId: string;
  entryTime: number;
  entryPrice: string;
  entrySources: string[];
  exitTickId: string | null;
  exitTime: number | null;
  exitPrice: string | null;
  exitSources: string[] | null;
  profit: string;
  createdAt: number;
  expiresAt: number;
  settledAt: number | null;
  evidenceUrl: string;
  entryTickUrl: string;
}

export interface OrderPage {
  records: SecondsOrder[];
  total: number;
  current: number;
  size: number;
}

type Fields = Record<string, unknown>;
const obj = (v: unknown): Fields | undefined =>
  typeof v === 'object' && v !== null ? (v as Fields) : undefined;
const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const intOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const STATUSES: readonly OrderStatus[] = ['open', 'won', 'lost', 'draw', 'void'];

export function readPeriod(value: unknown): Period | undefined {
  const o = obj(value);
  if (!o || typeof o.periodId !== 'string') return undefined;
  return {
    periodId: o.periodId,
    durationSec: int(o.durationSec),
    rate: str(o.rate, '0'),
    minStake: str(o.minStake, '0'),
    maxStake: str(o.maxStake, '0'),
    asset: str(o.asset, 'USDT'),
  };
}

export function readPeriods(value: unknown): Period[] {
  return Array.isArray(value) ? value.map(readPeriod).filter((p): p is Period => p !== undefined) : [];
}

export function readOrder(value: unknown): SecondsOrder | undefined {
  const o = obj(value);
  if (!o || typeof o.id !== 'string') return undefined;
  const status = STATUSES.includes(o.status as OrderStatus) ? (o.status as OrderStatus) : 'open';
  return {
    id: o.id,
    symbol: str(o.symbol),
    pair: str(o.pair),
    direction: o.direction === 'fall' ? 'fall' : 'rise',
    periodId: str(o.periodId),
    durationSec: int(o.durationSec),
    rate: str(o.rate, '0'),
    quantity: str(o.quantity, '0'),
    asset: str(o.asset, 'USDT'),
    payout: str(o.payout, '0'),
    status,
    entryTickId: str(o.entryTickId),
    entryTime: int(o.entryTime),
    entryPrice: str(o.entryPrice, '0'),
    entrySources: strings(o.entrySources),
    exitTickId: strOrNull(o.exitTickId),
    exitTime: intOrNull(o.exitTime),
    exitPrice: strOrNull(o.exitPrice),
    exitSources: Array.isArray(o.exitSources) ? strings(o.exitSources) : null,
    profit: str(o.profit, '0'),
    createdAt: int(o.createdAt),
    expiresAt: int(o.expiresAt),
    settledAt: intOrNull(o.settledAt),
    evidenceUrl: str(o.evidenceUrl),
    entryTickUrl: str(o.entryTickUrl),
  };
}

export function readOrderPage(value: unknown): OrderPage {
  const o = obj(value) ?? {};
  const records = Array.isArray(o.records)
    ? o.records.map(readOrder).filter((r): r is SecondsOrder => r !== undefined)
    : [];
  return { records, total: int(o.total, records.length), current: int(o.current, 1), size: int(o.size, 20) };
}

export type QuantityProblem =
  | { key: 'required' }
  | { key: 'integer' }
  | { key: 'min'; vars: { min: string } }
  | { key: 'max'; vars: { max: string } }
  | { key: 'balance' };

/** What is wrong with a typed quantity (null: fine). `available` undefined: not known (not checked). */
export function quantityProblem(
  quantity: string,
  period: Period | undefined,
  available: string | undefined,
): QuantityProblem | null {
  const q = quantity.trim();
  if (q === '') return { key: 'required' };
  if (!isIntegerQuantity(q)) return { key: 'integer' };
  const value = parseAmount(q);
  if (period) {
    if (value < parseAmount(period.minStake)) return { key: 'min', vars: { min: period.minStake } };
    if (value > parseAmount(period.maxStake)) return { key: 'max', vars: { max: period.maxStake } };
  }
  if (available !== undefined) {
    const have = tryParseAmount(available);
    if (have.ok && value > have.value) return { key: 'balance' };
  }
  return null;
}

/** What a win pays on top of the quantity (rounded down to 6 places, as the server does for USDT). */
export function payoutOf(quantity: string, rate: string, decimals = 6): string | undefined {
  const q = tryParseAmount(quantity.trim());
  const r = tryParseAmount(rate);
  if (!q.ok || !r.ok || !isIntegerQuantity(quantity.trim())) return undefined;
  return formatAmount(roundTo(mul(q.value, r.value, 'down'), decimals, 'down'));
}

/** The colour a result is shown in. */
export function resultTone(order: Pick<SecondsOrder, 'status'>): 'rise' | 'fall' | 'draw' {
  if (order.status === 'won') return 'rise';
  if (order.status === 'lost') return 'fall';
  return 'draw';
}

/** Whether the index price now is on the contract's winning side ('draw' when equal or unknown). */
export function leaning(
  order: Pick<SecondsOrder, 'direction' | 'entryPrice'>,
  price: string | undefined,
): 'win' | 'lose' | 'draw' {
  const now = price === undefined ? undefined : tryParseAmount(price);
  const entry = tryParseAmount(order.entryPrice);
  if (!now?.ok || !entry.ok || now.value === entry.value) return 'draw';
  const up = now.value > entry.value;
  return up === (order.direction === 'rise') ? 'win' : 'lose';
}
