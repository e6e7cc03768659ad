// Whether a CSS media query matches, kept current as the window changes (useSyncExternalStore on
// matchMedia). For layouts that differ by more than styles, such as tables that become cards on phones.
import { useSyncExternalStore } from 'react';

/** Phone widths (a 375 px screen and up to a small tablet in portrait). */
export const PHONE_QUERY = '(max-width: 600px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
