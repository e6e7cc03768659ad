// My promotion (spec sections 3 and 9): the caller's invite code and link (`/i&<code>`, which the web
// redirects to registration), totals, and the three generations of people they brought, each masked,
// with the rebates the core paid the caller on their fees, their registration time, their total
// investment (all-time spot volume) and today's rebates. The tree is the `referrals` table written at
// registration (modules/user); the rebates are the core's `referral.rebate` events projected into
// `referral_rebates`. A user can only ever read the lists below themself: every query starts at the caller.
import { maskEmail, maskPhone } from '@coin/shared/mask';
import { type Amount, add, formatAmount, parseAmount, ZERO } from '@coin/shared/money';
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { referralRebates, referrals, users } from '@/db/schema';
import type { Clock } from '@/lib/clock';
import { spotVolumes, toUsdt, usdtString, type Valuation } from './volumes';

/** The public link path of an invite code (spec section 2: '/i&' redirects to registration). */
export function invitePath(code: string): string {
  return `/i&${code}`;
}

/** How a referred user is shown: email or phone masked by spec section 9, else the account masked like an email. */
export function maskedUser(u: { account: string; email: string | null; phone: string | null }): string {
  if (u.email) return maskEmail(u.email);
  if (u.phone) return maskPhone(u.phone);
  return maskEmail(u.account);
}

/** Start of the UTC day of `now`. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

interface AssetTotal {
  asset: string;
  amount: string;
}

function totalsOf(rows: Array<{ asset: string; total: string }>, v: Valuation) {
  let usdt = ZERO;
  const byAsset = new Map<string, Amount>();
  for (const r of rows) {
    const a = parseAmount(r.total);
    byAsset.set(r.asset, add(byAsset.get(r.asset) ?? ZERO, a));
    usdt = add(usdt, toUsdt(v, r.asset, a));
  }
  const assets: AssetTotal[] = [...byAsset.entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([asset, amount]) => ({ asset, amount: formatAmount(amount) }));
  return { usdt: usdtString(usdt), assets };
}

export class ReferralService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly valuation: Valuation,
    /** The rebate share per generation the operator set (the `referral` setting). */
    private readonly shares: () => Promise<string[]>,
  ) {}

  /** Rebates paid to `beneficiary`, per asset, optionally only from `payers` and since `since`. */
  private async rebateRows(
    beneficiary: bigint,
    opts: { payers?: bigint[]; since?: Date; byPayer?: boolean },
  ) {
    const where = [eq(referralRebates.beneficiaryId, beneficiary)];
    if (opts.payers) where.push(inArray(referralRebates.payerId, opts.payers));
    if (opts.since) where.push(gte(referralRebates.createdAt, opts.since));
    return this.db
      .select({
        payerId: referralRebates.payerId,
        asset: referralRebates.asset,
        total: sql<string>`sum(${referralRebates.amount})::text`,
      })
      .from(referralRebates)
      .where(and(...where))
      .groupBy(referralRebates.payerId, referralRebates.asset);
  }

  /** The promotion summary: code, link path, people per generation and the rebates earned. */
  async info(userId: bigint) {
    const [me] = await this.db
      .select({ inviteCode: users.inviteCode })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const counts = await this.db
      .select({ generation: referrals.generation, n: count() })
      .from(referrals)
      .where(eq(referrals.ancestorId, userId))
      .groupBy(referrals.generation);
    const generations = [1, 2, 3].map((g) => ({
      generation: g,
      users: counts.find((c) => c.generation === g)?.n ?? 0,
    }));
    const [all, today] = await Promise.all([
      this.rebateRows(userId, {}),
      this.rebateRows(userId, { since: startOfUtcDay(this.clock.now()) }),
    ]);
    const inviteCode = me?.inviteCode ?? '';
    return {
      inviteCode,
      invitePath: invitePath(inviteCode),
      totalUsers: generations.reduce((s, g) => s + g.users, 0),
      generations,
      /** Accumulated revenue: every rebate the core has paid the caller (USDT value now, and per asset). */
      revenue: totalsOf(all, this.valuation),
      today: totalsOf(today, this.valuation),
      shares: await this.shares(),
    };
  }

  /** One generation of the caller's referrals, newest first, with each person's figures. */
  async list(userId: bigint, generation: number, current: number, size: number) {
    const where = and(eq(referrals.ancestorId, userId), eq(referrals.generation, generation));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: users.id,
          account: users.account,
          email: users.email,
          phone: users.phone,
          createdAt: users.createdAt,
        })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.userId))
        .where(where)
        .orderBy(desc(referrals.createdAt), desc(referrals.userId))
        .limit(size)
        .offset((current - 1) * size),
      this.db.select({ n: count() }).from(referrals).where(where),
    ]);
    const ids = rows.map((r) => r.id);
    const [volumes, rebates, today] = await Promise.all([
      spotVolumes(this.db, this.valuation, ids),
      ids.length ? this.rebateRows(userId, { payers: ids }) : Promise.resolve([]),
      ids.length
        ? this.rebateRows(userId, { payers: ids, since: startOfUtcDay(this.clock.now()) })
        : Promise.resolve([]),
    ]);
    const of = (list: typeof rebates, id: bigint) =>
      totalsOf(
        list.filter((r) => r.payerId === id),
        this.valuation,
      );
    return {
      current,
      size,
      total: total?.n ?? 0,
      generation,
      records: rows.map((r) => ({
        user: maskedUser(r),
        registerTime: r.createdAt.toISOString(),
        rebate: of(rebates, r.id),
        totalInvestment: usdtString(volumes.get(r.id.toString()) ?? ZERO),
        todayReward: of(today, r.id),
      })),
    };
  }
}
