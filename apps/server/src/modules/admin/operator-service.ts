// Operator accounts. On first start, when no operator exists, one admin is created with a random
// one-time password that is returned once (main prints it) and must be changed at first login.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { operators } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '@/lib/passwords';
import { newOneTimePassword } from '@/lib/tokens';
import type { ClientInfo, IssuedTokens, SessionService } from '@/modules/auth/session-service';
import { isOperatorRole, type OperatorRole } from './operator-roles';

export type OperatorRow = typeof operators.$inferSelect;

/** Operator names are unique ignoring case (index operators_username_uq on lower(username)). */
async function findByUsername(db: Executor, username: string): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

export class OperatorService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly sessions: SessionService,
  ) {}

  /** Creates the first admin if there is no operator at all; returns its one-time password then. */
  async bootstrap(username: string): Promise<{ username: string; password: string } | undefined> {
    return this.db.transaction(async (tx) => {
      // Serializes concurrent first starts on PostgreSQL; a no-op cost on PGlite.
      await tx.execute(sql`select pg_advisory_xact_lock(7420001)`);
      const [existing] = await tx.select({ id: operators.id }).from(operators).limit(1);
      if (existing) return undefined;
      const password = newOneTimePassword();
      const now = this.clock.now();
      const [created] = await tx
        .insert(operators)
        .values({ username, passwordHash: await hashPassword(password), role: 'admin', createdAt: now })
        .returning({ id: operators.id });
      await appendAudit(
        tx,
        {
          actorType: 'system',
          actorId: 'bootstrap',
          action: 'operator.create',
          payload: { id: String(created?.id), username, role: 'admin' },
        },
        now,
      );
      return { username, password };
    });
  }

  async accessOf(id: bigint): Promise<{ role: OperatorRole; mustChangePassword: boolean } | undefined> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id)).limit(1);
    return row && !row.disabled && isOperatorRole(row.role)
      ? { role: row.role, mustChangePassword: row.mustChangePassword }
      : undefined;
  }

  async login(
    username: string,
    password: string,
    client: ClientInfo,
  ): Promise<{ operator: OperatorRow; tokens: IssuedTokens }> {
    const row = await findByUsername(this.db, username);
    const ok = row ? await verifyPassword(row.passwordHash, password) : await verifyAgainstDummy(password);
    if (!row || !ok) throw new AppError('AUTH_INVALID_CREDENTIALS');
    if (row.disabled) throw new AppError('AUTH_ACCOUNT_DISABLED');
    const tokens = await this.sessions.transaction(async (tx) => {
      const issued = await this.sessions.issue('operator', row.id, client, tx);
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: row.id.toString(),
          action: 'operator.login',
          payload: { ip: client.ip },
        },
        this.clock.now(),
      );
      return issued;
    });
    return { operator: row, tokens };
  }

  async get(id: bigint): Promise<OperatorRow> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id)).limit(1);
    if (!row) throw new AppError('AUTH_TOKEN_INVALID');
    return row;
  }

  async changePassword(
    id: bigint,
    sessionId: bigint,
    oldPassword: string,
    newPassword: string,
  ): Promise<void> {
    const row = await this.get(id);
    if (!(await verifyPassword(row.passwordHash, oldPassword))) {
      throw new AppError('PASSWORD_OLD_WRONG', [{ field: 'oldPassword', key: 'errors.PASSWORD_OLD_WRONG' }]);
    }
    if (oldPassword === newPassword) {
      throw new AppError('PASSWORD_SAME_AS_OLD', [
        { field: 'newPassword', key: 'errors.PASSWORD_SAME_AS_OLD' },
      ]);
    }
    const passwordHash = await hashPassword(newPassword);
    await this.sessions.transaction(async (tx) => {
      await tx.update(operators).set({ passwordHash, mustChangePassword: false }).where(eq(operators.id, id));
      await this.sessions.revokeOthers('operator', id, sessionId, 'password_changed', tx);
      await appendAudit(
        tx,
        { actorType: 'operator', actorId: id.toString(), action: 'operator.password', payload: {} },
        this.clock.now(),
      );
    });
  }

  async create(
    actorId: bigint,
    username: string,
    role: OperatorRole,
    password: string,
  ): Promise<OperatorRow> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      if (await findByUsername(tx, username))
        throw new AppError('USER_ACCOUNT_TAKEN', [{ field: 'username', key: 'errors.USER_ACCOUNT_TAKEN' }]);
      const [row] = await tx
        .insert(operators)
        .values({ username, role, passwordHash: await hashPassword(password), createdAt: now })
        .returning();
      if (!row) throw new Error('operator insert returned nothing');
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: actorId.toString(),
          action: 'operator.create',
          payload: { id: row.id.toString(), username, role },
        },
        now,
      );
      return row;
    });
  }
}
