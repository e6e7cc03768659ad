// A re-render clock for countdowns: the browser's time, refreshed every `periodMs` while `active`.
import { useEffect, useState } from 'react';

export function useNow(active: boolean, periodMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [active, periodMs]);
  return now;
}
