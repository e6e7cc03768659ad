// The market endpoints the quotes screen calls (docs/market.md): the market rows of one list (initData)
// and the caller's watchlist (getOptional, addOptional, cancelOptional; login required).
import { apiGet } from '@/lib/api-client';
import type { MarketRowWire, QuoteMarket } from '../lib/quotes-model';

const API = '/api/mjkj-web/coin';

/** initData's `type` for each market of the trade screen. */
export const INIT_DATA_TYPE: Record<QuoteMarket, 'seconds' | 'spot' | 'contract'> = {
  sec: 'seconds',
  spot: 'spot',
  usta: 'contract',
};

function readRows(value: unknown): MarketRowWire[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is MarketRowWire =>
      typeof item === 'object' && item !== null && typeof (item as { symbol?: unknown }).symbol === 'string',
  );
}

export async function fetchMarketRows(market: QuoteMarket, signal?: AbortSignal): Promise<MarketRowWire[]> {
  return readRows(
    await apiGet<unknown>(
      `${API}/open/market/initData`,
      { type: INIT_DATA_TYPE[market] },
      { silent: true, signal },
    ),
  );
}

export async function fetchWatchlist(signal?: AbortSignal): Promise<MarketRowWire[]> {
  return readRows(await apiGet<unknown>(`${API}/quotes/getOptional`, undefined, { silent: true, signal }));
}

function pairPath(base: string, quote: string): string {
  return `${encodeURIComponent(base.toLowerCase())}/${encodeURIComponent(quote.toLowerCase())}`;
}

export async function addToWatchlist(base: string, quote: string): Promise<void> {
  await apiGet<unknown>(`${API}/quotes/addOptional/${pairPath(base, quote)}`, undefined, { silent: true });
}

export async function removeFromWatchlist(base: string, quote: string): Promise<void> {
  await apiGet<unknown>(`${API}/quotes/cancelOptional/${pairPath(base, quote)}`, undefined, { silent: true });
}

export const marketKeys = {
  rows: (market: QuoteMarket) => ['market', 'rows', market] as const,
  watchlist: (token: string) => ['market', 'watchlist', token] as const,
};
