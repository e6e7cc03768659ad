// The user's open orders and order history of this market, below the forms.
import { useTranslation } from 'react-i18next';
import type { SpotRules } from '../lib/spot-rules';

export function OrdersPanel({ rules, loggedIn }: { rules: SpotRules; loggedIn: boolean }) {
  const { t } = useTranslation('spot');
  return (
    <section className="spot-panel spot-orders" data-testid="spot-orders" data-symbol={rules.symbol}>
      <header className="spot-panel__head">
        <h2 className="spot-panel__title">{t('orders.open')}</h2>
      </header>
      {!loggedIn ? <div className="spot-empty">{t('orders.login')}</div> : null}
    </section>
  );
}
