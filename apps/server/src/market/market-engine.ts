// The market-data engine behind `app.market`: catalogue, feeds, index ticks, tickers and K-lines.
// One step (timer or test) asks every feed for a quote, takes the median of the fresh ones per symbol,
// stores the tick, folds it into the bars (unless the market trades: then trades build the bars),
// emits events and persists in one batch. State is rebuilt from SQL at start.
// Reads for the routes never touch SQL except K-line history beyond memory and stored ticks: 24 h tickers
// are memoized per symbol until that symbol's data or the current minute changes, and dataVersion()
// tells route caches when any public market view may have changed.
import { EventEmitter } from 'node:events';
import { type Amount, amountFromAtoms } from '@coin/shared/money';
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { AppConfig } from '@/config';
import { bulkInsert } from '@/db/bulk-insert';
import type { Db } from '@/db/client';
import { marketKlines, marketTicks, projectionCursors, spotTrades } from '@/db/schema';
import type { Clock } from '@/lib/clock';
import { recentBarsWhere } from './bar-windows';
import { type Catalog, type CoinRow, loadCatalog, type MarketRowSql, QUOTE, seedCatalog } from './catalog';
import { atoms, changePercent, str, times } from './decimal';
import { ExternalFeed, normalizeSymbol, parseFeedUrls } from './feeds/external';
import { indexQuote } from './feeds/index-price';
import type { PriceFeed } from './feeds/price-feed';
import { SimulatorFeed } from './feeds/simulator';
import { type Bar, bucketStart, INTERVALS, type Interval, MEMORY_BARS, SymbolBars } from './kline';
import type {
  IndexTick,
  KlineBar,
  MarketApi,
  MarketEventMap,
  MarketListing,
  TickerSnapshot,
} from './price-index';

export interface MarketEntry {
  /** 'BTCUSDT' */
  key: string;
  market: MarketRowSql;
  coin: CoinRow;
  /** Coin and market enabled: shown in public lists. */
  listed: boolean;
}

export interface Trade {
  price: string;
  qty: string;
  amount: string;
  time: number;
  /** The taker's side. */
  side?: 'buy' | 'sell';
  /** Both sides were platform accounts (the demo market maker): labelled as demo liquidity. */
  demo?: boolean;
}

/** A trade of the recent-trades list, as ingested live or read back after a restart. */
function tradeRecord(
  price: string,
  qty: string,
  amount: Amount,
  time: number,
  side: 'buy' | 'sell' | undefined,
  demo: boolean,
): Trade {
  return { price, qty, amount: str(amount), time, ...(side ? { side } : {}), demo };
}

/**
 * Whether a decimal text is already in the form str() prints (digits, no leading zero before another
 * digit, no trailing zero after the point): the core's texts are, and are then kept instead of printed
 * again from their atoms.
 */
function isCanonical(text: string): boolean {
  return CANONICAL.test(text);
}
const CANONICAL = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

export interface FeedStatus {
  simulated: boolean;
  mode: AppConfig['MARKET_FEED'];
  tickMs: number;
  sources: Array<{ name: string; kind: string; lastTime: number | null; fresh: boolean; error?: string }>;
}

