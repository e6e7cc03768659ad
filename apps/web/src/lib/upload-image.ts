// POST /api/common/upload/OSS (multipart, part `file`): uploads an image (payment screenshot, identity photo,
// payment QR code). The shared client speaks JSON, so this call builds its multipart request itself but reads
// the answer with the client's own envelope rules (interpretResponse) and reports failures as the same ApiError.
import { ApiError, defaultErrorMessage, interpretResponse } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';

export const UPLOAD_URL = '/api/common/upload/OSS';

/** What the upload call answers: the link to send in a later request, and the stored file's facts. */
export interface UploadResult {
  link: string;
  name: string;
  size: number;
  contentType: string;
}

/** Uploads one image; a refusal without the server's message reads `failedText()`. */
export async function uploadImage(file: File, failedText: () => string): Promise<UploadResult> {
  const token = useSessionStore.getState().token;
  const lang = useSettingsStore.getState().lang;
  const form = new FormData();
  form.append('type', '0');
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', lang, language: lang };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.satoken = token;
    headers['Blade-Auth'] = token;
  }
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(UPLOAD_URL, { method: 'POST', body: form, headers, credentials: 'same-origin' });
    body = await response.json().catch(() => undefined);
  } catch {
    throw new ApiError('network', 0, 0, 'NETWORK_ERROR', defaultErrorMessage());
  }
  const result = interpretResponse(response.status, body);
  if (result.ok) return result.envelope.data as UploadResult;
  throw new ApiError(
    result.kind,
    response.status,
    result.code,
    result.errorCode,
    result.msg ?? failedText(),
    result.errors,
  );
}
