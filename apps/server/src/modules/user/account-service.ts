// Registration, login and the password calls. Every write runs in one transaction; failures change nothing.

import type { LoginBody, RegisterBody } from '@coin/shared/auth-schemas';
import type { Executor } from '@/db/client';
import { uniqueViolation } from '@/db/unique-violation';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { JsonBody } from '@/lib/json-reply';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '@/lib/passwords';
import { newInviteCode } from '@/lib/tokens';
import {
  type ClientInfo,
  deviceNameFrom,
  type IssuedTokens,
  type SessionService,
} from '@/modules/auth/session-service';
import type { AccountSecurityHooks } from '@/modules/security/security-service';
import type { CodeService } from '@/modules/verification/code-service';
import type { UserInfo, UserInfoReader } from './user-info';
import type { UserRow } from './user-repository';
import * as users from './user-repository';

const MAX_INVITE_ATTEMPTS = 5;

export class AccountService {
  /** Called after a registration has committed (the referral area records the referrer in the core). */
  private readonly registeredListeners = new Set<(user: UserRow) => Promise<void>>();

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly sessions: SessionService,
    private readonly codes: CodeService,
    private readonly infos: UserInfoReader,
    /** Second factor and withdrawal lock (modules/security); absent in set-ups without it. */
    private readonly security?: AccountSecurityHooks,
  ) {}

  /** Adds a listener for committed registrations; returns its removal. A failing listener is its own business. */
  onRegistered(listener: (user: UserRow) => Promise<void>): () => void {
    this.registeredListeners.add(listener);
    return () => this.registeredListeners.delete(listener);
  }

  async register(body: RegisterBody): Promise<UserRow> {
    const user = await this.registerUser(body);
    for (const listener of this.registeredListeners) await listener(user).catch(() => undefined);
    return user;
  }

  private async registerUser(body: RegisterBody): Promise<UserRow> {
    const referrer = body.inviteCode ? await users.findUserByInviteCode(this.db, body.inviteCode) : undefined;
    if (body.inviteCode && !referrer) {
      throw new AppError('USER_INVITE_CODE_INVALID', [{ field: 'inviteCode', key: 'validation.inviteCode' }]);
    }
    await this.ensureFree(body);
    // The code is checked last, so a taken name or a bad invite code does not burn it.
    if (body.email)
      await this.codes.consume({ channel: 'email', target: body.email, purpose: 'register' }, body.code);
    else if (body.phone) {
      await this.codes.consume({ channel: 'sms', target: body.phone, purpose: 'register' }, body.code);
    }
    const passwordHash = await hashPassword(body.password);
    const now = this.clock.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          const user = await users.insertUser(tx, {
            account: body.account,
            email: body.email?.toLowerCase() ?? null,
            phone: body.phone ?? null,
            passwordHash,
            inviteCode: newInviteCode(),
            referrerId: referrer?.id ?? null,
            createdAt: now,
            updatedAt: now,
          });
          if (referrer) {
            // Three generations: the referrer, and the referrer's own first two generations.
            const upper = await users.ancestorsOf(tx, referrer.id);
            await users.insertReferrals(tx, [
              { userId: user.id, generation: 1, ancestorId: referrer.id, createdAt: now },
              ...upper
                .filter((a) => a.generation <= 2)
                .map((a) => ({
                  userId: user.id,
                  generation: a.generation + 1,
                  ancestorId: a.ancestorId,
                  createdAt: now,
                })),
            ]);
          }
          return user;
        });
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'users_invite_code_uq' && attempt < MAX_INVITE_ATTEMPTS) continue;
        if (constraint) await this.ensureFree(body);
        throw err;
      }
    }
  }

  private async ensureFree(body: RegisterBody): Promise<void> {
    if (await users.findUserByAccount(this.db, body.account)) {
      throw new AppError('USER_ACCOUNT_TAKEN', [{ field: 'account', key: 'errors.USER_ACCOUNT_TAKEN' }]);
    }
    if (body.email && (await users.findUserByEmail(this.db, body.email))) {
      throw new AppError('USER_EMAIL_TAKEN', [{ field: 'email', key: 'errors.USER_EMAIL_TAKEN' }]);
    }
    if (body.phone && (await users.findUserByPhone(this.db, body.phone))) {
      throw new AppError('USER_PHONE_TAKEN', [{ field: 'phone', key: 'errors.USER_PHONE_TAKEN' }]);
    }
  }

  /** Same reply and the same argon2 work for an unknown account and a wrong password. */
  async login(body: LoginBody, client: ClientInfo): Promise<{ user: UserRow; tokens: IssuedTokens }> {
    const user =
      body.type === 'account'
        ? await users.findUserByAccount(this.db, body.username)
        : body.type === 'email'
          ? await users.findUserByEmail(this.db, body.username)
          : await users.findUserByPhone(this.db, body.username);
    const ok = user
      ? await verifyPassword(user.passwordHash, body.password)
      : await verifyAgainstDummy(body.password);
    if (!user || !ok) {
      if (user) await this.logLogin(user.id, body.type, 'bad_password', client);
      throw new AppError('AUTH_INVALID_CREDENTIALS');
    }
    if (user.status !== 'active') {
      await this.logLogin(user.id, body.type, 'disabled', client);
      throw new AppError('AUTH_ACCOUNT_DISABLED');
    }
    // Two-step login: with an authenticator bound, a right password alone answers LOGIN_STEP1_SUCCESS
    // (not logged: nothing happened yet); the second call carries googleCode.
    if (this.security) {
      try {
        await this.security.loginSecondFactor(user.id, body.googleCode);
      } catch (err) {
        if (err instanceof AppError && err.errorCode !== 'LOGIN_STEP1_SUCCESS') {
          await this.logLogin(user.id, body.type, 'bad_google_code', client);
        }
        throw err;
      }
    }
    const tokens = await this.sessions.transaction(async (tx) => {
      const issued = await this.sessions.issue('user', user.id, client, tx);
      await this.logLogin(user.id, body.type, null, client, tx);
      return issued;
    });
    return { user, tokens };
  }

  /** One login-log row; `failure` is the reason of a refused login, null for a successful one. */
  private async logLogin(
    userId: bigint,
    method: string,
    failure: string | null,
    client: ClientInfo,
    db: Executor = this.db,
  ) {
    await users.insertLoginLog(db, {
      userId,
      method,
      success: failure === null,
      reason: failure,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 512),
      deviceName: deviceNameFrom(client.userAgent),
      createdAt: this.clock.now(),
    });
  }

  async getUser(id: bigint): Promise<UserRow> {
    const user = await users.findUserById(this.db, id);
    if (!user) throw new AppError('AUTH_TOKEN_INVALID');
    return user;
  }

  /** What getInfo shows, from memory (see UserInfoReader). */
  async userInfo(id: bigint): Promise<UserInfo> {
    return this.infos.get(id);
  }

  /** The same, as getInfo's prepared reply body. */
  async userInfoBody(id: bigint): Promise<JsonBody> {
    return this.infos.body(id);
  }

  /** Changes the login password and signs out every other device. */
  async changeLoginPassword(
    userId: bigint,
    sessionId: bigint,
    input: {
      oldPassword: string;
      newPassword: string;
      confirmPassword: string;
      googleCode?: string | undefined;
    },
  ): Promise<void> {
    const user = await this.getUser(userId);
    checkNewPassword(input);
    if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
      throw new AppError('PASSWORD_OLD_WRONG', [{ field: 'oldPassword', key: 'errors.PASSWORD_OLD_WRONG' }]);
    }
    if (input.oldPassword === input.newPassword) {
      throw new AppError('PASSWORD_SAME_AS_OLD', [
        { field: 'newPassword', key: 'errors.PASSWORD_SAME_AS_OLD' },
      ]);
    }
    // Last of the checks: a right code is used up.
    await this.security?.requireSecondFactor(userId, input.googleCode);
    const passwordHash = await hashPassword(input.newPassword);
    await this.sessions.transaction(async (tx) => {
      await users.updateUser(tx, userId, { passwordHash, updatedAt: this.clock.now() });
      await this.sessions.revokeOthers('user', userId, sessionId, 'password_changed', tx);
      await this.security?.securityChanged(tx, userId, 'login_password');
    });
    await this.infos.invalidate(userId);
  }

  /** Resets the login password with a verification code; every session ends. */
  async resetPassword(input: {
    type: 'email' | 'phone';
    target: string;
    code: string;
    password: string;
  }): Promise<void> {
    const user =
      input.type === 'email'
        ? await users.findUserByEmail(this.db, input.target)
        : await users.findUserByPhone(this.db, input.target);
    const channel = input.type === 'email' ? 'email' : 'sms';
    // An unknown target has no deliverable code, so this fails exactly like a wrong code.
    await this.codes.consume({ channel, target: input.target, purpose: 'reset' }, input.code);
    if (!user) throw new AppError('CODE_INVALID');
    const passwordHash = await hashPassword(input.password);
    await this.sessions.transaction(async (tx) => {
      await users.updateUser(tx, user.id, { passwordHash, updatedAt: this.clock.now() });
      await this.sessions.revokeOthers('user', user.id, undefined, 'password_reset', tx);
      await this.security?.securityChanged(tx, user.id, 'password_reset');
    });
    await this.infos.invalidate(user.id);
  }

  /** First-time fund password; the login password confirms it is the account holder. */
  async setFundPassword(
    userId: bigint,
    input: {
      loginPassword: string;
      password: string;
      confirmPassword: string;
      googleCode?: string | undefined;
    },
  ): Promise<void> {
    const user = await this.getUser(userId);
    if (user.fundPasswordHash) throw new AppError('FUND_PASSWORD_ALREADY_SET');
    if (input.password !== input.confirmPassword) {
      throw new AppError('PASSWORD_MISMATCH', [
        { field: 'confirmPassword', key: 'validation.passwordMismatch' },
      ]);
    }
    if (!(await verifyPassword(user.passwordHash, input.loginPassword))) {
      throw new AppError('PASSWORD_OLD_WRONG', [
        { field: 'loginPassword', key: 'errors.PASSWORD_OLD_WRONG' },
      ]);
    }
    await this.security?.requireSecondFactor(userId, input.googleCode);
    const fundPasswordHash = await hashPassword(input.password);
    await users.updateUser(this.db, userId, { fundPasswordHash, updatedAt: this.clock.now() });
    await this.infos.invalidate(userId);
  }

  async changeFundPassword(
    userId: bigint,
    input: {
      oldPassword: string;
      newPassword: string;
      confirmPassword: string;
      googleCode?: string | undefined;
    },
  ): Promise<void> {
    const user = await this.getUser(userId);
    if (!user.fundPasswordHash) throw new AppError('FUND_PASSWORD_NOT_SET');
    checkNewPassword(input);
    if (!(await verifyPassword(user.fundPasswordHash, input.oldPassword))) {
      throw new AppError('FUND_PASSWORD_WRONG', [
        { field: 'oldPassword', key: 'errors.FUND_PASSWORD_WRONG' },
      ]);
    }
    if (input.oldPassword === input.newPassword) {
      throw new AppError('PASSWORD_SAME_AS_OLD', [
        { field: 'newPassword', key: 'errors.PASSWORD_SAME_AS_OLD' },
      ]);
    }
    await this.security?.requireSecondFactor(userId, input.googleCode);
    const fundPasswordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await users.updateUser(tx, userId, { fundPasswordHash, updatedAt: this.clock.now() });
      await this.security?.securityChanged(tx, userId, 'fund_password');
    });
    await this.infos.invalidate(userId);
  }
}

function checkNewPassword(input: { newPassword: string; confirmPassword: string }): void {
  if (input.newPassword !== input.confirmPassword) {
    throw new AppError('PASSWORD_MISMATCH', [
      { field: 'confirmPassword', key: 'validation.passwordMismatch' },
    ]);
  }
}
