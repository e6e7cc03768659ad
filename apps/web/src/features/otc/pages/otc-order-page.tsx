// /otc/order: my orders, or one order (?orderCode=) with countdown, payment details, chat and actions.
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { OrderDetail } from '../components/order-detail';
import { OrdersList } from '../components/orders-list';
import '../otc.css';

export function OtcOrderPage() {
  const { t } = useTranslation('otc');
  const search = useSearch({ strict: false }) as { orderCode?: string };
  return (
    <div className="otc-page" data-testid="otc-order-page">
      <div className="otc-page-head">
        <h1>{search.orderCode ? t('order.title') : t('nav.orders')}</h1>
        <nav className="otc-links">
          <Link to="/otc/common">{t('nav.market')}</Link>
          <Link to="/otc/order">{t('nav.orders')}</Link>
        </nav>
      </div>
      {search.orderCode ? (
        <OrderDetail key={search.orderCode} orderCode={search.orderCode} />
      ) : (
        <OrdersList side="user" />
      )}
    </div>
  );
}

export function OtcOrdinaryPage() {
  const { t } = useTranslation('otc');
  return (
    <div className="otc-page" data-testid="otc-ordinary">
      <div className="otc-page-head">
        <h1>{t('guide.title')}</h1>
        <nav className="otc-links">
          <Link to="/otc/common">{t('nav.market')}</Link>
        </nav>
      </div>
      <ol className="otc-card otc-guide">
        {(['1', '2', '3', '4', '5'] as const).map((k) => (
          <li key={k}>{t(`guide.step${k}`)}</li>
        ))}
      </ol>
    </div>
  );
}
