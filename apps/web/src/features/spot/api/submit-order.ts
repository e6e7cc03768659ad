// POST /api/currency/order/submit (login): places a spot order; answers the SpotOrder after matching.
// Silent: the form shows a refusal (errorCode and the server's localized message) next to its button.
import { apiPost } from '@/lib/api-client';
import type { OrderRequest } from '../lib/trade-form';

export function submitOrder(body: OrderRequest, idempotencyKey: string): Promise<unknown> {
  return apiPost<unknown>('/api/currency/order/submit', body, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
