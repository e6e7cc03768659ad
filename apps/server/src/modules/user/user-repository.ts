// Users, referrals and login-log tables.
import { normalizePhone } from '@coin/shared/auth-schemas';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { loginLogs, referrals, users } from '@/db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type LoginLogRow = typeof loginLogs.$inferSelect;

export async function findUserById(db: Executor, id: bigint): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByAccount(db: Executor, account: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.account}) = ${account.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Looks a phone up in its stored form, whatever spaces or dashes the caller typed. */
export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.phone, normalizePhone(phone)))
    .limit(1);
  return row;
}

export async function findUserByInviteCode(db: Executor, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.inviteCode, code.toUpperCase())).limit(1);
  return row;
}

export async function insertUser(db: Executor, row: NewUser): Promise<UserRow> {
  const [created] = await db.insert(users).values(row).returning();
  if (!created) throw new Error('user insert returned nothing');
  return created;
}

export async function updateUser(db: Executor, id: bigint, values: Partial<NewUser>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Ancestors of a user by generation (1 = direct referrer), at most three. */
export async function ancestorsOf(db: Executor, userId: bigint) {
  return db
    .select({ generation: referrals.generation, ancestorId: referrals.ancestorId })
    .from(referrals)
    .where(eq(referrals.userId, userId))
    .orderBy(referrals.generation);
}

export async function insertReferrals(
  db: Executor,
  rows: Array<typeof referrals.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) await db.insert(referrals).values(rows);
}

export async function insertLoginLog(db: Executor, row: typeof loginLogs.$inferInsert): Promise<void> {
  await db.insert(loginLogs).values(row);
}

export async function pageLoginLogs(db: Executor, userId: bigint, current: number, size: number) {
  const [records, totals] = await Promise.all([
    db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.userId, userId))
      .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
      .limit(size)
      .offset((current - 1) * size),
    db
      .select({ total: count() })
      .from(loginLogs)
      .where(and(eq(loginLogs.userId, userId))),
  ]);
  return { records, total: totals[0]?.total ?? 0 };
}
