// GET {api}/assets/getDepositAddress/{coin}: the user's deposit address (simulated chain by default).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { DepositAddress } from '../lib/wallet-types';
import { ASSETS_API } from './wallet-keys';

export function getDepositAddress(coin: string, network: string | undefined, signal?: AbortSignal) {
  return apiGet<DepositAddress>(
    `${ASSETS_API}/getDepositAddress/${encodeURIComponent(coin)}`,
    { network },
    // The deposit panel shows a failure in place (e.g. a network the server's chain does not carry).
    { signal, silent: true },
  );
}

export function depositAddressQuery(coin: string, network?: string) {
  return queryOptions({
    queryKey: ['wallet-address', coin, network ?? ''],
    queryFn: ({ signal }) => getDepositAddress(coin, network, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled: coin !== '',
  });
}
