import { describe, expect, it } from 'vitest';
import { createThrottle, ERROR_TOAST_INTERVAL_MS } from './toast';

describe('error toast throttle', () => {
  it('opens at most once per 2 s', () => {
    let now = 10_000;
    const gate = createThrottle(ERROR_TOAST_INTERVAL_MS, () => now);
    expect(ERROR_TOAST_INTERVAL_MS).toBe(2000);
    expect(gate()).toBe(true);
    now += 500;
    expect(gate()).toBe(false);
    now += 1499;
    expect(gate()).toBe(false);
    now += 1;
    expect(gate()).toBe(true);
    expect(gate()).toBe(false);
  });

  it('measures from the last shown toast, not the last attempt', () => {
    let now = 0;
    const gate = createThrottle(2000, () => now);
    expect(gate()).toBe(true);
    for (now = 100; now < 2000; now += 100) expect(gate()).toBe(false);
    now = 2000;
    expect(gate()).toBe(true);
  });
});
