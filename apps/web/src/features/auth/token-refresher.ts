// The token refresh rule of spec section 4, kept free of React and timers so it can be tested: a check
// runs every 10 s; once the stored token is 604800 s (7 days) old and no refresh is running, one refresh
// is started under a lock (in this tab, and across the browser's tabs when `exclusive` is given). Success stores the new tokens, releases the lock and reloads the user info;
// failure only releases the lock (a 401 has already signed the user out in the API client).

export const TOKEN_REFRESH_THRESHOLD_SECONDS = 604_800;
export const TOKEN_CHECK_INTERVAL_MS = 10_000;

export interface RefresherDeps {
  now(): number;
  session(): { isLogin: boolean; refreshToken: string; tokenTime: number };
  refresh(refreshToken: string): Promise<{ satoken: string; refreshToken: string }>;
  storeTokens(token: string, refreshToken: string): void;
  reloadUserInfo(): Promise<void>;
  /**
   * Runs the refresh under a lock shared by every tab of the browser (navigator.locks), so two tabs never
   * present the same refresh token: the server takes a retired token for a stolen one.
   */
  exclusive?<T>(fn: () => Promise<T>): Promise<T>;
  /** Re-reads the session another tab may have refreshed meanwhile (from storage). */
  resync?(): void;
}

export interface TokenRefresher {
  /** Runs one check; resolves when a refresh it started has finished. */
  check(): Promise<void>;
  isRefreshing(): boolean;
}

export function tokenAgeSeconds(tokenTime: number, now: number): number {
  return Math.floor((now - tokenTime) / 1000);
}

export function createTokenRefresher(deps: RefresherDeps): TokenRefresher {
  let refreshing = false;
  return {
    isRefreshing: () => refreshing,
    async check() {
      const s = deps.session();
      if (!s.isLogin || !s.refreshToken || refreshing) return;
      if (tokenAgeSeconds(s.tokenTime, deps.now()) < TOKEN_REFRESH_THRESHOLD_SECONDS) return;
      refreshing = true;
      let ok = false;
      const exclusive = deps.exclusive ?? ((fn: () => Promise<boolean>) => fn());
      try {
        ok = await exclusive(async () => {
          // Another tab may have refreshed while this one waited for the lock: use its tokens.
          deps.resync?.();
          const current = deps.session();
          if (!current.isLogin || !current.refreshToken) return false;
          if (tokenAgeSeconds(current.tokenTime, deps.now()) < TOKEN_REFRESH_THRESHOLD_SECONDS) return false;
          const tokens = await deps.refresh(current.refreshToken);
          deps.storeTokens(tokens.satoken, tokens.refreshToken);
          return true;
        });
      } catch {
        // Released below; the next check may try again (unless a 401 signed the user out).
      } finally {
        refreshing = false;
      }
      if (ok) {
        try {
          await deps.reloadUserInfo();
        } catch {
          // The tokens are fine; the info is reloaded on the next visit.
        }
      }
    },
  };
}
