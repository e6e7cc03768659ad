// SQL access to the `settings` table: raw JSON per key. Validation and defaults live in the service.
// Every method takes an optional executor so callers can run it inside their transaction.
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { auditLog, settings } from '@/db/schema';

export type SettingRow = typeof settings.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

/** Audit actions this module writes; the history view reads them back. */
export const SETTING_AUDIT_ACTIONS = ['settings.update', 'settings.reset'] as const;
export type SettingAuditAction = (typeof SETTING_AUDIT_ACTIONS)[number];

export class SettingsRepository {
  constructor(private readonly db: Executor) {}

  async findAll(ex: Executor = this.db): Promise<SettingRow[]> {
    return ex.select().from(settings);
  }

  async find(key: string, ex: Executor = this.db): Promise<SettingRow | undefined> {
    const [row] = await ex.select().from(settings).where(eq(settings.key, key)).limit(1);
    return row;
  }

  async upsert(key: string, value: unknown, at: Date, ex: Executor = this.db): Promise<void> {
    await ex
      .insert(settings)
      .values({ key, value, updatedAt: at })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: at } });
  }

  /** Returns whether a row existed. */
  async remove(key: string, ex: Executor = this.db): Promise<boolean> {
    const deleted = await ex.delete(settings).where(eq(settings.key, key)).returning({ key: settings.key });
    return deleted.length > 0;
  }

  /** Settings changes from the audit log, newest first, optionally for one key. */
  async pageHistory(
    key: string | undefined,
    current: number,
    size: number,
    ex: Executor = this.db,
  ): Promise<{ records: AuditRow[]; total: number }> {
    const filters: SQL[] = [inArray(auditLog.action, [...SETTING_AUDIT_ACTIONS])];
    if (key !== undefined) filters.push(sql`${auditLog.payload}->>'key' = ${key}`);
    const where = and(...filters);
    const [records, totals] = await Promise.all([
      ex
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(size)
        .offset((current - 1) * size),
      ex.select({ total: count() }).from(auditLog).where(where),
    ]);
    return { records, total: totals[0]?.total ?? 0 };
  }
}
