// Identity certification (spec sections 3 and 4): primary (name, ID number, country, card type), then
// advanced real-name (front, back and holding photos from the upload service), each under review until an
// operator passes or fails it with a reason. Email certification is an email bound with a code (every
// email this platform holds was confirmed by one). ID numbers are stored encrypted; a keyed digest finds
// the same number on another account. Every operator decision is audit-logged in its transaction.

import {
  KYC_STATUS,
  type KycAdvancedBody,
  type KycLevel,
  type KycPrimaryBody,
} from '@coin/shared/identity-schemas';
import { maskEmail } from '@coin/shared/mask';
import { isWireId } from '@coin/shared/wire-id';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { kycSubmissions, users, walletUploads } from '@/db/schema';
import { uniqueViolation } from '@/db/unique-violation';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { INVALIDATION_TOPICS, type InvalidationBus } from '@/lib/invalidation-bus';
import { last4, type PiiCipher } from './pii';

type SubmissionRow = typeof kycSubmissions.$inferSelect;

export const UPLOAD_LINK = '/api/uploads/';

/** What the owner sees of a request: the ID number masked, the photos as links only they can open. */
export function ownerView(row: SubmissionRow) {
  return {
    id: row.id.toString(),
    level: row.level as KycLevel,
    status: row.status,
    name: row.name,
    country: row.country,
    cardType: row.cardType,
    idNumber: row.idNumberLast4 === null ? null : `${'*'.repeat(8)}${row.idNumberLast4}`,
    front: row.front === null ? null : `${UPLOAD_LINK}${row.front}`,
    back: row.back === null ? null : `${UPLOAD_LINK}${row.back}`,
    hold: row.hold === null ? null : `${UPLOAD_LINK}${row.hold}`,
    reason: row.reason,
    createTime: row.createdAt.toISOString(),
    reviewTime: row.reviewedAt?.toISOString() ?? null,
  };
}
export type KycView = ReturnType<typeof ownerView>;

