// Append-only, hash-chained audit log: each entry's hash covers the previous hash, so editing or
// deleting a past entry breaks every later link (verifyAuditChain finds it).
import { createHash } from 'node:crypto';
import { asc, desc, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { auditLog } from '@/db/schema';

export interface AuditEntry {
  actorType: 'operator' | 'user' | 'system';
  actorId: string;
  action: string;
  payload: Record<string, unknown>;
}

const GENESIS = '0'.repeat(64);

/** JSON with object keys sorted at every depth: PostgreSQL's jsonb reorders keys on storage, so the
 * hash must not depend on key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function entryHash(prevHash: string, e: AuditEntry, at: Date): string {
  return createHash('sha256')
    .update(canonicalJson([prevHash, e.actorType, e.actorId, e.action, e.payload, at.toISOString()]))
    .digest('hex');
}

/** Call inside a transaction so concurrent appends cannot fork the chain. */
/** Advisory lock key that serializes appends, so two transactions never chain onto the same last hash. */
const AUDIT_APPEND_LOCK = 7_305_001;

export async function appendAudit(db: Executor, entry: AuditEntry, at: Date): Promise<void> {
  // Inside the caller's transaction when there is one (a savepoint): the lock is held until it commits.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_APPEND_LOCK})`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const prevHash = last?.hash ?? GENESIS;
    await tx
      .insert(auditLog)
      .values({ ...entry, prevHash, hash: entryHash(prevHash, entry, at), createdAt: at });
  });
}

/**
 * Walks the hash chain from the genesis and counts the entries checked: all of them when ok, else those
 * before the first broken one (the operator console shows both).
 */
export async function auditChainReport(
  db: Executor,
): Promise<{ ok: boolean; checked: number; firstBrokenId?: string }> {
  const rows = await db.select().from(auditLog).orderBy(asc(auditLog.id));
  let prev = GENESIS;
  let checked = 0;
  for (const r of rows) {
    const expected = entryHash(
      prev,
      {
        actorType: r.actorType as AuditEntry['actorType'],
        actorId: r.actorId,
        action: r.action,
        payload: r.payload as Record<string, unknown>,
      },
      r.createdAt,
    );
    if (r.prevHash !== prev || r.hash !== expected)
      return { ok: false, checked, firstBrokenId: r.id.toString() };
    prev = r.hash;
    checked += 1;
  }
  return { ok: true, checked };
}

export async function verifyAuditChain(db: Executor): Promise<{ ok: boolean; badId?: string }> {
  const report = await auditChainReport(db);
  return report.ok ? { ok: true } : { ok: false, badId: report.firstBrokenId };
}
