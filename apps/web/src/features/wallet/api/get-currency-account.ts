// POST {api}/assets/getCurrencyAccount: every asset's balance in one account type ('0' = all summed).
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import type { AccountTypeCode, CurrencyAccount } from '../lib/wallet-types';
import { ASSETS_API, walletKeys } from './wallet-keys';

export function getCurrencyAccount(
  type: AccountTypeCode,
  currency: string,
  signal?: AbortSignal,
): Promise<CurrencyAccount> {
  return apiPost<CurrencyAccount>(`${ASSETS_API}/getCurrencyAccount`, { type, currency }, { signal });
}

export function currencyAccountQuery(type: AccountTypeCode, currency: string) {
  return queryOptions({
    queryKey: [...walletKeys.balances(), 'currency', type, currency],
    queryFn: ({ signal }) => getCurrencyAccount(type, currency, signal),
  });
}
