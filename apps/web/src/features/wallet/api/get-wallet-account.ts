// GET {api}/assets/getWalletAccount: totals per account type in USDT and in the display currency.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { WalletAccount } from '../lib/wallet-types';
import { ASSETS_API, walletKeys } from './wallet-keys';

export function getWalletAccount(currency: string, signal?: AbortSignal): Promise<WalletAccount> {
  return apiGet<WalletAccount>(`${ASSETS_API}/getWalletAccount`, { currency }, { signal });
}

export function walletAccountQuery(currency: string) {
  return queryOptions({
    queryKey: [...walletKeys.balances(), 'account', currency],
    queryFn: ({ signal }) => getWalletAccount(currency, signal),
  });
}
