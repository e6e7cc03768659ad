// A source of prices for the index. The index is the median of the sources' fresh quotes per symbol.
import type { Amount } from '@coin/shared/money';

export interface SourceQuote {
  price: Amount;
  /** When the source produced or we fetched the price, ms. */
  time: number;
  /** Simulated base volume traded since the previous quote (simulator only; zero otherwise). */
  volume?: Amount;
}

export const FEED_KINDS = { simulator: 'simulator', external: 'external' } as const;
export type FeedKind = (typeof FEED_KINDS)[keyof typeof FEED_KINDS];

export interface PriceFeed {
  readonly name: string;
  readonly kind: FeedKind;
  /** The source's latest quote of a symbol ('BTCUSDT') at `now`; undefined when it has none. */
  quote(symbol: string, now: number): SourceQuote | undefined;
  /** Fetches fresh data (external sources); the simulator has nothing to fetch. */
  poll?(now: number): Promise<void>;
  /** Time of the source's latest data, ms (null before the first). */
  lastTime(): number | null;
}
