// Owns the browser persistence format of spec section 3: every key is prefixed `coin_web-` and every value
// is wrapped as `{ dataType, content, type, datetime }`, where `type` says which Web Storage area holds
// it and `datetime` (ms since epoch) is when it was written. The token's `datetime` is what the token
// refresh check (spec section 4) measures against, so writers must not rewrite entries needlessly.
//
// The areas are injected so the module works (and is testable) outside a browser: without `window`, a
// per-process memory area stands in.

export const STORAGE_PREFIX = 'coin_web';

export type StorageType = 'session' | 'local';

export interface StorageEntry<T = unknown> {
  dataType: string;
  content: T;
  type: StorageType;
  datetime: number;
}

/** The subset of the Web Storage interface the module needs. */
export interface StorageArea {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export interface StorageAreas {
  local: StorageArea;
  session: StorageArea;
}

export function createMemoryArea(): StorageArea {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
  };
}

export function storageKey(key: string): string {
  return `${STORAGE_PREFIX}-${key}`;
}

function dataTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function isEntry(value: unknown): value is StorageEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    'content' in v &&
    typeof v.dataType === 'string' &&
    (v.type === 'session' || v.type === 'local') &&
    typeof v.datetime === 'number'
  );
}

export interface Storage {
  /** The stored value, or undefined when absent or unreadable (a corrupt entry is removed). */
  get<T>(key: string): T | undefined;
  /** The whole entry, for callers that need `datetime` (the token's age). */
  getEntry<T>(key: string): StorageEntry<T> | undefined;
  set<T>(key: string, value: T, type?: StorageType, datetime?: number): void;
  remove(key: string): void;
  /** Removes every `coin_web-` key from both areas. */
  clearAll(): void;
}

export function createStorage(areas: StorageAreas, now: () => number = Date.now): Storage {
  function read(area: StorageArea, full: string): StorageEntry | undefined {
    let raw: string | null;
    try {
      raw = area.getItem(full);
    } catch {
      // Access can throw (privacy mode, disabled storage); treat it as absent.
      return undefined;
    }
    if (raw === null) return undefined;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isEntry(parsed)) return parsed;
    } catch {
      // fall through: not JSON
    }
    // Someone else's or a broken value under our prefix: drop it so it cannot shadow a good one.
    safeRemove(area, full);
    return undefined;
  }

  function safeRemove(area: StorageArea, full: string) {
    try {
      area.removeItem(full);
    } catch {
      // nothing to do
    }
  }

  function getEntry<T>(key: string): StorageEntry<T> | undefined {
    const full = storageKey(key);
    // Session entries win: they were written for this tab on purpose.
    return (read(areas.session, full) ?? read(areas.local, full)) as StorageEntry<T> | undefined;
  }

  return {
    getEntry,
    get<T>(key: string): T | undefined {
      return getEntry<T>(key)?.content;
    },
    set<T>(key: string, value: T, type: StorageType = 'local', datetime = now()) {
      const full = storageKey(key);
      const entry: StorageEntry<T> = { dataType: dataTypeOf(value), content: value, type, datetime };
      const target = type === 'session' ? areas.session : areas.local;
      const other = type === 'session' ? areas.local : areas.session;
      // One key lives in one area only, otherwise a stale copy in the other area could resurface.
      safeRemove(other, full);
      try {
        target.setItem(full, JSON.stringify(entry));
      } catch {
        // Quota exceeded or storage disabled: the app keeps working with in-memory state.
      }
    },
    remove(key: string) {
      const full = storageKey(key);
      safeRemove(areas.local, full);
      safeRemove(areas.session, full);
    },
    clearAll() {
      for (const area of [areas.local, areas.session]) {
        const keys: string[] = [];
        for (let i = 0; i < area.length; i++) {
          const k = area.key(i);
          if (k?.startsWith(`${STORAGE_PREFIX}-`)) keys.push(k);
        }
        for (const k of keys) safeRemove(area, k);
      }
    },
  };
}

function browserAreas(): StorageAreas {
  if (typeof window !== 'undefined') {
    try {
      return { local: window.localStorage, session: window.sessionStorage };
    } catch {
      // Storage access denied (e.g. sandboxed iframe): fall back to memory below.
    }
  }
  return { local: createMemoryArea(), session: createMemoryArea() };
}

export const storage: Storage = createStorage(browserAreas());
