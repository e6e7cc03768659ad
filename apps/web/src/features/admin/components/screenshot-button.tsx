// Opens a recharge's payment screenshot. The upload is served only with an operator token, so it is
// fetched with the token and shown from an object URL (a plain link would carry no token).
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminBlobUrl } from '../api/admin-client';

export function ScreenshotButton({ id, link }: { id: string; link: string }) {
  const { t } = useTranslation('admin');
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const open = async () => {
    setLoading(true);
    setFailed(false);
    try {
      setUrl(await adminBlobUrl(link));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Button size="small" data-testid={`screenshot-${id}`} loading={loading} onClick={open} danger={failed}>
        {failed ? t('review.screenshotFailed') : t('review.view')}
      </Button>
      <Modal
        open={url !== null}
        footer={null}
        onCancel={() => setUrl(null)}
        title={t('review.screenshot')}
        width={720}
      >
        {url ? <img src={url} alt={t('review.screenshot')} className="admin-screenshot" /> : null}
      </Modal>
    </>
  );
}
