// The console's own layout: a sidebar with the pages of the operator's role, the operator's name and
// sign-out, and the page. It also guards: no operator session -> the console login; the one-time
// password not changed yet -> the password page; a page the role may not open -> the role's first page.

import { LANGUAGES, type Language } from '@coin/shared/languages';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { Button, Select, Switch, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@/i18n/language-names';
import { useSettingsStore } from '@/lib/settings-store';
import { ADMIN_LOGIN_PATH, setAdminUnauthorizedHandler } from '../api/admin-client';
import { operatorLogout } from '../api/console-api';
import { useAdminSession } from '../lib/admin-session';
import { consoleQueryClient } from '../lib/console-query-client';
import { type ConsolePage, landingPath } from '../lib/console-rules';
import { useOperator } from '../lib/use-operator';
import { ProjectionBanner } from './projection-banner';

const BARE_PATHS = [ADMIN_LOGIN_PATH, '/admin/password'];

export function ConsoleLayout() {
  return (
    <QueryClientProvider client={consoleQueryClient}>
      <ConsoleFrame />
    </QueryClientProvider>
  );
}

function ConsoleFrame() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { operator, token, pages } = useOperator();
  const clear = useAdminSession((s) => s.clear);

  useEffect(() => {
    setAdminUnauthorizedHandler(() => {
      consoleQueryClient.clear();
      void navigate({ to: ADMIN_LOGIN_PATH, replace: true });
    });
  }, [navigate]);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  const bare = BARE_PATHS.includes(pathname);
  if (pathname === ADMIN_LOGIN_PATH) {
    if (token && operator && !operator.mustChangePassword)
      return <Navigate to={landingPath(operator)} replace />;
    return <Bare />;
  }
  if (!token || !operator) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  if (operator.mustChangePassword && pathname !== '/admin/password')
    return <Navigate to="/admin/password" replace />;
  if (bare) return <Bare />;
  const page = pathname.split('/')[2] as ConsolePage | 'operators' | undefined;
  const allowed =
    page === 'operators' ? operator.role === 'admin' : page !== undefined && pages.includes(page);
  if (!allowed) return <Navigate to={landingPath(operator)} replace />;

  const logout = async () => {
    try {
      await operatorLogout();
    } catch {
      // Signed out locally either way.
    }
    clear();
    consoleQueryClient.clear();
    await navigate({ to: ADMIN_LOGIN_PATH, replace: true });
  };

  const navItems: Array<ConsolePage | 'operators'> = [
    ...pages,
    ...(operator.role === 'admin' ? (['operators'] as const) : []),
  ];
  return (
    <div className="admin-shell">
      <aside className="admin-sidebar">
        <div className="admin-brand">{t('title')}</div>
        <nav className="admin-nav">
          {navItems.map((p) => (
            <Link
              key={p}
              to={`/admin/${p}`}
              data-testid={`admin-nav-${p}`}
              className="admin-nav-link"
              activeProps={{ className: 'admin-nav-link is-active' }}
            >
              {t(`nav.${p}`)}
            </Link>
          ))}
        </nav>
        <div className="admin-operator">
          <div>
            <strong data-testid="admin-operator-name">{operator.username}</strong>{' '}
            <Tag>{t(`roles.${operator.role}`)}</Tag>
          </div>
          <Link to="/admin/password" className="admin-nav-link small">
            {t('nav.password')}
          </Link>
          <Preferences />
          <Button size="small" onClick={logout} data-testid="admin-logout">
            {t('nav.logout')}
          </Button>
        </div>
      </aside>
      <main className="admin-main">
        {operator.role === 'admin' ? <ProjectionBanner /> : null}
        <Outlet />
      </main>
    </div>
  );
}

/** Language and day/night theme: the same settings as the user side (the i18n store follows `lang`). */
function Preferences() {
  const { t } = useTranslation('admin');
  const lang = useSettingsStore((s) => s.lang);
  const theme = useSettingsStore((s) => s.theme);
  const setLang = useSettingsStore((s) => s.setLang);
  const setTheme = useSettingsStore((s) => s.setTheme);
  return (
    <div className="admin-prefs">
      <Select<Language>
        size="small"
        value={lang}
        data-testid="admin-lang"
        aria-label={t('prefs.language')}
        onChange={setLang}
        options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        popupMatchSelectWidth={false}
      />
      <span className="admin-theme">
        <Switch
          size="small"
          data-testid="admin-theme"
          aria-label={t('prefs.night')}
          checked={theme === 'theme-night'}
          onChange={(night) => setTheme(night ? 'theme-night' : 'theme-daytime')}
        />
        {t('prefs.night')}
      </span>
    </div>
  );
}

function Bare() {
  return (
    <div className="admin-bare">
      <Outlet />
    </div>
  );
}
