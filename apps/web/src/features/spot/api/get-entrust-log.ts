// POST {api}/entrust/getEntrustLogCurrency: the user's spot order history (every state), newest first,
// filtered by market, side, state and creation time.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { SpotOrder, SpotOrderStatus, SpotPage, SpotSide } from '../lib/spot-order';
import { SPOT_API, spotKeys } from './spot-keys';

export interface EntrustLogFilter {
  current: number;
  size: number;
  symbol?: string;
  side?: SpotSide;
  status?: SpotOrderStatus;
  /** Epoch milliseconds, inclusive. */
  startTime?: number;
  endTime?: number;
}

export function getEntrustLog(filter: EntrustLogFilter, signal?: AbortSignal) {
  return apiPost<SpotPage<SpotOrder>>(`${SPOT_API}/entrust/getEntrustLogCurrency`, filter, { signal });
}

export function entrustLogQuery(filter: EntrustLogFilter) {
  return queryOptions({
    queryKey: [...spotKeys.history(), filter],
    queryFn: ({ signal }) => getEntrustLog(filter, signal),
    placeholderData: keepPreviousData,
  });
}
