// A light drop-down panel for the header (menus, account, app download): opens on hover, focus or click,
// closes on leaving, Escape, an outside click or choosing an item. Written here rather than taken from
// antd's Dropdown so the start-up chunk does not carry antd's menu and trigger machinery.
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';

const CLOSE_DELAY_MS = 150;
/** A click this soon after hover or focus opened the panel confirms it rather than closing it. */
const CLICK_GRACE_MS = 400;

export interface HoverMenuProps {
  /** Content of the trigger button. */
  label: ReactNode;
  /** The panel; links and buttons inside close it when chosen. */
  children: ReactNode;
  align?: 'start' | 'end';
  triggerClassName?: string;
  triggerTestId?: string;
  /** Accessible name when the label is only an icon. */
  ariaLabel?: string;
  /** 'menu' for a list of destinations, 'dialog' for other content such as a QR code. */
  kind?: 'menu' | 'dialog';
}

export function HoverMenu({
  label,
  children,
  align = 'start',
  triggerClassName,
  triggerTestId,
  ariaLabel,
  kind = 'menu',
}: HoverMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const panelId = useId();
  const openedAt = useRef(0);

  const cancelClose = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const show = useCallback(() => {
    cancelClose();
    setOpen((wasOpen) => {
      if (!wasOpen) openedAt.current = Date.now();
      return true;
    });
  }, [cancelClose]);
  const closeSoon = useCallback(() => {
    cancelClose();
    timer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  }, [cancelClose]);

  useEffect(() => cancelClose, [cancelClose]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    // Hover only mirrors what the trigger button does for keyboard and touch users.
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer convenience on a wrapper, see above.
    <div
      ref={rootRef}
      className="hover-menu"
      onMouseEnter={show}
      onMouseLeave={closeSoon}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node) || !rootRef.current?.contains(event.relatedTarget))
          closeSoon();
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName ? `hover-menu__trigger ${triggerClassName}` : 'hover-menu__trigger'}
        aria-haspopup={kind === 'menu' ? 'true' : 'dialog'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={ariaLabel}
        data-testid={triggerTestId}
        onClick={() => {
          if (!open) show();
          else if (Date.now() - openedAt.current > CLICK_GRACE_MS) setOpen(false);
        }}
        onFocus={show}
      >
        {label}
      </button>
      {open ? (
        // The panel only closes when an item inside it is chosen; it is not itself interactive.
        // biome-ignore lint/a11y/noStaticElementInteractions: click delegation from the links inside.
        // biome-ignore lint/a11y/useKeyWithClickEvents: links and buttons inside handle their own keys.
        <div
          id={panelId}
          className={`hover-menu__panel hover-menu__panel--${align}`}
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a,button')) setOpen(false);
          }}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
