// The top menu: logo and brand, then the main destinations. On narrow screens the same links live in the
// mobile drawer (`MobileNav`).
import { DownOutlined } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { selectBrandName, usePlatformStore } from '@/lib/platform-store';
import { HoverMenu } from './hover-menu';
import { EARN_NAV, PLAIN_NAV, TRADE_NAV } from './nav-items';

export function BrandLogo() {
  const brand = usePlatformStore(selectBrandName);
  const logo = usePlatformStore((s) => s.config?.logo);
  return (
    <Link to="/home/index" className="app-brand" data-testid="brand-link" aria-label={brand || undefined}>
      {logo ? <img className="app-brand__logo" src={logo} alt="" /> : null}
      <span className="app-brand__name" data-testid="brand-name">
        {brand}
      </span>
    </Link>
  );
}

const navLinkProps = {
  className: 'app-nav__link',
  activeProps: { className: 'app-nav__link--active' },
} as const;

export function TopMenu() {
  const { t } = useTranslation('layout');
  return (
    <nav className="app-nav" aria-label={t('nav.label')} data-testid="top-menu">
      <Link to={PLAIN_NAV.home.to} {...navLinkProps}>
        {t(PLAIN_NAV.home.labelKey)}
      </Link>
      <Link to={PLAIN_NAV.quotes.to} {...navLinkProps}>
        {t(PLAIN_NAV.quotes.labelKey)}
      </Link>
      <HoverMenu
        triggerClassName="app-nav__link"
        triggerTestId="nav-trade"
        label={
          <>
            {t('nav.trade')} <DownOutlined className="app-nav__caret" aria-hidden />
          </>
        }
      >
        {TRADE_NAV.map((item) => (
          <Link key={item.key} to={item.to} search={item.search} className="hover-menu__item">
            {t(item.labelKey)}
          </Link>
        ))}
      </HoverMenu>
      <HoverMenu
        triggerClassName="app-nav__link"
        triggerTestId="nav-earn"
        label={
          <>
            {t('nav.earn')} <DownOutlined className="app-nav__caret" aria-hidden />
          </>
        }
      >
        {EARN_NAV.map((item) => (
          <Link key={item.key} to={item.to} className="hover-menu__item">
            {t(item.labelKey)}
          </Link>
        ))}
      </HoverMenu>
      <Link to={PLAIN_NAV.otc.to} {...navLinkProps}>
        {t(PLAIN_NAV.otc.labelKey)}
      </Link>
      <Link to={PLAIN_NAV.news.to} {...navLinkProps}>
        {t(PLAIN_NAV.news.labelKey)}
      </Link>
      <Link to={PLAIN_NAV.help.to} {...navLinkProps}>
        {t(PLAIN_NAV.help.labelKey)}
      </Link>
    </nav>
  );
}

/** The same destinations as a vertical list, for the mobile drawer. */
export function MobileNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('layout');
  const link = { className: 'mobile-nav__link', activeProps: { className: 'mobile-nav__link--active' } };
  return (
    <nav className="mobile-nav" aria-label={t('nav.label')} onClickCapture={onNavigate}>
      <Link to={PLAIN_NAV.home.to} {...link}>
        {t(PLAIN_NAV.home.labelKey)}
      </Link>
      <Link to={PLAIN_NAV.quotes.to} {...link}>
        {t(PLAIN_NAV.quotes.labelKey)}
      </Link>
      <p className="mobile-nav__group">{t('nav.trade')}</p>
      {TRADE_NAV.map((item) => (
        <Link
          key={item.key}
          to={item.to}
          search={item.search}
          className="mobile-nav__link mobile-nav__link--sub"
        >
          {t(item.labelKey)}
        </Link>
      ))}
      <p className="mobile-nav__group">{t('nav.earn')}</p>
      {EARN_NAV.map((item) => (
        <Link key={item.key} to={item.to} className="mobile-nav__link mobile-nav__link--sub">
          {t(item.labelKey)}
        </Link>
      ))}
      <Link to={PLAIN_NAV.otc.to} {...link}>
        {t(PLAIN_NAV.otc.labelKey)}
      </Link>
      <Link to={PLAIN_NAV.news.to} {...link}>
        {t(PLAIN_NAV.news.labelKey)}
      </Link>
      <Link to={PLAIN_NAV.help.to} {...link}>
        {t(PLAIN_NAV.help.labelKey)}
      </Link>
    </nav>
  );
}
