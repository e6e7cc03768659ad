// The top operation bar (spec section 2): logged out, login and register buttons; logged in, the asset
// management and avatar (account menu) drop-downs. Then the tools: app download with a QR code, customer
// service, white paper, language switch and settings. On narrow screens the tools move into the drawer.
import {
  CustomerServiceOutlined,
  DownOutlined,
  FileTextOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MobileOutlined,
  SettingOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Link, useRouter } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '@/components/button';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';
import { logout } from '@/features/auth/api/logout';
import { useSessionStore } from '@/lib/session-store';
import { ACCOUNT_MENU_ITEMS, visibleAccountMenuItems } from './account-menu';
import { AppDownloadPanel } from './app-download';
import { useCustomerServiceStore } from './customer-service-store';
import { HoverMenu } from './hover-menu';
import { WALLET_NAV } from './nav-items';
import { useSettingsDrawerStore } from './settings-drawer-store';
import { useWhitePaper } from './use-white-paper';
import { WalletNavLink } from './wallet-nav-link';

// The settings feature's language picker carries antd's Select and Dropdown; it loads after first paint,
// with the antd scope around it.
const LanguageSwitch = lazyInAntdScope(() =>
  import('@/features/settings/components/language-switch').then((m) => m.LanguageSwitch),
);

/** The language picker, with an inert globe of the same size while its chunk loads. */
export function LazyLanguageSwitch() {
  return (
    <Suspense
      fallback={
        <span className="app-language-placeholder" aria-hidden>
          <GlobalOutlined />
        </span>
      }
    >
      <LanguageSwitch />
    </Suspense>
  );
}

function GuestActions() {
  const { t } = useTranslation('layout');
  return (
    <div className="app-topbar__auth">
      <Link to="/user/login" className="app-link-button" data-testid="topbar-login">
        {t('auth.login')}
      </Link>
      <Link
        to="/user/register"
        className="app-link-button app-link-button--primary"
        data-testid="topbar-register"
      >
        {t('auth.register')}
      </Link>
    </div>
  );
}

function AssetsMenu() {
  const { t } = useTranslation('layout');
  return (
    <HoverMenu
      align="end"
      triggerClassName="app-topbar__trigger"
      triggerTestId="topbar-assets"
      label={
        <>
          <WalletOutlined aria-hidden />
          <span className="app-topbar__label">{t('assetsMenu.title')}</span>
          <DownOutlined className="app-nav__caret" aria-hidden />
        </>
      }
    >
      {/* The wallet area's pages, each once (one set of pages, whichever route shows them). */}
      {WALLET_NAV.map((item) =>
        'menuKey' in item ? (
          <WalletNavLink
            key={item.page}
            item={item}
            className="hover-menu__item"
            testId={`assets-menu-${item.page}`}
          >
            {t(item.menuKey)}
          </WalletNavLink>
        ) : null,
      )}
      <hr className="hover-menu__divider" />
      <Link to="/account/entrust/spot" className="hover-menu__item">
        {t('assetsMenu.entrust')}
      </Link>
    </HoverMenu>
  );
}

function UserAvatar({ src }: { src: string | undefined }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="app-avatar" aria-hidden>
      {src && !broken ? <img src={src} alt="" onError={() => setBroken(true)} /> : <UserOutlined />}
    </span>
  );
}

function AccountMenu() {
  const { t } = useTranslation('layout');
  const router = useRouter();
  const userInfo = useSessionStore((s) => s.userInfo);
  const isMerchant = userInfo?.is_merchant === 2;
  const accountName = userInfo?.account ?? '';

  const signOut = async () => {
    try {
      await logout();
    } finally {
      await router.navigate({ to: '/' });
    }
  };

  return (
    <HoverMenu
      align="end"
      triggerClassName="app-topbar__trigger app-topbar__trigger--avatar"
      triggerTestId="topbar-avatar"
      ariaLabel={t('account.menu')}
      label={<UserAvatar src={userInfo?.avatar || undefined} />}
    >
      {accountName ? (
        <p className="hover-menu__heading" data-testid="topbar-account-name">
          {accountName}
        </p>
      ) : null}
      {visibleAccountMenuItems(ACCOUNT_MENU_ITEMS, isMerchant).map((item) => (
        <Link
          key={item.key}
          to={item.to}
          className="hover-menu__item"
          data-testid={`account-menu-${item.key}`}
        >
          {t(item.labelKey)}
        </Link>
      ))}
      <hr className="hover-menu__divider" />
      <button
        type="button"
        className="hover-menu__item"
        data-testid="topbar-logout"
        onClick={() => {
          void signOut();
        }}
      >
        <LogoutOutlined aria-hidden /> {t('auth.logout')}
      </button>
    </HoverMenu>
  );
}

/** Login/register or the asset and account menus; always visible in the header. */
export function TopBarAccount() {
  const isLogin = useSessionStore((s) => s.isLogin);
  return isLogin ? (
    <div className="app-topbar__auth">
      <AssetsMenu />
      <AccountMenu />
    </div>
  ) : (
    <GuestActions />
  );
}

/** Download, customer service, white paper, language and settings. */
export function TopBarTools({ vertical = false }: { vertical?: boolean }) {
  const { t } = useTranslation('layout');
  const showCustomerService = useCustomerServiceStore((s) => s.show);
  const openSettings = useSettingsDrawerStore((s) => s.show);
  const whitePaper = useWhitePaper();
  const buttonVariant = vertical ? 'default' : 'text';
  return (
    <div className={vertical ? 'app-tools app-tools--vertical' : 'app-tools'}>
      {vertical ? (
        <div className="app-tools__download">
          <AppDownloadPanel />
        </div>
      ) : (
        <HoverMenu
          align="end"
          kind="dialog"
          triggerClassName="app-topbar__trigger"
          triggerTestId="topbar-download"
          ariaLabel={t('download.title')}
          label={
            <>
              <MobileOutlined aria-hidden />
              <span className="app-tools__label">{t('download.title')}</span>
            </>
          }
        >
          <div className="hover-menu__content">
            <AppDownloadPanel />
          </div>
        </HoverMenu>
      )}
      <AppButton
        variant={buttonVariant}
        icon={<CustomerServiceOutlined />}
        onClick={showCustomerService}
        data-testid={vertical ? 'drawer-service' : 'topbar-service'}
        aria-label={t('customerService.title')}
        block={vertical}
      >
        <span className="app-tools__label">{t('customerService.short')}</span>
      </AppButton>
      <AppButton
        variant={buttonVariant}
        icon={<FileTextOutlined />}
        onClick={whitePaper.open}
        onPointerEnter={whitePaper.prefetch}
        onFocus={whitePaper.prefetch}
        data-testid={vertical ? 'drawer-whitepaper' : 'topbar-whitepaper'}
        aria-label={t('whitePaper.title')}
        block={vertical}
      >
        <span className="app-tools__label">{t('whitePaper.title')}</span>
      </AppButton>
      <div className="app-tools__language">
        <LazyLanguageSwitch />
      </div>
      <AppButton
        variant={buttonVariant}
        icon={<SettingOutlined />}
        onClick={openSettings}
        data-testid={vertical ? 'drawer-settings' : 'topbar-settings'}
        aria-label={t('settings.title')}
        block={vertical}
      >
        {vertical ? <span className="app-tools__label">{t('settings.title')}</span> : null}
      </AppButton>
    </div>
  );
}
