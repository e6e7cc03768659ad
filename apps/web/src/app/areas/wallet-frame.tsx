// The one wallet area's frame (issue 10): the same tabs and page title around the same wallet page, whether
// the route was /assets/index?key= or /account/wallet/*. The tabs scroll sideways on narrow screens.
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';
import type { WalletPageId } from '@/features/wallet/wallet-page-ids';
import { useCustomerServiceStore } from '../layout/customer-service-store';
import { WALLET_NAV } from '../layout/nav-items';
import { WalletNavLink } from '../layout/wallet-nav-link';
import './account-area.css';

const WalletPage = lazyInAntdScope(() =>
  import('@/features/wallet/pages/wallet-pages').then((m) => m.WalletPage),
);

// Rendered inside the wallet page (already in the antd scope), so a plain lazy import.
const SpotOrderCentre = lazy(() =>
  import('@/features/spot/pages/spot-order-centre').then((m) => ({ default: m.SpotOrderCentre })),
);

export function WalletFrame({ page }: { page: WalletPageId }) {
  const { t } = useTranslation('routes');
  const openCustomerService = useCustomerServiceStore((s) => s.show);
  const current = WALLET_NAV.find((item) => item.page === page) ?? WALLET_NAV[0];
  const nav = useRef<HTMLElement>(null);
  // On a narrow screen the tab bar scrolls: bring the current page's tab into view (centred).
  useLayoutEffect(() => {
    const bar = nav.current;
    const active = bar?.querySelector<HTMLElement>(`[data-testid="assets-tab-${page}"]`);
    if (!bar || !active || bar.scrollWidth <= bar.clientWidth) return;
    bar.scrollLeft = active.offsetLeft - bar.offsetLeft - (bar.clientWidth - active.offsetWidth) / 2;
  }, [page]);
  return (
    <div className="app-container account-tabs-layout" data-testid="wallet-area">
      <nav
        ref={nav}
        className="account-tabs account-tabs--wallet"
        aria-label={t('areas.wallet')}
        data-testid="wallet-nav"
      >
        {WALLET_NAV.map((item) => (
          <WalletNavLink
            key={item.page}
            item={item}
            current={item.page === page}
            className={
              item.page === page ? 'account-tabs__item account-tabs__item--active' : 'account-tabs__item'
            }
            testId={`assets-tab-${item.page}`}
          >
            {t(item.titleKey)}
          </WalletNavLink>
        ))}
      </nav>
      <h1 className="account-page-title" data-testid="page-title">
        {t(current.titleKey)}
      </h1>
      <Suspense fallback={null}>
        <WalletPage
          page={page}
          onContactSupport={openCustomerService}
          tradeOrders={
            page === 'tradeOrder' ? (
              <Suspense fallback={null}>
                <SpotOrderCentre />
              </Suspense>
            ) : undefined
          }
        />
      </Suspense>
    </div>
  );
}
