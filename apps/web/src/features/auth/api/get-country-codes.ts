// GET /api/user/getCountryCode: the countries the phone forms offer, `[{ code: 'CN', name, dialCode:
// '+86' }]`, names in the request's language. Fetched once per interface language and kept for the
// session (the list only changes with a server release).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type RequestOptions } from '@/lib/api-client';
import { useSettingsStore } from '@/lib/settings-store';

export interface CountryCode {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** `+` and digits, e.g. '+86'; several countries may share one ('+1'). */
  dialCode: string;
}

export function getCountryCodes(options?: Omit<RequestOptions, 'params'>): Promise<CountryCode[]> {
  return apiGet<CountryCode[]>('/api/user/getCountryCode', undefined, options);
}

export function countryCodesQuery(lang: string) {
  return queryOptions({
    queryKey: ['user', 'countryCodes', lang],
    // Silent: the phone input shows the failure itself and still accepts a number with its + code.
    queryFn: ({ signal }) => getCountryCodes({ signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useCountryCodes() {
  const lang = useSettingsStore((s) => s.lang);
  // On a language switch the old names stay on screen until the new ones arrive.
  return useQuery({ ...countryCodesQuery(lang), placeholderData: keepPreviousData });
}
