// Owns the common settings of spec section 3 that the user picks: interface language, fiat display
// currency, day/night theme, time zone and time format. Each is persisted through `storage` under its
// spec name (`lang`, `exchange`, `themeName`, `timezone`, `timeFormat`) so it survives reloads.
//
// Switching the interface language goes through `changeLanguage` in `@/i18n/i18n` (it loads the chunk
// first); `setLang` here only records the choice, and i18n follows the store if it changes directly.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@coin/shared/languages';
import { create } from 'zustand';
import { storage } from './storage';

export const THEMES = ['theme-daytime', 'theme-night'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'theme-daytime';

export const DEFAULT_CURRENCY = 'CNY';
export const DEFAULT_TIMEZONE = 'Asia/Hong_Kong';

/** Date part patterns; the time part is always 24-hour HH:mm:ss. */
export const TIME_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY/MM/DD', 'YYYY-MM-DD'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
export const DEFAULT_TIME_FORMAT: TimeFormat = 'MM/DD/YYYY';

export interface TimezoneEntry {
  /** IANA name: formatting uses it, so daylight saving time is applied where the zone observes it. */
  name: string;
  /** Standard (winter) offset from UTC in hours, e.g. 5.75 for Kathmandu. */
  offset: number;
}

/**
 * The spec's time zone table (38 entries, offsets -12 to +14 with the half-hour and 45-minute zones).
 * Ordered by offset so the picker reads west to east.
 */
export const TIMEZONES: readonly TimezoneEntry[] = [
  { name: 'Etc/GMT+12', offset: -12 },
  { name: 'Pacific/Pago_Pago', offset: -11 },
  { name: 'Pacific/Honolulu', offset: -10 },
  { name: 'Pacific/Marquesas', offset: -9.5 },
  { name: 'America/Anchorage', offset: -9 },
  { name: 'America/Los_Angeles', offset: -8 },
  { name: 'America/Denver', offset: -7 },
  { name: 'America/Chicago', offset: -6 },
  { name: 'America/New_York', offset: -5 },
  { name: 'America/Halifax', offset: -4 },
  { name: 'America/St_Johns', offset: -3.5 },
  { name: 'America/Sao_Paulo', offset: -3 },
  { name: 'Atlantic/South_Georgia', offset: -2 },
  { name: 'Atlantic/Azores', offset: -1 },
  { name: 'Europe/London', offset: 0 },
  { name: 'Europe/Paris', offset: 1 },
  { name: 'Europe/Athens', offset: 2 },
  { name: 'Europe/Moscow', offset: 3 },
  { name: 'Asia/Tehran', offset: 3.5 },
  { name: 'Asia/Dubai', offset: 4 },
  { name: 'Asia/Kabul', offset: 4.5 },
  { name: 'Asia/Karachi', offset: 5 },
  { name: 'Asia/Kolkata', offset: 5.5 },
  { name: 'Asia/Kathmandu', offset: 5.75 },
  { name: 'Asia/Dhaka', offset: 6 },
  { name: 'Asia/Yangon', offset: 6.5 },
  { name: 'Asia/Bangkok', offset: 7 },
  { name: 'Asia/Shanghai', offset: 8 },
  { name: 'Asia/Hong_Kong', offset: 8 },
  { name: 'Australia/Eucla', offset: 8.75 },
  { name: 'Asia/Tokyo', offset: 9 },
  { name: 'Australia/Darwin', offset: 9.5 },
  { name: 'Australia/Sydney', offset: 10 },
  { name: 'Pacific/Noumea', offset: 11 },
  { name: 'Pacific/Auckland', offset: 12 },
  { name: 'Pacific/Chatham', offset: 12.75 },
  { name: 'Pacific/Tongatapu', offset: 13 },
  { name: 'Pacific/Kiritimati', offset: 14 },
];

export function findTimezone(name: string): TimezoneEntry | undefined {
  return TIMEZONES.find((z) => z.name === name);
}

/** '+08:00', '-03:30', '+05:45'. */
export function formatUtcOffset(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(offset) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${sign}${hh}:${mm}`;
}

export const SETTINGS_KEYS = {
  lang: 'lang',
  currency: 'exchange',
  theme: 'themeName',
  timezone: 'timezone',
  timeFormat: 'timeFormat',
} as const;

export interface SettingsValues {
  lang: Language;
  theme: Theme;
  currency: string;
  timezone: string;
  timeFormat: TimeFormat;
}

export interface SettingsState extends SettingsValues {
  setLang(lang: Language): void;
  setTheme(theme: Theme): void;
  setCurrency(code: string): void;
  setTimezone(name: string): void;
  setTimeFormat(format: TimeFormat): void;
}

export const DEFAULT_SETTINGS: SettingsValues = {
  lang: DEFAULT_LANGUAGE,
  theme: DEFAULT_THEME,
  currency: DEFAULT_CURRENCY,
  timezone: DEFAULT_TIMEZONE,
  timeFormat: DEFAULT_TIME_FORMAT,
};

function isTheme(v: unknown): v is Theme {
  return typeof v === 'string' && (THEMES as readonly string[]).includes(v);
}
function isTimeFormat(v: unknown): v is TimeFormat {
  return typeof v === 'string' && (TIME_FORMATS as readonly string[]).includes(v);
}

/** Reads the persisted settings, replacing anything unknown or corrupt with the default. */
export function loadSettings(): SettingsValues {
  const lang = storage.get<unknown>(SETTINGS_KEYS.lang);
  const theme = storage.get<unknown>(SETTINGS_KEYS.theme);
  const currency = storage.get<unknown>(SETTINGS_KEYS.currency);
  const timezone = storage.get<unknown>(SETTINGS_KEYS.timezone);
  const timeFormat = storage.get<unknown>(SETTINGS_KEYS.timeFormat);
  return {
    lang: typeof lang === 'string' && isLanguage(lang) ? lang : DEFAULT_SETTINGS.lang,
    theme: isTheme(theme) ? theme : DEFAULT_SETTINGS.theme,
    currency:
      typeof currency === 'string' && /^[A-Za-z]{2,10}$/.test(currency)
        ? currency
        : DEFAULT_SETTINGS.currency,
    timezone: typeof timezone === 'string' && findTimezone(timezone) ? timezone : DEFAULT_SETTINGS.timezone,
    timeFormat: isTimeFormat(timeFormat) ? timeFormat : DEFAULT_SETTINGS.timeFormat,
  };
}

/** The body class is what the non-antd CSS keys the day/night palette on (DESIGN section 7). */
export function applyThemeClass(theme: Theme): void {
  if (typeof document === 'undefined') return;
  const body = document.body;
  if (!body) return;
  for (const t of THEMES) body.classList.toggle(t, t === theme);
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  ...loadSettings(),
  setLang(lang) {
    storage.set(SETTINGS_KEYS.lang, lang);
    set({ lang });
  },
  setTheme(theme) {
    storage.set(SETTINGS_KEYS.theme, theme);
    applyThemeClass(theme);
    set({ theme });
  },
  setCurrency(code) {
    storage.set(SETTINGS_KEYS.currency, code);
    set({ currency: code });
  },
  setTimezone(name) {
    if (!findTimezone(name)) return;
    storage.set(SETTINGS_KEYS.timezone, name);
    set({ timezone: name });
  },
  setTimeFormat(format) {
    storage.set(SETTINGS_KEYS.timeFormat, format);
    set({ timeFormat: format });
  },
}));

// The persisted theme must be on <body> before the first paint, not after React mounts.
applyThemeClass(useSettingsStore.getState().theme);
