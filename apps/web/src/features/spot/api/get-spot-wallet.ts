// GET {api}/wallet/get/{base}/{quote} (login): available and frozen base and quote in the spot account.
import { apiGet } from '@/lib/api-client';
import { COIN_API } from './trade-keys';

export interface SpotBalance {
  coin: string;
  available: string;
  frozen: string;
}

export interface SpotWallet {
  base: SpotBalance;
  quote: SpotBalance;
}

function balance(value: unknown, coin: string): SpotBalance {
  const o = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const s = (v: unknown) => (typeof v === 'string' && v !== '' ? v : '0');
  return { coin: typeof o.coin === 'string' ? o.coin : coin, available: s(o.available), frozen: s(o.frozen) };
}

export async function getSpotWallet(base: string, quote: string, signal?: AbortSignal): Promise<SpotWallet> {
  const data = await apiGet<{ base?: unknown; quote?: unknown }>(
    `${COIN_API}/wallet/get/${encodeURIComponent(base.toLowerCase())}/${encodeURIComponent(quote.toLowerCase())}`,
    undefined,
    { signal, silent: true },
  );
  return { base: balance(data?.base, base), quote: balance(data?.quote, quote) };
}
