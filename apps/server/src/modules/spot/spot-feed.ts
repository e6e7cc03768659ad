// The spot engine's events to the live market: changed book levels to the depth books (DEPTH diffs),
// trades to the public TRADE stream and to the market data (last price, 24 h ticker, K-lines), and each
// user's order changes to their private channel (ORDER). Runs on the core's publish path, so it only
// updates memory and queues frames.
import type { CoreEvent, MoneyCore, SpotTradeEvent } from '@/core/types';
import type { MarketApi } from '@/market/price-index';
import type { DepthRegistry } from '@/realtime/depth-book';
import type { RealtimeApi } from '@/realtime/realtime-plugin';
import type { SpotMarkets } from './spot-markets';
import { orderFromEvent } from './spot-views';

export interface SpotFeedTargets {
  depth: DepthRegistry | undefined;
  realtime: RealtimeApi | undefined;
  market: MarketApi | undefined;
  /** Both sides of a trade are platform accounts (the demo market maker): its trade is labelled. */
  isPlatform(userId: string): boolean;
}

/** The depth books start from the core's books (after a restart they are not empty). */
export function seedDepth(core: MoneyCore, markets: SpotMarkets, depth: DepthRegistry | undefined): void {
  if (!depth) return;
  for (const r of markets.all()) {
    const book = core.spotDepth(r.symbol, 100_000);
    if (!book) continue;
    // The update id of the seeded book is the core's seq now: every process seeds alike (docs/realtime.md).
    if (book.bids.length + book.asks.length > 0) {
      depth.book(r.symbol.toUpperCase()).applyCanonical(book.bids, book.asks, core.lastSeq());
    }
  }
}

/** What startSpotFeed gives back: its stop, and the catch-up of the market data's trades after a restart. */
export interface SpotFeed {
  stop(): void;
  /**
   * Applies again, from the journal, the trades after the stored bars' trade cursor `cursor` (the market's
   * tradeCursor(), read before startSpotFeed; a kill -9 leaves at most the last few seconds' trades out of
   * the stored bars and recent trades), then lets the live trades through: until it has run, they are held
   * (the market data sees every trade once, in seq order). Run it once, after startSpotFeed.
   */
  catchUpTrades(cursor: number | undefined, log: { warn(message: string): void }): Promise<void>;
}

/** Events per journal read of the trades' catch-up. */
const CATCH_UP_BATCH = 2000;

export function startSpotFeed(core: MoneyCore, markets: SpotMarkets, to: SpotFeedTargets): SpotFeed {
  // The stream names of the core's market symbols ('btcusdt' -> 'BTCUSDT'), made once per market.
  const upper = new Map<string, string>();
  const streamSymbol = (symbol: string): string => {
    let s = upper.get(symbol);
    if (s === undefined) {
      s = symbol.toUpperCase();
      upper.set(symbol, s);
    }
    return s;
  };
  const market = to.market;
  // Live trades for the market data wait here until the catch-up has run; after it, a trade at or below
  // `through` (applied by the catch-up, or in the stored bars) is not applied again.
  let held: SpotTradeEvent[] | undefined = market ? [] : undefined;
  let through = 0;
  const isDemo = (e: SpotTradeEvent) => to.isPlatform(e.makerUserId) && to.isPlatform(e.takerUserId);
  const ingest = (e: SpotTradeEvent, symbol: string, demo: boolean) =>
    market?.ingestTrade(symbol, e.price, e.qty, e.ts, e.takerSide, demo, e.seq);
  const stop = core.subscribe((events: readonly CoreEvent[]) => {
    for (const e of events) {
      if (e.type === 'spot.depth') {
        if (!to.depth || e.bids.length + e.asks.length === 0) continue;
        to.depth.book(streamSymbol(e.symbol)).applyCanonical(e.bids, e.asks, e.seq);
      } else if (e.type === 'spot.trade') {
        const symbol = streamSymbol(e.symbol);
        const demo = isDemo(e);
        if (held !== undefined) held.push(e);
        else if (e.seq > through) ingest(e, symbol, demo);
        to.realtime?.publishTrade({
          id: e.tradeId,
          symbol,
          price: e.price,
          qty: e.qty,
          side: e.takerSide,
          time: e.ts,
          demo,
        });
      } else if (e.type === 'spot.order') {
        if (!to.realtime?.listensTo(e.userId) || to.isPlatform(e.userId)) continue;
        to.realtime.publishUser(e.userId, 'ORDER', orderFromEvent(markets, e));
      }
    }
  });
  return {
    stop,
    async catchUpTrades(cursor, log) {
      if (market === undefined || held === undefined) return;
      let at = 0;
      try {
        if (cursor === undefined) {
          // None stored (a new database, one from before the cursor, or a process that writes no bars):
          // the stored bars are all there is, and every live trade is new.
          await market.keepTradeCursor(core.lastSeq(), true);
        } else {
          await market.keepTradeCursor(cursor);
          // Subscribed first, then the journal read to its end: every trade is either read here or live.
          at = cursor;
          for (;;) {
            const events = await core.eventsSince(at, CATCH_UP_BATCH);
            if (events.length === 0) break;
            for (const e of events) {
              if (e.type === 'spot.trade') ingest(e, streamSymbol(e.symbol), isDemo(e));
              if (e.seq > at) at = e.seq;
            }
          }
        }
      } catch (error) {
        // E.g. journal files needed for the replay were pruned: the bars miss those trades, and the cursor
        // moves past them (a later start must not apply again what the bars then hold).
        log.warn(`spot trades' catch-up for the market data failed: ${String(error)}`);
        await market.keepTradeCursor(core.lastSeq()).catch(() => undefined);
      } finally {
        through = at;
        const pending = held;
        held = undefined;
        for (const e of pending) if (e.seq > through) ingest(e, streamSymbol(e.symbol), isDemo(e));
      }
    },
  };
}
