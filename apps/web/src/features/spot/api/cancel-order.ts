// POST /api/currency/order/cancelOrder?id=: cancels one own open order; answers the cancelled order.
// SPOT_ORDER_NOT_FOUND when it is no longer open (filled or cancelled meanwhile).
import { apiPost } from '@/lib/api-client';
import type { SpotOrder } from '../lib/spot-order';

export function cancelOrder(id: string) {
  return apiPost<SpotOrder>('/api/currency/order/cancelOrder', undefined, { params: { id } });
}
