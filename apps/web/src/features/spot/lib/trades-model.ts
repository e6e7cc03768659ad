// The recent-trades tape: rows from the REST list (open/transaction, newest first) and from TRADE frames
// ({id, price, qty, side, time, demo}), newest first, at most MAX_TRADES. `demo` marks a trade between the
// platform's market-maker accounts (docs/spot.md). Pure.

export interface TapeTrade {
  /** Stable row key: the trade id, or time and position for REST rows (which carry no id). */
  key: string;
  price: string;
  qty: string;
  side: 'buy' | 'sell' | undefined;
  /** ms since the epoch. */
  time: number;
  /** A trade of the platform market maker. */
  demo: boolean;
}

export const MAX_TRADES = 50;

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : undefined;
}

export function readTrade(value: unknown, fallbackKey: string): TapeTrade | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  const price = str(o.price);
  const qty = str(o.qty);
  const time = typeof o.time === 'number' ? o.time : Number(o.time);
  if (!price || !qty || !Number.isFinite(time)) return undefined;
  return {
    key: str(o.id) ?? fallbackKey,
    price,
    qty,
    side: o.side === 'buy' || o.side === 'sell' ? o.side : undefined,
    time,
    demo: o.demo === true,
  };
}

/** The REST answer `{symbol, trades: [...]}` (newest first) to rows. */
export function readTradeList(value: unknown): TapeTrade[] {
  const list = (value as { trades?: unknown } | null)?.trades;
  if (!Array.isArray(list)) return [];
  return list
    .map((t, i) => readTrade(t, `r${(t as { time?: unknown })?.time ?? ''}-${i}`))
    .filter((t): t is TapeTrade => t !== undefined)
    .slice(0, MAX_TRADES);
}

/** Prepends live trades (oldest of the batch first in `incoming`), dropping duplicates by key. */
export function prependTrades(tape: readonly TapeTrade[], incoming: readonly TapeTrade[]): TapeTrade[] {
  if (incoming.length === 0) return tape as TapeTrade[];
  const seen = new Set(tape.map((t) => t.key));
  const fresh = incoming.filter((t) => !seen.has(t.key)).reverse();
  return [...fresh, ...tape].slice(0, MAX_TRADES);
}
