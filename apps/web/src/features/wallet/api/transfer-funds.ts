// POST /api/asset/transferFunds: moves available funds between two of the user's account types.
import { apiPost } from '@/lib/api-client';
import type { MovableAccountType, TransferResult } from '../lib/wallet-types';

export interface TransferInput {
  coin: string;
  amount: string;
  from: MovableAccountType;
  to: MovableAccountType;
}

export function transferFunds(input: TransferInput, idempotencyKey: string) {
  return apiPost<TransferResult>('/api/asset/transferFunds', input, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
