// The assets area chunk: /assets/index?key=overview|finance|agreement|recharge|withdraw|swap|transfer|
// tradeOrder|records. A tab per key; the screens are the wallet feature's (with antd in its own scope).
import { getRouteApi, Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';
import { useCustomerServiceStore } from '../layout/customer-service-store';
import { ASSETS_INDEX_KEYS, DEFAULT_ASSETS_INDEX_KEY } from '../search-params';
import './account-area.css';

const assetsRoute = getRouteApi('/assets/index');

const AssetsIndexView = lazyInAntdScope(() =>
  import('@/features/wallet/pages/wallet-pages').then((m) => m.AssetsIndexView),
);

export function AssetsIndexPage() {
  const { t } = useTranslation('routes');
  const key = assetsRoute.useSearch().key ?? DEFAULT_ASSETS_INDEX_KEY;
  const openCustomerService = useCustomerServiceStore((s) => s.show);
  return (
    <div className="app-container account-tabs-layout">
      <h1 className="account-page-title" data-testid="page-title">
        {t('pages.assets.title')}
      </h1>
      <nav className="account-tabs" aria-label={t('pages.assets.title')}>
        {ASSETS_INDEX_KEYS.map((k) => (
          <Link
            key={k}
            to="/assets/index"
            search={{ key: k }}
            className={k === key ? 'account-tabs__item account-tabs__item--active' : 'account-tabs__item'}
            data-testid={`assets-tab-${k}`}
          >
            {t(`assetsKeys.${k}`)}
          </Link>
        ))}
      </nav>
      <span hidden data-testid="assets-key">
        {t(`assetsKeys.${key}`)}
      </span>
      <Suspense fallback={null}>
        <AssetsIndexView tabKey={key} onContactSupport={openCustomerService} />
      </Suspense>
    </div>
  );
}
