// POST /api/order/list: the order centre's wallet orders (one row per money command).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { OrderKind, Page, WalletOrder } from '../lib/wallet-types';
import { walletKeys } from './wallet-keys';

export interface OrderFilter {
  current: number;
  size: number;
  kind?: OrderKind;
}

export function getOrderList(filter: OrderFilter, signal?: AbortSignal) {
  return apiPost<Page<WalletOrder>>('/api/order/list', filter, { signal });
}

export function orderListQuery(filter: OrderFilter) {
  return queryOptions({
    queryKey: [...walletKeys.records(), 'orders', filter],
    queryFn: ({ signal }) => getOrderList(filter, signal),
    placeholderData: keepPreviousData,
  });
}
