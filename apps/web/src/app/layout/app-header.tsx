// The header: top menu on the left, top operation bar on the right (hidden on the sign-in pages), and on
// narrow screens a drawer with the menu and the tools. Drawers are separate chunks loaded on first use,
// with the antd scope (they are antd Drawers).
import { MenuOutlined } from '@ant-design/icons';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '@/components/button';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';
import { useHeaderFit } from './header-fit';
import { useSettingsDrawerStore } from './settings-drawer-store';
import { TopBarAccount, TopBarTools } from './top-bar';
import { BrandLogo, TopMenu } from './top-menu';

const MobileDrawer = lazyInAntdScope(() => import('./mobile-drawer').then((m) => m.MobileDrawer));
const SettingsDrawer = lazyInAntdScope(() => import('./settings-drawer').then((m) => m.SettingsDrawer));

export function AppHeader({ showTopBar }: { showTopBar: boolean }) {
  const { t } = useTranslation('layout');
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileUsed, setMobileUsed] = useState(false);
  const settingsOpen = useSettingsDrawerStore((s) => s.open);
  const [settingsUsed, setSettingsUsed] = useState(false);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);
  const innerRef = useRef<HTMLDivElement>(null);
  useHeaderFit(innerRef);

  const openMobile = () => {
    setMobileUsed(true);
    setMobileOpen(true);
  };

  return (
    <header className="app-header" data-testid="app-header">
      <div className="app-header__inner" ref={innerRef} data-testid="app-header-row">
        <BrandLogo />
        <TopMenu />
        <div className="app-header__spacer" />
        {showTopBar ? (
          <div className="app-topbar" data-testid="topbar">
            <div className="app-topbar__tools">
              <TopBarTools />
            </div>
            <TopBarAccount />
          </div>
        ) : null}
        <AppButton
          variant="text"
          className="app-header__burger"
          icon={<MenuOutlined />}
          onClick={openMobile}
          aria-label={t('nav.open')}
          data-testid="mobile-menu-button"
        />
      </div>
      <Suspense fallback={null}>
        {mobileUsed ? (
          <MobileDrawer open={mobileOpen} onClose={() => setMobileOpen(false)} showTools={showTopBar} />
        ) : null}
        {settingsUsed ? <SettingsDrawer /> : null}
      </Suspense>
    </header>
  );
}
