// GET {api}/entrust/get/myExchangeLog/{symbol|all}: the user's fills, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { SpotFill, SpotPage } from '../lib/spot-order';
import { SPOT_API, spotKeys } from './spot-keys';

export interface MyTradesFilter {
  current: number;
  size: number;
  /** Market symbol or pair; all markets when left out. */
  symbol?: string;
}

export function getMyTrades({ symbol, current, size }: MyTradesFilter, signal?: AbortSignal) {
  return apiGet<SpotPage<SpotFill>>(
    `${SPOT_API}/entrust/get/myExchangeLog/${encodeURIComponent(symbol || 'all')}`,
    { current, size },
    { signal },
  );
}

export function myTradesQuery(filter: MyTradesFilter) {
  return queryOptions({
    queryKey: [...spotKeys.myTrades(), filter],
    queryFn: ({ signal }) => getMyTrades(filter, signal),
    placeholderData: keepPreviousData,
  });
}
