import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from './load-chunk';

describe('withChunkTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the module when it arrives in time', async () => {
    const load = withChunkTimeout(() => Promise.resolve({ page: 1 }), 1000);
    await expect(load()).resolves.toEqual({ page: 1 });
  });

  it('rejects with a ChunkLoadError after the timeout', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => {}), 120_000);
    const result = load();
    vi.advanceTimersByTime(120_000);
    await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('passes an import failure through', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    const load = withChunkTimeout(() => Promise.reject(failure), 1000);
    await expect(load()).rejects.toBe(failure);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    new ChunkLoadError('timeout'),
    new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module'),
    new Error('Unable to preload CSS for /assets/a.css'),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
