// The account area chunk: the account centre (with the account menu of spec section 2, hidden on the
// security sub-pages), the wallet and the order centre. The wallet sections are pages of the one wallet
// area (wallet-frame.tsx, the same as /assets/index?key=); /account/entrust/spot is the spot feature's
// order page; the other account-centre and order-centre screens ship with later releases.
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';
import { securitySectionOf } from '@/features/security/security-sections';
import { WALLET_SECTIONS, type WalletSection, walletPageOfSection } from '@/features/wallet/wallet-page-ids';
import { useSessionStore } from '@/lib/session-store';
import { ACCOUNT_MENU_ITEMS, visibleAccountMenuItems } from '../layout/account-menu';
import { isAccountMenuHidden } from '../layout/layout-rules';
import { AreaPage, type PageId } from './area-page';
import { WalletFrame } from './wallet-frame';
import './account-area.css';

const ContractEntrustPage = lazy(() =>
  import('@/features/contracts/pages/contract-entrust-page').then((m) => ({
    default: m.ContractEntrustPage,
  })),
);
const SpotEntrustPage = lazyInAntdScope(() =>
  import('@/features/spot/pages/spot-entrust-page').then((m) => m.SpotEntrustPage),
);
const MarginPage = lazyInAntdScope(() =>
  import('@/features/margin/pages/margin-page').then((m) => m.MarginPage),
);
// Identity: certification, promotion and agent pages (features/identity).
const IDENTITY_PAGES: Record<string, ComponentType> = {
  '/account/center/kyc': lazyInAntdScope(() =>
    import('@/features/identity/pages/kyc-page').then((m) => m.KycPage),
  ),
  '/account/center/reward-center': lazyInAntdScope(() =>
    import('@/features/identity/pages/reward-center-page').then((m) => m.RewardCenterPage),
  ),
  '/account/center/contractAgents/agentManagement': lazyInAntdScope(() =>
    import('@/features/identity/pages/agent-management-page').then((m) => m.AgentManagementPage),
  ),
};

// Account info, security, devices, the security setting pages and API keys (features/security).
const SecuritySectionPage = lazyInAntdScope(() =>
  import('@/features/security/pages/security-section-page').then((m) => m.SecuritySectionPage),
);

const SECTION_PAGES: Record<string, PageId> = {
  '/account/center/info': 'accountInfo',
  '/account/center/security': 'accountSecurity',
  '/account/center/device-management': 'accountDevices',
  '/account/center/kyc': 'accountKyc',
  '/account/center/reward-center': 'accountRewards',
  '/account/center/merchant': 'accountMerchant',
  '/account/center/contractAgents/agentManagement': 'accountAgents',
  '/account/center/setting/phone': 'settingPhone',
  '/account/center/setting/google': 'settingGoogle',
  '/account/center/setting/email': 'settingEmail',
  '/account/center/setting/login-pwd': 'settingLoginPwd',
  '/account/center/setting/trade-pwd': 'settingTradePwd',
  '/account/center/setting/anti-code': 'settingAntiCode',
  '/account/entrust/spot': 'entrustSpot',
  '/account/entrust/margin-all': 'entrustMarginAll',
  '/account/entrust/margin-fixed': 'entrustMarginFixed',
  '/account/entrust/future/u': 'entrustFutureU',
  '/account/entrust/future/coin': 'entrustFutureCoin',
};

const ENTRUST_TABS = [
  { to: '/account/entrust/spot', page: 'entrustSpot' },
  { to: '/account/entrust/margin-all', page: 'entrustMarginAll' },
  { to: '/account/entrust/margin-fixed', page: 'entrustMarginFixed' },
  { to: '/account/entrust/future/u', page: 'entrustFutureU' },
  { to: '/account/entrust/future/coin', page: 'entrustFutureCoin' },
] as const;

function usePathname(): string {
  return useRouterState({ select: (s) => s.location.pathname });
}

