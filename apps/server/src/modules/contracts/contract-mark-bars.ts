// Mark-price bars in SQL (contract_mark_klines, docs/contracts.md "K-lines"): the process that runs the
// contract passes writes the bars its ticks changed every few seconds (and on close) and loads the recent
// ones on start, so the mark chart continues across a restart instead of starting again.
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { contractMarkKlines } from '@/db/schema';
import { recentBarsWhere } from '@/market/bar-windows';
import { type Interval, isInterval } from '@/market/kline';

/** One mark bar: the stream's symbol (`BTCUSDT`), the interval, the bar's open time and its prices. */
export interface MarkBarRow {
  symbol: string;
  interval: Interval;
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
}

/** How often the pass writes the mark bars its ticks changed. */
export const MARK_BARS_SAVE_MS = 5000;

const CHUNK = 500;

/** Upserts bars (a later state of the same bar replaces the stored one). */
export async function saveMarkBars(db: Db, rows: readonly MarkBarRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(contractMarkKlines)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [contractMarkKlines.symbol, contractMarkKlines.interval, contractMarkKlines.time],
        set: {
          open: sql`excluded.open`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          close: sql`excluded.close`,
        },
      });
  }
}

/** The stored bars memory keeps (MEMORY_BARS per interval, by time), oldest first. */
export async function loadMarkBars(db: Db, now: number): Promise<MarkBarRow[]> {
  const rows = await db
    .select()
    .from(contractMarkKlines)
    .where(recentBarsWhere(now))
    .orderBy(contractMarkKlines.time);
  return rows.flatMap((r) => (isInterval(r.interval) ? [{ ...r, interval: r.interval }] : []));
}
