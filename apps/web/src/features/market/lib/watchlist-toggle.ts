// The watchlist star's rules (spec section 4): toggling needs a login, and repeat clicks on a pair are
// ignored while its request is pending. Pure and framework-free; hooks/use-watchlist.ts wires it to React.

export const TOGGLE_RESULTS = {
  added: 'added',
  removed: 'removed',
  /** A visitor clicked: nothing was sent; the caller sends them to log in. */
  loginRequired: 'loginRequired',
  /** A request for this pair is still pending: this click is ignored. */
  ignored: 'ignored',
  failed: 'failed',
} as const;
export type ToggleResult = (typeof TOGGLE_RESULTS)[keyof typeof TOGGLE_RESULTS];

export interface WatchlistToggleDeps<T> {
  isLoggedIn: () => boolean;
  add: (item: T) => Promise<unknown>;
  cancel: (item: T) => Promise<unknown>;
  /** Told whenever the set of pending keys changes (for re-rendering the stars). */
  onPendingChange?: (pending: ReadonlySet<string>) => void;
}

export interface WatchlistToggle<T> {
  /** `key` identifies the pair for the pending guard; `item` is what add/cancel need to send. */
  toggle(key: string, starred: boolean, item: T): Promise<ToggleResult>;
  isPending(key: string): boolean;
  pending(): ReadonlySet<string>;
}

export function createWatchlistToggle<T>(deps: WatchlistToggleDeps<T>): WatchlistToggle<T> {
  let pending: ReadonlySet<string> = new Set();
  const setPending = (next: Set<string>) => {
    pending = next;
    deps.onPendingChange?.(pending);
  };
  return {
    async toggle(key, starred, item) {
      if (!deps.isLoggedIn()) return TOGGLE_RESULTS.loginRequired;
      if (pending.has(key)) return TOGGLE_RESULTS.ignored;
      setPending(new Set(pending).add(key));
      try {
        if (starred) {
          await deps.cancel(item);
          return TOGGLE_RESULTS.removed;
        }
        await deps.add(item);
        return TOGGLE_RESULTS.added;
      } catch {
        return TOGGLE_RESULTS.failed;
      } finally {
        const next = new Set(pending);
        next.delete(key);
        setPending(next);
      }
    },
    isPending: (key) => pending.has(key),
    pending: () => pending,
  };
}
