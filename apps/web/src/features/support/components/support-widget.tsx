// The floating customer-service button (spec section 2): draggable, kept inside the window and at least
// 64 px from the top (also when the window shrinks), a 100 ms drag lock so the release of a drag does not
// count as a click, an unread badge while the count is above 0 (reset when the chat opens). A click opens
// the 564 px chat dialog, loaded with antd on first use. Plain elements: it is on every page.
import { CustomerServiceOutlined } from '@ant-design/icons';
import { type PointerEvent, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '@/components/lazy-in-antd-scope';
import { useSupportBootstrap } from '../hooks/use-support-bootstrap';
import {
  badgeText,
  clampWidget,
  DRAG_LOCK_RESET_MS,
  defaultWidgetPosition,
  isDrag,
  type Point,
} from '../lib/drag';
import { useSupportStore } from '../lib/support-store';
import '../support.css';

const SupportWidgetDialog = lazyInAntdScope(() =>
  import('./support-widget-dialog').then((m) => m.SupportWidgetDialog),
);

const SIZE = { width: 52, height: 52 };
const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

export function SupportWidget() {
  const { t } = useTranslation('support');
  useSupportBootstrap();
  const unread = useSupportStore((s) => s.unread);
  const [position, setPosition] = useState<Point>(() => defaultWidgetPosition(SIZE, viewport()));
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const drag = useRef<{ start: Point; origin: Point; moved: boolean; pointerId: number } | null>(null);
  const locked = useRef(false);
  /** Until the user drags it, the widget keeps its default corner when the window changes size. */
  const placed = useRef(false);

  useEffect(() => {
    const onResize = () =>
      setPosition((p) =>
        placed.current ? clampWidget(p, SIZE, viewport()) : defaultWidgetPosition(SIZE, viewport()),
      );
    // The first render may run before the window has its final size (a page opened in the background).
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    drag.current = {
      start: { x: event.clientX, y: event.clientY },
      origin: position,
      moved: false,
      pointerId: event.pointerId,
    };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const now = { x: event.clientX, y: event.clientY };
    if (!d.moved && !isDrag(d.start, now)) return;
    d.moved = true;
    placed.current = true;
    setPosition(
      clampWidget({ x: d.origin.x + now.x - d.start.x, y: d.origin.y + now.y - d.start.y }, SIZE, viewport()),
    );
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    if (d?.moved) {
      locked.current = true;
      setTimeout(() => {
        locked.current = false;
      }, DRAG_LOCK_RESET_MS);
    }
  };
  const onClick = () => {
    if (locked.current) return;
    setUsed(true);
    setOpen(true);
  };

  const badge = badgeText(unread);
  return (
    <>
      <button
        type="button"
        className="support-widget"
        style={{ left: position.x, top: position.y, width: SIZE.width, height: SIZE.height }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onClick={onClick}
        aria-label={badge ? t('openWithUnread', { count: unread }) : t('open')}
        data-testid="support-widget"
      >
        <CustomerServiceOutlined aria-hidden />
        {badge ? (
          <span className="support-widget__badge" data-testid="support-widget-badge">
            {badge}
          </span>
        ) : null}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <SupportWidgetDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
