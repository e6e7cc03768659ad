// The main layout every route renders in (spec section 2): header with top menu and top operation bar,
// the page, the footer (hidden on the listed paths), the online-customer dialog and the floating
// customer-service widget. It also starts the
// session bootstrap (fetch and merge user info when entering logged in, token refresh).
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';
import { useSessionBootstrap } from '@/features/auth/hooks/use-session-bootstrap';
import { OtcPopups } from '@/features/otc/components/otc-popups';
import { SupportWidget } from '@/features/support/components/support-widget';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { useCustomerServiceStore } from './customer-service-store';
import { isConsolePath, isFooterHidden, isTopBarHidden } from './layout-rules';
import './layout.css';

// An antd Modal: loaded on first use, with the antd scope.
const CustomerServiceDialog = lazyInAntdScope(() =>
  import('./customer-service-dialog').then((m) => m.CustomerServiceDialog),
);

export function MainLayout() {
  useSessionBootstrap();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const dialogOpen = useCustomerServiceStore((s) => s.open);
  const [dialogUsed, setDialogUsed] = useState(false);
  if (dialogOpen && !dialogUsed) setDialogUsed(true);
  // The operator console brings its own layout (sidebar, operator session).
  if (isConsolePath(pathname)) return <Outlet />;

  return (
    <div className="app-shell">
      <AppHeader showTopBar={!isTopBarHidden(pathname)} />
      <main className="app-main">
        <Outlet />
      </main>
      {isFooterHidden(pathname) ? null : <AppFooter />}
      <SupportWidget />
      {/* Live OTC order and appeal popups (spec section 4). */}
      <OtcPopups />
      {dialogUsed ? (
        <Suspense fallback={null}>
          <CustomerServiceDialog />
        </Suspense>
      ) : null}
    </div>
  );
}
