import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  findTimezone,
  formatUtcOffset,
  loadSettings,
  TIMEZONES,
  useSettingsStore,
} from './settings-store';
import { storage } from './storage';

/** The zone's standard offset in hours: the smaller of its January and July offsets (DST only adds). */
function standardOffset(zone: string): number {
  const offsetAt = (iso: string) => {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(new Date(iso))
        .find((p) => p.type === 'timeZoneName')?.value ?? '';
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    if (!m) return 0; // plain "GMT"
    const sign = m[1] === '-' ? -1 : 1;
    return sign * (Number(m[2]) + Number(m[3]) / 60);
  };
  return Math.min(offsetAt('2025-01-15T12:00:00Z'), offsetAt('2025-07-15T12:00:00Z'));
}

describe('time zone table', () => {
  it('has 38 entries with unique names', () => {
    expect(TIMEZONES).toHaveLength(38);
    expect(new Set(TIMEZONES.map((z) => z.name)).size).toBe(38);
  });

  it('spans -12 to +14 and includes half-hour and 45-minute offsets', () => {
    const offsets = TIMEZONES.map((z) => z.offset);
    expect(Math.min(...offsets)).toBe(-12);
    expect(Math.max(...offsets)).toBe(14);
    expect(offsets.some((o) => Math.abs(o % 1) === 0.5)).toBe(true);
    expect(offsets.some((o) => Math.abs(o % 1) === 0.75)).toBe(true);
  });

  it('is sorted west to east', () => {
    const offsets = TIMEZONES.map((z) => z.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it("matches each zone's real standard offset", () => {
    for (const z of TIMEZONES) expect(standardOffset(z.name), z.name).toBe(z.offset);
  });

  it('contains the default Asia/Hong_Kong at +8', () => {
    expect(findTimezone(DEFAULT_SETTINGS.timezone)).toEqual({ name: 'Asia/Hong_Kong', offset: 8 });
  });

  it('formats offsets as ±HH:MM', () => {
    expect(formatUtcOffset(8)).toBe('+08:00');
    expect(formatUtcOffset(-3.5)).toBe('-03:30');
    expect(formatUtcOffset(5.75)).toBe('+05:45');
    expect(formatUtcOffset(0)).toBe('+00:00');
  });
});

describe('settings persistence', () => {
  beforeEach(() => storage.clearAll());

  it('defaults: en, theme-daytime, CNY, Asia/Hong_Kong, MM/DD/YYYY', () => {
    expect(loadSettings()).toEqual({
      lang: 'en',
      theme: 'theme-daytime',
      currency: 'CNY',
      timezone: 'Asia/Hong_Kong',
      timeFormat: 'MM/DD/YYYY',
    });
  });

  it('persists every setting under its spec key and reads it back', () => {
    const s = useSettingsStore.getState();
    s.setLang('ja');
    s.setTheme('theme-night');
    s.setCurrency('USD');
    s.setTimezone('Asia/Kathmandu');
    s.setTimeFormat('YYYY-MM-DD');
    expect(storage.get('lang')).toBe('ja');
    expect(storage.get('themeName')).toBe('theme-night');
    expect(storage.get('exchange')).toBe('USD');
    expect(storage.getEntry('timezone')).toMatchObject({ content: 'Asia/Kathmandu', type: 'local' });
    expect(loadSettings()).toEqual({
      lang: 'ja',
      theme: 'theme-night',
      currency: 'USD',
      timezone: 'Asia/Kathmandu',
      timeFormat: 'YYYY-MM-DD',
    });
    expect(useSettingsStore.getState()).toMatchObject({ lang: 'ja', theme: 'theme-night' });
  });

  it('ignores a time zone outside the table', () => {
    useSettingsStore.getState().setTimezone('Asia/Hong_Kong');
    useSettingsStore.getState().setTimezone('Mars/Olympus');
    expect(useSettingsStore.getState().timezone).toBe('Asia/Hong_Kong');
  });

  it('replaces corrupt or unknown stored values with defaults', () => {
    storage.set('lang', 'xx');
    storage.set('themeName', 'theme-pink');
    storage.set('exchange', { code: 'CNY' });
    storage.set('timezone', 'Nowhere/Land');
    storage.set('timeFormat', 'DD.MM.YY');
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });
});
