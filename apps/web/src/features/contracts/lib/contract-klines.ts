// The contract page's chart source (the spot chart component draws it): last-price bars from the contract
// trades; the open bar is re-read every few seconds (contract trades have no public KLINE stream).
import type { KlineSource } from '@/features/spot/components/kline-chart';
import { toCandles } from '@/features/spot/lib/kline-model';
import { contractKlines } from '../api/contracts-api';

const LIMIT = 300;
const LIVE_MS = 3000;

export const CONTRACT_KLINES: KlineSource = {
  load: async (symbol, interval, signal) => {
    const data = await contractKlines(symbol, interval, LIMIT, signal);
    return toCandles(Array.isArray(data?.bars) ? data.bars : []);
  },
  live: (symbol, interval, onBar) => {
    const timer = setInterval(() => {
      contractKlines(symbol, interval, 2).then(
        (data) => {
          for (const bar of toCandles(Array.isArray(data?.bars) ? data.bars : [])) onBar(bar);
        },
        () => {},
      );
    }, LIVE_MS);
    return () => clearInterval(timer);
  },
};
