// Live market data for views that show prices (home hot coins, quotes): subscriptions to the public
// websocket that feed the ticker store (read a pair with use-ticker.ts), and the feed status that says
// whether prices come from the simulator (docs/market.md: the UI labels simulated prices).
// Streams: ALL_DETAIL (every pair's close, change and turnover, at most once a second) and DETAIL for
// pairs whose high, low and volume are on screen.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from './api-client';
import { subscribePublic } from './public-ws';
import { tickerStore } from './ticker-store';

type Fields = Record<string, unknown>;

function asObject(value: unknown): Fields | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : undefined;
}

function decimal(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Pushes one ticker payload ({symbol|symbolName, close, zdf, amount, high?, low?, volume?}) to the store. */
export function pushTickerPayload(value: unknown): void {
  const o = asObject(value);
  if (!o) return;
  const key =
    typeof o.symbol === 'string' && o.symbol
      ? o.symbol
      : typeof o.symbolName === 'string'
        ? o.symbolName
        : '';
  const close = decimal(o.close);
  if (!key || !close) return;
  tickerStore.push({
    key,
    close,
    zdf: decimal(o.zdf),
    amount: decimal(o.amount),
    volume: decimal(o.volume),
    high: decimal(o.high),
    low: decimal(o.low),
  });
}

/** Handles a public-ws frame of type ALL_DETAIL ({data: [...]}) or DETAIL ({data: {...}}). */
export function handleTickerFrame(frame: unknown): void {
  const data = asObject(frame)?.data;
  if (Array.isArray(data)) for (const item of data) pushTickerPayload(item);
  else pushTickerPayload(data);
}

/** Keeps the ALL_DETAIL stream subscribed while the calling component is mounted. */
export function useAllTickersFeed(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    return subscribePublic({ type: 'ALL_DETAIL' }, handleTickerFrame);
  }, [enabled]);
}

/** Keeps DETAIL subscribed for each given pair key (e.g. the rows on screen) while mounted. */
export function useDetailFeed(symbols: readonly string[]): void {
  const joined = [...new Set(symbols)].sort().join(',');
  useEffect(() => {
    if (!joined) return;
    const offs = joined
      .split(',')
      .map((symbol) => subscribePublic({ type: 'DETAIL', symbol }, handleTickerFrame));
    return () => {
      for (const off of offs) off();
    };
  }, [joined]);
}

export interface FeedStatus {
  simulated: boolean;
  mode: string;
}

export const FEED_STATUS_PATH = '/api/mjkj-web/coin/open/feedStatus';

async function fetchFeedStatus(): Promise<FeedStatus> {
  const data = asObject(await apiGet<unknown>(FEED_STATUS_PATH, undefined, { silent: true }));
  return { simulated: data?.simulated === true, mode: typeof data?.mode === 'string' ? data.mode : '' };
}

/** Whether the price feed is (partly) the simulator; refetched every minute (a deployment may switch). */
export function useFeedStatus() {
  return useQuery({
    queryKey: ['market', 'feedStatus'],
    queryFn: fetchFeedStatus,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
