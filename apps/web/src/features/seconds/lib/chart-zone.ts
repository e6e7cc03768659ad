// The index chart reads times in the user's time-zone setting, like every other time of the app.
// lightweight-charts knows only UTC; as its docs recommend, each bar time is shifted by the zone's offset
// (taken once per load: index bars span minutes, and a chart reloads when the setting changes). Pure.

/** Minutes east of UTC of an IANA zone at the instant `utcMs` (UTC+8 -> 480); 0 for an unknown zone. */
export function zoneOffsetMinutes(timeZone: string, utcMs: number): number {
  try {
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
  } catch {
    return 0;
  }
}

/** A bar's time (ms) as the chart's time (seconds, shifted into the zone). */
export function chartTime(ms: number, offsetMinutes: number): number {
  return Math.floor(ms / 1000) + offsetMinutes * 60;
}
