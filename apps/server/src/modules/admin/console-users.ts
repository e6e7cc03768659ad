// The operators' view of users: a searchable list and a detail, each with the balances the money core
// holds. Contacts are shown in full to admins only; reviewers and support see them masked (spec
// section 9 masking), because their work does not need the full address.
import { maskEmail, maskPhone } from '@coin/shared/mask';
import { isWireId } from '@coin/shared/wire-id';
import { and, count, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AccountBalance } from '@/core/types';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { OperatorRole } from './operator-roles';

export interface OperatorUserView {
  id: string;
  account: string;
  email: string | null;
  phone: string | null;
  isMerchant: number;
  grade: string;
  status: string;
  createTime: string;
  /** Non-empty accounts only; null when the money core is not running. */
  balances: AccountBalance[] | null;
}

type UserRow = typeof users.$inferSelect;

/** Full contacts for admins, masked for every other role. */
export function contactView(role: OperatorRole, email: string | null, phone: string | null) {
  if (role === 'admin') return { email, phone };
  return { email: email === null ? null : maskEmail(email), phone: phone === null ? null : maskPhone(phone) };
}

/** LIKE metacharacters in a keyword match themselves. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class ConsoleUserService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Executor,
  ) {}

  private balances(userId: bigint): AccountBalance[] | null {
    const core = this.app.hasDecorator('core') ? this.app.core : undefined;
    if (!core || typeof core.balancesOf !== 'function') return null;
    return core.balancesOf(userId.toString());
  }

  private view(role: OperatorRole, u: UserRow): OperatorUserView {
    return {
      id: u.id.toString(),
      account: u.account,
      ...contactView(role, u.email, u.phone),
      isMerchant: u.isMerchant,
      grade: u.grade,
      status: u.status,
      createTime: u.createdAt.toISOString(),
      balances: this.balances(u.id),
    };
  }

  async list(role: OperatorRole, keyword: string | undefined, current: number, size: number) {
    // The platform's own accounts (the demo market maker's) are not users: they are listed nowhere here.
    let where: SQL | undefined = ne(users.status, 'platform');
    const k = keyword?.trim();
    if (k) {
      const pattern = likePattern(k.toLowerCase());
      const parts: SQL[] = [
        sql`lower(${users.account}) like ${pattern}`,
        sql`lower(coalesce(${users.email}, '')) like ${pattern}`,
        sql`coalesce(${users.phone}, '') like ${pattern}`,
      ];
      if (isWireId(k)) parts.push(eq(users.id, BigInt(k)));
      where = and(where, or(...parts));
    }
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(size)
      .offset((current - 1) * size);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    return { records: rows.map((u) => this.view(role, u)), total: total?.n ?? 0, current, size };
  }

  async detail(role: OperatorRole, id: bigint) {
    const [u] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!u) throw new AppError('ADMIN_USER_NOT_FOUND');
    return {
      ...this.view(role, u),
      creditScore: u.creditScore,
      tier: u.tier,
      inviteCode: u.inviteCode,
      referrerId: u.referrerId?.toString() ?? null,
    };
  }
}
