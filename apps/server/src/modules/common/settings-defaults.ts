// What each setting is while no operator has saved it. Nothing is written at start: a missing row
// means "the default", so changing a default here (or BRAND_NAME) reaches every deployment that
// never overrode it.
import { LANGUAGES, type Language } from '@coin/shared/languages';
import type { AppConfig } from '@/config';
import { DEFAULT_REFERRAL, DEFAULT_TIERS } from '@/modules/identity/identity-settings';
import { RATE_QUOTE_ASSET, type Settings } from './settings-schemas';

export const DEFAULT_LOGO = '/static/logo.svg';
export const DEFAULT_AVATAR = '/static/avatar-default.svg';

/** Each language named in itself (the list a reader scans for their own language). */
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

// Badges with the language code rather than flags: a language is not a country.
const languageBadge = (lang: Language) => `/static/lang/${lang}.svg`;

/**
 * Indicative reference rates per 1 USDT, shipped so the currency switch works on a fresh install.
 * They are not live quotes: `ratesUpdatedAt` stays null until an operator saves real ones.
 */
const DEFAULT_CURRENCIES: ReadonlyArray<readonly [code: string, symbol: string, rate: string]> = [
  ['CNY', '¥', '7.20'],
  ['USD', '$', '1'],
  ['EUR', '€', '0.92'],
  ['JPY', '¥', '150'],
  ['KRW', '₩', '1380'],
  ['HKD', 'HK$', '7.80'],
  ['TWD', 'NT$', '32'],
  ['GBP', '£', '0.79'],
  ['RUB', '₽', '90'],
  ['BRL', 'R$', '5.50'],
  ['VND', '₫', '25000'],
  ['THB', '฿', '35'],
];

export function defaultSettings(config: Pick<AppConfig, 'BRAND_NAME'>): Settings {
  return {
    platform: {
      brandName: config.BRAND_NAME,
      logo: DEFAULT_LOGO,
      imageUrls: { logo: DEFAULT_LOGO, avatar: DEFAULT_AVATAR },
      features: {
        seconds: true,
        spot: true,
        contract: true,
        margin: true,
        otc: true,
        defi: true,
        pledge: true,
        loan: true,
        finance: true,
      },
    },
    languages: LANGUAGES.map((lang) => ({
      dictValue: lang,
      remark: LANGUAGE_NAMES[lang],
      imgUrl: languageBadge(lang),
    })),
    currencies: DEFAULT_CURRENCIES.map(([code, symbol, rate]) => ({
      exchange_code: code,
      quote_currency: RATE_QUOTE_ASSET,
      exchange_value: symbol,
      rate,
    })),
    defaultCurrency: 'CNY',
    appDownload: { android: null, ios: null, page: null },
    customerService: [],
    whitePaper: { url: null },
    tiers: DEFAULT_TIERS,
    referral: DEFAULT_REFERRAL,
  };
}
