// antd's context for the parts of the app that use antd components: the theme (dark algorithm for
// theme-night, the same tokens as the --app-* variables of app/theme.css), antd's own texts in the
// interface language, and antd's App context (message, notification, modal hooks) without a wrapper
// element. The start-up path (layout, home) renders without antd; lazily loaded areas, drawers and
// dialogs wrap their content in this scope, so antd is downloaded only where it is used.
//
// Import this module only from lazily loaded modules (or through `lazyInAntdScope`): it pulls in antd.
import { App, ConfigProvider, type ThemeConfig, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { type Theme, useSettingsStore } from '@/lib/settings-store';

type LocaleModule = { default: Locale };

/** antd's own texts per interface language; English (antd's built-in default) is used for the others. */
const ANTD_LOCALES: Record<string, () => Promise<LocaleModule>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  tw: () => import('antd/es/locale/zh_TW'),
  ja: () => import('antd/es/locale/ja_JP'),
  ko: () => import('antd/es/locale/ko_KR'),
  pt: () => import('antd/es/locale/pt_BR'),
  vi: () => import('antd/es/locale/vi_VN'),
  th: () => import('antd/es/locale/th_TH'),
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  ru: () => import('antd/es/locale/ru_RU'),
  de: () => import('antd/es/locale/de_DE'),
  it: () => import('antd/es/locale/it_IT'),
  lt: () => import('antd/es/locale/lt_LT'),
};

/** Locales already loaded, shared by every scope so a newly mounted one never starts in English. */
const loadedLocales = new Map<string, Locale>();
const pendingLocales = new Map<string, Promise<void>>();

/** Loads antd's texts for `lang` once; settles (never rejects) when they are ready or have failed. */
export function loadAntdLocale(lang: string): Promise<void> {
  const load = ANTD_LOCALES[lang];
  if (!load || loadedLocales.has(lang)) return Promise.resolve();
  let pending = pendingLocales.get(lang);
  if (!pending) {
    pending = load().then(
      (module) => {
        loadedLocales.set(lang, module.default);
      },
      () => {
        // antd falls back to its English texts; the interface texts are unaffected. A later scope retries.
        pendingLocales.delete(lang);
      },
    );
    pendingLocales.set(lang, pending);
  }
  return pending;
}

// This module loads with the first part of the app that uses antd: fetch the current language's texts now.
void loadAntdLocale(useSettingsStore.getState().lang);

/**
 * The antd locale of `lang`: English until that language's chunk has loaded. Never undefined, because
 * ConfigProvider only wraps its children in a LocaleProvider when it has a locale: a locale arriving later
 * would change the tree and remount everything inside the scope (open messages and form state included).
 */
function useAntdLocale(lang: string): Locale {
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (loadedLocales.has(lang)) return;
    let cancelled = false;
    void loadAntdLocale(lang).then(() => {
      if (!cancelled && loadedLocales.has(lang)) setVersion((v) => v + 1);
    });
    return () => {
      cancelled = true;
    };
  }, [lang]);
  return loadedLocales.get(lang) ?? enUS;
}

// antd would render a two-character Chinese label such as 全部 as "全 部"; labels stay as translated.
const BUTTON_CONFIG = { autoInsertSpace: false } as const;

/** The antd theme of each app theme. `cssVar.key` is fixed per theme so every scope shares one set. */
export const ANTD_THEMES: Record<Theme, ThemeConfig> = {
  'theme-daytime': {
    algorithm: theme.defaultAlgorithm,
    token: { colorPrimary: '#1d64f2', colorBgLayout: '#f4f6fa', borderRadius: 8 },
    cssVar: { key: 'css-var-app-daytime' },
  },
  'theme-night': {
    algorithm: theme.darkAlgorithm,
    token: { colorPrimary: '#3b82f6', colorBgBase: '#0d1117', borderRadius: 8 },
    cssVar: { key: 'css-var-app-night' },
  },
};

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the user asked the system for less motion (then antd's own animations are off too). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof window !== 'undefined' && !!window.matchMedia?.(REDUCED_MOTION).matches,
    () => false,
  );
}

export function AntdScope({ children }: { children: ReactNode }) {
  const themeName = useSettingsStore((s) => s.theme);
  const lang = useSettingsStore((s) => s.lang);
  const locale = useAntdLocale(lang);
  const reduced = usePrefersReducedMotion();
  const antdTheme = useMemo(() => {
    const base = ANTD_THEMES[themeName];
    return reduced ? { ...base, token: { ...base.token, motion: false } } : base;
  }, [themeName, reduced]);
  return (
    <ConfigProvider theme={antdTheme} locale={locale} button={BUTTON_CONFIG}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
