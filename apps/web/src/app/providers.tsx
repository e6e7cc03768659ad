// App-wide providers: TanStack Query, the theme body class (the --app-* variables of theme.css follow
// it) and the colour scheme, and the toast for platform data that could not be loaded at start.
// antd is not loaded here: the parts that use antd components wrap them in the antd scope
// (components/antd-scope.tsx), which carries antd's theme, locale and App context.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformStore } from '@/lib/platform-store';
import { THEMES, type Theme, useSettingsStore } from '@/lib/settings-store';
import { toast } from '@/lib/toast';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

/** Puts the theme's class on <body> (theme.css keys the --app-* variables on it) and the colour scheme. */
export function applyTheme(theme: Theme): void {
  const body = document.body;
  for (const other of THEMES) if (other !== theme) body.classList.remove(other);
  body.classList.add(theme);
  document.documentElement.style.colorScheme = theme === 'theme-night' ? 'dark' : 'light';
}

/** One error toast when part of the platform data (config, settings, coin list) failed to load. */
function PlatformLoadNotice() {
  const { t } = useTranslation('layout');
  const settledWithFailure = usePlatformStore((s) => s.loading.length === 0 && s.failed.length > 0);
  useEffect(() => {
    if (settledWithFailure) toast.error(t('platform.loadFailed'));
  }, [settledWithFailure, t]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const theme = useSettingsStore((s) => s.theme);

  useLayoutEffect(() => {
    applyTheme(theme);
  }, [theme]);

  return (
    <QueryClientProvider client={queryClient}>
      <div className="app-root">
        <PlatformLoadNotice />
        {children}
      </div>
    </QueryClientProvider>
  );
}
