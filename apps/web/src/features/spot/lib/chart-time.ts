// The K-line chart's clock in the user's time zone (the time-zone setting every other timestamp of the
// app uses, lib/format-time; Asia/Shanghai by default), so the chart agrees with the trade tape and the
// order tables. lightweight-charts reads every time as UTC and has no time-zone option; its docs (Time
// zones) recommend shifting each bar's UTC timestamp by the zone's offset at that moment, so the chart's
// UTC labels, tick marks and day boundaries read as the zone's local time.
// Two details the plain shift gets wrong and this handles:
// - Daylight saving: when the clocks go back, an hour of bars would land on the times of the hour before
//   (the chart refuses data that is not strictly ascending and would overwrite the live bar). Each new
//   bar's chart time is kept above the previous one's, and the same bar always maps to the same time, so
//   a live update of the open bar hits the bar it belongs to.
// - Day, week and month bars are UTC calendar periods: they are not shifted (shifting would move a day's
//   bar to the evening before west of UTC), and their labels show the date only.
// Pure; Intl does the zone arithmetic (daylight saving included).
import type { KlineInterval } from './kline-model';

/** Minutes east of UTC at the instant `utcMs` (UTC+8 -> 480). */
export type ZoneOffset = (utcMs: number) => number;

/** The offset of an IANA zone ('Asia/Shanghai') at any instant, from Intl's wall-clock parts. */
export function zoneOffset(timeZone: string): ZoneOffset {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  return (utcMs) => {
    const at = Math.floor(utcMs / 1000) * 1000;
    const p: Record<string, number> = {};
    for (const part of f.formatToParts(new Date(at))) p[part.type] = Number(part.value);
    const wall = Date.UTC(
      p.year ?? 1970,
      (p.month ?? 1) - 1,
      p.day ?? 1,
      p.hour ?? 0,
      p.minute ?? 0,
      p.second ?? 0,
    );
    return Math.round((wall - at) / 60_000);
  };
}

const CALENDAR: ReadonlySet<KlineInterval> = new Set(['1d', '1w', '1M']);

/** Whether bars of this interval are shifted to local time (intraday) or stay UTC dates (1d, 1w, 1M). */
export function isIntraday(interval: KlineInterval): boolean {
  return !CALENDAR.has(interval);
}

/**
 * Maps bar open times (UTC seconds) to the chart's time for one series (one market and interval). Bars
 * must come oldest first, as the K-line model delivers them (the list, then the open bar's updates).
 */
export class ChartClock {
  private readonly known = new Map<number, number>();
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly shift: boolean,
    private readonly offset: ZoneOffset,
  ) {}

  toChart(utcSeconds: number): number {
    if (!this.shift) return utcSeconds;
    const seen = this.known.get(utcSeconds);
    if (seen !== undefined) return seen;
    let t = utcSeconds + this.offset(utcSeconds * 1000) * 60;
    // The repeated hour when the clocks go back: one second after the previous bar keeps the order
    // (labels are to the minute, so it still reads as the bar's local minute).
    if (t <= this.last) t = this.last + 1;
    this.last = t;
    this.known.set(utcSeconds, t);
    return t;
  }
}
