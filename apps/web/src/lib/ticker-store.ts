// Owns live ticker prices outside React (DESIGN section 7): pushes from the public websocket land in a
// pending map, and the store commits them and notifies subscribers at most once per animation frame.
// A committed ticker is a new object only when its symbol changed in that frame, so a component that
// reads one symbol through `useSyncExternalStore` re-renders only when that symbol moved.
//
// Keys are pair keys: upper-case, no separator ('BTCUSDT'), the same for 'BTC/USDT', 'btc_usdt' and
// 'btcusdt'. Values stay decimal strings; nothing here turns a price into a JS number.

export interface LiveTicker {
  /** Pair key, e.g. 'BTCUSDT'. */
  key: string;
  close: string;
  /** 24 h change percent, e.g. '-1.23'. */
  zdf?: string | undefined;
  /** 24 h quote turnover. */
  amount?: string | undefined;
  /** 24 h base volume. */
  volume?: string | undefined;
  high?: string | undefined;
  low?: string | undefined;
  /** Milliseconds since the epoch of the last change the client received. */
  time: number;
}

export type TickerUpdate = Omit<LiveTicker, 'time' | 'key'> & { key: string; time?: number };

/** 'BTC/USDT', 'btc_usdt', 'btc-usdt', 'btcusdt' -> 'BTCUSDT'. */
export function pairKey(symbol: string): string {
  return symbol.replace(/[^a-z0-9]/gi, '').toUpperCase();
}

export type FrameScheduler = (flush: () => void) => void;

/** requestAnimationFrame where there is one (a hidden tab pauses it; pushes then wait, merged). */
export const animationFrameScheduler: FrameScheduler = (flush) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

export interface TickerStore {
  /** Queues an update; it is committed with the next frame. Later updates of a key in a frame win. */
  push(update: TickerUpdate): void;
  /** The committed ticker of a pair key (any spelling, see pairKey). */
  get(symbol: string): LiveTicker | undefined;
  /** Called once per committed frame. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Increases with every committed frame (useful as a snapshot for "anything changed"). */
  version(): number;
  /** Commits pending updates now (tests, and a final flush on teardown). */
  flush(): void;
  /** Drops every ticker and pending update (tests). */
  reset(): void;
}

export function createTickerStore(
  schedule: FrameScheduler = animationFrameScheduler,
  now = Date.now,
): TickerStore {
  let committed = new Map<string, LiveTicker>();
  let pending = new Map<string, TickerUpdate>();
  let scheduled = false;
  let version = 0;
  const listeners = new Set<() => void>();

  function flush(): void {
    scheduled = false;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    let changed = false;
    for (const [key, update] of batch) {
      const previous = committed.get(key);
      const next: LiveTicker = {
        key,
        close: update.close,
        zdf: update.zdf ?? previous?.zdf,
        amount: update.amount ?? previous?.amount,
        volume: update.volume ?? previous?.volume,
        high: update.high ?? previous?.high,
        low: update.low ?? previous?.low,
        time: update.time ?? now(),
      };
      if (
        previous &&
        previous.close === next.close &&
        previous.zdf === next.zdf &&
        previous.amount === next.amount &&
        previous.volume === next.volume &&
        previous.high === next.high &&
        previous.low === next.low
      )
        continue;
      if (!changed) {
        // Copy on write: a snapshot handed out earlier never changes under its reader.
        committed = new Map(committed);
        changed = true;
      }
      committed.set(key, next);
    }
    if (!changed) return;
    version += 1;
    for (const listener of [...listeners]) listener();
  }

  return {
    push(update) {
      if (!update.close) return;
      const key = pairKey(update.key);
      if (!key) return;
      const queued = pending.get(key);
      pending.set(key, queued ? { ...queued, ...dropUndefined(update), key } : { ...update, key });
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
    get(symbol) {
      return committed.get(pairKey(symbol));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    version: () => version,
    flush,
    reset() {
      committed = new Map();
      pending = new Map();
      version += 1;
      for (const listener of [...listeners]) listener();
    },
  };
}

function dropUndefined(update: TickerUpdate): Partial<TickerUpdate> {
  const out: Partial<TickerUpdate> = {};
  for (const [k, v] of Object.entries(update)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** The app's one ticker store: every live-price view reads from it. */
export const tickerStore = createTickerStore();
