// A user's watchlist ("optional" markets): idempotent add and cancel, listed in the order added.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { marketWatchlist } from '@/db/schema';

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
