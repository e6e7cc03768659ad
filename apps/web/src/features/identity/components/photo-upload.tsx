// One identity photo: images only (the server checks the bytes), uploaded at once through the upload
// service; the preview shows the local file, the form keeps the returned link.
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { uploadImage } from '../api/upload-image';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export function PhotoUpload({
  id,
  label,
  value,
  invalid,
  onChange,
  onError,
}: {
  id: string;
  label: string;
  value: string;
  invalid?: boolean;
  onChange: (link: string) => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation('identity');
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
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
    <div className={`identity-photo${invalid ? ' identity-photo--invalid' : ''}`} data-testid={`${id}-box`}>
      <div className="identity-photo__frame">
        {preview && value ? (
          <img src={preview} alt={label} data-testid={`${id}-preview`} />
        ) : (
          <span className="identity-photo__placeholder">{label}</span>
        )}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        data-testid={`${id}-input`}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button
        size="small"
        loading={uploading}
        onClick={() => input.current?.click()}
        data-testid={`${id}-button`}
      >
        {value ? t('upload.replace') : t('upload.choose')}
      </Button>
    </div>
  );
}
