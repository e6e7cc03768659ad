import { describe, expect, it, vi } from 'vitest';
import { createThrottle, ERROR_TOAST_INTERVAL_MS, type ToastApi } from './toast';

describe('error toast throttle', () => {
  it('opens at most once per 2 s', () => {
    let now = 10_000;
    const gate = createThrottle(ERROR_TOAST_INTERVAL_MS, () => now);
    expect(ERROR_TOAST_INTERVAL_MS).toBe(2000);
    expect(gate()).toBe(true);
    now += 500;
    expect(gate()).toBe(false);
    now += 1499;
    expect(gate()).toBe(false);
    now += 1;
    expect(gate()).toBe(true);
    expect(gate()).toBe(false);
  });

  it('measures from the last shown toast, not the last attempt', () => {
    let now = 0;
    const gate = createThrottle(2000, () => now);
    expect(gate()).toBe(true);
    for (now = 100; now < 2000; now += 100) expect(gate()).toBe(false);
    now = 2000;
    expect(gate()).toBe(true);
  });
});

describe('toast', () => {
  it('loads the message host once, on first use, and shows queued toasts in order', async () => {
    vi.resetModules();
    const shown: string[] = [];
    const host: ToastApi = {
      success: (c) => shown.push(`success:${c}`),
      error: (c) => shown.push(`error:${c}`),
      warning: (c) => shown.push(`warning:${c}`),
      info: (c) => shown.push(`info:${c}`),
    };
    const mountToastHost = vi.fn(async () => host);
    vi.doMock('@/components/toast-host', () => ({ mountToastHost }));
    const { toast } = await import('./toast');

    toast.warning('one');
    toast.error('two');
    toast.success('three');
    expect(shown).toEqual([]);
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    expect(shown).toEqual(['warning:one', 'error:two', 'success:three']);

    toast.info('four');
    expect(shown.at(-1)).toBe('info:four');
    expect(mountToastHost).toHaveBeenCalledTimes(1);
    vi.doUnmock('@/components/toast-host');
  });

  it('throttles errorThrottled at once, before the host has loaded', async () => {
    vi.resetModules();
    const error = vi.fn();
    vi.doMock('@/components/toast-host', () => ({
      mountToastHost: async () => ({ success: vi.fn(), error, warning: vi.fn(), info: vi.fn() }),
    }));
    const { toast } = await import('./toast');
    expect(toast.errorThrottled('a')).toBe(true);
    expect(toast.errorThrottled('b')).toBe(false);
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith('a');
    vi.doUnmock('@/components/toast-host');
  });

  it('uses a bound instance instead of the host, and the host again after unbinding', async () => {
    vi.resetModules();
    const hostError = vi.fn();
    vi.doMock('@/components/toast-host', () => ({
      mountToastHost: async () => ({ success: vi.fn(), error: hostError, warning: vi.fn(), info: vi.fn() }),
    }));
    const { bindToastApi, toast } = await import('./toast');
    const bound = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
    bindToastApi(bound);
    toast.error('bound');
    expect(bound.error).toHaveBeenCalledWith('bound');
    bindToastApi(null);
    toast.error('host');
    await vi.waitFor(() => expect(hostError).toHaveBeenCalledWith('host'));
    expect(bound.error).toHaveBeenCalledTimes(1);
    vi.doUnmock('@/components/toast-host');
  });

  it('retries loading the host after a failed download', async () => {
    vi.resetModules();
    const error = vi.fn();
    let attempts = 0;
    vi.doMock('@/components/toast-host', () => ({
      mountToastHost: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('chunk failed');
        return { success: vi.fn(), error, warning: vi.fn(), info: vi.fn() };
      },
    }));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { toast } = await import('./toast');
    toast.error('lost');
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    toast.error('shown');
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('shown'));
    expect(attempts).toBe(2);
    consoleError.mockRestore();
    vi.doUnmock('@/components/toast-host');
  });
});
