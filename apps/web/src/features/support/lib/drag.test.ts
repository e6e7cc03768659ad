import { describe, expect, it } from 'vitest';
import { badgeText, clampWidget, defaultWidgetPosition, isDrag, WIDGET_TOP_MIN } from './drag';

const widget = { width: 56, height: 56 };
const viewport = { width: 1280, height: 800 };

describe('widget placement', () => {
  it('keeps the widget inside the window and below 64 px', () => {
    expect(clampWidget({ x: -50, y: 0 }, widget, viewport)).toEqual({ x: 0, y: WIDGET_TOP_MIN });
    expect(clampWidget({ x: 5000, y: 5000 }, widget, viewport)).toEqual({ x: 1224, y: 744 });
    expect(clampWidget({ x: 300, y: 300 }, widget, viewport)).toEqual({ x: 300, y: 300 });
  });
  it('still keeps the top minimum in a tiny window', () => {
    expect(clampWidget({ x: 10, y: 10 }, widget, { width: 40, height: 60 })).toEqual({
      x: 0,
      y: WIDGET_TOP_MIN,
    });
  });
  it('starts bottom right', () => {
    expect(defaultWidgetPosition(widget, viewport)).toEqual({ x: 1200, y: 648 });
    expect(defaultWidgetPosition(widget, { width: 375, height: 667 })).toEqual({ x: 295, y: 515 });
  });
  it('tells a drag from a click', () => {
    expect(isDrag({ x: 0, y: 0 }, { x: 3, y: 3 })).toBe(false);
    expect(isDrag({ x: 0, y: 0 }, { x: 10, y: 0 })).toBe(true);
  });
  it('shows the badge only above zero', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(3)).toBe('3');
    expect(badgeText(120)).toBe('99+');
  });
});
