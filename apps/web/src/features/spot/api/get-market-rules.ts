// GET {api}/open/spotRules: the trading rules of every spot market (the pair list of the trade page).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { readSpotRulesList, type SpotRules } from '../lib/spot-rules';
import { COIN_API, tradeKeys } from './trade-keys';

export async function getMarketRules(signal?: AbortSignal): Promise<SpotRules[]> {
  return readSpotRulesList(
    await apiGet<unknown>(`${COIN_API}/open/spotRules`, undefined, { signal, silent: true }),
  );
}

export function marketRulesQuery() {
  return queryOptions({
    queryKey: tradeKeys.rules(),
    queryFn: ({ signal }) => getMarketRules(signal),
    staleTime: 60_000,
  });
}
