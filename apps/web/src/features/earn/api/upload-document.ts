// POST /api/common/upload/OSS (multipart, part `file`): a loan document image; the server checks it is
// an image by its bytes and keeps it for the uploader (and operators) only. The shared client speaks
// JSON, so this call builds the multipart request itself and reads the answer with the client's rules.
import { ApiError, defaultErrorMessage, interpretResponse } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';

export async function uploadDocument(file: File): Promise<{ link: string }> {
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
    response = await fetch('/api/common/upload/OSS', {
      method: 'POST',
      body: form,
      headers,
      credentials: 'same-origin',
    });
    body = await response.json().catch(() => undefined);
  } catch {
    throw new ApiError('network', 0, 0, 'NETWORK_ERROR', defaultErrorMessage());
  }
  const result = interpretResponse(response.status, body);
  if (result.ok) return result.envelope.data as { link: string };
  throw new ApiError(
    result.kind,
    response.status,
    result.code,
    result.errorCode,
    result.msg ?? defaultErrorMessage(),
    result.errors,
  );
}
