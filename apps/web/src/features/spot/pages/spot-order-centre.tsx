// The order centre's spot orders (/assets/index?key=tradeOrder, issue 11): open orders and history in
// the same table as /account/entrust/spot, with a link there for filters and the trade history. The
// wallet area frames it (app/ passes it to the wallet page), so it renders inside the wallet's card style.
// Test ids: `spot-order-centre`, `spot-centre-<open|history>`, `spot-centre-all`.
import { Link } from '@tanstack/react-router';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpotOrderList } from '../components/spot-orders-table';
import type { OrderListMode } from '../lib/spot-order';
import '../components/spot-orders.css';
import { SpotSignedInOnly } from './spot-entrust-page';

export function SpotOrderCentre({ pageSize = 10 }: { pageSize?: number }) {
  const { t } = useTranslation('spotOrders');
  const [mode, setMode] = useState<OrderListMode>('open');
  return (
    <section className="spot-centre" data-testid="spot-order-centre">
      <header className="spot-centre__header">
        <h2 className="spot-centre__title">{t('title')}</h2>
        <Link to="/account/entrust/spot" className="spot-centre__all" data-testid="spot-centre-all">
          {t('allOrders')} →
        </Link>
      </header>
      <SpotSignedInOnly>
        <Segmented<OrderListMode>
          value={mode}
          onChange={setMode}
          options={(['open', 'history'] as const).map((m) => ({
            value: m,
            label: <span data-testid={`spot-centre-${m}`}>{t(`tabs.${m}`)}</span>,
          }))}
          className="spot-centre__switch"
        />
        <SpotOrderList mode={mode} pageSize={pageSize} testId={`spot-centre-orders-${mode}`} />
      </SpotSignedInOnly>
    </section>
  );
}
