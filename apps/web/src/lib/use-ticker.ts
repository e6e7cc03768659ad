// React access to the ticker store: a component reads one pair and re-renders only when that pair's
// committed ticker changes (at most once per animation frame), not on every websocket message.
import { useSyncExternalStore } from 'react';
import { type LiveTicker, type TickerStore, tickerStore } from './ticker-store';

/** The live ticker of one pair (any spelling: 'BTC/USDT', 'btcusdt'); undefined until a push arrives. */
export function useTicker(symbol: string, store: TickerStore = tickerStore): LiveTicker | undefined {
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(symbol),
    () => undefined,
  );
}
