// K-line bars: UTC bucketing for the nine intervals and a bounded in-memory book of bars per symbol and
// interval, fed by prices (index ticks, or trades for a market that trades). Pure: no I/O, no clock.
import type { Amount } from '@coin/shared/money';

export const INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type Interval = (typeof INTERVALS)[number];

export function isInterval(value: string): value is Interval {
  return (INTERVALS as readonly string[]).includes(value);
}

const MINUTE = 60_000;
const FIXED_MS: Record<Exclude<Interval, '1w' | '1M'>, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
};
/** 1970-01-05 was a Monday: weeks start on Monday 00:00 UTC. */
const MONDAY_EPOCH = 4 * 1440 * MINUTE;
const WEEK = 7 * 1440 * MINUTE;

/** Open time of the bar that contains `time`. */
export function bucketStart(interval: Interval, time: number): number {
  if (interval === '1M') {
    const d = new Date(time);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  if (interval === '1w') return Math.floor((time - MONDAY_EPOCH) / WEEK) * WEEK + MONDAY_EPOCH;
  const size = FIXED_MS[interval];
  return Math.floor(time / size) * size;
}

/** Open time of the bar after the one opening at `start`. */
export function nextBucket(interval: Interval, start: number): number {
  if (interval === '1M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  if (interval === '1w') return start + WEEK;
  return start + FIXED_MS[interval];
}

/** Rough length of an interval, for range arithmetic only (1M counts 31 days). */
export function approxIntervalMs(interval: Interval): number {
  if (interval === '1M') return 31 * 1440 * MINUTE;
  if (interval === '1w') return WEEK;
  return FIXED_MS[interval];
}

export interface Bar {
  time: number;
  open: Amount;
  high: Amount;
  low: Amount;
  close: Amount;
  volume: Amount;
  amount: Amount;
  simulated: boolean;
}

export interface PricePoint {
  time: number;
  price: Amount;
  volume: Amount;
  amount: Amount;
  simulated: boolean;
}

/** Folds a point into its bar: a new bar when the bucket differs, else OHLC and sums updated. */
export function foldBar(bar: Bar | undefined, interval: Interval, p: PricePoint): Bar {
  const { time, price, volume, amount, simulated } = p;
  const point = { time, open: price, high: price, low: price, close: price, volume, amount, simulated };
  return mergeBar(bar, interval, point);
}

/** Merges a finished lower-interval bar (e.g. a back-filled 1m bar) into a higher interval's bar. */
export function mergeBar(bar: Bar | undefined, interval: Interval, lower: Bar): Bar {
  const time = bucketStart(interval, lower.time);
  if (bar === undefined || bar.time !== time) return { ...lower, time };
  return {
    time,
    open: bar.open,
    high: lower.high > bar.high ? lower.high : bar.high,
    low: lower.low < bar.low ? lower.low : bar.low,
    close: lower.close,
    volume: (bar.volume + lower.volume) as Amount,
    amount: (bar.amount + lower.amount) as Amount,
    simulated: bar.simulated || lower.simulated,
  };
}

/** History bound per interval: 1m keeps a little more than 24 h (the ticker window). */
export const MEMORY_BARS: Record<Interval, number> = {
  '1m': 1500,
  '5m': 600,
  '15m': 600,
  '30m': 600,
  '1h': 600,
  '4h': 600,
  '1d': 600,
  '1w': 600,
  '1M': 600,
};

/** Bars of one symbol, every interval, oldest first; the last bar of each list is the open one. */
export class SymbolBars {
  readonly bars: Record<Interval, Bar[]> = {
    '1m': [],
    '5m': [],
    '15m': [],
    '30m': [],
    '1h': [],
    '4h': [],
    '1d': [],
    '1w': [],
    '1M': [],
  };

  /**
   * Per interval, the open bar that `apply` made (later points of its bucket update it in place: a trade
   * costs no new bar and no date arithmetic) and the end of its bucket. A bar that came from elsewhere
   * (loaded, back-filled) is copied before its first update, so its owner's object never changes.
   */
  private readonly own: Array<Bar | undefined> = INTERVALS.map(() => undefined);
  private readonly ownEnd: number[] = INTERVALS.map(() => 0);

  /**
   * Applies a point to every interval; returns the changed (open) bars. Points older than the open bar are
   * ignored. A returned bar may be updated in place by later points of its bucket: holders of it see its
   * latest state (copy it, e.g. with toKlineBar, to keep a snapshot).
   */
  apply(p: PricePoint): Array<{ interval: Interval; bar: Bar }> {
    const changed: Array<{ interval: Interval; bar: Bar }> = [];
    for (let i = 0; i < INTERVALS.length; i++) {
      const interval = INTERVALS[i] as Interval;
      const list = this.bars[interval];
      const last = list[list.length - 1];
      if (last !== undefined && last === this.own[i]) {
        // Own bars open on their bucket's start: an earlier time is an earlier bucket.
        if (p.time < last.time) continue;
        if (p.time < (this.ownEnd[i] as number)) {
          if (p.price > last.high) last.high = p.price;
          if (p.price < last.low) last.low = p.price;
          last.close = p.price;
          last.volume = (last.volume + p.volume) as Amount;
          last.amount = (last.amount + p.amount) as Amount;
          if (p.simulated) last.simulated = true;
          changed.push({ interval, bar: last });
          continue;
        }
      } else if (last !== undefined && bucketStart(interval, p.time) < last.time) continue;
      const next = foldBar(last, interval, p);
      if (last !== undefined && last.time === next.time) list[list.length - 1] = next;
      else push(list, next, MEMORY_BARS[interval]);
      this.own[i] = next;
      this.ownEnd[i] = nextBucket(interval, next.time);
      changed.push({ interval, bar: next });
    }
    return changed;
  }

  /** Adds a finished 1m bar (back-fill) to every interval. */
  addMinuteBar(bar: Bar): void {
    for (const interval of INTERVALS) {
      const list = this.bars[interval];
      const last = list[list.length - 1];
      const next = interval === '1m' ? bar : mergeBar(last, interval, bar);
      if (last !== undefined && last.time === next.time) list[list.length - 1] = next;
      else push(list, next, MEMORY_BARS[interval]);
    }
  }

  /** Bars loaded from storage, oldest first (replaces that interval's memory). */
  load(interval: Interval, bars: Bar[]): void {
    this.bars[interval] = bars.slice(-MEMORY_BARS[interval]);
  }

  /** Drops every bar (a market switching from index ticks to trades starts its trade history). */
  reset(): void {
    for (const interval of INTERVALS) this.bars[interval] = [];
  }
}

function push(list: Bar[], bar: Bar, bound: number): void {
  list.push(bar);
  if (list.length > bound) list.splice(0, list.length - bound);
}
