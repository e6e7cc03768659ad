// POST {api}/assets/cancelWithdrawal/{id}: withdraws a request still under review; the hold is released.
import { apiPost } from '@/lib/api-client';
import { ASSETS_API } from './wallet-keys';

export function cancelWithdrawal(id: string) {
  return apiPost<{ id: string; status: number }>(
    `${ASSETS_API}/cancelWithdrawal/${encodeURIComponent(id)}`,
    {},
    { headers: { 'Idempotency-Key': `cancel-${id}` } },
  );
}
