// A route's error screen, rendered inside the main layout. A chunk that failed to download (spec: 120 s
// chunk load timeout, or a failed dynamic import after a deployment) offers a full reload, which fetches
// the current build; any other error offers to try the route again.
import { CloudDownloadOutlined, WarningOutlined } from '@ant-design/icons';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AppButton } from '@/components/button';
import { isChunkLoadError } from './load-chunk';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation('routes');
  const router = useRouter();
  const chunkFailed = isChunkLoadError(error);

  const retry = () => {
    reset();
    void router.invalidate();
  };

  return (
    <div className="route-state" role="alert" data-testid={chunkFailed ? 'chunk-error' : 'route-error'}>
      {chunkFailed ? (
        <CloudDownloadOutlined className="route-state__icon" aria-hidden />
      ) : (
        <WarningOutlined className="route-state__icon" aria-hidden />
      )}
      <h2 className="route-state__title">{chunkFailed ? t('error.chunkTitle') : t('error.title')}</h2>
      <p className="route-state__text">
        {chunkFailed ? t('error.chunkDescription') : t('error.description')}
      </p>
      <div className="route-state__actions">
        {chunkFailed ? (
          <AppButton variant="primary" onClick={() => window.location.reload()} data-testid="chunk-reload">
            {t('error.reload')}
          </AppButton>
        ) : (
          <AppButton variant="primary" onClick={retry}>
            {t('error.retry')}
          </AppButton>
        )}
        <Link to="/home/index" reloadDocument={chunkFailed}>
          {t('error.home')}
        </Link>
      </div>
    </div>
  );
}
