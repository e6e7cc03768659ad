// Owns every HTTP call to the server (spec sections 7 and 8, DESIGN section 5): headers, timeout,
// envelope, 401 handling, error toasts and the progress bar. Features call `apiGet` / `apiPost` and get
// `data` on success or an `ApiError` (errors as data: kind, status, errorCode, msg, field errors).
//
// Rules, in the order they apply:
// - The token goes in `Authorization: Bearer`, `satoken` and `Blade-Auth`; the language in `lang` and
//   `language`. Every request times out after 300000 ms.
// - HTTP statuses 200 to 500 are read as received and the body's `code` (or `status`) decides; other
//   statuses and unreadable bodies are failures with the default message.
// - code 200 resolves with `data`.
// - 401 (status or code) with the current token: local logout, then the unauthorized handler (navigate
//   to '/'), no toast; the promise rejects with the message. A 401 for a request sent without a token
//   (a visitor) has nobody to log out, so it is an ordinary error.
// - Any other failure shows an error toast at most once per 2 s unless the call is `silent`, the
//   message mentions SQL (never show internals), the message means "invalid token" (swallowed), or it is
//   the step-1-login control signal (see LOGIN_STEP1_SIGNAL).
// - Network failure and timeout reject and end the progress bar like every other outcome.
import type { FieldError } from '@coin/shared/api-envelope';
import i18next from 'i18next';
import { progressDone, progressStart } from './progress';
import { useSessionStore } from './session-store';
import { useSettingsStore } from './settings-store';
import { toast } from './toast';

export const REQUEST_TIMEOUT_MS = 300_000;
export const SUCCESS_CODE = 200;
export const UNAUTHORIZED_CODE = 401;

/**
 * Control signal of a two-step login: a server that needs a second factor answers step 1 with a
 * non-200 code whose `errorCode` (or `msg`) is this value. It is not an error for the user, so the
 * client rejects (the login form goes on to step 2) without a toast. Compare with `isLoginStep1`.
 */
export const LOGIN_STEP1_SIGNAL = 'LOGIN_STEP1_SUCCESS';

/** Error codes that mean the token is invalid; their messages are swallowed (no toast). */
export const INVALID_TOKEN_ERROR_CODES: readonly string[] = [
  'AUTH_TOKEN_INVALID',
  'AUTH_TOKEN_EXPIRED',
  'AUTH_TOKEN_REVOKED',
];
// Older back ends of this product family say it in words only.
const INVALID_TOKEN_MESSAGE =
  /invalid[\s_-]*token|token[\s_-]*(is[\s_-]*)?(invalid|expired)|令牌(无效|失效|過期|过期)/i;

export const DEFAULT_MESSAGE_KEY = 'common:errors.networkSlow';
/** Used before i18next is ready (the very first requests at start-up). */
const DEFAULT_MESSAGE_FALLBACK = 'Your network is loading slowly, please refresh the current page';

export type ApiErrorKind =
  /** The server answered with a non-200 code. */
  | 'response'
  /** 401: the session is gone and has been cleared locally. */
  | 'unauthorized'
  /** The step-1-login control signal. */
  | 'control'
  | 'network'
  | 'timeout'
  /** The caller aborted (e.g. TanStack Query cancelled the query). */
  | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** The body's code (or the HTTP status when the body had none). */
    readonly code: number,
    /** Stable code from the server's catalogue, or NETWORK_ERROR / REQUEST_TIMEOUT / ABORTED. */
    readonly errorCode: string,
    /** Localized, user-presentable message. */
    readonly msg: string,
    /** Field errors of a validation failure, for showing inline. */
    readonly errors: FieldError[] = [],
  ) {
    super(msg);
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export function isLoginStep1(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'control';
}

export interface RequestOptions {
  /** Query-string parameters; undefined and null values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** No error toast: for forms that show the error inline. 401 handling still applies. */
  silent?: boolean;
  /** Do not run the unauthorized handler on 401 (logout itself: the session is going anyway). */
  skipUnauthorizedHandler?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Defaults to REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  [extra: string]: unknown;
}

// ---------------------------------------------------------------------------------------------------
// Pure rules (unit-tested)

/** An empty, non-string, HTML or mojibake message is replaced by the default one. */
export function isUsableMessage(msg: unknown): msg is string {
  if (typeof msg !== 'string') return false;
  const m = msg.trim();
  if (m === '' || m.length > 500) return false;
  if (m.includes('\uFFFD') || m.startsWith('<')) return false;
  // Control characters other than whitespace mean a binary or wrongly decoded body.
  for (const ch of m) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x09 || (c > 0x0d && c < 0x20)) return false;
  }
  return true;
}

