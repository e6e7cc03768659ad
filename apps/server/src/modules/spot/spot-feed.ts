// The spot engine's events to the live market: changed book levels to the depth books (DEPTH diffs),
// trades to the public TRADE stream and to the market data (last price, 24 h ticker, K-lines), and each
// user's order changes to their private channel (ORDER). Runs on the core's publish path, so it only
// updates memory and queues frames.
import type { CoreEvent, MoneyCore } from '@/core/types';
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

export function startSpotFeed(core: MoneyCore, markets: SpotMarkets, to: SpotFeedTargets): () => void {
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
  return core.subscribe((events: readonly CoreEvent[]) => {
    for (const e of events) {
      if (e.type === 'spot.depth') {
        if (!to.depth || e.bids.length + e.asks.length === 0) continue;
        to.depth.book(streamSymbol(e.symbol)).applyCanonical(e.bids, e.asks, e.seq);
      } else if (e.type === 'spot.trade') {
        const symbol = streamSymbol(e.symbol);
        const demo = to.isPlatform(e.makerUserId) && to.isPlatform(e.takerUserId);
        to.market?.ingestTrade(symbol, e.price, e.qty, e.ts, e.takerSide, demo);
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
}
