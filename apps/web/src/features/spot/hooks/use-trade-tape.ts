// The recent-trades tape of a market: the REST list, then TRADE frames prepended at most once per frame.
import { useEffect, useState } from 'react';
import { subscribePublic } from '@/lib/public-ws';
import { getRecentTrades } from '../api/get-recent-trades';
import { prependTrades, readTrade, type TapeTrade } from '../lib/trades-model';

export function useTradeTape(base: string, quote: string): TapeTrade[] {
  const [tape, setTape] = useState<TapeTrade[]>([]);
  useEffect(() => {
    setTape([]);
    const controller = new AbortController();
    let pending: TapeTrade[] = [];
    let frame = 0;
    const flush = () => {
      frame = 0;
      const batch = pending;
      pending = [];
      setTape((old) => prependTrades(old, batch));
    };
    getRecentTrades(base, quote, controller.signal).then(
      (list) => setTape((live) => prependTrades(list, [...live].reverse())),
      () => undefined,
    );
    const off = subscribePublic({ type: 'TRADE', symbol: `${base}${quote}` }, (msg) => {
      const trade = readTrade(msg.data, `w${Date.now()}-${Math.random()}`);
      if (!trade) return;
      pending.push(trade);
      if (!frame) frame = requestAnimationFrame(flush);
    });
    return () => {
      controller.abort();
      off();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [base, quote]);
  return tape;
}
