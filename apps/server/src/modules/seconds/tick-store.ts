// The seconds area's read access to the stored index ticks (`market_ticks`, written by the market-data
// service, docs/market.md): the first tick at or after a time (the settlement's exit tick), the ticks of
// a window (the evidence a contract links to) and index bars aggregated from them (the seconds page's
// index K-line: a traded spot market's K-lines come from trades, the seconds contract settles on the
// index). Read only; the market engine writes every step's ticks right after the step, in time order.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { SecondsTick } from '@/core/seconds/seconds-types';
import type { Db } from '@/db/client';
import { marketTicks } from '@/db/schema';
import { canonicalDecimal } from './seconds-views';
import type { TickSource } from './settlement';

/** A stored tick's sources: a median names each ('median:a,b'), else the one source. */
export function sourcesOf(source: string): string[] {
  const list = source.startsWith('median:') ? source.slice('median:'.length).split(',') : [source];
  const out = list.map((s) => s.trim()).filter((s) => s !== '');
  return out.length > 0 ? out : [source];
}

/** The tick as commands and replies carry it; `symbol` lower case ('btcusdt'). */
export function tickOf(symbol: string, time: number, price: string, source: string): SecondsTick {
  return { id: `${symbol}:${time}`, time, price: canonicalDecimal(price), sources: sourcesOf(source) };
}

export const INDEX_BAR_INTERVALS = { '5s': 5_000, '15s': 15_000, '1m': 60_000, '5m': 300_000 } as const;
export type IndexBarInterval = keyof typeof INDEX_BAR_INTERVALS;

export interface IndexBar {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
}

export class TickStore implements TickSource {
  constructor(private readonly db: Db) {}

  async firstAtOrAfter(symbol: string, time: number): Promise<SecondsTick | undefined> {
    const [row] = await this.db
      .select()
      .from(marketTicks)
      .where(and(eq(marketTicks.symbol, symbol), gte(marketTicks.time, time)))
      .orderBy(asc(marketTicks.time))
      .limit(1);
    return row ? tickOf(row.symbol, row.time, row.price, row.source) : undefined;
  }

  /** Ticks in [from, to], oldest first. */
  async between(symbol: string, from: number, to: number, limit: number): Promise<SecondsTick[]> {
    const rows = await this.db
      .select()
      .from(marketTicks)
      .where(and(eq(marketTicks.symbol, symbol), gte(marketTicks.time, from), lte(marketTicks.time, to)))
      .orderBy(asc(marketTicks.time))
      .limit(limit);
    return rows.map((r) => tickOf(r.symbol, r.time, r.price, r.source));
  }

  /** Bars of `intervalMs` from the ticks in [from, to], oldest first (bar time = its start). */
  async bars(symbol: string, intervalMs: number, from: number, to: number): Promise<IndexBar[]> {
    // The interval inlined (an integer from INDEX_BAR_INTERVALS): as parameters, the select's and the
    // group by's expressions would differ and PostgreSQL would refuse the grouping.
    if (!Number.isSafeInteger(intervalMs) || intervalMs <= 0) throw new Error('bad interval');
    const ms = sql.raw(String(intervalMs));
    const bucket = sql<number>`(${marketTicks.time} / ${ms}) * ${ms}`;
    const rows = await this.db
      .select({
        time: bucket,
        open: sql<string>`(array_agg(${marketTicks.price} order by ${marketTicks.time} asc))[1]`,
        high: sql<string>`max(${marketTicks.price})`,
        low: sql<string>`min(${marketTicks.price})`,
        close: sql<string>`(array_agg(${marketTicks.price} order by ${marketTicks.time} desc))[1]`,
      })
      .from(marketTicks)
      .where(and(eq(marketTicks.symbol, symbol), gte(marketTicks.time, from), lte(marketTicks.time, to)))
      .groupBy(bucket)
      .orderBy(asc(bucket));
    return rows.map((r) => ({
      time: Number(r.time),
      open: canonicalDecimal(String(r.open)),
      high: canonicalDecimal(String(r.high)),
      low: canonicalDecimal(String(r.low)),
      close: canonicalDecimal(String(r.close)),
    }));
  }
}
