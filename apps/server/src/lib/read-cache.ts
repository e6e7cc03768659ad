// A read-through cache of loads from SQL, keyed, bounded, invalidated by writers (see invalidation-bus.ts).
// It keeps the load's promise, not its value, so many concurrent readers of a cold key share one query,
// and an invalidation that arrives while a load is running drops that load: its readers (who asked
// before the change was announced) still get its result, but the cache does not keep it, and the next
// reader loads again and sees the committed change. A failed load is not kept either.
// (lru-cache's fetch() would abort the running load on delete and reject its readers instead.)
export class ReadCache<K, V> {
  private readonly entries = new Map<K, Promise<V>>();

  /** At most `maxEntries` keys; the least recently read one goes first. */
  constructor(private readonly maxEntries = 10_000) {}

  get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert so Map order is recency order; only worth it when eviction can happen.
      if (this.entries.size >= this.maxEntries) {
        this.entries.delete(key);
        this.entries.set(key, hit);
      }
      return hit;
    }
    const pending = load(key);
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return pending;
  }

  invalidate(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
