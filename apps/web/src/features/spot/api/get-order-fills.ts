// GET {api}/entrust/transaction/details/{orderId}: the fills of one own order, oldest first.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { SpotFill } from '../lib/spot-order';
import { SPOT_API, spotKeys } from './spot-keys';

export function getOrderFills(orderId: string, signal?: AbortSignal) {
  return apiGet<SpotFill[]>(
    `${SPOT_API}/entrust/transaction/details/${encodeURIComponent(orderId)}`,
    undefined,
    { signal },
  );
}

export function orderFillsQuery(orderId: string) {
  return queryOptions({
    queryKey: [...spotKeys.fills(), orderId],
    queryFn: ({ signal }) => getOrderFills(orderId, signal),
  });
}
