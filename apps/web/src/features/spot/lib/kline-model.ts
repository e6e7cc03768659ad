// The K-line model: the server's bars (open/kline, KLINE frames: decimal strings, time in ms) to the
// chart's candles (time in seconds, numbers for drawing only), and the merge of a live bar into the list
// (same open time: replaced; newer: appended; older: ignored). Pure.

/** The intervals the server offers (apps/server realtime KLINE_INTERVALS). */
export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];
export const DEFAULT_INTERVAL: KlineInterval = '15m';

export function isKlineInterval(value: unknown): value is KlineInterval {
  return typeof value === 'string' && (KLINE_INTERVALS as readonly string[]).includes(value);
}

export interface Candle {
  /** Bar open time in UTC seconds (the chart's time unit). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

function num(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** One wire bar ({time ms, open, high, low, close, volume}); undefined when malformed. */
export function toCandle(value: unknown): Candle | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  const time = num(o.time);
  const open = num(o.open);
  const high = num(o.high);
  const low = num(o.low);
  const close = num(o.close);
  if (
    time === undefined ||
    open === undefined ||
    high === undefined ||
    low === undefined ||
    close === undefined
  )
    return undefined;
  return { time: Math.floor(time / 1000), open, high, low, close, volume: num(o.volume) ?? 0 };
}

/** Wire bars -> candles sorted by time, one per open time (the last wins). */
export function toCandles(bars: readonly unknown[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const bar of bars) {
    const c = toCandle(bar);
    if (c) byTime.set(c.time, c);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

export type MergeResult =
  | { kind: 'update' | 'append'; candles: Candle[]; candle: Candle }
  | { kind: 'ignore' };

/** Merges a live bar: replaces the last bar of the same time, appends a newer one, ignores older ones. */
export function mergeCandle(candles: readonly Candle[], live: Candle): MergeResult {
  const last = candles.at(-1);
  if (!last || live.time > last.time) return { kind: 'append', candles: [...candles, live], candle: live };
  if (live.time === last.time)
    return { kind: 'update', candles: [...candles.slice(0, -1), live], candle: live };
  return { kind: 'ignore' };
}
