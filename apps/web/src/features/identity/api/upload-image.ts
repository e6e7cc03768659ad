// POST /api/common/upload/OSS: uploads an identity photo or a payment QR code (lib/upload-image.ts).
import i18next from 'i18next';
import { type UploadResult, uploadImage as upload } from '@/lib/upload-image';

export const uploadImage = (file: File): Promise<UploadResult> =>
  upload(file, () => i18next.t('identity:upload.failed'));
