// The visible note when a page has no translation in the reader's language and English is shown.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export function FallbackNote({ show }: { show: boolean }) {
  const { t } = useTranslation('content');
  if (!show) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="content-fallback"
      message={t('fallback')}
      data-testid="content-fallback-note"
    />
  );
}
