import { describe, expect, it, vi } from 'vitest';
import { createWatchlistToggle, TOGGLE_RESULTS } from './watchlist-toggle';

function deferred() {
  let resolve: () => void = () => {};
  let reject: (e: unknown) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createWatchlistToggle', () => {
  it('sends a visitor to log in without calling the server', async () => {
    const add = vi.fn();
    const cancel = vi.fn();
    const toggle = createWatchlistToggle({ isLoggedIn: () => false, add, cancel });
    await expect(toggle.toggle('BTCUSDT', false, 'BTCUSDT')).resolves.toBe(TOGGLE_RESULTS.loginRequired);
    expect(add).not.toHaveBeenCalled();
    expect(cancel).not.toHaveBeenCalled();
  });

  it('ignores repeat clicks on a pair while its request is pending, not other pairs', async () => {
    const first = deferred();
    const add = vi.fn((key: string) => (key === 'BTCUSDT' ? first.promise : Promise.resolve()));
    const onPendingChange = vi.fn();
    const toggle = createWatchlistToggle({ isLoggedIn: () => true, add, cancel: vi.fn(), onPendingChange });

    const click1 = toggle.toggle('BTCUSDT', false, 'BTCUSDT');
    expect(toggle.isPending('BTCUSDT')).toBe(true);
    await expect(toggle.toggle('BTCUSDT', false, 'BTCUSDT')).resolves.toBe(TOGGLE_RESULTS.ignored);
    await expect(toggle.toggle('BTCUSDT', true, 'BTCUSDT')).resolves.toBe(TOGGLE_RESULTS.ignored);
    await expect(toggle.toggle('ETHUSDT', false, 'ETHUSDT')).resolves.toBe(TOGGLE_RESULTS.added);
    expect(add).toHaveBeenCalledTimes(2);

    first.resolve();
    await expect(click1).resolves.toBe(TOGGLE_RESULTS.added);
    expect(toggle.isPending('BTCUSDT')).toBe(false);
    expect(onPendingChange).toHaveBeenLastCalledWith(new Set());
  });

  it('cancels a starred pair, and releases the guard after a failure', async () => {
    const cancel = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(undefined);
    const toggle = createWatchlistToggle({ isLoggedIn: () => true, add: vi.fn(), cancel });
    await expect(toggle.toggle('BTCUSDT', true, 'BTCUSDT')).resolves.toBe(TOGGLE_RESULTS.failed);
    expect(toggle.isPending('BTCUSDT')).toBe(false);
    await expect(toggle.toggle('BTCUSDT', true, 'BTCUSDT')).resolves.toBe(TOGGLE_RESULTS.removed);
    expect(cancel).toHaveBeenCalledTimes(2);
  });
});
