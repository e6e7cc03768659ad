import { describe, expect, it, vi } from 'vitest';
import { createTickerStore, pairKey } from './ticker-store';

function manualFrames() {
  const queue: Array<() => void> = [];
  return {
    schedule: (flush: () => void) => {
      queue.push(flush);
    },
    runFrame: () => {
      const batch = queue.splice(0);
      for (const f of batch) f();
    },
    pendingFrames: () => queue.length,
  };
}

describe('pairKey', () => {
  it('normalises every spelling of a pair', () => {
    expect(pairKey('BTC/USDT')).toBe('BTCUSDT');
    expect(pairKey('btc_usdt')).toBe('BTCUSDT');
    expect(pairKey('eth-usdt')).toBe('ETHUSDT');
    expect(pairKey('btcusdt')).toBe('BTCUSDT');
  });
});

describe('createTickerStore', () => {
  it('commits pushes once per frame and notifies once for many pushes', () => {
    const frames = manualFrames();
    const store = createTickerStore(frames.schedule, () => 1000);
    const listener = vi.fn();
    store.subscribe(listener);

    store.push({ key: 'BTC/USDT', close: '100', zdf: '1' });
    store.push({ key: 'btcusdt', close: '101' });
    store.push({ key: 'ETH/USDT', close: '5', zdf: '-2' });
    // One frame requested for the whole burst, nothing visible before it runs.
    expect(frames.pendingFrames()).toBe(1);
    expect(store.get('BTCUSDT')).toBeUndefined();
    expect(listener).not.toHaveBeenCalled();

    frames.runFrame();
    expect(listener).toHaveBeenCalledTimes(1);
    // The later push wins for close; the earlier zdf survives the merge.
    expect(store.get('BTC/USDT')).toEqual({
      key: 'BTCUSDT',
      close: '101',
      zdf: '1',
      amount: undefined,
      volume: undefined,
      high: undefined,
      low: undefined,
      time: 1000,
    });
    expect(store.get('eth_usdt')?.zdf).toBe('-2');
    expect(store.version()).toBe(1);
  });

  it('keeps the object of an unchanged symbol so its readers do not re-render', () => {
    const frames = manualFrames();
    const store = createTickerStore(frames.schedule);
    store.push({ key: 'BTCUSDT', close: '100' });
    store.push({ key: 'ETHUSDT', close: '5' });
    frames.runFrame();
    const btc = store.get('BTCUSDT');
    const eth = store.get('ETHUSDT');

    store.push({ key: 'ETHUSDT', close: '6' });
    frames.runFrame();
    expect(store.get('BTCUSDT')).toBe(btc);
    expect(store.get('ETHUSDT')).not.toBe(eth);
    expect(store.get('ETHUSDT')?.close).toBe('6');
  });

  it('does not notify when a frame changes nothing', () => {
    const frames = manualFrames();
    const store = createTickerStore(frames.schedule);
    store.push({ key: 'BTCUSDT', close: '100', zdf: '0' });
    frames.runFrame();
    const listener = vi.fn();
    store.subscribe(listener);
    store.push({ key: 'BTCUSDT', close: '100', zdf: '0' });
    frames.runFrame();
    expect(listener).not.toHaveBeenCalled();
    expect(store.version()).toBe(1);
  });

  it('ignores updates without a price or symbol, and stops notifying after unsubscribe', () => {
    const frames = manualFrames();
    const store = createTickerStore(frames.schedule);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.push({ key: 'BTCUSDT', close: '' });
    store.push({ key: '/', close: '1' });
    expect(frames.pendingFrames()).toBe(0);
    unsubscribe();
    store.push({ key: 'BTCUSDT', close: '1' });
    frames.runFrame();
    expect(listener).not.toHaveBeenCalled();
    expect(store.get('BTCUSDT')?.close).toBe('1');
  });
});
