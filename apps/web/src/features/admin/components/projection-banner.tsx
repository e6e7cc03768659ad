// The operator alert for the bill projection on every console page (admins only): failed commands whose
// bills are missing, a stall (nothing can be written), a failed catch-up or a long lag, with a link to the
// projection page. Polls the status every 30 seconds.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectionKeys, projectionStatus } from '../api/projection-api';
import { projectionAlert } from '../lib/projection-alert';

export function ProjectionBanner() {
  const { t } = useTranslation('admin');
  const query = useQuery({
    queryKey: projectionKeys.status,
    queryFn: projectionStatus,
    refetchInterval: 30_000,
    // A console without a money core answers 503: no banner, and no retry storm.
    retry: false,
  });
  const alert = projectionAlert(query.data);
  if (!alert) return null;
  return (
    <Alert
      className="admin-gap"
      type={alert.type}
      showIcon
      banner
      data-testid="projection-banner"
      message={
        <span className="admin-stack">
          {alert.messages.map((m) => (
            <span key={m.key}>
              {t(`projection.banner.${m.key}`, { count: m.count ?? 0, minutes: m.minutes ?? 0 })}
            </span>
          ))}
        </span>
      }
      action={
        <Link to="/admin/projection" data-testid="projection-banner-link">
          {t('projection.banner.open')}
        </Link>
      }
    />
  );
}
