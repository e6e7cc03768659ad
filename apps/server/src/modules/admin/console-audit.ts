// Reading and verifying the hash-chained audit log. There are deliberately no routes that change it:
// entries are only ever appended by the services that act (lib/audit.ts).
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { auditLog, operators } from '@/db/schema';
import { auditChainReport } from '@/lib/audit';

export interface AuditView {
  id: string;
  actorType: string;
  actorId: string;
  /** The operator's username when the actor is an operator. */
  actorName: string | null;
  action: string;
  payload: unknown;
  hash: string;
  prevHash: string;
  createTime: string;
}

export async function auditPage(
  db: Executor,
  filter: { action?: string | undefined; current: number; size: number },
): Promise<{ records: AuditView[]; total: number; current: number; size: number }> {
  const where = filter.action ? eq(auditLog.action, filter.action) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(filter.size)
    .offset((filter.current - 1) * filter.size);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const operatorIds = [
    ...new Set(
      rows.filter((r) => r.actorType === 'operator' && /^\d+$/.test(r.actorId)).map((r) => r.actorId),
    ),
  ];
  const names = new Map<string, string>();
  if (operatorIds.length > 0) {
    const ops = await db
      .select({ id: operators.id, username: operators.username })
      .from(operators)
      .where(inArray(operators.id, operatorIds.map(BigInt)));
    for (const o of ops) names.set(o.id.toString(), o.username);
  }
  return {
    records: rows.map((r) => ({
      id: r.id.toString(),
      actorType: r.actorType,
      actorId: r.actorId,
      actorName: r.actorType === 'operator' ? (names.get(r.actorId) ?? null) : null,
      action: r.action,
      payload: r.payload,
      hash: r.hash,
      prevHash: r.prevHash,
      createTime: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    current: filter.current,
    size: filter.size,
  };
}

export async function verifyAudit(db: Executor) {
  return auditChainReport(db);
}
