// HTTP for the operator console. It reuses the envelope rules of lib/api-client.ts (interpretResponse,
// ApiError, toasts) but sends the OPERATOR token from the admin session, never the user's, and a 401
// signs out only the operator session and returns to the console login, not the user login.
import {
  ApiError,
  buildUrl,
  defaultErrorMessage,
  interpretResponse,
  type RequestOptions,
  shouldToast,
} from '@/lib/api-client';
import { useSettingsStore } from '@/lib/settings-store';
import { toast } from '@/lib/toast';
import { useAdminSession } from '../lib/admin-session';

export const ADMIN_LOGIN_PATH = '/admin/login';

let onUnauthorized: () => void = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== ADMIN_LOGIN_PATH) {
    window.location.assign(ADMIN_LOGIN_PATH);
  }
};

/** The console layout registers a router navigation here. */
export function setAdminUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AdminRequestOptions {
  params?: RequestOptions['params'];
  /** No error toast (forms that show errors inline). */
  silent?: boolean;
  signal?: AbortSignal;
}

export function operatorHeaders(token: string, lang: string, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', lang, language: lang };
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.satoken = token;
  }
  return headers;
}

export async function adminRequest<T>(
  method: Method,
  url: string,
  body?: unknown,
  options: AdminRequestOptions = {},
): Promise<T> {
  const token = useAdminSession.getState().token;
  const hasBody = body !== undefined;
  let response: Response;
  let parsed: unknown;
  try {
    response = await fetch(buildUrl(url, options.params), {
      method,
      headers: operatorHeaders(token, useSettingsStore.getState().lang, hasBody),
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
      credentials: 'same-origin',
    });
    const text = await response.text();
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    if (options.signal?.aborted) throw new ApiError('aborted', 0, 0, 'ABORTED', defaultErrorMessage());
    const error = new ApiError('network', 0, 0, 'NETWORK_ERROR', defaultErrorMessage());
    if (!options.silent) toast.errorThrottled(error.msg);
    throw error;
  }
  const result = interpretResponse(response.status, parsed);
  if (result.ok) return result.envelope.data as T;
  const error = new ApiError(
    result.kind,
    response.status,
    result.code,
    result.errorCode,
    result.msg ?? defaultErrorMessage(),
    result.errors,
  );
  if (result.kind === 'unauthorized' && token) {
    // Only the session that sent the request is ended (a newer login stays).
    if (useAdminSession.getState().token === token) {
      useAdminSession.getState().clear();
      onUnauthorized();
    }
    throw error;
  }
  if (!options.silent && shouldToast(error)) toast.errorThrottled(error.msg);
  throw error;
}

export const adminGet = <T>(
  url: string,
  params?: RequestOptions['params'],
  options: AdminRequestOptions = {},
) => adminRequest<T>('GET', url, undefined, { ...options, params });
export const adminPost = <T>(url: string, body: unknown = {}, options: AdminRequestOptions = {}) =>
  adminRequest<T>('POST', url, body, options);
export const adminPut = <T>(url: string, body: unknown, options: AdminRequestOptions = {}) =>
  adminRequest<T>('PUT', url, body, options);

/** Fetches a protected file (a recharge screenshot) with the operator token; returns an object URL. */
export async function adminBlobUrl(url: string): Promise<string> {
  const token = useAdminSession.getState().token;
  const res = await fetch(url, { headers: operatorHeaders(token, useSettingsStore.getState().lang, false) });
  if (!res.ok)
    throw new ApiError('response', res.status, res.status, `HTTP_${res.status}`, defaultErrorMessage());
  return URL.createObjectURL(await res.blob());
}
