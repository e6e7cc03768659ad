// Visitor chat sessions: a visitor (not signed in) gets a random token, stored only as its SHA-256, sent
// back in the `visitor-token` header. It lives CHAT_VISITOR_TTL_HOURS from its last use, and dies when
// its conversation joins an account (join) — a joined token is refused like an unknown one. Expired
// sessions that never joined are pruned (`prune`), with their support thread when nobody wrote in it.
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '@/db/client';
import { chatThreads, chatVisitors } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { hashToken, newToken } from '@/lib/tokens';

export const VISITOR_HEADER = 'visitor-token';

export class VisitorService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  async create(ip: string): Promise<{ token: string; expiresAt: string }> {
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    await this.db
      .insert(chatVisitors)
      .values({ tokenHash: hashToken(token), ip, createdAt: now, lastSeenAt: now, expiresAt });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** The live visitor behind a token (sliding expiry), or CHAT_VISITOR_INVALID. */
  async resolve(token: string | undefined, db: Executor = this.db): Promise<bigint> {
    if (!token || token.length > 100) throw new AppError('CHAT_VISITOR_INVALID');
    const now = this.clock.now();
    const [row] = await db
      .select()
      .from(chatVisitors)
      .where(eq(chatVisitors.tokenHash, hashToken(token)));
    if (!row || row.joinedUserId !== null || row.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('CHAT_VISITOR_INVALID');
    }
    if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
      await db
        .update(chatVisitors)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + this.ttlMs) })
        .where(eq(chatVisitors.id, row.id));
    }
    return row.id;
  }

  /** Whether a visitor session is still usable (the chat socket's periodic check). */
  async isLive(visitorId: bigint): Promise<boolean> {
    const [row] = await this.db.select().from(chatVisitors).where(eq(chatVisitors.id, visitorId));
    return !!row && row.joinedUserId === null && row.expiresAt.getTime() > this.clock.now().getTime();
  }

  /** Marks the visitor joined to `userId` (inside the join's transaction); false when it already was. */
  async markJoined(visitorId: bigint, userId: bigint, db: Executor): Promise<boolean> {
    const updated = await db
      .update(chatVisitors)
      .set({ joinedUserId: userId, joinedAt: this.clock.now() })
      .where(and(eq(chatVisitors.id, visitorId), isNull(chatVisitors.joinedUserId)))
      .returning({ id: chatVisitors.id });
    return updated.length === 1;
  }

  /**
   * Deletes up to `limit` visitor sessions that expired without joining an account, and the support threads
   * they opened without a message (a thread with messages stays for the support history). Returns how many
   * sessions went; the job calls it again while a full batch went.
   */
  async prune(limit = 1_000): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(chatVisitors)
        .where(
          inArray(
            chatVisitors.id,
            tx
              .select({ id: chatVisitors.id })
              .from(chatVisitors)
              .where(and(isNull(chatVisitors.joinedUserId), lt(chatVisitors.expiresAt, now)))
              .orderBy(chatVisitors.id)
              .limit(limit),
          ),
        )
        .returning({ id: chatVisitors.id });
      if (gone.length === 0) return 0;
      await tx.delete(chatThreads).where(
        and(
          inArray(
            chatThreads.ownerVisitorId,
            gone.map((g) => g.id),
          ),
          isNull(chatThreads.ownerUserId),
          sql`not exists (select 1 from chat_messages m where m.thread_id = ${chatThreads.id})`,
        ),
      );
      return gone.length;
    });
  }
}
