// Owns timestamp display (spec section 3): a date pattern from the user's time-format setting plus
// 24-hour HH:mm:ss, rendered in the user's time zone. Intl does the zone arithmetic, so daylight saving
// time is right for zones that observe it. The pure function defaults to the spec's timestamp defaults
// (Asia/Shanghai, MM/DD/YYYY HH:mm:ss); `useFormatTime` binds the user's settings.
import { useCallback } from 'react';
import { DEFAULT_TIME_FORMAT, type TimeFormat, useSettingsStore } from './settings-store';

export const TIMESTAMP_DEFAULT_ZONE = 'Asia/Shanghai';
/** Shown for a missing or unparseable time rather than "Invalid Date". */
export const EMPTY_TIME = '--';

export interface FormatTimeOptions {
  timezone?: string;
  timeFormat?: TimeFormat;
  /** Append HH:mm:ss (default true). */
  withTime?: boolean;
}

// Below this a number is taken as seconds: 1e11 ms is 1973, 1e11 s is far beyond any real timestamp.
const SECONDS_LIMIT = 1e11;

export function toDate(value: Date | number | string | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value < SECONDS_LIMIT ? value * 1000 : value);
  else if (/^\d+$/.test(value)) {
    const n = Number(value);
    date = new Date(n < SECONDS_LIMIT ? n * 1000 : n);
  } else date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let f = formatterCache.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatterCache.set(timezone, f);
  }
  return f;
}

export function formatTimestamp(
  value: Date | number | string | null | undefined,
  {
    timezone = TIMESTAMP_DEFAULT_ZONE,
    timeFormat = DEFAULT_TIME_FORMAT,
    withTime = true,
  }: FormatTimeOptions = {},
): string {
  const date = toDate(value);
  if (!date) return EMPTY_TIME;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timezone).formatToParts(date);
  } catch {
    // An unknown zone name (corrupt setting) must not break rendering; fall back to the default zone.
    parts = formatterFor(TIMESTAMP_DEFAULT_ZONE).formatToParts(date);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const datePart = timeFormat
    .replace('YYYY', get('year'))
    .replace('MM', get('month'))
    .replace('DD', get('day'));
  return withTime ? `${datePart} ${get('hour')}:${get('minute')}:${get('second')}` : datePart;
}

/** Formats with the user's time zone and time format; re-renders when either setting changes. */
export function useFormatTime(): (
  value: Date | number | string | null | undefined,
  withTime?: boolean,
) => string {
  const timezone = useSettingsStore((s) => s.timezone);
  const timeFormat = useSettingsStore((s) => s.timeFormat);
  return useCallback(
    (value, withTime = true) => formatTimestamp(value, { timezone, timeFormat, withTime }),
    [timezone, timeFormat],
  );
}
