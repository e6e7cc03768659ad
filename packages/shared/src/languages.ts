// The 14 interface languages (spec section 1) and how a request's lang header maps onto them.
export const LANGUAGES = [
  'en',
  'zh',
  'tw',
  'ja',
  'ko',
  'pt',
  'vi',
  'th',
  'es',
  'fr',
  'ru',
  'de',
  'it',
  'lt',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

const ALIASES: Record<string, Language> = {
  'zh-tw': 'tw',
  'zh-hk': 'tw',
  'zh-hant': 'tw',
  'zh-mo': 'tw',
  'zh-cn': 'zh',
  'zh-hans': 'zh',
  'zh-sg': 'zh',
  cn: 'zh',
  jp: 'ja',
  kr: 'ko',
  kor: 'ko',
  vn: 'vi',
};

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a header value such as 'zh-TW', 'pt_BR' or 'en-US,en;q=0.9' to one of the 14 languages. */
export function normalizeLanguage(raw: string | undefined | null): Language {
  if (!raw) return DEFAULT_LANGUAGE;
  const first = (raw.split(',')[0] ?? '').split(';')[0]?.trim().toLowerCase().replace('_', '-') ?? '';
  if (isLanguage(first)) return first;
  const alias = ALIASES[first];
  if (alias) return alias;
  const base = first.split('-')[0] ?? '';
  if (isLanguage(base)) return base;
  return ALIASES[base] ?? DEFAULT_LANGUAGE;
}
