// POST /api/currency/order/orderList: the user's spot orders by state; status 0 (open) is answered from
// the core, so a just-placed order is listed at once.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { SpotOrder, SpotOrderStatus, SpotPage, SpotSide } from '../lib/spot-order';
import { spotKeys } from './spot-keys';

export interface OrderListFilter {
  current: number;
  size: number;
  /** Market symbol (`btcusdt`) or pair; all markets when left out. */
  symbol?: string;
  status?: SpotOrderStatus;
  side?: SpotSide;
}

export function getOrderList(filter: OrderListFilter, signal?: AbortSignal) {
  return apiPost<SpotPage<SpotOrder>>('/api/currency/order/orderList', undefined, {
    params: { ...filter },
    signal,
  });
}

/** The open orders (status 0) of one market or all. */
export function openOrdersQuery(filter: Omit<OrderListFilter, 'status'>) {
  const f: OrderListFilter = { ...filter, status: 0 };
  return queryOptions({
    queryKey: [...spotKeys.openOrders(), f],
    queryFn: ({ signal }) => getOrderList(f, signal),
    placeholderData: keepPreviousData,
  });
}