export class KycService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly pii: PiiCipher,
    private readonly invalidation?: InvalidationBus,
  ) {}

  /** The newest request of each level. */
  private async latest(
    userId: bigint,
    ex: Executor = this.db,
  ): Promise<Partial<Record<KycLevel, SubmissionRow>>> {
    const rows = await ex
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, userId))
      .orderBy(desc(kycSubmissions.id))
      .limit(50);
    const out: Partial<Record<KycLevel, SubmissionRow>> = {};
    for (const r of rows) {
      const level = r.level as KycLevel;
      out[level] ??= r;
    }
    return out;
  }

  /** getMemberOtherData/yhrzxx: the caller's certification state. */
  async status(userId: bigint) {
    const latest = await this.latest(userId);
    const [user] = await this.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const primary = latest.primary ? ownerView(latest.primary) : null;
    const advanced = latest.advanced ? ownerView(latest.advanced) : null;
    const passed = (v: KycView | null) => v?.status === KYC_STATUS.passed;
    return {
      /** 0 none, 1 primary passed, 2 advanced passed. */
      level: passed(advanced) ? 2 : passed(primary) ? 1 : 0,
      primary,
      advanced,
      email: { certified: Boolean(user?.email), email: user?.email ? maskEmail(user.email) : '' },
    };
  }

  /** The certified real name, or undefined before the primary certification has passed. */
  async certifiedName(userId: bigint): Promise<string | undefined> {
    const [row] = await this.db
      .select({ name: kycSubmissions.name })
      .from(kycSubmissions)
      .where(
        and(
          eq(kycSubmissions.userId, userId),
          eq(kycSubmissions.level, 'primary'),
          eq(kycSubmissions.status, KYC_STATUS.passed),
        ),
      )
      .limit(1);
    return row?.name ?? undefined;
  }

  /** The country of the passed primary certification (ISO 3166 code), or undefined before it passed. */
  async certifiedCountry(userId: bigint): Promise<string | undefined> {
    const [row] = await this.db
      .select({ country: kycSubmissions.country })
      .from(kycSubmissions)
      .where(
        and(
          eq(kycSubmissions.userId, userId),
          eq(kycSubmissions.level, 'primary'),
          eq(kycSubmissions.status, KYC_STATUS.passed),
        ),
      )
      .limit(1);
    return row?.country ?? undefined;
  }

  async submitPrimary(userId: bigint, body: KycPrimaryBody): Promise<KycView> {
    const hash = this.pii.digest('id', `${body.country}:${body.cardType}:${body.idNumber}`);
    const now = this.clock.now();
    try {
      return await this.db.transaction(async (tx) => {
        const latest = await this.latest(userId, tx);
        if (latest.primary && latest.primary.status !== KYC_STATUS.failed)
          throw new AppError('KYC_ALREADY_SUBMITTED');
        const [taken] = await tx
          .select({ userId: kycSubmissions.userId })
          .from(kycSubmissions)
          .where(
            and(
              eq(kycSubmissions.idNumberHash, hash),
              eq(kycSubmissions.level, 'primary'),
              inArray(kycSubmissions.status, [KYC_STATUS.pending, KYC_STATUS.passed]),
            ),
          )
          .limit(1);
        if (taken) throw idNumberUsed();
        const [row] = await tx
          .insert(kycSubmissions)
          .values({
            userId,
            level: 'primary',
            status: KYC_STATUS.pending,
            name: body.name,
            country: body.country,
            cardType: body.cardType,
            idNumberEnc: this.pii.encrypt(body.idNumber),
            idNumberHash: hash,
            idNumberLast4: last4(body.idNumber),
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        return ownerView(row);
      });
    } catch (err) {
      // Two submissions racing: the unique indexes decide, with the same answers as the checks above.
      const constraint = uniqueViolation(err);
      if (constraint === 'kyc_submissions_open_uq') throw new AppError('KYC_ALREADY_SUBMITTED');
      if (constraint === 'kyc_submissions_id_number_uq') throw idNumberUsed();
      throw err;
    }
  }

  async submitAdvanced(userId: bigint, body: KycAdvancedBody): Promise<KycView> {
    const now = this.clock.now();
    try {
      return await this.db.transaction(async (tx) => {
        const latest = await this.latest(userId, tx);
        if (latest.primary?.status !== KYC_STATUS.passed) throw new AppError('KYC_PRIMARY_REQUIRED');
        if (latest.advanced && latest.advanced.status !== KYC_STATUS.failed) {
          throw new AppError('KYC_ALREADY_SUBMITTED');
        }
        const names = [body.front, body.back, body.hold];
        const owned = await tx
          .select({ name: walletUploads.name })
          .from(walletUploads)
          .where(and(inArray(walletUploads.name, names), eq(walletUploads.userId, userId)));
        const mine = new Set(owned.map((r) => r.name));
        for (const field of ['front', 'back', 'hold'] as const) {
          // Someone else's upload answers exactly like one that does not exist.
          if (!mine.has(body[field])) {
            throw new AppError('KYC_PHOTO_NOT_FOUND', [{ field, key: 'errors.KYC_PHOTO_NOT_FOUND' }]);
          }
        }
        const [row] = await tx
          .insert(kycSubmissions)
          .values({
            userId,
            level: 'advanced',
            status: KYC_STATUS.pending,
            name: latest.primary.name,
            front: body.front,
            back: body.back,
            hold: body.hold,
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        return ownerView(row);
      });
    } catch (err) {
      if (uniqueViolation(err) === 'kyc_submissions_open_uq') throw new AppError('KYC_ALREADY_SUBMITTED');
      throw err;
    }
  }

  // ---- operators ----

  async adminList(q: {
    status?: number | undefined;
    level?: KycLevel | undefined;
    keyword?: string | undefined;
    current: number;
    size: number;
  }) {
    const where: SQL[] = [];
    if (q.status !== undefined) where.push(eq(kycSubmissions.status, q.status));
    if (q.level !== undefined) where.push(eq(kycSubmissions.level, q.level));
    const keyword = q.keyword?.trim();
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const match = [ilike(users.account, like), ilike(kycSubmissions.name, like)];
      if (isWireId(keyword)) match.push(eq(kycSubmissions.userId, BigInt(keyword)));
      const any = or(...match);
      if (any) where.push(any);
    }
    const cond = where.length > 0 ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ s: kycSubmissions, account: users.account })
        .from(kycSubmissions)
        .innerJoin(users, eq(users.id, kycSubmissions.userId))
        .where(cond)
        .orderBy(desc(kycSubmissions.id))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.db
        .select({ n: count() })
        .from(kycSubmissions)
        .innerJoin(users, eq(users.id, kycSubmissions.userId))
        .where(cond),
    ]);
    return {
      current: q.current,
      size: q.size,
      total: total?.n ?? 0,
      records: rows.map((r) => ({ ...ownerView(r.s), userId: r.s.userId.toString(), account: r.account })),
    };
  }

  /**
   * One request for review: the full ID number (operators compare it with the photos) and, for an
   * advanced request, the primary data it builds on. Reading it is audited: it is personal data.
   */
  async adminDetail(id: bigint, operatorId: bigint) {
    const [row] = await this.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).limit(1);
    if (!row) throw new AppError('KYC_NOT_FOUND');
    const [user] = await this.db
      .select({ account: users.account })
      .from(users)
      .where(eq(users.id, row.userId))
      .limit(1);
    const [primary] =
      row.level === 'advanced'
        ? await this.db
            .select()
            .from(kycSubmissions)
            .where(
              and(
                eq(kycSubmissions.userId, row.userId),
                eq(kycSubmissions.level, 'primary'),
                eq(kycSubmissions.status, KYC_STATUS.passed),
              ),
            )
            .limit(1)
        : [row];
    await appendAudit(
      this.db,
      {
        actorType: 'operator',
        actorId: operatorId.toString(),
        action: 'kyc.view',
        payload: { submissionId: id.toString(), userId: row.userId.toString() },
      },
      this.clock.now(),
    );
    const idNumber = primary?.idNumberEnc ? this.pii.decrypt(primary.idNumberEnc) : null;
    return {
      ...ownerView(row),
      userId: row.userId.toString(),
      account: user?.account ?? '',
      idNumberFull: idNumber,
      primary: primary ? ownerView(primary) : null,
      reviewedBy: row.reviewedBy?.toString() ?? null,
    };
  }

  async decide(
    id: bigint,
    operatorId: bigint,
    decision: 'approve' | 'reject',
    reason?: string,
  ): Promise<KycView> {
    const now = this.clock.now();
    const view = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(kycSubmissions)
        .set({
          status: decision === 'approve' ? KYC_STATUS.passed : KYC_STATUS.failed,
          reason: decision === 'approve' ? null : (reason ?? null),
          reviewedBy: operatorId,
          reviewedAt: now,
        })
        .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, KYC_STATUS.pending)))
        .returning();
      if (!row) {
        const [exists] = await tx
          .select({ id: kycSubmissions.id })
          .from(kycSubmissions)
          .where(eq(kycSubmissions.id, id))
          .limit(1);
        throw new AppError(exists ? 'KYC_STATE' : 'KYC_NOT_FOUND');
      }
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: decision === 'approve' ? 'kyc.approve' : 'kyc.reject',
          payload: {
            submissionId: id.toString(),
            userId: row.userId.toString(),
            level: row.level,
            ...(decision === 'reject' ? { reason } : {}),
          },
        },
        now,
      );
      return { view: ownerView(row), userId: row.userId };
    });
    // After the commit: caches of the user's certification (the seconds area's country) reload.
    await this.invalidation?.publish(INVALIDATION_TOPICS.kyc, view.userId.toString());
    return view.view;
  }

  /** Counts for the console badge. */
  async pendingCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.status, KYC_STATUS.pending));
    return row?.n ?? 0;
  }
}

function idNumberUsed(): AppError {
  return new AppError('KYC_ID_NUMBER_USED', [{ field: 'idNumber', key: 'errors.KYC_ID_NUMBER_USED' }]);
}
