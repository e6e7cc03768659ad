// Owns the platform data the client loads at start (spec section 7, "Startup"): the operator's platform
// config script (brand, logo, image URL map, feature switches), all system settings (languages, display
// currencies and rates, app-download links) and the three coin lists. Each part loads independently, so
// one failing endpoint never blocks the others; `failed` lists the parts that could not be loaded so the
// shell can tell the user.
// zod/mini keeps this start-up module small (the classic API is not tree-shakable).
import * as z from 'zod/mini';
import { create } from 'zustand';
import { apiPost } from '@/lib/api-client';

declare global {
  interface Window {
    __PLATFORM_CONFIG__?: unknown;
  }
}

const text = z.catch(z.string(), '');
const optionalText = z.catch(z.optional(z.nullable(z.string())), null);
const decimalText = z.catch(
  z.optional(
    z.nullable(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((v) => String(v)),
      ),
    ),
  ),
  null,
);
const codeValue = z.catch(z.optional(z.nullable(z.union([z.number(), z.string()]))), null);

const platformConfigSchema = z.object({
  brandName: text,
  logo: text,
  imageUrls: z.catch(z.record(z.string(), z.string()), {}),
  features: z.catch(z.record(z.string(), z.boolean()), {}),
});
export type PlatformConfig = z.infer<typeof platformConfigSchema>;

const languageOptionSchema = z.object({ dictValue: text, remark: text, imgUrl: text });
export type LanguageOption = z.infer<typeof languageOptionSchema>;

const currencyOptionSchema = z.object({
  exchange_code: text,
  quote_currency: text,
  exchange_value: text,
  rate: decimalText,
});
export type CurrencyOption = z.infer<typeof currencyOptionSchema>;

const platformSettingsSchema = z.object({
  brandName: text,
  defaultLang: text,
  languages: z.catch(z.array(languageOptionSchema), []),
  defaultCurrency: text,
  currencies: z.catch(z.array(currencyOptionSchema), []),
  appDownload: z.catch(z.object({ android: optionalText, ios: optionalText, page: optionalText }), {
    android: null,
    ios: null,
    page: null,
  }),
  ratesUpdatedAt: optionalText,
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

const coinEntrySchema = z.object({
  coin: text,
  baseCoin: text,
  symbol: text,
  showSymbol: text,
  customizeFlag: codeValue,
  market: text,
  coinType: codeValue,
  logo: text,
  amount: decimalText,
  open: decimalText,
  change: decimalText,
});
export type CoinEntry = z.infer<typeof coinEntrySchema>;

const coinListsSchema = z.object({
  coinList: z.catch(z.array(coinEntrySchema), []),
  currencyList: z.catch(z.array(coinEntrySchema), []),
  contractList: z.catch(z.array(coinEntrySchema), []),
});
export type CoinLists = z.infer<typeof coinListsSchema>;

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

function parseOrThrow<T>(schema: z.ZodMiniType<T>, value: unknown, part: PlatformPart): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`platform ${part} has an unexpected shape`);
  return parsed.data;
}

const loaders = {
  config: async () => parseOrThrow(platformConfigSchema, await loadConfigScript(), 'config'),
  // Silent: the shell shows one toast for whatever failed at start instead of one per call.
  settings: async () =>
    parseOrThrow(
      platformSettingsSchema,
      await apiPost<unknown>('/api/common/getAllSetting', undefined, { silent: true }),
      'settings',
    ),
  coins: async () =>
    parseOrThrow(
      coinListsSchema,
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
