// Account security: the authenticator (TOTP 2FA) with single-use codes, the two-step login's second
// factor, the withdrawal lock after security changes, the anti-phishing code, and binding or changing
// the email and phone with codes sent to the new (and the current) address.
//
// Authenticator codes: each check first takes an attempt atomically (at most TOTP_MAX_ATTEMPTS wrong
// codes per TOTP_ATTEMPT_WINDOW_MS; a right code resets the count), and a right code is accepted only if
// its time step is newer than the last accepted one, by a conditional UPDATE: two concurrent uses of one
// code cannot both pass (RFC 6238 section 5.2).

import type { Language } from '@coin/shared/languages';
import { maskEmail, maskPhone } from '@coin/shared/mask';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppConfig } from '@/config';
import type { Db, Executor } from '@/db/client';
import { userSecurity, users } from '@/db/schema';
import { uniqueViolation } from '@/db/unique-violation';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { verifyPassword } from '@/lib/passwords';
import type { UserInfoReader } from '@/modules/user/user-info';
import { findUserByEmail, findUserById, findUserByPhone, type UserRow } from '@/modules/user/user-repository';
import type { CodeChannel, CodeService } from '@/modules/verification/code-service';
import type { Sealer } from './seal';
import { matchTotp, newTotpSecret, totpUri } from './totp';

export const TOTP_MAX_ATTEMPTS = 5;
export const TOTP_ATTEMPT_WINDOW_MS = 15 * 60_000;
/** How long a secret from getGoogleVerification waits for its confirming code. */
export const TOTP_PENDING_TTL_MS = 30 * 60_000;

/** Security changes that lock withdrawals (and the reason stored with the lock). */
export type SecurityChange =
  | 'login_password'
  | 'password_reset'
  | 'fund_password'
  | 'google_reset'
  | 'email_change'
  | 'phone_change';

type SecurityRow = typeof userSecurity.$inferSelect;

/** What AccountService needs from this service (login, password changes). */
export interface AccountSecurityHooks {
  /** LOGIN_STEP1_SUCCESS when a second factor is bound and no code came; GOOGLE_* for a bad code. */
  loginSecondFactor(userId: bigint, googleCode: string | undefined): Promise<void>;
  /** GOOGLE_CODE_REQUIRED / GOOGLE_* when a second factor is bound; nothing when none is. */
  requireSecondFactor(userId: bigint, googleCode: string | undefined): Promise<void>;
  /** Locks withdrawals for WITHDRAW_LOCK_HOURS, inside the caller's transaction. */
  securityChanged(db: Executor, userId: bigint, change: SecurityChange): Promise<void>;
}

export interface SecurityInfo {
  googleBound: boolean;
  googleBoundAt: string | null;
  hasEmail: boolean;
  email: string;
  hasPhone: boolean;
  phone: string;
  hasFundPassword: boolean;
  hasAntiCode: boolean;
  /** The code masked (first two characters), so a borrowed screen does not give it away. */
  antiCode: string;
  withdrawLockedUntil: string | null;
  withdrawLockReason: string | null;
}

export interface GoogleSetup {
  secret: string;
  otpauthUri: string;
  issuer: string;
  account: string;
  expiresAt: string;
}