export function AccountCenterLayout() {
  const { t } = useTranslation('layout');
  const pathname = usePathname();
  const isMerchant = useSessionStore((s) => s.userInfo?.is_merchant === 2);
  const hideMenu = isAccountMenuHidden(pathname);
  return (
    <div className="app-container account-layout">
      {hideMenu ? null : (
        <nav className="account-layout__menu" aria-label={t('account.menu')} data-testid="account-menu">
          {visibleAccountMenuItems(ACCOUNT_MENU_ITEMS, isMerchant).map((item) => (
            <Link
              key={item.key}
              to={item.to}
              className="account-layout__menu-item"
              activeProps={{ className: 'account-layout__menu-item--active' }}
            >
              {t(item.labelKey)}
            </Link>
          ))}
        </nav>
      )}
      <div className="account-layout__content">
        {hideMenu ? (
          <Link to="/account/center/security" className="account-layout__back">
            {t('account.backToSecurity')}
          </Link>
        ) : null}
        <Outlet />
      </div>
    </div>
  );
}

function TabsLayout({ tabs, label }: { tabs: ReadonlyArray<{ to: string; page: PageId }>; label: string }) {
  const { t } = useTranslation('routes');
  return (
    <div className="app-container account-tabs-layout">
      <nav className="account-tabs" aria-label={label}>
        {tabs.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            className="account-tabs__item"
            activeProps={{ className: 'account-tabs__item--active' }}
          >
            {t(`pages.${tab.page}.title`)}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

/** /account/wallet/*: each section is a page of the one wallet area, which brings its own tabs. */
export function AccountWalletLayout() {
  return <Outlet />;
}

export function AccountEntrustLayout() {
  const { t } = useTranslation('routes');
  return <TabsLayout tabs={ENTRUST_TABS} label={t('areas.entrust')} />;
}

/** Links to the screens that already work for the same task. */
function WorkingAlternative({ page }: { page: PageId }) {
  const { t } = useTranslation('routes');
  if (page === 'settingLoginPwd')
    return (
      <Link
        to="/user/index"
        search={{ key: 'loginPwd' }}
        className="app-link-button app-link-button--primary"
      >
        {t('alternatives.loginPwd')}
      </Link>
    );
  if (page === 'settingTradePwd')
    return (
      <Link to="/user/index" search={{ key: 'tardPwd' }} className="app-link-button app-link-button--primary">
        {t('alternatives.tradePwd')}
      </Link>
    );
  return null;
}

const WALLET_PREFIX = '/account/wallet/';

function walletSectionOf(pathname: string): WalletSection | undefined {
  if (!pathname.startsWith(WALLET_PREFIX)) return undefined;
  const section = pathname.slice(WALLET_PREFIX.length);
  return WALLET_SECTIONS.find((s) => s === section);
}

export function AccountSectionPage() {
  const pathname = usePathname().replace(/\/+$/, '');
  const walletSection = walletSectionOf(pathname);
  if (walletSection) return <WalletFrame page={walletPageOfSection(walletSection)} />;
  if (pathname === '/account/entrust/future/u' || pathname === '/account/entrust/future/coin') {
    return (
      <Suspense fallback={null}>
        <ContractEntrustPage type={pathname.endsWith('/u') ? 'usdt' : 'coin'} />
      </Suspense>
    );
  }
  if (pathname === '/account/entrust/spot') {
    return (
      <Suspense fallback={null}>
        <SpotEntrustPage />
      </Suspense>
    );
  }
  if (pathname === '/account/entrust/margin-all' || pathname === '/account/entrust/margin-fixed') {
    return (
      <Suspense fallback={null}>
        <MarginPage mode={pathname.endsWith('all') ? 'all' : 'fixed'} />
      </Suspense>
    );
  }
  const securitySection = securitySectionOf(pathname);
  if (securitySection) {
    return (
      <Suspense fallback={null}>
        <SecuritySectionPage section={securitySection} />
      </Suspense>
    );
  }
  const IdentityPage = IDENTITY_PAGES[pathname];
  if (IdentityPage) {
    return (
      <Suspense fallback={null}>
        <IdentityPage />
      </Suspense>
    );
  }
  const page = SECTION_PAGES[pathname] ?? 'accountInfo';
  return <AreaPage page={page} embedded actions={<WorkingAlternative page={page} />} />;
}
