// App-wide providers: TanStack Query, the antd theme (dark algorithm for theme-night) and locale per
// language (loaded lazily, one chunk each), antd's App context for message and modal, the --app-* CSS
// variables derived from the theme tokens, the theme body class, and the toast for platform data that
// could not be loaded at start.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformStore } from '@/lib/platform-store';
import { useSettingsStore } from '@/lib/settings-store';
import { bindToastApi } from '@/lib/toast';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

type LocaleModule = { default: Locale };

/** antd's own texts per interface language; English is antd's built-in default. */
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

function useAntdLocale(lang: string): Locale | undefined {
  const [loaded, setLoaded] = useState<{ lang: string; locale: Locale } | null>(null);
  useEffect(() => {
    const load = ANTD_LOCALES[lang];
    if (!load) return;
    let cancelled = false;
    load().then(
      (module) => {
        if (!cancelled) setLoaded({ lang, locale: module.default });
      },
      () => {
        // antd falls back to its English texts; the interface texts are unaffected.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [lang]);
  return loaded?.lang === lang ? loaded.locale : undefined;
}

const THEME_CLASSES = ['theme-daytime', 'theme-night'] as const;

function themeConfig(night: boolean): ThemeConfig {
  return {
    algorithm: night ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: night
      ? { colorPrimary: '#3b82f6', colorBgBase: '#0d1117', borderRadius: 8 }
      : { colorPrimary: '#1d64f2', colorBgLayout: '#f4f6fa', borderRadius: 8 },
  };
}

/** Writes the theme tokens the stylesheets use as --app-* variables on <html>. */
function ThemeVariables({ night }: { night: boolean }) {
  const { token } = theme.useToken();
  useLayoutEffect(() => {
    const vars: Record<string, string> = {
      '--app-bg-layout': token.colorBgLayout,
      '--app-bg-container': token.colorBgContainer,
      '--app-bg-elevated': token.colorBgElevated,
      '--app-text': token.colorText,
      '--app-text-secondary': token.colorTextSecondary,
      '--app-text-tertiary': token.colorTextTertiary,
      '--app-border': token.colorBorder,
      '--app-border-secondary': token.colorBorderSecondary,
      '--app-primary': token.colorPrimary,
      '--app-primary-hover': token.colorPrimaryHover,
      '--app-primary-bg': token.colorPrimaryBg,
      '--app-primary-border': token.colorPrimaryBorder,
      '--app-fill-secondary': token.colorFillSecondary,
      '--app-fill-tertiary': token.colorFillTertiary,
      '--app-fill-quaternary': token.colorFillQuaternary,
      '--app-success': token.colorSuccess,
      '--app-success-bg': token.colorSuccessBg,
      '--app-error': token.colorError,
      '--app-warning': token.colorWarning,
      '--app-warning-bg': token.colorWarningBg,
      '--app-warning-border': token.colorWarningBorder,
      '--app-info-bg': token.colorInfoBg,
      '--app-radius': `${token.borderRadius}px`,
      '--app-radius-lg': `${token.borderRadiusLG}px`,
      '--app-font': token.fontFamily,
      '--app-shadow': token.boxShadowTertiary,
    };
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(vars)) style.setProperty(name, value);
    style.colorScheme = night ? 'dark' : 'light';
  }, [token, night]);
  return null;
}

/** Hands antd's context-aware message API (theme, locale) to the shared toast helper. */
function ToastBinding() {
  const { message } = App.useApp();
  useLayoutEffect(() => {
    bindToastApi(message);
    return () => bindToastApi(null);
  }, [message]);
  return null;
}

/** One error toast when part of the platform data (config, settings, coin list) failed to load. */
function PlatformLoadNotice() {
  const { message } = App.useApp();
  const { t } = useTranslation('layout');
  const settledWithFailure = usePlatformStore((s) => s.loading.length === 0 && s.failed.length > 0);
  useEffect(() => {
    if (settledWithFailure) void message.error(t('platform.loadFailed'));
  }, [settledWithFailure, message, t]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const themeName = useSettingsStore((s) => s.theme);
  const lang = useSettingsStore((s) => s.lang);
  const night = themeName === 'theme-night';
  const locale = useAntdLocale(lang);
  const config = useMemo(() => themeConfig(night), [night]);

  useLayoutEffect(() => {
    const body = document.body;
    body.classList.remove(...THEME_CLASSES);
    body.classList.add(night ? 'theme-night' : 'theme-daytime');
  }, [night]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={config} locale={locale}>
        <App className="app-root">
          <ThemeVariables night={night} />
          <ToastBinding />
          <PlatformLoadNotice />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
