import { describe, expect, it } from 'vitest';
import { ChartClock, isIntraday, type ZoneOffset, zoneOffset } from './chart-time';
import { KLINE_INTERVALS } from './kline-model';

const sec = (iso: string) => Date.parse(iso) / 1000;
/** The chart shows its times as UTC: what a shifted time reads as on the chart. */
const label = (chartSeconds: number) => new Date(chartSeconds * 1000).toISOString().slice(0, 16);

describe('ChartClock', () => {
  it('shifts intraday bars so the chart (which reads UTC) shows local time', () => {
    const shanghai = new ChartClock(true, () => 480);
    expect(label(shanghai.toChart(sec('2025-03-01T23:30:00Z')))).toBe('2025-03-02T07:30');
    const newYork = new ChartClock(true, () => -300);
    expect(label(newYork.toChart(sec('2025-03-01T03:00:00Z')))).toBe('2025-02-28T22:00');
    const kolkata = new ChartClock(true, () => 330);
    expect(label(kolkata.toChart(sec('2025-03-01T00:00:00Z')))).toBe('2025-03-01T05:30');
  });

  it('leaves times alone when not shifting (UTC or a calendar interval)', () => {
    const clock = new ChartClock(false, () => 480);
    expect(clock.toChart(sec('2025-03-01T00:00:00Z'))).toBe(sec('2025-03-01T00:00:00Z'));
    expect(new ChartClock(true, () => 0).toChart(1_700_000_000)).toBe(1_700_000_000);
  });

  it('follows daylight saving: each bar at its own offset', () => {
    // New York: EST (-300) until 2025-03-09 07:00 UTC, then EDT (-240).
    const ny: ZoneOffset = (ms) => (ms < Date.parse('2025-03-09T07:00:00Z') ? -300 : -240);
    const clock = new ChartClock(true, ny);
    expect(label(clock.toChart(sec('2025-03-09T06:00:00Z')))).toBe('2025-03-09T01:00');
    expect(label(clock.toChart(sec('2025-03-09T07:00:00Z')))).toBe('2025-03-09T03:00');
  });

  it('keeps the repeated hour strictly ascending when the clocks go back, and stable per bar', () => {
    // New York: EDT (-240) until 2025-11-02 06:00 UTC, then EST (-300): 01:00-01:59 happens twice.
    const ny: ZoneOffset = (ms) => (ms < Date.parse('2025-11-02T06:00:00Z') ? -240 : -300);
    const clock = new ChartClock(true, ny);
    const bars = ['05:00', '05:30', '06:00', '06:30', '07:00'].map((t) => sec(`2025-11-02T${t}:00Z`));
    const times = bars.map((b) => clock.toChart(b));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] as number);
    expect(times.map(label)).toEqual([
      '2025-11-02T01:00',
      '2025-11-02T01:30',
      '2025-11-02T01:30', // 01:00 EST, one second after the bar before
      '2025-11-02T01:30',
      '2025-11-02T02:00',
    ]);
    // A live update of a bar already on the chart lands on the same time.
    expect(clock.toChart(bars[2] as number)).toBe(times[2]);
    expect(clock.toChart(bars[4] as number)).toBe(times[4]);
  });
});

describe('zoneOffset', () => {
  it('reads an IANA zone at each instant, daylight saving included', () => {
    const jan = Date.parse('2025-01-15T12:00:00Z');
    const jul = Date.parse('2025-07-15T12:00:00Z');
    expect(zoneOffset('Asia/Shanghai')(jan)).toBe(480);
    expect(zoneOffset('UTC')(jul)).toBe(0);
    expect(zoneOffset('Asia/Kolkata')(jan)).toBe(330);
    expect(zoneOffset('Asia/Kathmandu')(jan)).toBe(345);
    expect(zoneOffset('America/New_York')(jan)).toBe(-300);
    expect(zoneOffset('America/New_York')(jul)).toBe(-240);
    expect(zoneOffset('Europe/Berlin')(jul)).toBe(120);
    // The clocks go back at 06:00 UTC on 2025-11-02 (02:00 EDT becomes 01:00 EST).
    expect(zoneOffset('America/New_York')(Date.parse('2025-11-02T05:59:59Z'))).toBe(-240);
    expect(zoneOffset('America/New_York')(Date.parse('2025-11-02T06:00:00Z'))).toBe(-300);
  });

  it('with the clock: a Shanghai bar at 05:15 UTC reads 13:15 on the chart', () => {
    const clock = new ChartClock(true, zoneOffset('Asia/Shanghai'));
    expect(label(clock.toChart(sec('2026-11-24T05:15:00Z')))).toBe('2026-11-24T13:15');
  });
});

describe('isIntraday', () => {
  it('shifts minutes and hours, not days, weeks or months', () => {
    expect(KLINE_INTERVALS.filter(isIntraday)).toEqual(['1m', '5m', '15m', '30m', '1h', '4h']);
  });
});
