// The live order book of a market: the app's depth sync (watchDepth: REST snapshot + DEPTH diffs, resync
// after a gap or reconnect) read into the book view model at most once per animation frame.
import type { DepthLevel } from '@coin/shared/depth-sync';
import { useEffect, useState } from 'react';
import { watchDepth } from '@/lib/public-ws';

export interface RawBook {
  bids: DepthLevel[];
  asks: DepthLevel[];
  /** False until the first snapshot joined the diffs. */
  ready: boolean;
}

const EMPTY: RawBook = { bids: [], asks: [], ready: false };
/** Levels kept per side before grouping (enough for 100x grouping of a dense book). */
const LEVELS = 200;

export function useOrderBook(symbol: string): RawBook {
  const [book, setBook] = useState<RawBook>(EMPTY);
  useEffect(() => {
    setBook(EMPTY);
    let frame = 0;
    let latest: RawBook | undefined;
    const stop = watchDepth(
      symbol,
      (sync) => {
        latest = { bids: sync.bidLevels(LEVELS), asks: sync.askLevels(LEVELS), ready: !sync.needsSnapshot() };
        if (frame) return;
        frame = requestAnimationFrame(() => {
          frame = 0;
          if (latest) setBook(latest);
        });
      },
      { limit: LEVELS },
    );
    return () => {
      stop();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [symbol]);
  return book;
}
