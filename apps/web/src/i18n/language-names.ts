// Each language's own name (endonym) for the language pickers. Deliberately not translated: a reader
// looks for their language written in that language, whatever the current interface language is.
import type { Language } from '@coin/shared/languages';

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '简体中文',
  tw: '繁體中文',
  ja: '日本語',
  ko: '한국어',
  pt: 'Português',
  vi: 'Tiếng Việt',
  th: 'ไทย',
  es: 'Español',
  fr: 'Français',
  ru: 'Русский',
  de: 'Deutsch',
  it: 'Italiano',
  lt: 'Lietuvių',
};

/** BCP 47 tag for <html lang> (screen readers, hyphenation, fonts); 'tw' is not a language tag. */
export const HTML_LANG: Record<Language, string> = {
  en: 'en',
  zh: 'zh-CN',
  tw: 'zh-TW',
  ja: 'ja',
  ko: 'ko',
  pt: 'pt',
  vi: 'vi',
  th: 'th',
  es: 'es',
  fr: 'fr',
  ru: 'ru',
  de: 'de',
  it: 'it',
  lt: 'lt',
};
