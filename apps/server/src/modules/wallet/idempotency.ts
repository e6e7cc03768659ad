// Idempotency-Key for money-moving writes: the first response is stored per (user, route, key) and a
// repeat with the same request gets it back; the same key with another request is refused.
//
// Across a crash: routes whose work is a core command with an id derived from the key
// (`coreCommandId`) opt in with `rerun`. A reserved key without a stored answer (the server died between
// reserving it and saving the answer, or a duplicate is in flight) then runs again: the core answers with
// the first result if the command reached the journal, or applies it now, and the answer is completed.
// A core refusal is stored as the answer, because the core keeps it under the same command id.
import { createHash, randomUUID } from 'node:crypto';
import { isErrorCode } from '@coin/shared/error-codes';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '@/db/client';
import { walletIdempotency } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { canonicalJson } from '@/lib/audit';
import { CoreRefusal } from './core-calls';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The request's Idempotency-Key header, validated; undefined when absent. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return undefined;
  if (!KEY_PATTERN.test(value)) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'Idempotency-Key', key: 'validation.invalid' }]);
  }
  return value;
}

/**
 * The core command id (or withdrawal id) of a request: fixed by (kind, user, key) when the client sent an
 * Idempotency-Key, so a retry after a crash re-submits the same command; random without a key.
 */
export function coreCommandId(kind: string, userId: bigint, key: string | undefined): string {
  return key === undefined ? `${kind}:${randomUUID()}` : `${kind}:${userId}:${key}`;
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** How a core refusal is kept in the response column (success answers are plain objects without it). */
interface StoredRefusal {
  coreRefusal: string;
}

function storedRefusal(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const code = (response as Partial<StoredRefusal>).coreRefusal;
  return typeof code === 'string' ? code : undefined;
}

export async function withIdempotency<T>(
  db: Executor,
  scope: {
    userId: bigint;
    route: string;
    key: string | undefined;
    body: unknown;
    now: Date;
    /** `run` is safe to repeat (its core command id comes from the key): re-run an unanswered key. */
    rerun?: boolean;
  },
  run: () => Promise<T>,
): Promise<T> {
  const { userId, route, key } = scope;
  if (key === undefined) return run();
  const hash = requestHash(scope.body);
  const where = and(
    eq(walletIdempotency.userId, userId),
    eq(walletIdempotency.route, route),
    eq(walletIdempotency.key, key),
  );
  const inserted = await db
    .insert(walletIdempotency)
    .values({ userId, route, key, requestHash: hash, createdAt: scope.now })
    .onConflictDoNothing()
    .returning({ key: walletIdempotency.key });
  if (inserted.length === 0) {
    const [row] = await db.select().from(walletIdempotency).where(where).limit(1);
    if (!row || row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.response !== null) {
      const refused = storedRefusal(row.response);
      if (refused !== undefined && isErrorCode(refused)) throw new AppError(refused);
      return row.response as T;
    }
    // Unanswered: still running, or the server died before it saved the answer. Only a repeatable
    // run may go again; anything else could act twice.
    if (scope.rerun !== true) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
  try {
    const result = await run();
    await db
      .update(walletIdempotency)
      .set({ response: (result ?? null) as unknown })
      .where(where);
    return result;
  } catch (err) {
    if (scope.rerun !== true) {
      // Old behaviour for routes that are not repeatable: a refused request frees the key.
      await db.delete(walletIdempotency).where(where);
    } else if (err instanceof CoreRefusal) {
      // The core recorded this refusal under the key's command id, so every retry would get it again:
      // store it. A mismatch (a concurrent duplicate whose payload differs, e.g. a newer swap price)
      // keeps the reservation open; a retry then reads the first result.
      if (err.coreError !== 'IDEMPOTENCY_MISMATCH') {
        const response: StoredRefusal = { coreRefusal: err.errorCode };
        await db.update(walletIdempotency).set({ response }).where(where);
      }
    } else if (err instanceof AppError) {
      // Refused before anything reached the core: the key is free again.
      await db.delete(walletIdempotency).where(where);
    }
    // Any other failure keeps the reservation unanswered, so a retry re-submits the same command
    // instead of a new one (the first may have been journaled).
    throw err;
  }
}
