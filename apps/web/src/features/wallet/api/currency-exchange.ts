// POST /api/texchange/currencyExchange: swaps in the spot account at the index price of the moment.
import { apiPost } from '@/lib/api-client';
import type { SwapResult } from '../lib/wallet-types';

export function currencyExchange(
  input: { from: string; to: string; amount: string },
  idempotencyKey: string,
) {
  return apiPost<SwapResult>('/api/texchange/currencyExchange', input, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
