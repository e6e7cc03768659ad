// POST {api}/assets/getRechargeLog: the user's deposits (manual and chain), newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { Page, RechargeRow } from '../lib/wallet-types';
import { ASSETS_API, walletKeys } from './wallet-keys';

export interface RechargeLogFilter {
  current: number;
  size: number;
  coin?: string;
  status?: 0 | 1 | 2;
}

export function getRechargeLog(filter: RechargeLogFilter, signal?: AbortSignal) {
  return apiPost<Page<RechargeRow>>(`${ASSETS_API}/getRechargeLog`, { ...filter, type: '1' }, { signal });
}

export function rechargeLogQuery(filter: RechargeLogFilter) {
  return queryOptions({
    queryKey: [...walletKeys.records(), 'recharge', filter],
    queryFn: ({ signal }) => getRechargeLog(filter, signal),
    placeholderData: keepPreviousData,
  });
}
