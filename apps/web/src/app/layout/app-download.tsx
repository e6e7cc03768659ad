// The app-download panel: a QR code of the operator's download page (settings.appDownload.page), or of
// this site when none is configured, plus the store links that are configured.
import { AndroidOutlined, AppleOutlined } from '@ant-design/icons';
import { isHttpUrl } from '@coin/shared/url';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformStore } from '@/lib/platform-store';

// The QR encoder is only needed once a QR code is on screen (footer, download panel).
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

export function useAppDownloadUrl(): string {
  const page = usePlatformStore((s) => s.settings?.appDownload.page);
  return page && isHttpUrl(page) ? page : window.location.origin;
}

export function AppDownloadQr({ size = 128 }: { size?: number }) {
  const url = useAppDownloadUrl();
  return (
    <div className="app-qr" data-testid="app-download-qr">
      <Suspense fallback={<span className="app-qr__placeholder" style={{ width: size, height: size }} />}>
        <QRCodeSVG value={url} size={size} marginSize={2} bgColor="#ffffff" fgColor="#000000" />
      </Suspense>
    </div>
  );
}

export function AppDownloadPanel() {
  const { t } = useTranslation('layout');
  const appDownload = usePlatformStore((s) => s.settings?.appDownload);
  const android = appDownload?.android && isHttpUrl(appDownload.android) ? appDownload.android : null;
  const ios = appDownload?.ios && isHttpUrl(appDownload.ios) ? appDownload.ios : null;
  return (
    <div className="app-download">
      <AppDownloadQr />
      <p className="app-download__text">{t('download.scan')}</p>
      {android || ios ? (
        <div className="app-download__stores">
          {android ? (
            <a href={android} target="_blank" rel="noopener noreferrer">
              <AndroidOutlined aria-hidden /> {t('download.android')}
            </a>
          ) : null}
          {ios ? (
            <a href={ios} target="_blank" rel="noopener noreferrer">
              <AppleOutlined aria-hidden /> {t('download.ios')}
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
