// Owns the platform data the client loads at start (spec section 7, "Startup"): the operator's platform
// config script (brand, logo, image URL map, feature switches), all system settings (languages, display
// currencies and rates, app-download links) and the three coin lists. Each part loads independently, so
// one failing endpoint never blocks the others; `failed` lists the parts that could not be loaded so the
// shell can tell the user.
// The replies are read field by field with the small readers below rather than a schema library (this
// module is on the start-up path): a missing or mistyped field gets its fallback instead of failing the
// whole part, and only a reply that is not an object at all counts as a failure.
import { create } from 'zustand';
import { apiPost } from '@/lib/api-client';

declare global {
  interface Window {
    __PLATFORM_CONFIG__?: unknown;
  }
}

type Fields = Record<string, unknown>;

/** A plain object (not null, not an array), else null. */
function asObject(value: unknown): Fields | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : null;
}

/** A string, else ''. */
export function readText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A string, null or absent (undefined) as given; anything else reads as null. */
export function readOptionalText(value: unknown): string | null | undefined {
  return value === undefined || value === null || typeof value === 'string' ? value : null;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A decimal sent as a string or a finite number, kept as a string; null or absent as given; else null. */
export function readDecimalText(value: unknown): string | null | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value;
  return isFiniteNumber(value) ? String(value) : null;
}

/** A code sent as a finite number or a string; null or absent as given; anything else reads as null. */
export function readCode(value: unknown): number | string | null | undefined {
  if (value === undefined || value === null || typeof value === 'string' || isFiniteNumber(value))
    return value;
  return null;
}

/** An object whose values all pass `isValue`, copied; else `{}`. */
function readRecord<T>(value: unknown, isValue: (v: unknown) => v is T): Record<string, T> {
  const object = asObject(value);
  if (!object) return {};
  const entries = Object.entries(object);
  return entries.every(([, v]) => isValue(v)) ? (Object.fromEntries(entries) as Record<string, T>) : {};
}