export function mentionsSql(msg: string): boolean {
  return /sql/i.test(msg);
}

export function isInvalidTokenMessage(errorCode: string, msg: string): boolean {
  return INVALID_TOKEN_ERROR_CODES.includes(errorCode) || INVALID_TOKEN_MESSAGE.test(msg);
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

function isVars(v: unknown): v is Record<string, string | number> {
  const r = asRecord(v);
  return r !== undefined && Object.values(r).every((x) => typeof x === 'string' || typeof x === 'number');
}

function toFieldErrors(v: unknown): FieldError[] {
  if (!Array.isArray(v)) return [];
  const out: FieldError[] = [];
  for (const item of v) {
    const r = asRecord(item);
    if (r && typeof r.field === 'string') {
      out.push({
        field: r.field,
        key: typeof r.key === 'string' ? r.key : '',
        message: typeof r.message === 'string' ? r.message : '',
        ...(isVars(r.vars) ? { vars: r.vars } : {}),
      });
    }
  }
  return out;
}

export type Interpreted =
  | { ok: true; envelope: Envelope<unknown> }
  | {
      ok: false;
      kind: 'response' | 'unauthorized' | 'control';
      code: number;
      errorCode: string;
      /** The server's message if usable, else undefined (the caller substitutes the default). */
      msg: string | undefined;
      errors: FieldError[];
    };

/** Decides what a received response means, from its HTTP status and parsed body (undefined if unparseable). */
export function interpretResponse(status: number, body: unknown): Interpreted {
  const record = asRecord(body);
  const rawCode = record ? (record.code ?? record.status) : undefined;
  const bodyCode = rawCode === undefined || rawCode === null || rawCode === '' ? Number.NaN : Number(rawCode);
  const rawMsg = record ? (record.msg ?? record.error_description ?? record.message) : undefined;
  const msg = isUsableMessage(rawMsg) ? rawMsg.trim() : undefined;
  const errorCode = typeof record?.errorCode === 'string' ? record.errorCode : '';
  const errors = toFieldErrors(record?.errors);
  const received = status >= 200 && status <= 500;

  if (received && bodyCode === SUCCESS_CODE) {
    return {
      ok: true,
      envelope: { ...(record ?? {}), code: SUCCESS_CODE, msg: msg ?? '', data: record?.data },
    };
  }
  const code = Number.isFinite(bodyCode) ? bodyCode : status;
  if (status === UNAUTHORIZED_CODE || (received && bodyCode === UNAUTHORIZED_CODE)) {
    return { ok: false, kind: 'unauthorized', code: UNAUTHORIZED_CODE, errorCode, msg, errors };
  }
  if (errorCode === LOGIN_STEP1_SIGNAL || msg === LOGIN_STEP1_SIGNAL) {
    return { ok: false, kind: 'control', code, errorCode: LOGIN_STEP1_SIGNAL, msg, errors };
  }
  if (!received) {
    // A gateway error page or similar: whatever it says is not the API's answer.
    return {
      ok: false,
      kind: 'response',
      code: status,
      errorCode: errorCode || `HTTP_${status}`,
      msg: undefined,
      errors,
    };
  }
  return {
    ok: false,
    kind: 'response',
    code,
    errorCode: errorCode || (record ? '' : 'BAD_RESPONSE'),
    msg,
    errors,
  };
}

/** Whether a failure may show a toast (before the per-2-s throttle and the call's `silent` flag). */
export function shouldToast(error: Pick<ApiError, 'kind' | 'errorCode' | 'msg'>): boolean {
  if (error.kind === 'unauthorized' || error.kind === 'control' || error.kind === 'aborted') return false;
  if (mentionsSql(error.msg)) return false;
  if (isInvalidTokenMessage(error.errorCode, error.msg)) return false;
  return true;
}

export function buildUrl(url: string, params?: RequestOptions['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null) search.append(k, String(v));
  }
  const qs = search.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

// ---------------------------------------------------------------------------------------------------
// Side effects

function defaultNavigate(): void {
  if (typeof window === 'undefined') return;
  if (window.location.pathname !== '/') window.location.assign('/');
}

let unauthorizedHandler: () => void = defaultNavigate;

/** The router registers its navigate here (the default reloads the page at '/'). */
export function setUnauthorizedHandler(fn: (() => void) | null): void {
  unauthorizedHandler = fn ?? defaultNavigate;
}

export function defaultErrorMessage(): string {
  if (!i18next.isInitialized) return DEFAULT_MESSAGE_FALLBACK;
  const text = i18next.t(DEFAULT_MESSAGE_KEY);
  return text && text !== DEFAULT_MESSAGE_KEY && text !== 'errors.networkSlow'
    ? text
    : DEFAULT_MESSAGE_FALLBACK;
}

function buildHeaders(extra: Record<string, string> | undefined, hasBody: boolean, token: string) {
  const lang = useSettingsStore.getState().lang;
  const headers: Record<string, string> = { Accept: 'application/json', lang, language: lang };
  // Fastify rejects an empty body declared as JSON, so the type is sent only with a body.
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.satoken = token;
    headers['Blade-Auth'] = token;
  }
  return { ...headers, ...extra };
}

function handleUnauthorized(sentToken: string, options: RequestOptions): void {
  const session = useSessionStore.getState();
  // A 401 for an older token (a request from before a re-login) must not sign out the new session.
  if (!sentToken || session.token !== sentToken) return;
  session.clear();
  if (options.skipUnauthorizedHandler) return;
  try {
    unauthorizedHandler();
  } catch {
    defaultNavigate();
  }
}

function fail(error: ApiError, options: RequestOptions): never {
  if (!options.silent && shouldToast(error)) toast.errorThrottled(error.msg);
  throw error;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send(
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  options: RequestOptions,
): Promise<Envelope<unknown>> {
  const token = useSessionStore.getState().token;
  const hasBody = body !== undefined;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  progressStart();
  try {
    let response: Response;
    let parsed: unknown;
    try {
      response = await fetch(buildUrl(url, options.params), {
        method,
        headers: buildHeaders(options.headers, hasBody, token),
        body: hasBody ? JSON.stringify(body) : undefined,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      parsed = await readBody(response);
    } catch {
      if (timedOut) {
        return fail(new ApiError('timeout', 0, 0, 'REQUEST_TIMEOUT', defaultErrorMessage()), options);
      }
      if (options.signal?.aborted) {
        throw new ApiError('aborted', 0, 0, 'ABORTED', defaultErrorMessage());
      }
      return fail(new ApiError('network', 0, 0, 'NETWORK_ERROR', defaultErrorMessage()), options);
    }

    const result = interpretResponse(response.status, parsed);
    if (result.ok) return result.envelope;
    const error = new ApiError(
      result.kind,
      response.status,
      result.code,
      result.errorCode,
      result.msg ?? defaultErrorMessage(),
      result.errors,
    );
    if (result.kind === 'unauthorized') {
      if (token) {
        handleUnauthorized(token, options);
        throw error;
      }
      // Sent without a token: a visitor reached a members-only call. Show why, do not navigate.
      return fail(
        new ApiError('response', error.status, error.code, error.errorCode, error.msg, error.errors),
        options,
      );
    }
    return fail(error, options);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    progressDone();
  }
}

export async function apiGet<T>(
  url: string,
  params?: RequestOptions['params'],
  options: Omit<RequestOptions, 'params'> = {},
): Promise<T> {
  const envelope = await send('GET', url, undefined, { ...options, params });
  return envelope.data as T;
}

export async function apiPost<T>(url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const envelope = await send('POST', url, body, options);
  return envelope.data as T;
}

/** For the few calls whose payload sits beside `data` (e.g. a white-paper reply with a top-level `url`). */
export async function apiPostEnvelope<T>(
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  return (await send('POST', url, body, options)) as Envelope<T>;
}
