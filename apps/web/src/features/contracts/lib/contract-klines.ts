// The contract page's chart sources (the spot chart component draws them), as on the large futures
// exchanges: last-price bars from the contract trades, mark-price bars from the mark ticks, and the
// index-price bars (the market's K-lines of the index symbol) the page falls back to while a market has
// no contract trades. Live bars come from the public websocket (CONTRACT_KLINE, MARK_KLINE, KLINE); the
// open bar is re-read every few seconds only while that socket is down.
import { type KlineSource, SPOT_KLINES } from '@/features/spot/components/kline-chart';
import { toCandle, toCandles } from '@/features/spot/lib/kline-model';
import { publicSocketOpen, subscribePublic } from '@/lib/public-ws';
import { contractKlines } from '../api/contracts-api';

export type ChartSeries = 'last' | 'mark' | 'index';

const LIMIT = 300;
/** The slow re-read while the public socket is down. */
export const FALLBACK_POLL_MS = 3000;

export function contractKlineSource(price: 'last' | 'mark', onLoaded?: (count: number) => void): KlineSource {
  return {
    load: async (symbol, interval, signal) => {
      const data = await contractKlines(symbol, interval, LIMIT, signal, price);
      const bars = toCandles(Array.isArray(data?.bars) ? data.bars : []);
      onLoaded?.(bars.length);
      return bars;
    },
    live: (symbol, interval, onBar) => {
      const off = subscribePublic(
        { type: price === 'last' ? 'CONTRACT_KLINE' : 'MARK_KLINE', symbol, interval },
        (frame) => {
          const bar = toCandle(frame.data);
          if (bar) onBar(bar);
        },
      );
      const timer = setInterval(() => {
        if (publicSocketOpen()) return;
        contractKlines(symbol, interval, 2, undefined, price).then(
          (data) => {
            for (const bar of toCandles(Array.isArray(data?.bars) ? data.bars : [])) onBar(bar);
          },
          () => {},
        );
      }, FALLBACK_POLL_MS);
      return () => {
        off();
        clearInterval(timer);
      };
    },
  };
}

/** The index-price bars of the index a contract follows ('BTCUSDT'). */
export function indexKlineSource(indexSymbol: string): KlineSource {
  return {
    load: (_symbol, interval, signal) => SPOT_KLINES.load(indexSymbol, interval, signal),
    live: (_symbol, interval, onBar) => SPOT_KLINES.live(indexSymbol, interval, onBar),
  };
}
