// The send-code button's resend countdown (60 s by default). Counts from a deadline rather than by
// decrementing, so a throttled background tab still shows the right remaining time.
import { useCallback, useEffect, useState } from 'react';

export const CODE_COUNTDOWN_SECONDS = 60;

export function useCountdown(seconds = CODE_COUNTDOWN_SECONDS): { remaining: number; start(): void } {
  const [deadline, setDeadline] = useState(0);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (deadline === 0) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(0);
    };
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [deadline]);

  const start = useCallback(() => setDeadline(Date.now() + seconds * 1000), [seconds]);
  return { remaining, start };
}
