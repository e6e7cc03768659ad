// The index chart's model: bars of the index price from the server (open/seconds/indexKline: decimal
// strings, time in ms) and live INDEX ticks merged into them (same bucket: high, low and close move;
// a newer bucket: a new bar; an older tick: ignored). Numbers only for drawing. Pure.

export const INDEX_INTERVALS = { '5s': 5_000, '15s': 15_000, '1m': 60_000, '5m': 300_000 } as const;
export type IndexInterval = keyof typeof INDEX_INTERVALS;
export const DEFAULT_INDEX_INTERVAL: IndexInterval = '5s';

export interface IndexBar {
  /** Bucket start in ms. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

function num(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A wire bar; undefined when malformed. */
export function readBar(value: unknown): IndexBar | undefined {
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
  return { time, open, high, low, close };
}

/** A live INDEX frame's tick ({ time, price }); undefined when malformed. */
export function readTick(value: unknown): { time: number; price: number } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  const time = num(o.time);
  const price = num(o.price);
  return time === undefined || price === undefined ? undefined : { time, price };
}

export type MergeResult = { kind: 'update' | 'append'; bars: IndexBar[]; bar: IndexBar } | { kind: 'ignore' };

/** Merges a tick into the bars of `intervalMs`. */
export function mergeTick(
  bars: readonly IndexBar[],
  tick: { time: number; price: number },
  intervalMs: number,
): MergeResult {
  const time = Math.floor(tick.time / intervalMs) * intervalMs;
  const last = bars.at(-1);
  if (last && time === last.time) {
    const bar = {
      ...last,
      high: Math.max(last.high, tick.price),
      low: Math.min(last.low, tick.price),
      close: tick.price,
    };
    return { kind: 'update', bars: [...bars.slice(0, -1), bar], bar };
  }
  if (!last || time > last.time) {
    const bar = { time, open: tick.price, high: tick.price, low: tick.price, close: tick.price };
    return { kind: 'append', bars: [...bars, bar], bar };
  }
  return { kind: 'ignore' };
}
