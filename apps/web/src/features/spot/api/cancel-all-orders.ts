// POST {api}/entrust/cancelAll: cancels every own open order of one market (or of all); answers how many.
import { apiPost } from '@/lib/api-client';
import { SPOT_API } from './spot-keys';

export function cancelAllOrders(symbol?: string) {
  return apiPost<{ cancelled: number }>(`${SPOT_API}/entrust/cancelAll`, symbol ? { symbol } : {});
}
