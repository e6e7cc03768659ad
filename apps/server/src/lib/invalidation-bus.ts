// Tells in-memory read caches that the SQL rows behind them changed (DESIGN section 8: hot paths read
// memory that is invalidated on change). A writer publishes after its transaction has committed; every
// cache of that topic drops the key (or everything) and reloads on the next read. This process's
// implementation calls the subscribers directly; a deployment with several API processes implements the
// same interface over its message broker (NATS or Redis subjects, DESIGN section 4), so no cache or writer
// changes when that lands.

/** What changed, one name per cache family; `key` narrows it to one row when the topic has rows. */
export const INVALIDATION_TOPICS = {
  /** Operator-editable settings documents (all of them: a snapshot is cached whole). */
  settings: 'settings',
  /** Coins and markets of the catalogue (operator changes in /admin). */
  marketCatalog: 'market.catalog',
  /** One user's watchlist; key = user id. */
  watchlist: 'market.watchlist',
  /** One user's row as getInfo shows it; key = user id. */
  userInfo: 'user.info',
  /** One API key (created, deleted); key = the public API key string. */
  apiKey: 'security.apiKey',
  /** One user's identity certification (an operator decided a request); key = user id. */
  kyc: 'identity.kyc',
} as const;

export type InvalidationTopic = (typeof INVALIDATION_TOPICS)[keyof typeof INVALIDATION_TOPICS];

/** Called with the changed key, or undefined when the whole topic changed. */
export type InvalidationHandler = (key: string | undefined) => void | Promise<void>;

export interface InvalidationBus {
  /**
   * Announces a change. Resolves once this process's subscribers have handled it, so a write route that
   * awaits it answers only when its own reads already see the change; other processes follow as soon as
   * the message reaches them.
   */
  publish(topic: InvalidationTopic, key?: string): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(topic: InvalidationTopic, handler: InvalidationHandler): () => void;
}

export class LocalInvalidationBus implements InvalidationBus {
  private readonly handlers = new Map<InvalidationTopic, Set<InvalidationHandler>>();

  async publish(topic: InvalidationTopic, key?: string): Promise<void> {
    const set = this.handlers.get(topic);
    if (!set) return;
    // Every subscriber runs even if one fails: a cache left un-invalidated would serve stale data.
    const results = await Promise.allSettled([...set].map(async (handler) => handler(key)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  subscribe(topic: InvalidationTopic, handler: InvalidationHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }
}
