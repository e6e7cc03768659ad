// Sessions table access. One row per signed-in device of a principal (user or operator), plus the hashes
// of refresh tokens that rotations retired (reuse detection).
import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sessionRetiredRefresh, sessions } from '@/db/schema';

export type PrincipalType = 'user' | 'operator';
export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
/** What a revocation reports, so the caller can drop the sessions from memory and announce them. */
export type RevokedSession = Pick<SessionRow, 'id' | 'principalType' | 'principalId'>;
const revokedColumns = {
  id: sessions.id,
  principalType: sessions.principalType,
  principalId: sessions.principalId,
};

export async function insertSession(db: Executor, row: NewSession): Promise<SessionRow> {
  const [created] = await db.insert(sessions).values(row).returning();
  if (!created) throw new Error('session insert returned nothing');
  return created;
}

export async function findByTokenHash(db: Executor, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function findByRefreshHash(db: Executor, refreshHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.refreshHash, refreshHash)).limit(1);
  return row;
}

export async function findById(db: Executor, id: bigint): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

/** Moves last-seen times forward, many sessions in one statement (never backwards). */
export async function touchSessions(
  db: Executor,
  seen: ReadonlyArray<{ id: bigint; at: Date }>,
): Promise<void> {
  if (seen.length === 0) return;
  const values = sql.join(
    seen.map((s) => sql`(${s.id.toString()}::bigint, ${s.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${sessions} set last_seen_at = v.seen from (values ${values}) as v(id, seen)
        where ${sessions.id} = v.id and ${sessions.lastSeenAt} < v.seen`,
  );
}

/**
 * Replaces both token hashes of a live session, but only while it still holds `refreshHash`: of two
 * concurrent refreshes with one token exactly one wins. Returns whether this call won.
 */
export async function rotateTokens(
  db: Executor,
  id: bigint,
  refreshHash: string,
  values: Pick<SessionRow, 'tokenHash' | 'refreshHash' | 'expiresAt' | 'refreshExpiresAt' | 'lastSeenAt'>,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set(values)
    .where(and(eq(sessions.id, id), eq(sessions.refreshHash, refreshHash), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function revokeSession(
  db: Executor,
  id: bigint,
  at: Date,
  reason: string,
): Promise<RevokedSession[]> {
  return db
    .update(sessions)
    .set({ revokedAt: at, revokeReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning(revokedColumns);
}

/**
 * Revokes the principal's live sessions: all of them, only one device's (`deviceKey`: a new login on
 * that device replaces it), or all but one (`keepId`: a password change keeps the current session).
 */
export async function revokeLive(
  db: Executor,
  principalType: PrincipalType,
  principalId: bigint,
  at: Date,
  reason: string,
  scope: { deviceKey?: string; keepId?: bigint } = {},
): Promise<RevokedSession[]> {
  const conditions = [
    eq(sessions.principalType, principalType),
    eq(sessions.principalId, principalId),
    isNull(sessions.revokedAt),
  ];
  if (scope.deviceKey !== undefined) conditions.push(eq(sessions.deviceKey, scope.deviceKey));
  if (scope.keepId !== undefined) conditions.push(ne(sessions.id, scope.keepId));
  return db
    .update(sessions)
    .set({ revokedAt: at, revokeReason: reason })
    .where(and(...conditions))
    .returning(revokedColumns);
}

export async function listLive(
  db: Executor,
  principalType: PrincipalType,
  principalId: bigint,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.principalType, principalType),
        eq(sessions.principalId, principalId),
        isNull(sessions.revokedAt),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** The caller's own session by id, or undefined: ownership is part of the query. */
export async function findOwn(
  db: Executor,
  principalType: PrincipalType,
  principalId: bigint,
  id: bigint,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.principalType, principalType),
        eq(sessions.principalId, principalId),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function renameSession(db: Executor, id: bigint, deviceName: string): Promise<void> {
  await db.update(sessions).set({ deviceName }).where(eq(sessions.id, id));
}

/** Remembers a refresh token a rotation replaced (by hash), for reuse detection. */
export async function retireRefresh(
  db: Executor,
  refreshHash: string,
  sessionId: bigint,
  at: Date,
): Promise<void> {
  await db
    .insert(sessionRetiredRefresh)
    .values({ refreshHash, sessionId, retiredAt: at })
    .onConflictDoNothing();
}

/** The session a retired refresh token belonged to, if it is a retired one. */
export async function findRetiredRefresh(
  db: Executor,
  refreshHash: string,
): Promise<{ sessionId: bigint; retiredAt: Date } | undefined> {
  const [row] = await db
    .select({ sessionId: sessionRetiredRefresh.sessionId, retiredAt: sessionRetiredRefresh.retiredAt })
    .from(sessionRetiredRefresh)
    .where(eq(sessionRetiredRefresh.refreshHash, refreshHash))
    .limit(1);
  return row;
}

/** Forgets retired refresh tokens older than `before` (their sessions could not be refreshed anyway). */
export async function pruneRetiredRefresh(db: Executor, before: Date): Promise<void> {
  await db.delete(sessionRetiredRefresh).where(lt(sessionRetiredRefresh.retiredAt, before));
}
