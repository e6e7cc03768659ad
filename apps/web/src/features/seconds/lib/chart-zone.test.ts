import { describe, expect, it } from 'vitest';
import { chartTime, zoneOffsetMinutes } from './chart-zone';

describe('chart zone', () => {
  it('shifts bar times into the zone', () => {
    expect(zoneOffsetMinutes('Asia/Shanghai', Date.UTC(2026, 0, 1))).toBe(480);
    expect(zoneOffsetMinutes('UTC', Date.UTC(2026, 0, 1))).toBe(0);
    expect(zoneOffsetMinutes('Not/AZone', 0)).toBe(0);
    expect(chartTime(5_000, 480)).toBe(5 + 480 * 60);
  });
});
