// The SQL condition for the stored bars memory keeps (MEMORY_BARS of each interval, bounded by time so
// the (symbol, interval, time) primary key serves a long history): the market engine's K-lines and the
// contracts' mark bars load with it.
import { type SQL, sql } from 'drizzle-orm';
import { approxIntervalMs, INTERVALS, MEMORY_BARS } from './kline';

export function recentBarsWhere(now: number): SQL {
  return sql.join(
    INTERVALS.map(
      (i) => sql`("interval" = ${i} and "time" >= ${now - (MEMORY_BARS[i] + 1) * approxIntervalMs(i)})`,
    ),
    sql` or `,
  );
}
