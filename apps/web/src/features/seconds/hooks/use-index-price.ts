// The live index price of a symbol (the public INDEX stream: every stored index tick, what contracts
// settle on), kept outside React and rendered at most once per animation frame.
import { useEffect, useState } from 'react';
import { subscribePublic } from '@/lib/public-ws';

export interface IndexTick {
  time: number;
  price: string;
}

export function useIndexPrice(symbol: string): IndexTick | undefined {
  const [tick, setTick] = useState<IndexTick>();
  useEffect(() => {
    setTick(undefined);
    let pending: IndexTick | undefined;
    let frame = 0;
    const off = subscribePublic({ type: 'INDEX', symbol }, (f) => {
      const d = (typeof f.data === 'object' && f.data !== null ? f.data : {}) as Record<string, unknown>;
      if (typeof d.price !== 'string' || typeof d.time !== 'number') return;
      pending = { time: d.time, price: d.price };
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          setTick(pending);
        });
    });
    return () => {
      cancelAnimationFrame(frame);
      off();
    };
  }, [symbol]);
  return tick;
}
