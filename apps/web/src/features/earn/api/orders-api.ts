// Subscriptions, redemptions, the order lists (/api/order/list?kind=) and personal income
// (/api/financial/personalIncome).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import type { EarnOrder, Income, OrderStatus, Page, RedeemQuote } from '../lib/earn-types';
import { earnKeys } from './earn-keys';

export function subscribe(
  kind: 'pledge' | 'finance',
  productId: string,
  amount: string,
  idempotencyKey: string,
) {
  const url = kind === 'pledge' ? '/api/pledge/subscribe' : '/api/financial/subscribe';
  return apiPost<EarnOrder>(
    url,
    { productId, amount },
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export const ordersQuery = (kind: 'pledge' | 'finance' | 'defi', page: number, status?: OrderStatus) =>
  queryOptions({
    queryKey: [...earnKeys.orders(kind, status), page],
    queryFn: ({ signal }) =>
      apiPost<Page<EarnOrder>>('/api/order/list', undefined, {
        signal,
        params: { kind, status, current: page, size: 10 },
      }),
    placeholderData: keepPreviousData,
  });

export const incomeQuery = (kind?: 'pledge' | 'finance' | 'defi') =>
  queryOptions({
    queryKey: [...earnKeys.income(), kind ?? ''],
    queryFn: ({ signal }) =>
      apiPost<Income>('/api/financial/personalIncome', undefined, { signal, params: { kind } }),
  });

export function redeemQuote(orderId: string) {
  return apiGet<RedeemQuote>('/api/earn/redeemQuote', { orderId }, { silent: true });
}

export function redeem(orderId: string, idempotencyKey: string) {
  return apiPost<EarnOrder>(
    '/api/earn/redeem',
    { orderId },
    { silent: true, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
