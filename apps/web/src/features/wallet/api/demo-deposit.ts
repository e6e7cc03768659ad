// POST {api}/assets/demoDeposit: a simulated incoming transfer (only while the simulated chain runs).
import { apiPost } from '@/lib/api-client';
import type { DemoDepositResult } from '../lib/wallet-types';
import { ASSETS_API } from './wallet-keys';

export function demoDeposit(input: { coin: string; amount: string }, idempotencyKey: string) {
  return apiPost<DemoDepositResult>(`${ASSETS_API}/demoDeposit`, input, {
    silent: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
