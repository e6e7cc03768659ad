import { describe, expect, it } from 'vitest';
import { EMPTY_TIME, formatTimestamp, toDate } from './format-time';

const T = Date.UTC(2025, 0, 2, 3, 4, 5); // 2025-01-02 03:04:05 UTC

describe('formatTimestamp', () => {
  it('defaults to Asia/Shanghai and MM/DD/YYYY HH:mm:ss', () => {
    expect(formatTimestamp(T)).toBe('01/02/2025 11:04:05');
  });

  it('applies the zone, including 45-minute and negative offsets', () => {
    expect(formatTimestamp(T, { timezone: 'Asia/Kathmandu' })).toBe('01/02/2025 08:49:05');
    expect(formatTimestamp(T, { timezone: 'America/St_Johns' })).toBe('01/01/2025 23:34:05');
  });

  it('follows daylight saving time of the zone', () => {
    const july = Date.UTC(2025, 6, 1, 12, 0, 0);
    expect(formatTimestamp(july, { timezone: 'America/New_York' })).toBe('07/01/2025 08:00:00');
  });

  it('applies the date pattern and can omit the time', () => {
    expect(formatTimestamp(T, { timezone: 'UTC', timeFormat: 'YYYY-MM-DD' })).toBe('2025-01-02 03:04:05');
    expect(formatTimestamp(T, { timezone: 'UTC', timeFormat: 'DD/MM/YYYY', withTime: false })).toBe(
      '02/01/2025',
    );
  });

  it('uses 24-hour time (midnight is 00)', () => {
    expect(formatTimestamp(Date.UTC(2025, 0, 1, 16, 0, 0))).toBe('01/02/2025 00:00:00');
  });

  it('accepts seconds, milliseconds, numeric strings and ISO strings', () => {
    expect(formatTimestamp(T / 1000)).toBe(formatTimestamp(T));
    expect(formatTimestamp(String(T))).toBe(formatTimestamp(T));
    expect(formatTimestamp(new Date(T).toISOString())).toBe(formatTimestamp(T));
  });

  it('shows a placeholder for missing or invalid input and survives an unknown zone', () => {
    expect(formatTimestamp(null)).toBe(EMPTY_TIME);
    expect(formatTimestamp('not a date')).toBe(EMPTY_TIME);
    expect(toDate(undefined)).toBeUndefined();
    expect(formatTimestamp(T, { timezone: 'Nowhere/Land' })).toBe('01/02/2025 11:04:05');
  });
});
