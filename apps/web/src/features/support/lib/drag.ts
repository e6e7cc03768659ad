// The customer-service widget's placement rules (spec section 2): dragged anywhere but kept inside the
// window, never above 64 px from the top; after a drag the click that ends it must not open the chat,
// so a drag lock holds for 100 ms after the pointer is released.
export const WIDGET_TOP_MIN = 64;
export const DRAG_LOCK_RESET_MS = 100;
/** Pointer travel before a press counts as a drag, not a click. */
export const DRAG_THRESHOLD_PX = 4;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

const clampTo = (value: number, min: number, max: number) =>
  Math.min(Math.max(value, min), Math.max(min, max));

/** Keeps the widget's top-left corner so that the whole widget is inside the viewport and below 64 px. */
export function clampWidget(position: Point, widget: Size, viewport: Size): Point {
  return {
    x: clampTo(position.x, 0, viewport.width - widget.width),
    y: clampTo(position.y, WIDGET_TOP_MIN, viewport.height - widget.height),
  };
}

/** The starting place: bottom right, a little above the edge. */
export function defaultWidgetPosition(widget: Size, viewport: Size): Point {
  return clampWidget(
    { x: viewport.width - widget.width - 24, y: viewport.height - widget.height - 96 },
    widget,
    viewport,
  );
}

export function isDrag(start: Point, now: Point): boolean {
  return Math.abs(now.x - start.x) > DRAG_THRESHOLD_PX || Math.abs(now.y - start.y) > DRAG_THRESHOLD_PX;
}

/** Badge text: nothing at 0, the count up to 99, then 99+. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}
