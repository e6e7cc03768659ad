// POST /api/recharge/submit: a manual recharge with its payment screenshot, reviewed by an operator.
import { apiPost } from '@/lib/api-client';
import type { SubmittedOrder } from '../lib/wallet-types';

export interface RechargeInput {
  coin: string;
  amount: string;
  screenshot: string;
  network?: string;
  remark?: string;
}

export function submitRecharge(input: RechargeInput, idempotencyKey: string) {
  return apiPost<SubmittedOrder>('/api/recharge/submit', input, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
