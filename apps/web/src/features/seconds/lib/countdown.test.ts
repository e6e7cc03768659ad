import { describe, expect, it } from 'vitest';
import { formatCountdown, timeLeft } from './countdown';

describe('formatCountdown', () => {
  it('shows HH:MM:SS, rounded up to the second, never negative', () => {
    expect(formatCountdown(30_000)).toBe('00:00:30');
    expect(formatCountdown(29_001)).toBe('00:00:30');
    expect(formatCountdown(200)).toBe('00:00:01');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00:00');
    expect(formatCountdown(300_000)).toBe('00:05:00');
    expect(formatCountdown(86_400_000)).toBe('24:00:00');
    expect(formatCountdown(3_725_000)).toBe('01:02:05');
  });

  it('counts on the server clock', () => {
    expect(timeLeft(10_000, 2_000, 1_000)).toBe(7_000);
    expect(timeLeft(10_000, 12_000, 0)).toBe(0);
  });
});
