// Fits the header's one row to its width in every language. The width breakpoints in layout.css suit
// English, but the menu of a longer language (Spanish, Russian, Lithuanian...) at 1280 px overlapped the
// tools or cut the brand short. After each layout change the header is measured at full size and, while
// something does not fit (the menu's links overflow their box, or the brand is cut), gives up room in
// steps: the tools' labels, the assets label, narrower spacing of the menu, the brand's name when a logo
// stands for it, and last the menu and tools move into the drawer (as below 1100 px).
import { type RefObject, useLayoutEffect } from 'react';

const FIT_STEPS = ['fit-labels', 'fit-assets-label', 'fit-tight', 'fit-brand-name', 'fit-drawer'] as const;

function cut(el: Element | null): boolean {
  return el instanceof HTMLElement && el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1;
}

function fits(inner: HTMLElement): boolean {
  return (
    !cut(inner.querySelector('.app-nav')) &&
    !cut(inner.querySelector('.app-brand')) &&
    !cut(inner.querySelector('.app-brand__name'))
  );
}

/** Applies the first step at which the row fits (synchronous measures; nothing is painted in between). */
export function fitHeader(inner: HTMLElement): number {
  for (const step of FIT_STEPS) inner.classList.remove(step);
  let applied = 0;
  while (applied < FIT_STEPS.length && !fits(inner)) {
    inner.classList.add(FIT_STEPS[applied] as string);
    applied += 1;
  }
  inner.dataset.fit = String(applied);
  return applied;
}

/** Fits the header after every render of it and, a frame later, whenever the row, the brand, the top
 * bar or one of the menu's entries changes size (another language's words, a style or the logo arriving)
 * and once the fonts have loaded. */
export function useHeaderFit(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const inner = ref.current;
    if (inner) fitHeader(inner);
  });
  useLayoutEffect(() => {
    const inner = ref.current;
    if (!inner || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    // A frame later, not inside the callback: fitting resizes what is observed.
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => fitHeader(inner));
    };
    const sizes = new ResizeObserver(schedule);
    // The menu's entries keep their own width when the menu is too narrow for them, so their sizes say
    // when the words change; entries rendered anew are observed again.
    const watch = () => {
      sizes.disconnect();
      sizes.observe(inner);
      for (const el of inner.querySelectorAll('.app-nav > *, .app-brand, .app-topbar')) sizes.observe(el);
    };
    watch();
    const changes = new MutationObserver(() => {
      watch();
      schedule();
    });
    changes.observe(inner, { childList: true, subtree: true, characterData: true });
    void document.fonts?.ready.then(schedule);
    return () => {
      cancelAnimationFrame(frame);
      sizes.disconnect();
      changes.disconnect();
    };
  }, [ref]);
}
