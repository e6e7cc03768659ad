// Payment screenshot: images only (checked here by type, and by the server by the file's bytes), uploaded
// at once to the documented upload endpoint; the preview shows the local file, the form keeps the link.
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { uploadImage } from '../api/upload-image';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export function isImageFile(file: { type: string }): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(file.type);
}

export function ScreenshotUpload({
  value,
  onChange,
  onError,
}: {
  value: string;
  onChange: (link: string) => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation('wallet');
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  useEffect(() => {
    if (value === '') setPreview(null);
  }, [value]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!isImageFile(file)) {
      onError(t('upload.imagesOnly'));
      return;
    }
    onError(null);
    setUploading(true);
    try {
      const result = await uploadImage(file);
      setPreview(URL.createObjectURL(file));
      onChange(result.link);
    } catch (e) {
      onChange('');
      onError(isApiError(e) ? e.msg : t('upload.failed'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        data-testid="recharge-screenshot-input"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button
        loading={uploading}
        onClick={() => input.current?.click()}
        data-testid="recharge-screenshot-button"
      >
        {value ? t('upload.replace') : t('upload.choose')}
      </Button>
      {preview && value ? (
        <img
          src={preview}
          alt={t('upload.previewAlt')}
          className="wallet-upload__preview"
          data-testid="recharge-screenshot-preview"
        />
      ) : null}
    </div>
  );
}
