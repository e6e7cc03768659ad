// Shown while a route's chunk is still downloading.
import { useTranslation } from 'react-i18next';

export function RoutePending() {
  const { t } = useTranslation('routes');
  return (
    <div className="route-state" data-testid="route-pending" role="status">
      <span className="app-spinner" aria-hidden />
      <span className="route-state__text">{t('pending')}</span>
    </div>
  );
}
