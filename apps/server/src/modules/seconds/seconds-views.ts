// The wire shape of a seconds contract (docs/seconds.md "Order"): from a core event (open contracts, the
// SETTLEMENT push) or a projection row (history), with the evidence: both ticks with their times, prices
// and sources, and links to the tick record around them.
import { formatAmount, parseAmount } from '@coin/shared/money';
import {
  SECONDS_SETTLE_TOLERANCE_MS,
  type SecondsDirection,
  type SecondsOrderEvent,
  type SecondsStatus,
} from '@/core/seconds/seconds-types';
import type { secondsOrders } from '@/db/schema';

/** A decimal as the wire carries it: canonical ('65000.5', never '65000.500000000000000000'). */
export function canonicalDecimal(v: string): string {
  return formatAmount(parseAmount(v));
}

const API = '/api/mjkj-web/coin';

export interface SecondsOrderView {
  id: string;
  /** 'btcusdt' */
  symbol: string;
  /** 'BTC/USDT' */
  pair: string;
  direction: SecondsDirection;
  periodId: string;
  durationSec: number;
  /** Profit of a win as a fraction of the stake. */
  rate: string;
  /** The stake (spec: quantity), whole units of `asset`. */
  quantity: string;
  asset: string;
  /** Profit if it wins. */
  payout: string;
  status: SecondsStatus;
  entryTickId: string;
  entryTime: number;
  entryPrice: string;
  entrySources: string[];
  exitTickId: string | null;
  exitTime: number | null;
  exitPrice: string | null;
  exitSources: string[] | null;
  /** Signed: +payout (won), -quantity (lost), 0 otherwise. */
  profit: string;
  createdAt: number;
  expiresAt: number;
  settledAt: number | null;
  /** The stored ticks from the tolerance before expiry to the exit tick (or the tolerance after expiry):
   * the exit tick is the first of them at or after `expiresAt`. */
  evidenceUrl: string;
  /** The entry tick in the tick record. */
  entryTickUrl: string;
}

function pairOf(symbol: string, asset: string): string {
  const quote = asset.toUpperCase();
  const upper = symbol.toUpperCase();
  const base = upper.endsWith(quote) ? upper.slice(0, upper.length - quote.length) : upper;
  return `${base}/${quote}`;
}

function evidence(symbol: string, expiresAt: number, exitTime: number | null): string {
  const from = expiresAt - SECONDS_SETTLE_TOLERANCE_MS;
  const to = exitTime ?? expiresAt + SECONDS_SETTLE_TOLERANCE_MS;
  return `${API}/open/ticks/${symbol}?from=${from}&to=${Math.max(to, expiresAt)}`;
}

export function orderFromEvent(e: SecondsOrderEvent): SecondsOrderView {
  return {
    id: e.orderId,
    symbol: e.symbol,
    pair: pairOf(e.symbol, e.asset),
    direction: e.direction,
    periodId: e.periodId,
    durationSec: e.durationSec,
    rate: e.rate,
    quantity: e.stake,
    asset: e.asset,
    payout: e.payout,
    status: e.status,
    entryTickId: e.entry.id,
    entryTime: e.entry.time,
    entryPrice: e.entry.price,
    entrySources: e.entry.sources,
    exitTickId: e.exit?.id ?? null,
    exitTime: e.exit?.time ?? null,
    exitPrice: e.exit?.price ?? null,
    exitSources: e.exit?.sources ?? null,
    profit: e.profit,
    createdAt: e.createdTs,
    expiresAt: e.expiresAt,
    settledAt: e.settledTs,
    evidenceUrl: evidence(e.symbol, e.expiresAt, e.exit?.time ?? null),
    entryTickUrl: `${API}/open/ticks/${e.symbol}?from=${e.entry.time}&to=${e.entry.time}`,
  };
}

export function orderFromRow(r: typeof secondsOrders.$inferSelect): SecondsOrderView {
  return {
    id: r.id.toString(),
    symbol: r.symbol,
    pair: pairOf(r.symbol, r.asset),
    direction: r.direction as SecondsDirection,
    periodId: r.periodId,
    durationSec: r.durationSec,
    rate: canonicalDecimal(r.rate),
    quantity: canonicalDecimal(r.stake),
    asset: r.asset,
    payout: canonicalDecimal(r.payout),
    status: r.status as SecondsStatus,
    entryTickId: r.entryTickId,
    entryTime: r.entryTime,
    entryPrice: canonicalDecimal(r.entryPrice),
    entrySources: r.entrySources.split(','),
    exitTickId: r.exitTickId,
    exitTime: r.exitTime,
    exitPrice: r.exitPrice === null ? null : canonicalDecimal(r.exitPrice),
    exitSources: r.exitSources === null ? null : r.exitSources.split(','),
    profit: canonicalDecimal(r.profit),
    createdAt: r.createdAt.getTime(),
    expiresAt: r.expiresAt,
    settledAt: r.settledAt?.getTime() ?? null,
    evidenceUrl: evidence(r.symbol, r.expiresAt, r.exitTime),
    entryTickUrl: `${API}/open/ticks/${r.symbol}?from=${r.entryTime}&to=${r.entryTime}`,
  };
}
