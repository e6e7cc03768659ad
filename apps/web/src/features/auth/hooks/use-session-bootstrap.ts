// Session upkeep for the shell (spec section 4), mounted once by the main layout: on entering the shell
// while logged in, fetch the current user info and merge it into the session; while logged in, run the
// token refresh check every 10 s.
import { useEffect } from 'react';
import { syncSessionFromStorage, useSessionStore } from '@/lib/session-store';
import { getInfo } from '../api/get-info';
import { refreshToken } from '../api/refresh-token';
import { createTokenRefresher, TOKEN_CHECK_INTERVAL_MS } from '../token-refresher';

async function reloadUserInfo(signal?: AbortSignal): Promise<void> {
  const info = await getInfo({ silent: true, signal });
  // The session may have ended while the request was in flight.
  if (useSessionStore.getState().isLogin) useSessionStore.getState().mergeUserInfo(info);
}

// One refresher (one lock) for the whole app, however many components mount the hook.
const refresher = createTokenRefresher({
  now: Date.now,
  session: () => useSessionStore.getState(),
  refresh: (token) => refreshToken(token, { silent: true }),
  storeTokens: (token, refresh) => useSessionStore.getState().setTokens(token, refresh),
  reloadUserInfo: () => reloadUserInfo(),
  exclusive: (fn) =>
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request('coin_web-token-refresh', fn)
      : fn(),
  resync: syncSessionFromStorage,
});

export function useSessionBootstrap(): void {
  const isLogin = useSessionStore((s) => s.isLogin);

  // Entering the shell: only on mount. A fresh login fetches the info itself on the login page.
  useEffect(() => {
    if (!useSessionStore.getState().isLogin) return;
    const controller = new AbortController();
    reloadUserInfo(controller.signal).catch(() => {
      // Offline or a 401 (which has signed the user out): nothing else to do here.
    });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!isLogin) return;
    void refresher.check();
    const id = setInterval(() => void refresher.check(), TOKEN_CHECK_INTERVAL_MS);
    return () => clearInterval(id);
  }, [isLogin]);
}