type Logger = { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const TRADES_KEPT = 50;
const INSERT_CHUNK = 2000;
/**
 * Changed bars are upserted this many rows per statement, with a turn of the event loop between
 * statements: the embedded database runs on the main thread, and one statement of every market's bars
 * held requests up for 75-200 ms every BAR_FLUSH_MS (p99 of the hot read paths in bench/http.ts).
 */
const BAR_CHUNK = 48;
/** A changed bar replaces the stored one (the open bar is written again as it changes). */
const KLINE_UPSERT = `on conflict ("symbol", "interval", "time") do update set "open" = excluded."open",
  "high" = excluded."high", "low" = excluded."low", "close" = excluded."close", "volume" = excluded."volume",
  "amount" = excluded."amount", "simulated" = excluded."simulated"`;
type TickRow = typeof marketTicks.$inferInsert;
type DirtyBar = { key: string; interval: Interval; bar: Bar };

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * The cursor (in projection_cursors) of the spot trades the stored bars hold: the core seq of the last
 * trade applied to the bars when they were last written. Written in the same transaction as the bars, so
 * after a kill -9 the trades after it (at most BAR_FLUSH_MS of them) are applied again from the journal,
 * never twice (docs/market.md, "Trades after a crash").
 */
export const TRADE_BARS_CURSOR = 'market.spot-trades';
const BAR_FLUSH_MS = 5000;
/**
 * The K-line and ticker events of trades go out at most this often per symbol (the latest state of each
 * bar then). Binance updates its kline streams every 2 s and its tickers every second; the trades
 * themselves (TRADE events, the depth diffs) are not delayed by this.
 */
export const TRADE_EVENTS_MS = 100;
const MINUTE_MS = 60_000;

export const toKey = (symbol: string) => normalizeSymbol(symbol);

/** One symbol's index quote of a step; amounts as the decimal strings of their scaled integers. */
export interface StepQuote {
  key: string;
  price: string;
  volume: string;
  source: string;
  simulated: boolean;
}

/** The index quotes of one market step at `time` (ms). */
export interface MarketStep {
  time: number;
  quotes: StepQuote[];
}

export class MarketEngine implements MarketApi {
  private catalog: Catalog = { coins: [], markets: [] };
  private entries = new Map<string, MarketEntry>();
  private readonly feeds: PriceFeed[] = [];
  private readonly simulator: SimulatorFeed | undefined;
  private readonly externals: ExternalFeed[] = [];
  private readonly latestTicks = new Map<string, IndexTick>();
  private readonly bars = new Map<string, SymbolBars>();
  private readonly traded = new Set<string>();
  private readonly trades = new Map<string, Trade[]>();
  private pendingTicks: TickRow[] = [];
  /** Bars changed since the last write, by object (an open bar is updated in place: kline.ts). */
  private readonly dirtyBars = new Map<Bar, DirtyBar>();
  /** K-line and ticker events of trades, sent once per symbol at the end of a burst. */
  private readonly tradeEvents = new Map<string, { bars: Map<Interval, Bar>; time: number }>();
  private tradeEventsTimer: NodeJS.Timeout | undefined;
  private readonly events = new EventEmitter();
  private readonly stepListeners = new Set<(step: MarketStep) => void>();
  private lastPrune = 0;
  private lastBarFlush = 0;
  private chain: Promise<void> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];
  private stepping = false;
  private closed = false;
  /** The core seq of the newest trade applied to the bars (ingestTrade). */
  private tradeSeq = 0;
  /** The bars' trade cursor is kept (keepTradeCursor ran): bars are written with it, in one transaction. */
  private tradeCursorKept = false;
  /** The trade cursor this process last stored. */
  private storedTradeSeq = 0;
  /** Bumped on every change of catalogue, ticks, bars or trades. */
  private version = 0;
  /**
   * 24 h tickers by symbol, valid for the minute they were computed in: ticker(entry, now) depends on
   * `now` only through its minute (bar times are minute starts) and, for a symbol without a stored tick,
   * through its `time` field, so those are never memoized.
   */
  private readonly tickerMemo = new Map<string, { minute: number; ticker: TickerSnapshot | undefined }>();
  private tickersMemo: { version: string; list: TickerSnapshot[] } | undefined;
  /** Per symbol: the fold of the closed 1m bars in the 24 h window (see window()). */
  private readonly windowMemo = new Map<
    string,
    { lastClosed: Bar | undefined; from: number; closed: BarWindow }
  >();

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** A cluster gateway: no feeds, no timer and no writes; the core's steps arrive through applyStep. */
    private readonly follower = false,
    /** A cluster core: the open bars are written with every step, so a gateway that starts (loading the
     * stored bars and ticks) and then follows the steps has exactly the core's bars. */
    private readonly barsEveryStep = false,
  ) {
    this.events.setMaxListeners(0);
    const mode = follower ? 'none' : config.MARKET_FEED;
    if (mode === 'simulator' || mode === 'both') {
      this.simulator = new SimulatorFeed(config.MARKET_SEED, config.MARKET_TICK_MS || 1000);
      this.feeds.push(this.simulator);
    }
    if (mode === 'external' || mode === 'both') {
      for (const source of parseFeedUrls(config.MARKET_FEED_URLS)) {
        const feed = new ExternalFeed(source.name, source.url);
        this.externals.push(feed);
        this.feeds.push(feed);
      }
    }
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  async start(): Promise<void> {
    const now = this.clock.now().getTime();
    await seedCatalog(this.db, new Date(now));
    await this.reload();
    await this.loadBars();
    await this.startSimulator(now);
    if (this.follower) return;
    await this.step();
    if (this.config.MARKET_TICK_MS > 0) {
      this.timers.push(setInterval(() => void this.timedStep(), this.config.MARKET_TICK_MS));
      for (const feed of this.externals) {
        const poll = () => void feed.poll(this.clock.now().getTime());
        poll();
        this.timers.push(setInterval(poll, this.config.MARKET_FEED_POLL_MS));
      }
      for (const t of this.timers) t.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.tradeEventsTimer !== undefined) clearTimeout(this.tradeEventsTimer);
    this.tradeEventsTimer = undefined;
    await this.chain;
    try {
      await this.flush();
    } catch (err) {
      // Closing goes on (the database may be refusing writes): the trades after the stored trade cursor
      // are applied again at the next start; index bars not written are the only loss.
      this.log.warn({ err }, 'market: the last write of ticks and bars failed');
    }
  }

  /** Re-reads coins and markets (after an operator's change) and starts the walk of new symbols. */
  async reload(): Promise<void> {
    this.catalog = await loadCatalog(this.db);
    const coins = new Map(this.catalog.coins.map((c) => [c.coin, c]));
    const entries = new Map<string, MarketEntry>();
    for (const market of this.catalog.markets) {
      const coin = coins.get(market.coin);
      if (!coin) continue;
      const key = toKey(market.symbol);
      entries.set(key, { key, market, coin, listed: market.enabled && coin.enabled });
      if (!this.bars.has(key)) this.bars.set(key, new SymbolBars());
    }
    this.entries = entries;
    this.touch();
    this.emit('catalog', this.listings());
    if (this.simulator) {
      const now = this.clock.now().getTime();
      for (const entry of entries.values()) {
        if (!this.simulator.has(entry.key)) {
          const last = this.latestTicks.get(entry.key);
          this.simulator.start(
            this.simCoin(entry),
            Number(last?.price ?? entry.coin.initialPrice),
            last?.time ?? now,
          );
        }
      }
    }
  }

  private simCoin(entry: MarketEntry) {
    return {
      symbol: entry.key,
      initialPrice: Number(entry.coin.initialPrice),
      volatility: Number(entry.coin.volatility),
      dailyTurnover: Number(entry.coin.simDailyTurnover),
      priceDecimals: entry.market.priceDecimals,
      qtyDecimals: entry.market.qtyDecimals,
    };
  }

  private async loadBars(): Promise<void> {
    // Only the windows memory keeps, each bounded by time so the primary key serves a long history.
    const windows = recentBarsWhere(this.clock.now().getTime());
    // Bars and ticks from one snapshot: a cluster core commits a step's ticks and bars together, and a
    // gateway skips the buffered steps whose ticks it loaded, so their bars must be in what it loaded.
    const [rows, latest] = await this.db.transaction(
      async (tx) =>
        [
          (await tx.execute(sql`select symbol, interval, time, open, high, low, close, volume, amount, simulated from (
      select *, row_number() over (partition by symbol, interval order by time desc) as rn
      from ${marketKlines} where ${windows}) ranked where rn <= ${MEMORY_BARS['1m']} order by time asc`)) as unknown as {
            rows: Array<Parameters<typeof rowToBar>[0] & { symbol: string; interval: string }>;
          },
          // The latest stored tick per symbol: where a restart continues.
          (await tx.execute(
            sql`select distinct on (symbol) symbol, time, price, source from ${marketTicks} order by symbol, time desc`,
          )) as unknown as {
            rows: Array<{ symbol: string; time: string | number; price: string; source: string }>;
          },
        ] as const,
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Markets that have traded keep trade-based bars from the first step after a restart on (the spot
    // area hands over their latest trades before the server listens: seedTrades).
    const symbols = [...this.entries.values()].map((e) => e.market.symbol);
    if (symbols.length > 0) {
      const traded = (await this.db.execute(
        sql`select v.symbol from (values ${sql.join(
          symbols.map((s) => sql`(${s})`),
          sql`, `,
        )}) as v(symbol) where exists (select 1 from ${spotTrades} t where t.symbol = v.symbol)`,
      )) as unknown as { rows: Array<{ symbol: string }> };
      for (const r of traded.rows) this.traded.add(toKey(r.symbol));
    }
    const grouped = new Map<string, Bar[]>();
    for (const r of rows.rows) {
      const id = `${r.symbol}|${r.interval}`;
      const list = grouped.get(id) ?? [];
      list.push(rowToBar(r));
      grouped.set(id, list);
    }
    for (const [id, list] of grouped) {
      const [symbol = '', interval = ''] = id.split('|');
      const bars = this.bars.get(toKey(symbol));
      if (bars && (INTERVALS as readonly string[]).includes(interval)) bars.load(interval as Interval, list);
    }
    this.touch();
    for (const r of latest.rows) {
      const key = toKey(r.symbol);
      this.latestTicks.set(key, {
        symbol: key,
        time: Number(r.time),
        price: str(atoms(r.price)),
        source: r.source,
      });
    }
    this.touch();
  }

  private async startSimulator(now: number): Promise<void> {
    const sim = this.simulator;
    if (!sim) return;
    const backfillMs = this.config.MARKET_BACKFILL_HOURS * 3_600_000;
    for (const entry of this.entries.values()) {
      const last = this.latestTicks.get(entry.key);
      const bars = this.bars.get(entry.key);
      const lastBar = bars?.bars['1m'].at(-1);
      if (last) {
        sim.start(this.simCoin(entry), Number(last.price), last.time);
      } else if (lastBar) {
        sim.start(this.simCoin(entry), Number(str(lastBar.close)), lastBar.time + 60_000);
      } else if (backfillMs > 0 && bars) {
        // A fresh start: a deterministic simulated past so charts and 24 h tickers are not empty.
        const from = bucketStart('1m', now - backfillMs);
        const to = bucketStart('1m', now);
        sim.start(this.simCoin(entry), Number(entry.coin.initialPrice), from);
        for (const bar of sim.backfill(entry.key, from, to)) bars.addMinuteBar(bar);
        for (const interval of INTERVALS) {
          for (const bar of bars.bars[interval]) this.markDirty(entry.key, interval, bar);
        }
        this.touch(entry.key);
      } else {
        sim.start(this.simCoin(entry), Number(entry.coin.initialPrice), now);
      }
    }
    await this.flush();
  }

  // ---- the step --------------------------------------------------------------------------------

  private async timedStep(): Promise<void> {
    if (this.stepping || this.closed) return;
    try {
      await this.step();
    } catch (err) {
      this.log.error({ err }, 'market step failed');
    }
  }

  async step(): Promise<void> {
    this.stepping = true;
    const run = this.chain.then(() => this.runStep());
    this.chain = run.catch(() => {});
    try {
      await run;
    } finally {
      this.stepping = false;
    }
  }

  private async runStep(): Promise<void> {
    const now = this.clock.now().getTime();
    if (this.config.MARKET_TICK_MS === 0) await Promise.all(this.externals.map((f) => f.poll(now)));
    const quotes: StepQuote[] = [];
    for (const entry of this.entries.values()) {
      const last = this.latestTicks.get(entry.key);
      if (last && now <= last.time) continue;
      const q = indexQuote(this.feeds, entry.key, now, this.config.MARKET_FEED_STALE_MS);
      if (!q) continue;
      quotes.push({
        key: entry.key,
        price: q.price.toString(),
        volume: q.volume.toString(),
        source: q.source,
        simulated: q.simulated,
      });
    }
    const step: MarketStep = { time: now, quotes };
    try {
      await this.applyQuotes(step);
    } finally {
      // After the step's ticks and bars are written: a gateway that subscribes and then loads what is
      // stored either finds a step in its snapshot or receives it. (If the write failed, the step is in
      // this engine's memory all the same, and so it goes to the gateways' too.)
      for (const listener of this.stepListeners) listener(step);
    }
  }

  /** Every step's index quotes, once applied and written (a cluster's core publishes them to its
   * gateways). */
  onStep(listener: (step: MarketStep) => void): () => void {
    this.stepListeners.add(listener);
    return () => this.stepListeners.delete(listener);
  }

  /** A follower applies a step computed by the core: the same ticks, bars and events as the core. */
  applyStep(step: MarketStep): Promise<void> {
    const run = this.chain.then(() => this.applyQuotes(step));
    this.chain = run.catch(() => {});
    return run;
  }

  private async applyQuotes({ time: now, quotes }: MarketStep): Promise<void> {
    for (const sq of quotes) {
      const entry = this.entries.get(sq.key);
      if (!entry) continue;
      const last = this.latestTicks.get(entry.key);
      if (last && now <= last.time) continue;
      const q = {
        price: amountFromAtoms(BigInt(sq.price)),
        volume: amountFromAtoms(BigInt(sq.volume)),
        source: sq.source,
        simulated: sq.simulated,
      };
      const tick: IndexTick = { symbol: entry.key, price: str(q.price), time: now, source: q.source };
      this.latestTicks.set(entry.key, tick);
      this.touch(entry.key);
      this.pendingTicks.push({
        symbol: entry.market.symbol,
        time: now,
        price: tick.price,
        source: tick.source,
      });
      this.emit('tick', tick);
      if (!this.traded.has(entry.key)) {
        const amount = times(q.price, q.volume, 8);
        this.applyPoint(entry.key, {
          time: now,
          price: q.price,
          volume: q.volume,
          amount,
          simulated: q.simulated,
        });
      }
      const ticker = this.ticker(entry, now);
      // Computed at the step's time anyway: the routes' reads in this minute reuse it.
      this.tickerMemo.set(entry.key, { minute: minuteOf(now), ticker });
      if (ticker) this.emit('ticker', ticker);
    }
    // Ticks are written every step (settlements cite them); the open bars, which change every step,
    // at most every BAR_FLUSH_MS (memory serves the newest bars meanwhile; close() writes the rest).
    const barsDue =
      this.barsEveryStep || this.config.MARKET_TICK_MS === 0 || now - this.lastBarFlush >= BAR_FLUSH_MS;
    await this.flush(barsDue);
    if (barsDue) this.lastBarFlush = now;
    if (!this.follower && now - this.lastPrune >= PRUNE_EVERY_MS) await this.prune(now);
  }

  private applyPoint(
    key: string,
    point: Parameters<SymbolBars['apply']>[0],
    emit: (interval: Interval, bar: Bar) => void = (interval, bar) =>
      this.emit('kline', toKlineBar(key, interval, bar)),
  ): void {
    const bars = this.bars.get(key);
    if (!bars) return;
    this.touch(key);
    for (const { interval, bar } of bars.apply(point)) {
      this.markDirty(key, interval, bar);
      emit(interval, bar);
    }
  }

  /**
   * Trades arrive in bursts (every fill of a core batch at once): their K-line and ticker events go out
   * once per symbol every TRADE_EVENTS_MS at most, with the bars' latest state, instead of once per fill
   * and interval (under load a burst came every millisecond or two, and each sent nine bars and a ticker).
   */
  private queueTradeEvents(key: string, interval: Interval, bar: Bar, time: number): void {
    let pending = this.tradeEvents.get(key);
    if (pending === undefined) {
      pending = { bars: new Map(), time };
      this.tradeEvents.set(key, pending);
    }
    pending.bars.set(interval, bar);
    pending.time = Math.max(pending.time, time);
    if (this.tradeEventsTimer === undefined) {
      this.tradeEventsTimer = setTimeout(() => this.emitTradeEvents(), TRADE_EVENTS_MS);
    }
  }

  private emitTradeEvents(): void {
    this.tradeEventsTimer = undefined;
    const pending = [...this.tradeEvents];
    this.tradeEvents.clear();
    if (this.closed) return;
    for (const [key, { bars, time }] of pending) {
      for (const [interval, bar] of bars) this.emit('kline', toKlineBar(key, interval, bar));
      const entry = this.entries.get(key);
      const ticker = entry && this.ticker(entry, time);
      if (ticker) this.emit('ticker', ticker);
    }
  }

  private markDirty(key: string, interval: Interval, bar: Bar): void {
    if (!this.dirtyBars.has(bar)) this.dirtyBars.set(bar, { key, interval, bar });
  }

  private emit<K extends keyof MarketEventMap>(event: K, value: MarketEventMap[K]): void {
    for (const listener of this.events.listeners(event)) {
      try {
        (listener as (v: MarketEventMap[K]) => void)(value);
      } catch (err) {
        this.log.warn({ err, event }, 'market event listener failed');
      }
    }
  }

  /** Writes buffered ticks and (unless told otherwise) changed bars in batches. */
  async flush(withBars = true): Promise<void> {
    const ticks = this.pendingTicks;
    this.pendingTicks = [];
    // With the trade cursor kept, the bars are copied as they are now, with the seq of the newest trade
    // in them: a trade during the write changes an open bar in place (and marks it for the next write).
    const cursor =
      withBars && this.tradeCursorKept && this.tradeSeq > this.storedTradeSeq ? this.tradeSeq : 0;
    const dirty = withBars ? [...this.dirtyBars.values()] : [];
    const bars = uniqueBars(dirty, this.tradeCursorKept);
    if (withBars) this.dirtyBars.clear();
    // A follower's ticks and bars are the core's, which writes them.
    if (this.follower) return;
    try {
      if ((this.barsEveryStep && ticks.length + bars.length > 0) || cursor > 0) {
        // A cluster core: a step's ticks and bars commit together, so a gateway loading them in one
        // snapshot (loadBars) never sees a step's tick without its bars (it would skip that step's
        // volume). Bars holding new trades commit with their trade cursor.
        await this.db.transaction(async (tx) => {
          await this.write(tx, ticks, bars, !this.barsEveryStep);
          if (cursor > 0) await saveTradeCursor(tx, cursor, new Date(this.clock.now().getTime()));
        });
        if (cursor > this.storedTradeSeq) this.storedTradeSeq = cursor;
      } else {
        await this.write(this.db, ticks, bars, true);
      }
    } catch (err) {
      // Not written: the bars go with the next write (in their state then), so a later trade cursor never
      // stands for bars that were not stored.
      for (const d of dirty) this.markDirty(d.key, d.interval, d.bar);
      throw err;
    }
  }

  /**
   * The stored trade cursor of the bars (TRADE_BARS_CURSOR); undefined when there is none yet, and for a
   * follower (it writes no bars). The trades after it are not in the stored bars: keepTradeCursor(it),
   * then apply them again (ingestTrade with their seq, in seq order).
   */
  async tradeCursor(): Promise<number | undefined> {
    if (this.follower) return undefined;
    const [row] = await this.db
      .select({ seq: projectionCursors.seq })
      .from(projectionCursors)
      .where(eq(projectionCursors.name, TRADE_BARS_CURSOR));
    return row?.seq;
  }

  /**
   * From now on every bar write stores the bars' trade cursor with them: the seq of the newest trade in
   * them, at least `seq` (the trades up to it are in the bars, stored or applied again since the start).
   * Call it before applying the stored cursor's later trades again (in seq order): a write meanwhile
   * then stores exactly what the bars hold. `store`: store `seq` now (there is none yet: a kill -9 before
   * the first bar write must still find where to apply trades from).
   */
  async keepTradeCursor(seq: number, store = false): Promise<void> {
    if (this.follower) return;
    if (seq > this.tradeSeq) this.tradeSeq = seq;
    this.tradeCursorKept = true;
    if (!store) return;
    await saveTradeCursor(this.db, seq, new Date(this.clock.now().getTime()));
    if (seq > this.storedTradeSeq) this.storedTradeSeq = seq;
  }

  private async write(db: Db, ticks: TickRow[], bars: DirtyBar[], yieldBetween: boolean): Promise<void> {
    // One array-literal statement per chunk (db/bulk-insert.ts): drizzle's builder spent most of the
    // start-up back-fill's main-thread time wrapping each of its hundreds of thousands of values.
    for (let i = 0; i < ticks.length; i += INSERT_CHUNK) {
      const chunk = ticks.slice(i, i + INSERT_CHUNK);
      await bulkInsert(db, marketTicks, chunk, 'on conflict do nothing', chunk.length);
    }
    for (let i = 0; i < bars.length; i += BAR_CHUNK) {
      if (i > 0 && yieldBetween) await yieldToIo();
      const rows = bars.slice(i, i + BAR_CHUNK).map(({ key, interval, bar }) => ({
        symbol: this.entries.get(key)?.market.symbol ?? key.toLowerCase(),
        interval,
        time: bar.time,
        open: str(bar.open),
        high: str(bar.high),
        low: str(bar.low),
        close: str(bar.close),
        volume: str(bar.volume),
        amount: str(bar.amount),
        simulated: bar.simulated,
      }));
      await bulkInsert(db, marketKlines, rows, KLINE_UPSERT, rows.length);
    }
  }

  /** Deletes stored ticks older than the retention window; returns how many went. */
  async prune(now = this.clock.now().getTime()): Promise<number> {
    this.lastPrune = now;
    const cutoff = now - this.config.MARKET_TICK_RETENTION_HOURS * 3_600_000;
    const deleted = await this.db.delete(marketTicks).where(lt(marketTicks.time, cutoff)).returning({
      time: marketTicks.time,
    });
    return deleted.length;
  }

  // ---- MarketApi -------------------------------------------------------------------------------

  latest(symbol: string): IndexTick | undefined {
    return this.latestTicks.get(toKey(symbol));
  }

  usdtPrice(asset: string): string | undefined {
    const a = asset.trim().toUpperCase();
    if (a === QUOTE.toUpperCase()) return '1';
    return this.latest(`${a}${QUOTE}`)?.price;
  }

  /** Tickers of every listed market; the same array until dataVersion() changes. Do not mutate. */
  tickers(): TickerSnapshot[] {
    const version = this.dataVersion();
    if (this.tickersMemo?.version === version) return this.tickersMemo.list;
    const out: TickerSnapshot[] = [];
    let memoizable = true;
    for (const entry of this.entries.values()) {
      if (!entry.listed) continue;
      if (!this.latestTicks.has(entry.key)) memoizable = false;
      const t = this.currentTicker(entry);
      if (t) out.push(t);
    }
    this.tickersMemo = memoizable ? { version, list: out } : undefined;
    return out;
  }

  /**
   * Changes whenever a public market view (lists, rows, tickers) may change: a catalogue reload, a tick,
   * a bar, a trade, or the start of a new minute (the 24 h window moves). Route caches key on it.
   */
  dataVersion(): string {
    return `${this.version}:${minuteOf(this.clock.now().getTime())}`;
  }

  /** Records a change of one symbol's data (or of everything): its memoized ticker is dropped. */
  private touch(key?: string): void {
    this.version++;
    if (key === undefined) this.tickerMemo.clear();
    else this.tickerMemo.delete(key);
  }

  simulated(): boolean {
    if (this.follower) return this.config.MARKET_FEED !== 'external';
    return this.simulator !== undefined;
  }

  listings(): MarketListing[] {
    return [...this.entries.values()].map(({ market: m, listed }) => ({
      symbol: m.symbol,
      coin: m.coin,
      quote: m.quote,
      priceDecimals: m.priceDecimals,
      qtyDecimals: m.qtyDecimals,
      minQty: m.minQty,
      minNotional: m.minNotional,
      listSpot: m.listSpot,
      listSeconds: m.listSeconds,
      listContract: m.listContract,
      listed,
    }));
  }

  on<K extends keyof MarketEventMap>(event: K, listener: (value: MarketEventMap[K]) => void): () => void {
    this.events.on(event, listener);
    return () => {
      this.events.off(event, listener);
    };
  }

  symbols(): string[] {
    return [...this.entries.keys()];
  }

  async tickAt(symbol: string, time: number): Promise<IndexTick | undefined> {
    const entry = this.entries.get(toKey(symbol));
    if (!entry) return undefined;
    const pending = this.pendingTicks
      .filter((t) => t.symbol === entry.market.symbol && t.time <= time)
      .at(-1);
    const [row] = await this.db
      .select()
      .from(marketTicks)
      .where(and(eq(marketTicks.symbol, entry.market.symbol), lte(marketTicks.time, time)))
      .orderBy(desc(marketTicks.time))
      .limit(1);
    const best = pending && (!row || pending.time > row.time) ? pending : row;
    if (!best) return undefined;
    return { symbol: entry.key, price: str(atoms(best.price)), time: best.time, source: best.source };
  }

  ingestTrade(
    symbol: string,
    price: string,
    qty: string,
    time: number,
    side?: 'buy' | 'sell',
    demo = false,
    seq?: number,
  ): void {
    if (seq !== undefined && seq > this.tradeSeq) this.tradeSeq = seq;
    const key = toKey(symbol);
    if (!this.entries.has(key)) return;
    const p = atoms(price);
    const q = atoms(qty);
    const amount = times(p, q, 8);
    this.traded.add(key);
    this.touch(key);
    const list = this.trades.get(key) ?? [];
    list.unshift(
      tradeRecord(
        isCanonical(price) ? price : str(p),
        isCanonical(qty) ? qty : str(q),
        amount,
        time,
        side,
        demo,
      ),
    );
    if (list.length > TRADES_KEPT) list.length = TRADES_KEPT;
    this.trades.set(key, list);
    this.applyPoint(key, { time, price: p, volume: q, amount, simulated: false }, (interval, bar) =>
      this.queueTradeEvents(key, interval, bar, time),
    );
  }

  // ---- reads for the routes --------------------------------------------------------------------

  entry(symbol: string): MarketEntry | undefined {
    return this.entries.get(toKey(symbol));
  }

  allEntries(): MarketEntry[] {
    return [...this.entries.values()];
  }

  coins(): CoinRow[] {
    return this.catalog.coins;
  }

  seedTrades(
    symbol: string,
    trades: ReadonlyArray<{ price: string; qty: string; time: number; side: 'buy' | 'sell'; demo: boolean }>,
  ): void {
    const key = toKey(symbol);
    // A trade since the start already made the list (and the bars hold the stored trades already).
    if (!this.entries.has(key) || trades.length === 0 || (this.trades.get(key)?.length ?? 0) > 0) return;
    this.traded.add(key);
    this.trades.set(
      key,
      trades.slice(0, TRADES_KEPT).map((t) => {
        const p = atoms(t.price);
        const q = atoms(t.qty);
        return tradeRecord(str(p), str(q), times(p, q, 8), t.time, t.side, t.demo);
      }),
    );
    this.tickerMemo.delete(key);
    this.touch(key);
  }

  recentTrades(symbol: string): Trade[] {
    return this.trades.get(toKey(symbol)) ?? [];
  }

  /** The 24 h ticker now; memoized (see tickerMemo). Do not mutate the result. */
  currentTicker(entry: MarketEntry): TickerSnapshot | undefined {
    const now = this.clock.now().getTime();
    const minute = minuteOf(now);
    const memo = this.tickerMemo.get(entry.key);
    if (memo && memo.minute === minute) return memo.ticker;
    const ticker = this.ticker(entry, now);
    if (this.latestTicks.has(entry.key)) this.tickerMemo.set(entry.key, { minute, ticker });
    return ticker;
  }

  /** 24 h rolling ticker from the 1m bars; close is the latest index price (or trade, for a traded market). */
  ticker(entry: MarketEntry, now: number): TickerSnapshot | undefined {
    const key = entry.key;
    const tick = this.latestTicks.get(key);
    const { open, high, low, volume, amount, lastBar } = this.window(key, now);
    const closeText = this.traded.has(key) ? (this.trades.get(key)?.[0]?.price ?? tick?.price) : tick?.price;
    const close = closeText !== undefined ? atoms(closeText) : lastBar?.close;
    if (close === undefined) return undefined;
    const o = open ?? close;
    const h = high === undefined || close > high ? close : high;
    const l = low === undefined || close < low ? close : low;
    return {
      symbol: key,
      symbolName: `${entry.coin.coin.toUpperCase()}/${entry.market.quote.toUpperCase()}`,
      close: str(close),
      open: str(o),
      high: str(h),
      low: str(l),
      zdf: changePercent(o, close),
      volume: str(amountFromAtoms(volume)),
      amount: str(amountFromAtoms(amount)),
      time: tick?.time ?? now,
    };
  }

  /**
   * The 1m bars of the 24 h window ending at `now`, folded. Only the open (last) bar changes between
   * steps; closed bars are never modified, so their fold is kept until a bar closes, the window moves to
   * the next minute, or the list is replaced (load, reset): one pass over ~1440 bars per symbol and
   * minute instead of per step, which blocks the event loop far less.
   */
  private window(key: string, now: number): BarWindow {
    const minutes = this.bars.get(key)?.bars['1m'] ?? [];
    const from = bucketStart('1m', now - DAY_MS) + 60_000;
    const n = minutes.length;
    const lastClosed = n >= 2 ? minutes[n - 2] : undefined;
    // Valid for any `now` at or after the last closed bar: then no closed bar is cut off as in the future.
    const reusable = lastClosed === undefined || lastClosed.time <= now;
    // Any change of the closed bars changes the last closed one: a new bar (pushed, the oldest maybe
    // spliced off) makes the former open bar, a different object, the last closed one, and load or
    // reset bring other objects (or none).
    const memo = this.windowMemo.get(key);
    let closed: BarWindow;
    if (reusable && memo && memo.lastClosed === lastClosed && memo.from === from) {
      closed = memo.closed;
    } else {
      closed = foldBars(minutes, n - 1, from, now);
      if (reusable) this.windowMemo.set(key, { lastClosed, from, closed });
    }
    const open = minutes[n - 1];
    return open && open.time >= from && open.time <= now ? foldWindow(closed, open) : closed;
  }

  /** Bars oldest first with open time <= endTime: memory first, older ones from SQL. */
  async klines(
    symbol: string,
    interval: Interval,
    limit: number,
    endTime: number,
  ): Promise<Array<KlineBar & { simulated: boolean }>> {
    const entry = this.entries.get(toKey(symbol));
    if (!entry) return [];
    const memory = (this.bars.get(entry.key)?.bars[interval] ?? []).filter((b) => b.time <= endTime);
    let bars = memory.slice(-limit);
    if (bars.length < limit) {
      const before = bars[0]?.time ?? endTime + 1;
      const rows = await this.db
        .select()
        .from(marketKlines)
        .where(
          and(
            eq(marketKlines.symbol, entry.market.symbol),
            eq(marketKlines.interval, interval),
            lt(marketKlines.time, before),
          ),
        )
        .orderBy(desc(marketKlines.time))
        .limit(limit - bars.length);
      bars = [...rows.reverse().map(rowToBar), ...bars];
    }
    return bars.map((b) => toKlineBar(entry.key, interval, b));
  }

  /** Whether any bar of the reply range was built from simulated data. */
  async ticks(
    symbol: string,
    from: number,
    to: number,
    limit: number,
  ): Promise<Array<Omit<IndexTick, 'symbol'>>> {
    const entry = this.entries.get(toKey(symbol));
    if (!entry) return [];
    await this.chain;
    await this.flush();
    const rows = await this.db
      .select()
      .from(marketTicks)
      .where(
        and(
          eq(marketTicks.symbol, entry.market.symbol),
          gte(marketTicks.time, from),
          lte(marketTicks.time, to),
        ),
      )
      .orderBy(asc(marketTicks.time))
      .limit(limit);
    return rows.map((r) => ({ time: r.time, price: str(atoms(r.price)), source: r.source }));
  }

  feedStatus(): FeedStatus {
    const now = this.clock.now().getTime();
    return {
      simulated: this.simulated(),
      mode: this.config.MARKET_FEED,
      tickMs: this.config.MARKET_TICK_MS,
      sources: this.feeds.map((f) => {
        const lastTime = f.kind === 'simulator' ? now : f.lastTime();
        const error = f instanceof ExternalFeed ? f.lastError : null;
        return {
          name: f.name,
          kind: f.kind,
          lastTime,
          fresh: lastTime !== null && now - lastTime <= this.config.MARKET_FEED_STALE_MS,
          ...(error ? { error } : {}),
        };
      }),
    };
  }
}

/** A fold of consecutive 1m bars: first open, extremes, sums, the last bar. */
interface BarWindow {
  open: Amount | undefined;
  high: Amount | undefined;
  low: Amount | undefined;
  volume: bigint;
  amount: bigint;
  lastBar: Bar | undefined;
}

/** Folds the first `count` bars whose open time is in [from, to]. */
function foldBars(bars: readonly Bar[], count: number, from: number, to: number): BarWindow {
  let open: Amount | undefined;
  let high: Amount | undefined;
  let low: Amount | undefined;
  let volume = 0n;
  let amount = 0n;
  let lastBar: Bar | undefined;
  for (let i = 0; i < count; i++) {
    const bar = bars[i];
    if (bar === undefined || bar.time < from || bar.time > to) continue;
    if (open === undefined) open = bar.open;
    if (high === undefined || bar.high > high) high = bar.high;
    if (low === undefined || bar.low < low) low = bar.low;
    volume += bar.volume;
    amount += bar.amount;
    lastBar = bar;
  }
  return { open, high, low, volume, amount, lastBar };
}

function foldWindow(w: BarWindow, bar: Bar): BarWindow {
  return {
    open: w.open ?? bar.open,
    high: w.high === undefined || bar.high > w.high ? bar.high : w.high,
    low: w.low === undefined || bar.low < w.low ? bar.low : w.low,
    volume: w.volume + bar.volume,
    amount: w.amount + bar.amount,
    lastBar: bar,
  };
}

function minuteOf(time: number): number {
  return Math.floor(time / MINUTE_MS);
}

function rowToBar(r: {
  time: string | number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  amount: string;
  simulated: boolean;
}): Bar {
  return {
    time: Number(r.time),
    open: atoms(r.open),
    high: atoms(r.high),
    low: atoms(r.low),
    close: atoms(r.close),
    volume: atoms(r.volume),
    amount: atoms(r.amount),
    simulated: r.simulated,
  };
}

/**
 * One row per symbol, interval and open time (an upsert may not touch a row twice): a bar replaced by a
 * newer object of the same bucket (a copy of a loaded bar) yields to the newer one, marked later.
 */
function uniqueBars(dirty: Iterable<DirtyBar>, copy: boolean): DirtyBar[] {
  const byKey = new Map<string, DirtyBar>();
  for (const d of dirty) {
    const k = `${d.key}|${d.interval}|${d.bar.time}`;
    byKey.delete(k);
    byKey.set(k, copy ? { key: d.key, interval: d.interval, bar: { ...d.bar } } : d);
  }
  return [...byKey.values()];
}

/** Moves the bars' trade cursor (never back: a slower earlier write cannot undo a later one). */
async function saveTradeCursor(db: Pick<Db, 'insert'>, seq: number, now: Date): Promise<void> {
  await db
    .insert(projectionCursors)
    .values({ name: TRADE_BARS_CURSOR, seq, updatedAt: now })
    .onConflictDoUpdate({
      target: projectionCursors.name,
      set: { seq: sql`greatest(${projectionCursors.seq}, excluded.seq)`, updatedAt: now },
    });
}

export function toKlineBar(key: string, interval: Interval, b: Bar): KlineBar & { simulated: boolean } {
  return {
    symbol: key,
    interval,
    time: b.time,
    open: str(b.open),
    high: str(b.high),
    low: str(b.low),
    close: str(b.close),
    volume: str(b.volume),
    amount: str(b.amount),
    simulated: b.simulated,
  };
}