/** An array whose items are all objects, each read by `read`; else `[]`. */
function readList<T>(value: unknown, read: (item: Fields) => T): T[] {
  if (!Array.isArray(value)) return [];
  const items = value.map(asObject);
  return items.every((item) => item !== null) ? items.map((item) => read(item as Fields)) : [];
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

export interface PlatformConfig {
  brandName: string;
  logo: string;
  imageUrls: Record<string, string>;
  features: Record<string, boolean>;
}

export interface LanguageOption {
  dictValue: string;
  remark: string;
  imgUrl: string;
}

export interface CurrencyOption {
  exchange_code: string;
  quote_currency: string;
  exchange_value: string;
  rate?: string | null | undefined;
}

export interface AppDownloadLinks {
  android?: string | null | undefined;
  ios?: string | null | undefined;
  page?: string | null | undefined;
}

export interface PlatformSettings {
  brandName: string;
  defaultLang: string;
  languages: LanguageOption[];
  defaultCurrency: string;
  currencies: CurrencyOption[];
  appDownload: AppDownloadLinks;
  ratesUpdatedAt?: string | null | undefined;
}

export interface CoinEntry {
  coin: string;
  baseCoin: string;
  symbol: string;
  showSymbol: string;
  customizeFlag?: number | string | null | undefined;
  market: string;
  coinType?: number | string | null | undefined;
  logo: string;
  amount?: string | null | undefined;
  open?: string | null | undefined;
  change?: string | null | undefined;
  /** Decimals of the market's prices (0 to 18); null when not sent. */
  priceDecimals?: number | null | undefined;
}

export interface CoinLists {
  coinList: CoinEntry[];
  currencyList: CoinEntry[];
  contractList: CoinEntry[];
}

/** Reads the platform config script's object; null when it is not an object. */
export function readPlatformConfig(value: unknown): PlatformConfig | null {
  const o = asObject(value);
  if (!o) return null;
  return {
    brandName: readText(o.brandName),
    logo: readText(o.logo),
    imageUrls: readRecord(o.imageUrls, isString),
    features: readRecord(o.features, isBoolean),
  };
}

function readLanguageOption(o: Fields): LanguageOption {
  return { dictValue: readText(o.dictValue), remark: readText(o.remark), imgUrl: readText(o.imgUrl) };
}

function readCurrencyOption(o: Fields): CurrencyOption {
  return {
    exchange_code: readText(o.exchange_code),
    quote_currency: readText(o.quote_currency),
    exchange_value: readText(o.exchange_value),
    rate: readDecimalText(o.rate),
  };
}

function readAppDownload(value: unknown): AppDownloadLinks {
  const o = asObject(value);
  if (!o) return { android: null, ios: null, page: null };
  return {
    android: readOptionalText(o.android),
    ios: readOptionalText(o.ios),
    page: readOptionalText(o.page),
  };
}

/** Reads the all-settings reply; null when it is not an object. */
export function readPlatformSettings(value: unknown): PlatformSettings | null {
  const o = asObject(value);
  if (!o) return null;
  return {
    brandName: readText(o.brandName),
    defaultLang: readText(o.defaultLang),
    languages: readList(o.languages, readLanguageOption),
    defaultCurrency: readText(o.defaultCurrency),
    currencies: readList(o.currencies, readCurrencyOption),
    appDownload: readAppDownload(o.appDownload),
    ratesUpdatedAt: readOptionalText(o.ratesUpdatedAt),
  };
}

function readCoinEntry(o: Fields): CoinEntry {
  return {
    coin: readText(o.coin),
    baseCoin: readText(o.baseCoin),
    symbol: readText(o.symbol),
    showSymbol: readText(o.showSymbol),
    customizeFlag: readCode(o.customizeFlag),
    market: readText(o.market),
    coinType: readCode(o.coinType),
    logo: readText(o.logo),
    amount: readDecimalText(o.amount),
    open: readDecimalText(o.open),
    change: readDecimalText(o.change),
    priceDecimals: readDecimals(o.priceDecimals),
  };
}

/** A decimal count 0 to 18; null otherwise. */
function readDecimals(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 18 ? value : null;
}

/** Reads the coin-list reply; null when it is not an object. */
export function readCoinLists(value: unknown): CoinLists | null {
  const o = asObject(value);
  if (!o) return null;
  return {
    coinList: readList(o.coinList, readCoinEntry),
    currencyList: readList(o.currencyList, readCoinEntry),
    contractList: readList(o.contractList, readCoinEntry),
  };
}

export const PLATFORM_PARTS = ['config', 'settings', 'coins'] as const;
export type PlatformPart = (typeof PLATFORM_PARTS)[number];

export const PLATFORM_CONFIG_PATH = '/platform/dev/config.js';

interface PlatformState {
  config: PlatformConfig | null;
  settings: PlatformSettings | null;
  coins: CoinLists | null;
  /** Parts whose last load failed. */
  failed: PlatformPart[];
  /** Parts currently loading. */
  loading: PlatformPart[];
  loadPlatform: () => Promise<void>;
  reload: (part: PlatformPart) => Promise<void>;
}

/** Runs the platform config script and returns what it assigned to `window.__PLATFORM_CONFIG__`. */
function loadConfigScript(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${PLATFORM_CONFIG_PATH}?t=${Date.now()}`;
    script.async = true;
    window.__PLATFORM_CONFIG__ = undefined;
    script.onload = () => {
      script.remove();
      resolve(window.__PLATFORM_CONFIG__);
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`${PLATFORM_CONFIG_PATH} could not be loaded`));
    };
    document.head.appendChild(script);
  });
}

function readOrThrow<T>(read: (value: unknown) => T | null, value: unknown, part: PlatformPart): T {
  const result = read(value);
  if (result === null) throw new Error(`platform ${part} has an unexpected shape`);
  return result;
}

const loaders = {
  config: async () => readOrThrow(readPlatformConfig, await loadConfigScript(), 'config'),
  // Silent: the shell shows one toast for whatever failed at start instead of one per call.
  settings: async () =>
    readOrThrow(
      readPlatformSettings,
      await apiPost<unknown>('/api/common/getAllSetting', undefined, { silent: true }),
      'settings',
    ),
  coins: async () =>
    readOrThrow(
      readCoinLists,
      await apiPost<unknown>('/api/common/getCoinList', undefined, { silent: true }),
      'coins',
    ),
} as const;

export const usePlatformStore = create<PlatformState>()((set, get) => ({
  config: null,
  settings: null,
  coins: null,
  failed: [],
  loading: [],
  loadPlatform: async () => {
    await Promise.all(PLATFORM_PARTS.map((part) => get().reload(part)));
  },
  reload: async (part) => {
    if (get().loading.includes(part)) return;
    set((s) => ({ loading: [...s.loading, part] }));
    try {
      const value = await loaders[part]();
      set((s) => ({
        [part]: value,
        failed: s.failed.filter((p) => p !== part),
        loading: s.loading.filter((p) => p !== part),
      }));
    } catch {
      set((s) => ({
        failed: s.failed.includes(part) ? s.failed : [...s.failed, part],
        loading: s.loading.filter((p) => p !== part),
      }));
    }
  },
}));

/** Loads the platform config, all system settings and the coin lists; never rejects (see `failed`). */
export function loadPlatform(): Promise<void> {
  return usePlatformStore.getState().loadPlatform();
}

/** The product brand: the platform config's, else the system settings'; '' until either has loaded. */
export function selectBrandName(state: Pick<PlatformState, 'config' | 'settings'>): string {
  return state.config?.brandName || state.settings?.brandName || '';
}
