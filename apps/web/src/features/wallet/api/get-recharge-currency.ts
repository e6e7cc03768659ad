// GET {api}/assets/getRechargeCurrency: the wallet's assets with decimals, fees, limits and networks.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { WalletAsset } from '../lib/wallet-types';
import { ASSETS_API, walletKeys } from './wallet-keys';

export function getRechargeCurrency(signal?: AbortSignal): Promise<WalletAsset[]> {
  return apiGet<WalletAsset[]>(`${ASSETS_API}/getRechargeCurrency`, undefined, { signal });
}

export function walletAssetsQuery() {
  return queryOptions({
    queryKey: walletKeys.assets(),
    queryFn: ({ signal }) => getRechargeCurrency(signal),
    staleTime: 60_000,
  });
}
