import { beforeEach, describe, expect, it } from 'vitest';
import { handleTickerFrame } from './live-market';
import { tickerStore } from './ticker-store';

describe('handleTickerFrame', () => {
  beforeEach(() => tickerStore.reset());

  it('stores every pair of an ALL_DETAIL frame under its pair key', () => {
    handleTickerFrame({
      type: 'ALL_DETAIL',
      data: [
        { symbol: 'BTCUSDT', symbolName: 'BTC/USDT', close: '67000.1', zdf: '1.52', amount: '82000000' },
        { symbolName: 'ETH/USDT', close: '3000', zdf: '-0.5', amount: '1000' },
        { symbol: 'XRPUSDT', close: null },
        'garbage',
      ],
    });
    tickerStore.flush();
    expect(tickerStore.get('BTCUSDT')).toMatchObject({ close: '67000.1', zdf: '1.52', amount: '82000000' });
    expect(tickerStore.get('ethusdt')).toMatchObject({ close: '3000', zdf: '-0.5' });
    expect(tickerStore.get('XRPUSDT')).toBeUndefined();
  });

  it('adds high, low and volume from a DETAIL frame and keeps them through later ALL_DETAIL frames', () => {
    handleTickerFrame({
      type: 'DETAIL',
      symbol: 'BTCUSDT',
      data: { symbol: 'BTCUSDT', close: '1', high: '2', low: '0.5', volume: '10', zdf: '0', amount: '10' },
    });
    handleTickerFrame({
      type: 'ALL_DETAIL',
      data: [{ symbol: 'BTCUSDT', close: '1.5', zdf: '50', amount: '15' }],
    });
    tickerStore.flush();
    expect(tickerStore.get('BTCUSDT')).toMatchObject({
      close: '1.5',
      zdf: '50',
      high: '2',
      low: '0.5',
      volume: '10',
    });
  });
});
