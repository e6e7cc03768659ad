// Verification codes by email and SMS: six digits, stored as an HMAC, single use, expiring after
// CODE_TTL_SECONDS, invalid after CODE_MAX_ATTEMPTS wrong tries, at most one send per target per
// CODE_RESEND_SECONDS. A new code for the same target and purpose supersedes the old one.
import { normalizePhone } from '@coin/shared/auth-schemas';
import type { Language } from '@coin/shared/languages';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '@/config';
import type { Executor } from '@/db/client';
import { verificationCodes } from '@/db/schema';
import { t } from '@/i18n/translate';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { hmac, newNumericCode, safeEqualHex } from '@/lib/tokens';
import type { MessageSender } from './sender';

export const CODE_PURPOSES = ['register', 'reset', 'bind', 'security'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export type CodeChannel = 'email' | 'sms';

export interface CodeRequest {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
}

export function normalizeTarget(channel: CodeChannel, target: string): string {
  return channel === 'email' ? target.trim().toLowerCase() : normalizePhone(target);
}

export class CodeService {
  constructor(
    private readonly db: Executor,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly sender: MessageSender,
    private readonly secret: string,
  ) {}

  private digest(req: CodeRequest, code: string): string {
    return hmac(
      this.secret,
      `${req.channel}:${normalizeTarget(req.channel, req.target)}:${req.purpose}:${code}`,
    );
  }

  /**
   * Sends a fresh code. `deliver` false records nothing and sends nothing but answers the same, so that
   * a reset request does not reveal whether an address is registered.
   */
  async send(req: CodeRequest, lang: Language, deliver = true, userId?: bigint): Promise<void> {
    const target = normalizeTarget(req.channel, req.target);
    const now = this.clock.now();
    const [last] = await this.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.channel, req.channel),
          eq(verificationCodes.target, target),
          eq(verificationCodes.purpose, req.purpose),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (last && now.getTime() - last.createdAt.getTime() < this.config.CODE_RESEND_SECONDS * 1000) {
      throw new AppError('CODE_SEND_TOO_FREQUENT');
    }
    const code = newNumericCode();
    await this.db.transaction(async (tx) => {
      // Older unused codes for the same target and purpose stop working.
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(verificationCodes.channel, req.channel),
            eq(verificationCodes.target, target),
            eq(verificationCodes.purpose, req.purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values({
        channel: req.channel,
        target,
        purpose: req.purpose,
        codeHash: deliver ? this.digest(req, code) : this.digest(req, `x${code}`),
        maxAttempts: this.config.CODE_MAX_ATTEMPTS,
        expiresAt: new Date(now.getTime() + this.config.CODE_TTL_SECONDS * 1000),
        createdAt: now,
      });
    });
    if (!deliver) return;
    const brand = this.config.BRAND_NAME;
    const minutes = Math.ceil(this.config.CODE_TTL_SECONDS / 60);
    try {
      await this.sender.send({
        channel: req.channel,
        target,
        subject: t(lang, 'mail.codeSubject', { brand }),
        body: t(lang, 'mail.codeBody', { brand, code, minutes }),
        lang,
        ...(userId === undefined ? {} : { userId }),
      });
    } catch {
      throw new AppError('CODE_SEND_FAILED');
    }
  }

  /**
   * Checks and consumes a code. Each check counts an attempt (outside any caller transaction, so a
   * rollback cannot undo the count); the right code can be used once.
   */
  async consume(req: CodeRequest, code: string): Promise<void> {
    const target = normalizeTarget(req.channel, req.target);
    const now = this.clock.now();
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.channel, req.channel),
          eq(verificationCodes.target, target),
          eq(verificationCodes.purpose, req.purpose),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    if (!row || row.consumedAt) throw new AppError('CODE_INVALID');
    if (row.attempts >= row.maxAttempts) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
    if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('CODE_EXPIRED');
    // Every comparison first takes an attempt, atomically and only while one is left: concurrent
    // guesses cannot get more than maxAttempts comparisons between them.
    const [taken] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          eq(verificationCodes.id, row.id),
          sql`${verificationCodes.attempts} < ${verificationCodes.maxAttempts}`,
        ),
      )
      .returning({ attempts: verificationCodes.attempts });
    if (!taken) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
    if (!safeEqualHex(row.codeHash, this.digest(req, code))) {
      if (taken.attempts >= row.maxAttempts) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
      throw new AppError('CODE_INVALID');
    }
    // Conditional update: two concurrent uses of one code cannot both succeed.
    const consumed = await this.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (consumed.length === 0) throw new AppError('CODE_INVALID');
  }
}
