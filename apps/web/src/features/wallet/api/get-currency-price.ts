// GET /api/texchange/getCurrencyPrice?from&to: the live swap quote (index price and fee rate).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { SwapQuote } from '../lib/wallet-types';

export function getCurrencyPrice(from: string, to: string, signal?: AbortSignal) {
  return apiGet<SwapQuote>('/api/texchange/getCurrencyPrice', { from, to }, { signal, silent: true });
}

/** The quote follows the index price: refreshed this often while the swap form is open. */
export const SWAP_QUOTE_REFRESH_MS = 5000;

export function swapQuoteQuery(from: string, to: string) {
  return queryOptions({
    queryKey: ['wallet-quote', from, to],
    queryFn: ({ signal }) => getCurrencyPrice(from, to, signal),
    enabled: from !== '' && to !== '' && from !== to,
    refetchInterval: SWAP_QUOTE_REFRESH_MS,
    retry: false,
  });
}
