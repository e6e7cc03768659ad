// A photo the owner sent earlier, fetched with the session token (uploads are private).
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePrivateImage } from '../lib/private-image';

export function PrivatePhoto({ link, label, testId }: { link: string; label: string; testId: string }) {
  const { t } = useTranslation('identity');
  const { url, failed } = usePrivateImage(link);
  return (
    <figure className="identity-photo" data-testid={testId}>
      <div className="identity-photo__frame">
        {url ? (
          <img src={url} alt={label} />
        ) : failed ? (
          <span className="identity-photo__placeholder">{t('upload.unavailable')}</span>
        ) : (
          <Skeleton.Image active />
        )}
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
