// The market's public contract for other areas (wallet valuation and swap, realtime, home page).
// Owned by the market-data work; other areas only read these types and `app.market`.

export interface IndexTick {
  /** Upper-case pair without separator, e.g. 'BTCUSDT'. */
  symbol: string;
  /** Decimal string (never a JS number for money). */
  price: string;
  /** Milliseconds since the epoch. */
  time: number;
  /** 'simulator' or the external source's name; for a median of several, e.g. 'median:a,b'. */
  source: string;
}

export interface TickerSnapshot {
  symbol: string;
  /** BASE/QUOTE, e.g. 'BTC/USDT'. */
  symbolName: string;
  close: string;
  open: string;
  high: string;
  low: string;
  /** 24 h change percent as a decimal string, e.g. '-1.23'. */
  zdf: string;
  /** 24 h base volume. */
  volume: string;
  /** 24 h quote turnover. */
  amount: string;
  time: number;
}

export interface KlineBar {
  symbol: string;
  /** '1m' | '5m' | '15m' | '30m' | '1h' | '4h' | '1d' | '1w' | '1M' */
  interval: string;
  /** Bar open time in ms. */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  amount: string;
}

export interface MarketEventMap {
  /** Every new index tick. */
  tick: IndexTick;
  /** A changed 24 h ticker (at most once per tick per symbol). */
  ticker: TickerSnapshot;
  /** The current (open) bar of one interval after it changed. */
  kline: KlineBar;
  /** The coin and market catalogue was reloaded (an operator changed it). */
  catalog: MarketListing[];
}

/** A market of the catalogue as the trading areas need it. */
export interface MarketListing {
  /** 'btcusdt' */
  symbol: string;
  coin: string;
  quote: string;
  priceDecimals: number;
  qtyDecimals: number;
  /** Spot minimums (null: the defaults). */
  minQty: string | null;
  minNotional: string | null;
  listSpot: boolean;
  listSeconds: boolean;
  listContract: boolean;
  /** Coin and market enabled. */
  listed: boolean;
}

export interface MarketApi {
  /** Latest index price of a symbol such as 'BTCUSDT'; undefined when unknown. */
  latest(symbol: string): IndexTick | undefined;
  /** USDT value of one unit of an asset ('USDT' is 1); undefined when no price is known. */
  usdtPrice(asset: string): string | undefined;
  tickers(): TickerSnapshot[];
  /** Every market of the catalogue, enabled or not. */
  listings(): MarketListing[];
  /** True when the embedded simulator is (one of) the price source(s): the UI shows a label. */
  simulated(): boolean;
  on<K extends keyof MarketEventMap>(event: K, listener: (value: MarketEventMap[K]) => void): () => void;
  /** Symbols ('BTCUSDT') of every market the feeds price, enabled or not. */
  symbols(): string[];
  /**
   * The stored index tick in force at `time` (the last one at or before it) for citing in a settlement;
   * undefined when none was stored within the retention window.
   */
  tickAt(symbol: string, time: number): Promise<IndexTick | undefined>;
  /**
   * A trade of a market that trades (spot): from the first trade on, its K-lines and ticker are built
   * from trades instead of index ticks. price and qty are decimal strings; time in ms.
   */
  ingestTrade(
    symbol: string,
    price: string,
    qty: string,
    time: number,
    side?: 'buy' | 'sell',
    /** Both sides were platform accounts (the demo market maker). */
    demo?: boolean,
    /** The core seq of the trade's command: the bars' trade cursor (keepTradeCursor). */
    seq?: number,
  ): void;
  /**
   * The core seq up to which the stored bars hold the spot trades; undefined when none is stored yet, or
   * in a process that writes no bars (a cluster gateway). After a restart keepTradeCursor(it), then the
   * trades after it are applied again (ingestTrade with their seq, in seq order).
   */
  tradeCursor(): Promise<number | undefined>;
  /**
   * The trades up to `seq` are in the bars: from now on every bar write stores the bars' trade cursor
   * (and with `store`, `seq` is stored at once: there was none).
   */
  keepTradeCursor(seq: number, store?: boolean): Promise<void>;
  /**
   * After a restart: the stored latest trades of a market that traded before (newest first), so its
   * recent trades, ticker close and bars stay trade-based before its next trade (index ticks no longer
   * move its bars). Ignored once the market has traded since the start.
   */
  seedTrades(
    symbol: string,
    trades: ReadonlyArray<{ price: string; qty: string; time: number; side: 'buy' | 'sell'; demo: boolean }>,
  ): void;
  /**
   * One feed step at the clock's now: poll external sources when manual, compute the index, emit events
   * and persist. The timer calls it every MARKET_TICK_MS; with MARKET_TICK_MS=0 tests call it by hand
   * after advancing their ManualClock. No tick is made when the clock has not moved.
   */
  step(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketApi;
  }
}
