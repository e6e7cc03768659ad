// GET {api}/open/spotRules: every spot market's rules (pair names, price and quantity precision, fees).
// Public; changes rarely, so it is cached for a while.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { SpotRules } from '../lib/spot-order';
import { SPOT_API, spotKeys } from './spot-keys';

export function getSpotRules(signal?: AbortSignal) {
  return apiGet<SpotRules[]>(`${SPOT_API}/open/spotRules`, undefined, { signal });
}

export function spotRulesQuery() {
  return queryOptions({
    queryKey: spotKeys.rules(),
    queryFn: ({ signal }) => getSpotRules(signal),
    staleTime: 5 * 60_000,
  });
}
