// GET {api}/open/transaction/{base}/{quote}: the latest trades of a market, newest first.
import { apiGet } from '@/lib/api-client';
import { readTradeList, type TapeTrade } from '../lib/trades-model';
import { COIN_API } from './trade-keys';

export async function getRecentTrades(
  base: string,
  quote: string,
  signal?: AbortSignal,
): Promise<TapeTrade[]> {
  const path = `${COIN_API}/open/transaction/${encodeURIComponent(base.toLowerCase())}/${encodeURIComponent(quote.toLowerCase())}`;
  return readTradeList(await apiGet<unknown>(path, undefined, { signal, silent: true }));
}
