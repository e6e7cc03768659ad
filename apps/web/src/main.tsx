// Start-up: the interface language is initialised with the stored choice, the platform data (config
// script, all system settings, coin list) loads at the same time, and the app renders as soon as the
// language is ready; platform parts that fail are reported by a toast and the app still renders.
// Nothing here loads antd: the layout and the home page are plain React (see components/antd-scope.tsx).
// theme.css comes first so the app's stylesheets follow it, as they followed antd's base styles.
import '@/app/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from '@/app/app-root';
import { installPageTitle } from '@/app/page-title';
import { applyTheme } from '@/app/providers';
import { router } from '@/app/router';
import { initI18n } from '@/i18n/i18n';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { loadPlatform } from '@/lib/platform-store';
import { followSession } from '@/lib/private-ws';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import '@/app/global.css';

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing from index.html');
  // The stored theme before the first paint, while the language loads.
  applyTheme(useSettingsStore.getState().theme);
  void loadPlatform();
  // The private websocket opens on login and closes on logout (spec section 3).
  followSession(useSessionStore);
  installPageTitle(router);
  // A 401 has already cleared the session locally; go to the root through the router (no reload).
  setUnauthorizedHandler(() => {
    void router.navigate({ to: '/' });
  });
  try {
    await initI18n(useSettingsStore.getState().lang);
  } catch (error) {
    // The app still renders; untranslated keys are better than a blank page.
    console.error('i18n initialisation failed', error);
  }
  createRoot(rootElement).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
}

void start();
