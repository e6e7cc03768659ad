// Server-side message lookup for the 14 languages; falls back to English for safety.
import { LANGUAGES, type Language } from '@coin/shared/languages';
import { de } from './locales/de';
import { en, type MessageKey, type Messages } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { it } from './locales/it';
import { ja } from './locales/ja';
import { ko } from './locales/ko';
import { lt } from './locales/lt';
import { pt } from './locales/pt';
import { ru } from './locales/ru';
import { th } from './locales/th';
import { tw } from './locales/tw';
import { vi } from './locales/vi';
import { zh } from './locales/zh';

export const catalogues: Record<Language, Messages> = {
  en,
  zh,
  tw,
  ja,
  ko,
  pt,
  vi,
  th,
  es,
  fr,
  ru,
  de,
  it,
  lt,
};

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

export function t(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogues[lang][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export const supportedLanguages = LANGUAGES;
