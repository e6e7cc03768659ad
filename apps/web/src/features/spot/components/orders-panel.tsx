// The user's orders below the forms: open orders (cancellable), order history and trade history of this
// market (or of all markets), live through the ORDER pushes (the spot orders table of the order centre).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotRules } from '../lib/spot-rules';
import { SpotOrderList } from './spot-orders-table';
import { SpotTradesTable } from './spot-trades-table';

type Tab = 'open' | 'history' | 'trades';

export function OrdersPanel({ rules, loggedIn }: { rules: SpotRules; loggedIn: boolean }) {
  const { t } = useTranslation('spot');
  const [tab, setTab] = useState<Tab>('open');
  const [all, setAll] = useState(false);
  const symbol = all ? undefined : rules.symbol;
  const filter = symbol ? { symbol } : {};
  return (
    <section className="spot-panel spot-orders" data-testid="spot-orders" data-symbol={rules.symbol}>
      <header className="spot-panel__head spot-orders__head">
        <div className="spot-tabs" role="tablist">
          {(['open', 'history', 'trades'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={`spot-tab${tab === k ? ' spot-tab--on' : ''}`}
              onClick={() => setTab(k)}
              data-testid={`spot-orders-tab-${k}`}
            >
              {t(`orders.${k}`)}
            </button>
          ))}
        </div>
        {loggedIn ? (
          <label className="spot-orders__all">
            <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
            {t('orders.allMarkets')}
          </label>
        ) : null}
      </header>
      {!loggedIn ? (
        <div className="spot-empty">{t('orders.login')}</div>
      ) : tab === 'trades' ? (
        <SpotTradesTable symbol={symbol} pageSize={10} />
      ) : (
        <SpotOrderList
          key={tab}
          mode={tab}
          filter={filter}
          pageSize={10}
          hidePair={!all}
          testId={`spot-orders-${tab}`}
        />
      )}
    </section>
  );
}
