// POST {api}/assets/getWithdrawalLog: the user's withdrawals, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { Page, WithdrawalRow } from '../lib/wallet-types';
import { ASSETS_API, walletKeys } from './wallet-keys';

export interface WithdrawalLogFilter {
  current: number;
  size: number;
  coin?: string;
  status?: 0 | 1 | 2 | 3 | 4;
}

export function getWithdrawalLog(filter: WithdrawalLogFilter, signal?: AbortSignal) {
  return apiPost<Page<WithdrawalRow>>(`${ASSETS_API}/getWithdrawalLog`, filter, { signal });
}

export function withdrawalLogQuery(filter: WithdrawalLogFilter) {
  return queryOptions({
    queryKey: [...walletKeys.records(), 'withdrawal', filter],
    queryFn: ({ signal }) => getWithdrawalLog(filter, signal),
    placeholderData: keepPreviousData,
  });
}
