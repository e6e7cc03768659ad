// POST {api}/assets/getMyBill: the user's ledger lines (one per balance change), newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { Bill, Page } from '../lib/wallet-types';
import { ASSETS_API, walletKeys } from './wallet-keys';

export interface BillFilter {
  current: number;
  size: number;
  coin?: string;
  type?: string;
  accountType?: string;
}

export function getMyBill(filter: BillFilter, signal?: AbortSignal) {
  return apiPost<Page<Bill>>(`${ASSETS_API}/getMyBill`, filter, { signal });
}

export function billsQuery(filter: BillFilter) {
  return queryOptions({
    queryKey: [...walletKeys.records(), 'bills', filter],
    queryFn: ({ signal }) => getMyBill(filter, signal),
    placeholderData: keepPreviousData,
  });
}
