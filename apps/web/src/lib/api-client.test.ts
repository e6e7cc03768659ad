import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./toast', () => ({
  toast: { errorThrottled: vi.fn(() => true), error: vi.fn(), success: vi.fn() },
}));
vi.mock('./progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const { toast } = await import('./toast');
const { progressDone, progressStart } = await import('./progress');
const {
  ApiError,
  apiGet,
  apiPost,
  buildUrl,
  interpretResponse,
  isLoginStep1,
  isUsableMessage,
  LOGIN_STEP1_SIGNAL,
  REQUEST_TIMEOUT_MS,
  setUnauthorizedHandler,
  shouldToast,
} = await import('./api-client');
const { useSessionStore } = await import('./session-store');
const { useSettingsStore } = await import('./settings-store');

const DEFAULT_MSG = 'Your network is loading slowly, please refresh the current page';

function reply(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();
const onUnauthorized = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(toast.errorThrottled).mockClear();
  vi.mocked(progressStart).mockClear();
  vi.mocked(progressDone).mockClear();
  onUnauthorized.mockReset();
  setUnauthorizedHandler(onUnauthorized);
  useSessionStore.getState().clear();
  useSettingsStore.getState().setLang('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function rejection(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    return e as InstanceType<typeof ApiError>;
  }
  throw new Error('expected a rejection');
}

describe('request headers and URL', () => {
  it('sends the token in Authorization, satoken and Blade-Auth and the language in lang and language', async () => {
    useSessionStore.getState().setLogin({ token: 'tok', refreshToken: 'ref' });
    useSettingsStore.getState().setLang('zh');
    fetchMock.mockResolvedValue(reply(200, { code: 200, msg: 'ok', data: 1 }));
    await apiPost('/api/x', { a: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = init?.headers as Record<string, string>;
    expect(url).toBe('/api/x');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(headers).toMatchObject({
      Authorization: 'Bearer tok',
      satoken: 'tok',
      'Blade-Auth': 'tok',
      lang: 'zh',
      language: 'zh',
      'Content-Type': 'application/json',
    });
  });

  it('sends no token headers when logged out and no content type without a body', async () => {
    fetchMock.mockResolvedValue(reply(200, { code: 200, msg: '', data: null }));
    await apiPost('/api/x');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers.satoken).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it('puts params in the query string, skipping empty ones', async () => {
    fetchMock.mockResolvedValue(reply(200, { code: 200, data: [] }));
    await apiGet('/api/list', { current: 1, q: 'a b', skip: undefined, none: null });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/list?current=1&q=a+b');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
    expect(buildUrl('/a?x=1', { y: 2 })).toBe('/a?x=1&y=2');
  });
});

describe('envelope', () => {
  it('resolves data for code 200 and runs the progress bar once', async () => {
    fetchMock.mockResolvedValue(reply(200, { code: 200, msg: 'ok', data: { v: 1 } }));
    await expect(apiPost('/api/x')).resolves.toEqual({ v: 1 });
    expect(progressStart).toHaveBeenCalledTimes(1);
    expect(progressDone).toHaveBeenCalledTimes(1);
  });

  it('reads statuses 200-500 as received: the body code decides', () => {
    expect(interpretResponse(500, { code: 200, data: 1 }).ok).toBe(true);
    expect(interpretResponse(200, { code: 500, msg: 'boom' })).toMatchObject({
      ok: false,
      code: 500,
      msg: 'boom',
    });
    expect(interpretResponse(200, { status: '200', data: 2 }).ok).toBe(true);
    expect(interpretResponse(400, { code: 400, error_description: 'bad' })).toMatchObject({ msg: 'bad' });
  });

  it('treats statuses above 500 as failures whatever the body says', () => {
    expect(interpretResponse(502, { code: 200, data: 1 })).toMatchObject({
      ok: false,
      code: 502,
      msg: undefined,
    });
  });

  it('rejects a non-200 code with an ApiError carrying errorCode, msg, status and field errors, and toasts', async () => {
    const errors = [{ field: 'email', key: 'validation.email', message: 'Email: is not valid' }];
    fetchMock.mockResolvedValue(
      reply(400, {
        code: 400,
        errorCode: 'VALIDATION_FAILED',
        msg: 'Email: is not valid',
        data: null,
        errors,
      }),
    );
    const e = await rejection(apiPost('/api/x'));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      kind: 'response',
      status: 400,
      code: 400,
      errorCode: 'VALIDATION_FAILED',
      errors,
    });
    expect(e.msg).toBe('Email: is not valid');
    expect(toast.errorThrottled).toHaveBeenCalledWith('Email: is not valid');
    expect(progressDone).toHaveBeenCalledTimes(1);
  });

  it('does not toast when the call is silent', async () => {
    fetchMock.mockResolvedValue(reply(422, { code: 422, errorCode: 'CODE_INVALID', msg: 'wrong code' }));
    await rejection(apiPost('/api/x', undefined, { silent: true }));
    expect(toast.errorThrottled).not.toHaveBeenCalled();
  });

  it('never toasts a message that mentions SQL', async () => {
    fetchMock.mockResolvedValue(reply(200, { code: 500, msg: 'Error in SqlSession: syntax error' }));
    const e = await rejection(apiPost('/api/x'));
    expect(e.msg).toContain('SqlSession');
    expect(toast.errorThrottled).not.toHaveBeenCalled();
  });

  it('swallows invalid-token messages (no toast)', async () => {
    fetchMock.mockResolvedValue(reply(200, { code: 500, msg: 'Invalid token' }));
    await rejection(apiPost('/api/x'));
    expect(toast.errorThrottled).not.toHaveBeenCalled();
    expect(shouldToast({ kind: 'response', errorCode: 'AUTH_TOKEN_REVOKED', msg: 'signed out' })).toBe(false);
  });

  it('rejects the step-1 login control signal without a toast', async () => {
    fetchMock.mockResolvedValue(
      reply(200, { code: 400, errorCode: LOGIN_STEP1_SIGNAL, msg: 'enter your 2FA code' }),
    );
    const e = await rejection(apiPost('/api/user/login'));
    expect(e.kind).toBe('control');
    expect(isLoginStep1(e)).toBe(true);
    expect(toast.errorThrottled).not.toHaveBeenCalled();
  });

  it('replaces an empty or garbled message with the default one', async () => {
    for (const msg of ['', '   ', null, '<html>502</html>', 'bad \uFFFD bytes']) {
      fetchMock.mockResolvedValueOnce(reply(200, { code: 500, msg }));
      expect((await rejection(apiPost('/api/x'))).msg).toBe(DEFAULT_MSG);
    }
    fetchMock.mockResolvedValueOnce(new Response('<!doctype html>', { status: 200 }));
    const e = await rejection(apiPost('/api/x'));
    expect(e.msg).toBe(DEFAULT_MSG);
    expect(e.errorCode).toBe('BAD_RESPONSE');
    expect(isUsableMessage('Fine message')).toBe(true);
  });
});

describe('401', () => {
  it('logs out locally, runs the unauthorized handler, rejects with the message and shows no toast', async () => {
    useSessionStore.getState().setLogin({ token: 'tok', refreshToken: 'ref' });
    fetchMock.mockResolvedValue(
      reply(401, { code: 401, errorCode: 'AUTH_TOKEN_REVOKED', msg: 'You have been signed out' }),
    );
    const e = await rejection(apiPost('/api/user/getInfo'));
    expect(e).toMatchObject({ kind: 'unauthorized', status: 401, msg: 'You have been signed out' });
    expect(useSessionStore.getState()).toMatchObject({ isLogin: false, token: '', userInfo: null });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(toast.errorThrottled).not.toHaveBeenCalled();
  });

  it('also reacts to code 401 in a 200 reply', async () => {
    useSessionStore.getState().setLogin({ token: 'tok', refreshToken: 'ref' });
    fetchMock.mockResolvedValue(reply(200, { code: 401, msg: 'expired' }));
    await rejection(apiPost('/api/x'));
    expect(useSessionStore.getState().isLogin).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not sign out a newer session when a request from an older token gets 401', async () => {
    useSessionStore.getState().setLogin({ token: 'old', refreshToken: 'r' });
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const pending = rejection(apiPost('/api/x'));
    useSessionStore.getState().setLogin({ token: 'new', refreshToken: 'r2' });
    answer(reply(401, { code: 401, msg: 'revoked' }));
    await pending;
    expect(useSessionStore.getState().token).toBe('new');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('skips the handler on request (logout) but still clears the session', async () => {
    useSessionStore.getState().setLogin({ token: 'tok', refreshToken: 'ref' });
    fetchMock.mockResolvedValue(reply(401, { code: 401, msg: 'gone' }));
    await rejection(apiPost('/api/user/logout', undefined, { skipUnauthorizedHandler: true }));
    expect(useSessionStore.getState().isLogin).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('for a visitor (no token) is an ordinary error: toast, no navigation', async () => {
    fetchMock.mockResolvedValue(
      reply(401, { code: 401, errorCode: 'AUTH_REQUIRED', msg: 'Please log in first' }),
    );
    const e = await rejection(apiPost('/api/user/getInfo'));
    expect(e.kind).toBe('response');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(toast.errorThrottled).toHaveBeenCalledWith('Please log in first');
  });
});

describe('network failure and timeout', () => {
  it('rejects a network failure with the default message and ends the progress bar', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const e = await rejection(apiPost('/api/x'));
    expect(e).toMatchObject({ kind: 'network', status: 0, errorCode: 'NETWORK_ERROR', msg: DEFAULT_MSG });
    expect(progressStart).toHaveBeenCalledTimes(1);
    expect(progressDone).toHaveBeenCalledTimes(1);
  });

  it('aborts after 300000 ms', async () => {
    vi.useFakeTimers();
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = rejection(apiPost('/api/slow'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(progressDone).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const e = await pending;
    expect(e).toMatchObject({ kind: 'timeout', errorCode: 'REQUEST_TIMEOUT' });
    expect(progressDone).toHaveBeenCalledTimes(1);
  });

  it('a caller abort rejects quietly', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = rejection(apiGet('/api/x', undefined, { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    expect(toast.errorThrottled).not.toHaveBeenCalled();
  });
});
