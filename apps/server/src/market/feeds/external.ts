// A generic external index source: polls a JSON HTTP endpoint for prices. Accepted bodies (symbols are
// normalized to upper case without separators, so 'btc/usdt', 'BTC-USDT' and 'BTCUSDT' are one):
//   { "BTCUSDT": "67000.1", "ETHUSDT": 3500 }                      a map symbol -> price
//   [ { "symbol": "BTCUSDT", "price": "67000.1" }, ... ]          a list (Binance /api/v3/ticker/price)
//   either of them wrapped as { "data": ... } or { "prices": ... }
// A list item may carry "time" or "timestamp" (ms); otherwise the fetch time counts. A failed poll keeps
// the previous quotes with their old times, so they go stale and drop out of the median.
import type { Amount } from '@coin/shared/money';
import { readPrice } from '../decimal';
import { FEED_KINDS, type PriceFeed, type SourceQuote } from './price-feed';

export interface ExternalSourceConfig {
  name: string;
  url: string;
}

/** MARKET_FEED_URLS: comma list of `name=url` or bare URLs (named ext1, ext2 ...). */
export function parseFeedUrls(value: string): ExternalSourceConfig[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((entry, i) => {
      const eq = entry.indexOf('=');
      const named = eq > 0 && !entry.slice(0, eq).includes('/');
      return named
        ? { name: entry.slice(0, eq).trim(), url: entry.slice(eq + 1).trim() }
        : { name: `ext${i + 1}`, url: entry };
    });
}

export function normalizeSymbol(symbol: string): string {
  return symbol.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Reads a body into symbol -> { price, time }; unreadable entries are skipped. */
export function parsePrices(body: unknown, fetchedAt: number): Map<string, SourceQuote> {
  const out = new Map<string, SourceQuote>();
  const wrapper = asRecord(body);
  const inner =
    wrapper && ('data' in wrapper || 'prices' in wrapper) ? (wrapper.data ?? wrapper.prices) : body;
  if (Array.isArray(inner)) {
    for (const item of inner) {
      const o = asRecord(item);
      if (!o || typeof o.symbol !== 'string') continue;
      const price = readPrice(o.price);
      if (price === undefined) continue;
      const stamp = o.time ?? o.timestamp;
      const time = typeof stamp === 'number' && Number.isSafeInteger(stamp) && stamp > 0 ? stamp : fetchedAt;
      out.set(normalizeSymbol(o.symbol), { price, time: Math.min(time, fetchedAt) });
    }
    return out;
  }
  const map = asRecord(inner);
  if (!map) return out;
  for (const [symbol, value] of Object.entries(map)) {
    const price: Amount | undefined = readPrice(value);
    if (price !== undefined) out.set(normalizeSymbol(symbol), { price, time: fetchedAt });
  }
  return out;
}

export type Fetcher = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

export class ExternalFeed implements PriceFeed {
  readonly kind = FEED_KINDS.external;
  private quotes = new Map<string, SourceQuote>();
  private latest: number | null = null;
  /** Last failure, for the feed status and logs. */
  lastError: string | null = null;

  constructor(
    readonly name: string,
    private readonly url: string,
    private readonly timeoutMs = 5000,
    private readonly fetcher: Fetcher = (url, init) => fetch(url, init),
  ) {}

  lastTime(): number | null {
    return this.latest;
  }

  quote(symbol: string): SourceQuote | undefined {
    return this.quotes.get(symbol);
  }

  async poll(now: number): Promise<void> {
    try {
      const res = await this.fetcher(this.url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const parsed = parsePrices(await res.json(), now);
      if (parsed.size === 0) throw new Error('no prices in the response');
      // Merge: a symbol missing from one response keeps its older (soon stale) quote.
      for (const [symbol, q] of parsed) this.quotes.set(symbol, q);
      this.latest = now;
      this.lastError = null;
    } catch (err) {
      this.lastError = err instanceof Error ? err.message : String(err);
    }
  }
}
