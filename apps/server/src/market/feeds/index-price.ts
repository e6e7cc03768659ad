// The index price of a symbol: the median of the configured sources' fresh quotes. A source whose latest
// quote is older than the staleness limit is left out; with no fresh source there is no index tick.
import type { Amount } from '@coin/shared/money';
import { median } from '../decimal';
import { FEED_KINDS, type PriceFeed } from './price-feed';

export interface IndexQuote {
  price: Amount;
  /** The source's name, or 'median:a,b' when several fresh sources contributed. */
  source: string;
  /** Simulated volume when the simulator contributed, else zero. */
  volume: Amount;
  simulated: boolean;
}

export function indexQuote(
  feeds: readonly PriceFeed[],
  symbol: string,
  now: number,
  staleMs: number,
): IndexQuote | undefined {
  const fresh: Array<{ name: string; price: Amount }> = [];
  let volume = 0n as Amount;
  let simulated = false;
  for (const feed of feeds) {
    const q = feed.quote(symbol, now);
    if (q === undefined || now - q.time > staleMs) continue;
    fresh.push({ name: feed.name, price: q.price });
    if (feed.kind === FEED_KINDS.simulator) {
      simulated = true;
      volume = q.volume ?? volume;
    }
  }
  const price = median(fresh.map((f) => f.price));
  if (price === undefined) return undefined;
  const only = fresh.length === 1 ? fresh[0] : undefined;
  const source = only ? only.name : `median:${fresh.map((f) => f.name).join(',')}`;
  return { price, source, volume, simulated };
}
