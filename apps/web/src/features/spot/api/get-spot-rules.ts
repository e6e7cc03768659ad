// GET {api}/open/spotRules: every spot market's rules (pair names, price and quantity precision, fees,
// status), read defensively. One query for the trade page's pair list and the order tables' precision.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { readSpotRulesList, type SpotRules } from '../lib/spot-rules';
import { SPOT_API, spotKeys } from './spot-keys';

export async function getSpotRules(signal?: AbortSignal): Promise<SpotRules[]> {
  return readSpotRulesList(
    await apiGet<unknown>(`${SPOT_API}/open/spotRules`, undefined, { signal, silent: true }),
  );
}

export function spotRulesQuery() {
  return queryOptions({
    queryKey: spotKeys.rules(),
    queryFn: ({ signal }) => getSpotRules(signal),
    // A halted market should show within a minute.
    staleTime: 60_000,
  });
}
