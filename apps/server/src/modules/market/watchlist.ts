// A user's watchlist ("optional" markets): idempotent add and cancel, listed in the order added.
// The public market lists flag watched rows for a signed-in caller, so the symbols are read on every such
// request: they are kept in memory per user and dropped through the invalidation bus after each change.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { marketWatchlist } from '@/db/schema';
import { INVALIDATION_TOPICS, type InvalidationBus } from '@/lib/invalidation-bus';
import { ReadCache } from '@/lib/read-cache';

export async function watchedSymbols(db: Executor, userId: bigint): Promise<string[]> {
  const rows = await db
    .select({ symbol: marketWatchlist.symbol })
    .from(marketWatchlist)
    .where(eq(marketWatchlist.userId, userId))
    .orderBy(asc(marketWatchlist.createdAt), asc(marketWatchlist.symbol));
  return rows.map((r) => r.symbol);
}

export async function addWatch(db: Executor, userId: bigint, symbol: string, now: Date): Promise<void> {
  await db.insert(marketWatchlist).values({ userId, symbol, createdAt: now }).onConflictDoNothing();
}

export async function cancelWatch(db: Executor, userId: bigint, symbol: string): Promise<void> {
  await db
    .delete(marketWatchlist)
    .where(and(eq(marketWatchlist.userId, userId), eq(marketWatchlist.symbol, symbol)));
}

export class Watchlists {
  private readonly cache = new ReadCache<string, readonly string[]>(20_000);

  constructor(
    private readonly db: Executor,
    private readonly bus: InvalidationBus,
  ) {
    bus.subscribe(INVALIDATION_TOPICS.watchlist, (key) => {
      if (key === undefined) this.cache.clear();
      else this.cache.invalidate(key);
    });
  }

  /** The user's watched symbols in the order added. Do not mutate. */
  symbols(userId: bigint): Promise<readonly string[]> {
    return this.cache.get(userId.toString(), () => watchedSymbols(this.db, userId));
  }

  async add(userId: bigint, symbol: string, now: Date): Promise<void> {
    await addWatch(this.db, userId, symbol, now);
    await this.bus.publish(INVALIDATION_TOPICS.watchlist, userId.toString());
  }

  async cancel(userId: bigint, symbol: string): Promise<void> {
    await cancelWatch(this.db, userId, symbol);
    await this.bus.publish(INVALIDATION_TOPICS.watchlist, userId.toString());
  }
}
