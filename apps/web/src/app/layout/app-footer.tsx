// The footer (spec section 2): three link columns, a QR code for the app and the language choice. Its
// customer-service entry opens the online-customer dialog.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { selectBrandName, usePlatformStore } from '@/lib/platform-store';
import { AppDownloadQr } from './app-download';
import { useCustomerServiceStore } from './customer-service-store';
import { LazyLanguageSwitch } from './top-bar';
import { useWhitePaper } from './use-white-paper';

export function AppFooter() {
  const { t } = useTranslation('layout');
  const brand = usePlatformStore(selectBrandName);
  const showCustomerService = useCustomerServiceStore((s) => s.show);
  const whitePaper = useWhitePaper();
  const year = new Date().getFullYear();

  return (
    <footer className="app-footer" data-testid="footer">
      <div className="app-container app-footer__grid">
        <div className="app-footer__brand">
          <p className="app-footer__brand-name">{brand}</p>
          <p className="app-footer__tagline">{t('footer.tagline')}</p>
          <div className="app-footer__qr">
            <AppDownloadQr size={96} />
            <span>{t('download.scan')}</span>
          </div>
        </div>
        <div className="app-footer__column">
          <h3 className="app-footer__heading">{t('footer.about')}</h3>
          <Link to="/article/main/index">{t('footer.aboutUs')}</Link>
          <Link to="/article/main/index">{t('footer.helpCenter')}</Link>
          <Link to="/news/index">{t('footer.news')}</Link>
          <button
            type="button"
            className="app-footer__action"
            onClick={whitePaper.open}
            onPointerEnter={whitePaper.prefetch}
            onFocus={whitePaper.prefetch}
          >
            {t('whitePaper.title')}
          </button>
        </div>
        <div className="app-footer__column">
          <h3 className="app-footer__heading">{t('footer.products')}</h3>
          <Link to="/trade/index" search={{ type: 'spot' }}>
            {t('nav.tradeSpot')}
          </Link>
          <Link to="/trade/index" search={{ type: 'sec' }}>
            {t('nav.tradeSec')}
          </Link>
          <Link to="/trade/index" search={{ type: 'usta' }}>
            {t('nav.tradeUsta')}
          </Link>
          <Link to="/quotes/index">{t('nav.quotes')}</Link>
          <Link to="/finance/investment">{t('nav.finance')}</Link>
          <Link to="/defis/index">{t('nav.defi')}</Link>
        </div>
        <div className="app-footer__column">
          <h3 className="app-footer__heading">{t('footer.services')}</h3>
          <Link to="/rule/index">{t('footer.rules')}</Link>
          <Link to="/otc/common">{t('nav.otc')}</Link>
          <Link to="/rate/index">{t('footer.rates')}</Link>
          <button
            type="button"
            className="app-footer__action"
            onClick={showCustomerService}
            data-testid="footer-service"
          >
            {t('customerService.title')}
          </button>
        </div>
      </div>
      <div className="app-footer__bottom">
        <div className="app-container app-footer__bottom-inner">
          <span>{t('footer.copyright', { year, brand })}</span>
          <div className="app-footer__language">
            <span>{t('footer.language')}</span>
            <LazyLanguageSwitch />
          </div>
        </div>
      </div>
    </footer>
  );
}
