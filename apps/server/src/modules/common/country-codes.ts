// Countries offered by the phone forms: ISO 3166 code and international dialling prefix. Names are not
// stored: they come from ICU (Intl.DisplayNames) in the request's language, so all 14 languages get real
// names without a translation table to keep in sync.
import type { Language } from '@coin/shared/languages';

export const COUNTRY_DIAL_CODES = [
  ['CN', '+86'],
  ['HK', '+852'],
  ['MO', '+853'],
  ['TW', '+886'],
  ['JP', '+81'],
  ['KR', '+82'],
  ['SG', '+65'],
  ['MY', '+60'],
  ['TH', '+66'],
  ['VN', '+84'],
  ['PH', '+63'],
  ['ID', '+62'],
  ['IN', '+91'],
  ['AE', '+971'],
  ['SA', '+966'],
  ['TR', '+90'],
  ['RU', '+7'],
  ['LT', '+370'],
  ['DE', '+49'],
  ['FR', '+33'],
  ['IT', '+39'],
  ['ES', '+34'],
  ['PT', '+351'],
  ['GB', '+44'],
  ['US', '+1'],
  ['CA', '+1'],
  ['MX', '+52'],
  ['BR', '+55'],
  ['AU', '+61'],
  ['NZ', '+64'],
  ['ZA', '+27'],
  ['NG', '+234'],
] as const;

export interface CountryCode {
  code: string;
  name: string;
  dialCode: string;
}

// The interface languages that are not BCP 47 tags of their own.
const LOCALE_OF: Partial<Record<Language, string>> = { zh: 'zh-Hans', tw: 'zh-Hant' };

const cache = new Map<Language, readonly CountryCode[]>();

export function countryCodes(lang: Language): readonly CountryCode[] {
  const cached = cache.get(lang);
  if (cached) return cached;
  const names = new Intl.DisplayNames([LOCALE_OF[lang] ?? lang, 'en'], { type: 'region', fallback: 'code' });
  const list = COUNTRY_DIAL_CODES.map(([code, dialCode]) => ({
    code,
    name: names.of(code) ?? code,
    dialCode,
  }));
  cache.set(lang, list);
  return list;
}
