// Visitor chat sessions: a visitor (not signed in) gets a random token, stored only as its SHA-256, sent
// back in the `visitor-token` header. It lives CHAT_VISITOR_TTL_HOURS from its last use, and dies when
// its conversation joins an account (join) — a joined token is refused like an unknown one.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '@/db/client';
import { chatVisitors } from '@/db/schema';
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
}
