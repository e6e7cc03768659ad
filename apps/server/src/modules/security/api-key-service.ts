// API keys of a user: list, create (the secret is returned once and stored sealed), delete. Every query is
// scoped to the caller; an id of another user's key is simply not found. Changes are announced on the
// invalidation bus after they commit, so the signature check (ApiKeyStore) drops them at once.
import { randomBytes } from 'node:crypto';
import type { CreateApiKeyBody } from '@coin/shared/security-schemas';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { INVALIDATION_TOPICS, type InvalidationBus } from '@/lib/invalidation-bus';
import { parseIpEntry } from './api-key-store';
import type { Sealer } from './seal';
import type { SecurityService } from './security-service';

export const API_KEYS_PER_USER = 20;

type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface ApiKeyView {
  id: string;
  label: string;
  apiKey: string;
  permissions: Array<'read' | 'trade'>;
  ipAllowlist: string[];
  createTime: string;
}

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id.toString(),
    label: row.label,
    apiKey: row.apiKey,
    permissions: [...(row.canRead ? (['read'] as const) : []), ...(row.canTrade ? (['trade'] as const) : [])],
    ipAllowlist: row.ipAllowlist,
    createTime: row.createdAt.toISOString(),
  };
}

export class ApiKeyService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sealer: Sealer,
    private readonly bus: InvalidationBus,
    private readonly security: SecurityService,
  ) {}

  async list(userId: bigint, current: number, size: number) {
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(desc(apiKeys.id))
        .limit(size)
        .offset((current - 1) * size),
      this.db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId)),
    ]);
    return { current, size, total: totals[0]?.n ?? 0, records: rows.map(toView) };
  }

  /** The new key with its secret: the only time the secret leaves the server. */
  async create(userId: bigint, body: CreateApiKeyBody): Promise<ApiKeyView & { secretKey: string }> {
    const ips: string[] = [];
    for (const [i, entry] of (body.ipAllowlist ?? []).entries()) {
      const parsed = parseIpEntry(entry);
      if (!parsed)
        throw new AppError('VALIDATION_FAILED', [{ field: `ipAllowlist.${i}`, key: 'validation.ip' }]);
      const text = parsed.prefix === undefined ? parsed.address : `${parsed.address}/${parsed.prefix}`;
      if (ips.includes(text)) {
        throw new AppError('VALIDATION_FAILED', [{ field: `ipAllowlist.${i}`, key: 'validation.duplicate' }]);
      }
      ips.push(text);
    }
    const [existing] = await this.db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
    if ((existing?.n ?? 0) >= API_KEYS_PER_USER) {
      throw new AppError('API_KEY_LIMIT_REACHED', [], { max: API_KEYS_PER_USER });
    }
    await this.security.requireSecondFactor(userId, body.googleCode);
    const apiKey = randomBytes(32).toString('hex');
    const secretKey = randomBytes(32).toString('hex');
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(apiKeys)
        .values({
          userId,
          label: body.label,
          apiKey,
          secret: this.sealer.seal('api-key', secretKey),
          canRead: body.permissions.includes('read'),
          canTrade: body.permissions.includes('trade'),
          ipAllowlist: ips,
          createdAt: now,
        })
        .returning();
      if (!inserted) throw new AppError('INTERNAL_ERROR');
      await appendAudit(
        tx,
        {
          actorType: 'user',
          actorId: userId.toString(),
          action: 'security.apiKey.create',
          payload: { id: inserted.id.toString(), permissions: body.permissions, ips: ips.length },
        },
        now,
      );
      return inserted;
    });
    // A remembered "unknown key" for this string (however unlikely) must not outlive the creation.
    await this.bus.publish(INVALIDATION_TOPICS.apiKey, apiKey);
    return { ...toView(row), secretKey };
  }

  async remove(userId: bigint, id: bigint): Promise<void> {
    const now = this.clock.now();
    const removed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning({ apiKey: apiKeys.apiKey });
      if (!row) throw new AppError('API_KEY_NOT_FOUND');
      await appendAudit(
        tx,
        {
          actorType: 'user',
          actorId: userId.toString(),
          action: 'security.apiKey.delete',
          payload: { id: id.toString() },
        },
        now,
      );
      return row;
    });
    await this.bus.publish(INVALIDATION_TOPICS.apiKey, removed.apiKey);
  }
}
