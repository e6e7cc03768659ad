// One loan document (front, back or holding photo): picked from the device, uploaded at once through the
// upload service (images only, checked by the server), previewed from the local file.
import { Button, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { uploadDocument } from '../api/upload-document';

export function DocumentUpload({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string | undefined;
  onChange: (link: string | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation('earn');
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string>();
  const [state, setState] = useState<'idle' | 'uploading' | 'error'>('idle');
  const [error, setError] = useState<string>();
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setState('error');
      setError(t('loan.imagesOnly'));
      return;
    }
    setState('uploading');
    setError(undefined);
    onChange(undefined);
    setPreview(URL.createObjectURL(file));
    try {
      const { link } = await uploadDocument(file);
      onChange(link);
      setState('idle');
    } catch (e) {
      setState('error');
      setError(isApiError(e) ? e.msg : t('loan.uploadFailed'));
    }
  };

  return (
    <div className="earn-doc" data-testid={testId}>
      <Typography.Text strong>{label}</Typography.Text>
      {preview ? (
        <img src={preview} alt={label} />
      ) : (
        <div className="earn-doc__empty earn-muted">{t('loan.noPhoto')}</div>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="earn-doc__input"
        data-testid={`${testId}-input`}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button size="small" loading={state === 'uploading'} onClick={() => input.current?.click()}>
        {value ? t('loan.replacePhoto') : t('loan.choosePhoto')}
      </Button>
      {value ? (
        <span className="earn-muted" data-testid={`${testId}-done`}>
          {t('loan.uploaded')}
        </span>
      ) : null}
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </div>
  );
}
