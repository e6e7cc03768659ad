import { describe, expect, it, vi } from 'vitest';
import { createTokenRefresher, type RefresherDeps, TOKEN_REFRESH_THRESHOLD_SECONDS } from './token-refresher';

const DAY7 = TOKEN_REFRESH_THRESHOLD_SECONDS * 1000;

function setup(overrides: Partial<RefresherDeps> = {}, tokenTime = 0) {
  const session = { isLogin: true, refreshToken: 'r1', tokenTime };
  const deps = {
    now: vi.fn(() => DAY7),
    session: vi.fn(() => session),
    refresh: vi.fn(async () => ({ satoken: 't2', refreshToken: 'r2' })),
    storeTokens: vi.fn(),
    reloadUserInfo: vi.fn(async () => {}),
    ...overrides,
  } satisfies RefresherDeps;
  return { deps, refresher: createTokenRefresher(deps), session };
}

describe('token refresher', () => {
  it('does nothing before the token is 604800 s old', async () => {
    const { deps, refresher } = setup({ now: () => DAY7 - 1000 });
    await refresher.check();
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('refreshes at 604800 s, stores the tokens, then reloads the user info', async () => {
    const { deps, refresher } = setup();
    await refresher.check();
    expect(deps.refresh).toHaveBeenCalledWith('r1');
    expect(deps.storeTokens).toHaveBeenCalledWith('t2', 'r2');
    expect(deps.reloadUserInfo).toHaveBeenCalledTimes(1);
    expect(refresher.isRefreshing()).toBe(false);
  });

  it('runs one refresh at a time (lock)', async () => {
    let finish: (v: { satoken: string; refreshToken: string }) => void = () => {};
    const { deps, refresher } = setup({
      refresh: vi.fn(() => new Promise<{ satoken: string; refreshToken: string }>((r) => (finish = r))),
    });
    const first = refresher.check();
    expect(refresher.isRefreshing()).toBe(true);
    await refresher.check();
    await refresher.check();
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    finish({ satoken: 't2', refreshToken: 'r2' });
    await first;
    expect(refresher.isRefreshing()).toBe(false);
  });

  it('releases the lock on failure without storing or reloading', async () => {
    const { deps, refresher } = setup({ refresh: vi.fn(async () => Promise.reject(new Error('401'))) });
    await refresher.check();
    expect(refresher.isRefreshing()).toBe(false);
    expect(deps.storeTokens).not.toHaveBeenCalled();
    expect(deps.reloadUserInfo).not.toHaveBeenCalled();
    await refresher.check();
    expect(deps.refresh).toHaveBeenCalledTimes(2);
  });

  it('skips when logged out or without a refresh token', async () => {
    const { deps, refresher, session } = setup();
    session.isLogin = false;
    await refresher.check();
    session.isLogin = true;
    session.refreshToken = '';
    await refresher.check();
    expect(deps.refresh).not.toHaveBeenCalled();
  });

  it('across tabs: waits for the shared lock, then uses the tokens another tab stored meanwhile', async () => {
    // Two tabs with the same 7-day-old token; the shared lock runs them one after another.
    let chain = Promise.resolve<unknown>(undefined);
    const exclusive = <T>(fn: () => Promise<T>) => {
      const run = chain.then(fn);
      chain = run.catch(() => {});
      return run;
    };
    const shared = { isLogin: true, refreshToken: 'r1', tokenTime: 0 };
    const tab = () =>
      createTokenRefresher({
        now: () => DAY7,
        session: () => shared,
        refresh: refresh,
        storeTokens: (_t, r) => {
          shared.refreshToken = r;
          shared.tokenTime = DAY7;
        },
        reloadUserInfo: async () => {},
        exclusive,
        resync: () => {},
      });
    const refresh = vi.fn(async () => ({ satoken: 't2', refreshToken: 'r2' }));
    await Promise.all([tab().check(), tab().check()]);
    // One refresh with r1; the second tab saw the fresh token inside the lock and did not present r1 again.
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('r1');
    expect(shared.refreshToken).toBe('r2');
  });
});
