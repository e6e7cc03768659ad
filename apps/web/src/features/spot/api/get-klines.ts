// GET {api}/open/kline/{symbol}/{interval}: K-line history, oldest first (the last bar may be open).
import { apiGet } from '@/lib/api-client';
import { type Candle, toCandles } from '../lib/kline-model';
import { COIN_API } from './trade-keys';

export const KLINE_LIMIT = 300;

export async function getKlines(symbol: string, interval: string, signal?: AbortSignal): Promise<Candle[]> {
  const data = await apiGet<{ bars?: unknown }>(
    `${COIN_API}/open/kline/${encodeURIComponent(symbol.toUpperCase())}/${encodeURIComponent(interval)}`,
    { limit: KLINE_LIMIT },
    { signal, silent: true },
  );
  return toCandles(Array.isArray(data?.bars) ? data.bars : []);
}