export class SecurityService implements AccountSecurityHooks {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly sealer: Sealer,
    private readonly codes: CodeService,
    private readonly infos: UserInfoReader,
  ) {}

  // ---- state ----

  private async row(userId: bigint, db: Executor = this.db): Promise<SecurityRow | undefined> {
    const [row] = await db.select().from(userSecurity).where(eq(userSecurity.userId, userId)).limit(1);
    return row;
  }

  private async ensureRow(userId: bigint, db: Executor = this.db): Promise<void> {
    await db
      .insert(userSecurity)
      .values({ userId, updatedAt: this.clock.now() })
      .onConflictDoNothing({ target: userSecurity.userId });
  }

  private async user(userId: bigint): Promise<UserRow> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('AUTH_TOKEN_INVALID');
    return user;
  }

  async info(userId: bigint): Promise<SecurityInfo> {
    const [user, row] = await Promise.all([this.user(userId), this.row(userId)]);
    const now = this.clock.now().getTime();
    const locked = row?.withdrawLockedUntil && row.withdrawLockedUntil.getTime() > now;
    return {
      googleBound: Boolean(row?.totpSecret),
      googleBoundAt: row?.totpSecret && row.totpBoundAt ? row.totpBoundAt.toISOString() : null,
      hasEmail: user.email !== null,
      email: user.email ? maskEmail(user.email) : '',
      hasPhone: user.phone !== null,
      phone: user.phone ? maskPhone(user.phone) : '',
      hasFundPassword: user.fundPasswordHash !== null,
      hasAntiCode: Boolean(row?.antiCode),
      antiCode: row?.antiCode
        ? `${row.antiCode.slice(0, 2)}${'*'.repeat(Math.max(2, row.antiCode.length - 2))}`
        : '',
      withdrawLockedUntil: locked && row?.withdrawLockedUntil ? row.withdrawLockedUntil.toISOString() : null,
      withdrawLockReason: locked ? (row?.withdrawLockReason ?? null) : null,
    };
  }

  async isGoogleBound(userId: bigint): Promise<boolean> {
    return Boolean((await this.row(userId))?.totpSecret);
  }

  // ---- authenticator ----

  /** A secret to scan ('1': the pending one while it is fresh, '2': always a new one). */
  async googleSetup(userId: bigint, fresh: boolean): Promise<GoogleSetup> {
    const user = await this.user(userId);
    const row = await this.row(userId);
    if (row?.totpSecret) throw new AppError('GOOGLE_ALREADY_BOUND');
    const now = this.clock.now();
    const pendingFresh =
      row?.totpPendingSecret &&
      row.totpPendingAt &&
      now.getTime() - row.totpPendingAt.getTime() < TOTP_PENDING_TTL_MS;
    let secret: string;
    let createdAt: Date;
    if (!fresh && pendingFresh && row?.totpPendingSecret && row.totpPendingAt) {
      secret = this.sealer.open('totp', row.totpPendingSecret);
      createdAt = row.totpPendingAt;
    } else {
      secret = newTotpSecret();
      createdAt = now;
      await this.ensureRow(userId);
      await this.db
        .update(userSecurity)
        .set({ totpPendingSecret: this.sealer.seal('totp', secret), totpPendingAt: now, updatedAt: now })
        .where(and(eq(userSecurity.userId, userId), isNull(userSecurity.totpSecret)));
    }
    const issuer = this.config.BRAND_NAME;
    return {
      secret,
      otpauthUri: totpUri(secret, issuer, user.account),
      issuer,
      account: user.account,
      expiresAt: new Date(createdAt.getTime() + TOTP_PENDING_TTL_MS).toISOString(),
    };
  }

  /** Binds the pending secret: the login password and a current code of the new secret. */
  async googleBind(userId: bigint, code: string, password: string): Promise<void> {
    const user = await this.user(userId);
    const row = await this.row(userId);
    if (row?.totpSecret) throw new AppError('GOOGLE_ALREADY_BOUND');
    const now = this.clock.now();
    if (
      !row?.totpPendingSecret ||
      !row.totpPendingAt ||
      now.getTime() - row.totpPendingAt.getTime() >= TOTP_PENDING_TTL_MS
    ) {
      throw new AppError('GOOGLE_SETUP_REQUIRED');
    }
    await this.checkPassword(user, password);
    await this.takeAttempt(userId, 'x');
    const step = matchTotp(this.sealer.open('totp', row.totpPendingSecret), code, now);
    if (step === undefined)
      throw new AppError('GOOGLE_CODE_INVALID', [{ field: 'x', key: 'errors.GOOGLE_CODE_INVALID' }]);
    await this.db.transaction(async (tx) => {
      const bound = await tx
        .update(userSecurity)
        .set({
          totpSecret: row.totpPendingSecret,
          totpBoundAt: now,
          totpLastStep: step,
          totpPendingSecret: null,
          totpPendingAt: null,
          totpFailures: 0,
          totpFailuresSince: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(userSecurity.userId, userId),
            isNull(userSecurity.totpSecret),
            eq(userSecurity.totpPendingSecret, row.totpPendingSecret ?? ''),
          ),
        )
        .returning({ userId: userSecurity.userId });
      if (bound.length === 0) throw new AppError('GOOGLE_ALREADY_BOUND');
      await appendAudit(
        tx,
        { actorType: 'user', actorId: userId.toString(), action: 'security.google.bind', payload: {} },
        now,
      );
    });
  }

  /** Removes the authenticator: the login password and its current code; withdrawals lock. */
  async googleReset(userId: bigint, code: string, password: string): Promise<void> {
    const user = await this.user(userId);
    const row = await this.row(userId);
    if (!row?.totpSecret) throw new AppError('GOOGLE_NOT_BOUND');
    await this.checkPassword(user, password);
    await this.verifyBound(userId, code, 'x');
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(userSecurity)
        .set({
          totpSecret: null,
          totpBoundAt: null,
          totpPendingSecret: null,
          totpPendingAt: null,
          updatedAt: now,
        })
        .where(eq(userSecurity.userId, userId));
      await this.securityChanged(tx, userId, 'google_reset');
      await appendAudit(
        tx,
        { actorType: 'user', actorId: userId.toString(), action: 'security.google.reset', payload: {} },
        now,
      );
    });
  }

  async loginSecondFactor(userId: bigint, googleCode: string | undefined): Promise<void> {
    if (!(await this.isGoogleBound(userId))) return;
    if (googleCode === undefined) throw new AppError('LOGIN_STEP1_SUCCESS');
    await this.verifyBound(userId, googleCode, 'googleCode');
  }

  async requireSecondFactor(
    userId: bigint,
    googleCode: string | undefined,
    field = 'googleCode',
  ): Promise<void> {
    if (!(await this.isGoogleBound(userId))) return;
    if (googleCode === undefined) {
      throw new AppError('GOOGLE_CODE_REQUIRED', [{ field, key: 'errors.GOOGLE_CODE_REQUIRED' }]);
    }
    await this.verifyBound(userId, googleCode, field);
  }

  /**
   * Takes one attempt (atomically; at most TOTP_MAX_ATTEMPTS in a window), so concurrent guesses cannot
   * get more comparisons between them than the limit allows.
   */
  private async takeAttempt(userId: bigint, field: string): Promise<void> {
    await this.ensureRow(userId);
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - TOTP_ATTEMPT_WINDOW_MS);
    const expired = sql`(${userSecurity.totpFailuresSince} is null or ${userSecurity.totpFailuresSince} <= ${windowStart})`;
    const taken = await this.db
      .update(userSecurity)
      .set({
        totpFailures: sql`case when ${expired} then 1 else ${userSecurity.totpFailures} + 1 end`,
        totpFailuresSince: sql`case when ${expired} then ${now}::timestamptz else ${userSecurity.totpFailuresSince} end`,
      })
      .where(
        and(eq(userSecurity.userId, userId), or(expired, lt(userSecurity.totpFailures, TOTP_MAX_ATTEMPTS))),
      )
      .returning({ userId: userSecurity.userId });
    if (taken.length === 0) {
      throw new AppError('GOOGLE_CODE_LOCKED', [{ field, key: 'errors.GOOGLE_CODE_LOCKED' }]);
    }
  }

  /** Checks a code of the bound secret; a right code is used up (its step and every older one). */
  private async verifyBound(userId: bigint, code: string, field: string): Promise<void> {
    await this.takeAttempt(userId, field);
    const row = await this.row(userId);
    if (!row?.totpSecret) throw new AppError('GOOGLE_NOT_BOUND');
    const now = this.clock.now();
    const step = matchTotp(this.sealer.open('totp', row.totpSecret), code, now);
    if (step === undefined)
      throw new AppError('GOOGLE_CODE_INVALID', [{ field, key: 'errors.GOOGLE_CODE_INVALID' }]);
    const used = () => new AppError('GOOGLE_CODE_USED', [{ field, key: 'errors.GOOGLE_CODE_USED' }]);
    if (row.totpLastStep !== null && step <= row.totpLastStep) throw used();
    const won = await this.db
      .update(userSecurity)
      .set({ totpLastStep: step, totpFailures: 0, totpFailuresSince: null })
      .where(
        and(
          eq(userSecurity.userId, userId),
          isNotNull(userSecurity.totpSecret),
          or(isNull(userSecurity.totpLastStep), lt(userSecurity.totpLastStep, step)),
        ),
      )
      .returning({ userId: userSecurity.userId });
    if (won.length === 0) throw used();
  }

  private async checkPassword(user: UserRow, password: string): Promise<void> {
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('SECURITY_PASSWORD_WRONG', [
        { field: 'password', key: 'errors.SECURITY_PASSWORD_WRONG' },
      ]);
    }
  }

  // ---- withdrawal lock ----

  async securityChanged(db: Executor, userId: bigint, change: SecurityChange): Promise<void> {
    const hours = this.config.WITHDRAW_LOCK_HOURS;
    if (hours <= 0) return;
    const now = this.clock.now();
    const until = new Date(now.getTime() + hours * 3_600_000);
    await db
      .insert(userSecurity)
      .values({ userId, withdrawLockedUntil: until, withdrawLockReason: change, updatedAt: now })
      .onConflictDoUpdate({
        target: userSecurity.userId,
        set: {
          withdrawLockedUntil: sql`greatest(${userSecurity.withdrawLockedUntil}, ${until}::timestamptz)`,
          withdrawLockReason: change,
          updatedAt: now,
        },
      });
  }

  /** SECURITY_WITHDRAW_LOCKED (with the time it ends) while a security change's lock runs. */
  async assertWithdrawalsOpen(userId: bigint): Promise<void> {
    const row = await this.row(userId);
    const until = row?.withdrawLockedUntil;
    if (until && until.getTime() > this.clock.now().getTime()) {
      throw new AppError('SECURITY_WITHDRAW_LOCKED', [], {
        until: `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      });
    }
  }

  // ---- anti-phishing code ----

  async setAntiCode(userId: bigint, antiCode: string, googleCode: string | undefined): Promise<void> {
    await this.user(userId);
    await this.requireSecondFactor(userId, googleCode);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx
        .insert(userSecurity)
        .values({ userId, antiCode, updatedAt: now })
        .onConflictDoUpdate({ target: userSecurity.userId, set: { antiCode, updatedAt: now } });
      await appendAudit(
        tx,
        { actorType: 'user', actorId: userId.toString(), action: 'security.antiCode.set', payload: {} },
        now,
      );
    });
  }

  /** The anti-phishing code of the user, or of the user an email address belongs to. */
  async antiCodeFor(who: {
    userId?: bigint | undefined;
    email?: string | undefined;
  }): Promise<string | undefined> {
    let userId = who.userId;
    if (userId === undefined && who.email) userId = (await findUserByEmail(this.db, who.email))?.id;
    if (userId === undefined) return undefined;
    return (await this.row(userId))?.antiCode ?? undefined;
  }

  // ---- email and phone ----

  /** A code to a new address (`bind`, which must be free) or to the account's current one (`security`). */
  async sendContactCode(
    userId: bigint,
    input: { channel: CodeChannel; purpose: 'bind' | 'security'; target?: string | undefined },
    lang: Language,
  ): Promise<void> {
    const user = await this.user(userId);
    const current = input.channel === 'email' ? user.email : user.phone;
    if (input.purpose === 'security') {
      if (!current) throw new AppError('CONTACT_NOT_BOUND');
      await this.codes.send(
        { channel: input.channel, target: current, purpose: 'security' },
        lang,
        true,
        userId,
      );
      return;
    }
    const target =
      input.channel === 'email'
        ? (input.target ?? '').toLowerCase()
        : (input.target ?? '').replace(/[\s-]/g, '');
    if (current && current.toLowerCase() === target) {
      throw new AppError('CONTACT_SAME_AS_CURRENT', [
        { field: 'target', key: 'errors.CONTACT_SAME_AS_CURRENT' },
      ]);
    }
    const owner =
      input.channel === 'email'
        ? await findUserByEmail(this.db, target)
        : await findUserByPhone(this.db, target);
    if (owner) {
      throw input.channel === 'email'
        ? new AppError('USER_EMAIL_TAKEN', [{ field: 'target', key: 'errors.USER_EMAIL_TAKEN' }])
        : new AppError('USER_PHONE_TAKEN', [{ field: 'target', key: 'errors.USER_PHONE_TAKEN' }]);
    }
    await this.codes.send({ channel: input.channel, target, purpose: 'bind' }, lang, true, userId);
  }

  async bindEmail(
    userId: bigint,
    input: { email: string; code: string; oldCode?: string | undefined; googleCode?: string | undefined },
  ) {
    return this.bindContact(userId, 'email', input.email.trim().toLowerCase(), input);
  }

  async bindPhone(
    userId: bigint,
    input: { phone: string; code: string; oldCode?: string | undefined; googleCode?: string | undefined },
  ) {
    return this.bindContact(userId, 'sms', input.phone, input);
  }

  /**
   * First binding: a code sent to the new address. A change also needs a code sent to the current
   * address (and the authenticator when bound), and locks withdrawals.
   */
  private async bindContact(
    userId: bigint,
    channel: CodeChannel,
    target: string,
    input: { code: string; oldCode?: string | undefined; googleCode?: string | undefined },
  ): Promise<void> {
    const field = channel === 'email' ? 'email' : 'phone';
    const user = await this.user(userId);
    const current = channel === 'email' ? user.email : user.phone;
    if (current && current.toLowerCase() === target.toLowerCase()) {
      throw new AppError('CONTACT_SAME_AS_CURRENT', [{ field, key: 'errors.CONTACT_SAME_AS_CURRENT' }]);
    }
    const taken = () =>
      channel === 'email'
        ? new AppError('USER_EMAIL_TAKEN', [{ field, key: 'errors.USER_EMAIL_TAKEN' }])
        : new AppError('USER_PHONE_TAKEN', [{ field, key: 'errors.USER_PHONE_TAKEN' }]);
    const owner =
      channel === 'email' ? await findUserByEmail(this.db, target) : await findUserByPhone(this.db, target);
    if (owner) throw taken();
    if (current && input.oldCode === undefined) {
      throw new AppError('VALIDATION_FAILED', [{ field: 'oldCode', key: 'validation.required' }]);
    }
    await this.consumeAs('code', { channel, target, purpose: 'bind' }, input.code);
    if (current && input.oldCode !== undefined) {
      await this.consumeAs('oldCode', { channel, target: current, purpose: 'security' }, input.oldCode);
    }
    await this.requireSecondFactor(userId, input.googleCode);
    const now = this.clock.now();
    try {
      await this.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set(channel === 'email' ? { email: target, updatedAt: now } : { phone: target, updatedAt: now })
          .where(eq(users.id, userId));
        if (current)
          await this.securityChanged(tx, userId, channel === 'email' ? 'email_change' : 'phone_change');
        await appendAudit(
          tx,
          {
            actorType: 'user',
            actorId: userId.toString(),
            action: current ? `security.${field}.change` : `security.${field}.bind`,
            payload: {},
          },
          now,
        );
      });
    } catch (err) {
      if (uniqueViolation(err) !== undefined) throw taken();
      throw err;
    }
    await this.infos.invalidate(userId);
  }

  /** Consumes a code; its refusal names the field it came in. */
  private async consumeAs(
    field: string,
    req: { channel: CodeChannel; target: string; purpose: 'bind' | 'security' },
    code: string,
  ): Promise<void> {
    try {
      await this.codes.consume(req, code);
    } catch (err) {
      if (err instanceof AppError && err.fields.length === 0) {
        throw new AppError(err.errorCode, [{ field, key: `errors.${err.errorCode}` }], err.params);
      }
      throw err;
    }
  }
}
