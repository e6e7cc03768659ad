// Agents (spec sections 6 and 7: getAgentList, getAgentInfo): an operator grants or revokes agent status
// (audited); an agent sees the team below it (the three referral generations) with each member's volumes.
// Anyone may open the agent page; only an agent gets the team.
import { maskEmail } from '@coin/shared/mask';
import { type Amount, add, parseAmount, ZERO } from '@coin/shared/money';
import { and, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { agents, referrals, spotTrades, users } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { maskedUser, startOfUtcDay } from './referral-service';
import { spotVolumes, toUsdt, usdtString, type Valuation } from './volumes';

const DAY_MS = 24 * 3600 * 1000;
type AgentRow = typeof agents.$inferSelect;

function agentView(row: AgentRow) {
  return {
    userId: row.userId.toString(),
    status: row.status,
    note: row.note,
    grantedBy: row.grantedBy.toString(),
    grantTime: row.grantedAt.toISOString(),
    revokedBy: row.revokedBy?.toString() ?? null,
    revokeTime: row.revokedAt?.toISOString() ?? null,
  };
}

export class AgentService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly valuation: Valuation,
  ) {}

  private async active(userId: bigint): Promise<AgentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(agents)
      .where(and(eq(agents.userId, userId), eq(agents.status, 'active')))
      .limit(1);
    return row;
  }

  /** The team's spot volume in USDT (the members' own trades), since `since` or all time. */
  private async teamVolume(agentId: bigint, since?: Date): Promise<Amount> {
    const team = this.db
      .select({ id: referrals.userId })
      .from(referrals)
      .where(eq(referrals.ancestorId, agentId));
    let total = ZERO;
    for (const side of [spotTrades.makerUserId, spotTrades.takerUserId]) {
      const where: SQL[] = [inArray(side, team)];
      if (since) where.push(gte(spotTrades.createdAt, since));
      const rows = await this.db
        .select({ symbol: spotTrades.symbol, total: sql<string>`sum(${spotTrades.quoteQty})::text` })
        .from(spotTrades)
        .where(and(...where))
        .groupBy(spotTrades.symbol);
      for (const r of rows) {
        const quote = this.valuation.quoteOf(r.symbol);
        if (quote !== undefined) total = add(total, toUsdt(this.valuation, quote, parseAmount(r.total)));
      }
    }
    return total;
  }

  /** getAgentInfo: whether the caller is an agent and, if so, the team's size and volumes. */
  async info(userId: bigint) {
    const row = await this.active(userId);
    if (!row) return { isAgent: false as const };
    const now = this.clock.now();
    const counts = await this.db
      .select({ generation: referrals.generation, n: count() })
      .from(referrals)
      .where(eq(referrals.ancestorId, userId))
      .groupBy(referrals.generation);
    const [volume30d, volumeToday, volumeTotal] = await Promise.all([
      this.teamVolume(userId, new Date(now.getTime() - 30 * DAY_MS)),
      this.teamVolume(userId, startOfUtcDay(now)),
      this.teamVolume(userId),
    ]);
    const generations = [1, 2, 3].map((g) => ({
      generation: g,
      users: counts.find((c) => c.generation === g)?.n ?? 0,
    }));
    return {
      isAgent: true as const,
      since: row.grantedAt.toISOString(),
      teamSize: generations.reduce((s, g) => s + g.users, 0),
      generations,
      teamVolume30d: usdtString(volume30d),
      teamVolumeToday: usdtString(volumeToday),
      teamVolumeTotal: usdtString(volumeTotal),
    };
  }

  /** getAgentList: the team, newest first, each with its generation and volumes. Agents only. */
  async list(userId: bigint, q: { generation?: number | undefined; current: number; size: number }) {
    if (!(await this.active(userId))) throw new AppError('AGENT_NOT_GRANTED');
    const where = and(
      eq(referrals.ancestorId, userId),
      q.generation === undefined ? undefined : eq(referrals.generation, q.generation),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: users.id,
          account: users.account,
          email: users.email,
          phone: users.phone,
          createdAt: users.createdAt,
          generation: referrals.generation,
        })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.userId))
        .where(where)
        .orderBy(desc(referrals.createdAt), desc(referrals.userId))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.db.select({ n: count() }).from(referrals).where(where),
    ]);
    const ids = rows.map((r) => r.id);
    const now = this.clock.now();
    const [v30, vAll, subAgents] = await Promise.all([
      spotVolumes(this.db, this.valuation, ids, new Date(now.getTime() - 30 * DAY_MS)),
      spotVolumes(this.db, this.valuation, ids),
      ids.length
        ? this.db
            .select({ id: agents.userId })
            .from(agents)
            .where(and(inArray(agents.userId, ids), eq(agents.status, 'active')))
        : Promise.resolve([]),
    ]);
    const agentIds = new Set(subAgents.map((a) => a.id.toString()));
    return {
      current: q.current,
      size: q.size,
      total: total?.n ?? 0,
      records: rows.map((r) => ({
        user: maskedUser(r),
        generation: r.generation,
        registerTime: r.createdAt.toISOString(),
        volume30d: usdtString(v30.get(r.id.toString()) ?? ZERO),
        volumeTotal: usdtString(vAll.get(r.id.toString()) ?? ZERO),
        isAgent: agentIds.has(r.id.toString()),
      })),
    };
  }

  // ---- operators ----

  async adminList(q: { status?: 'active' | 'revoked' | undefined; current: number; size: number }) {
    const where = q.status ? eq(agents.status, q.status) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ a: agents, account: users.account, email: users.email })
        .from(agents)
        .innerJoin(users, eq(users.id, agents.userId))
        .where(where)
        .orderBy(desc(agents.grantedAt))
        .limit(q.size)
        .offset((q.current - 1) * q.size),
      this.db.select({ n: count() }).from(agents).where(where),
    ]);
    const counts = rows.length
      ? await this.db
          .select({ id: referrals.ancestorId, n: count() })
          .from(referrals)
          .where(
            inArray(
              referrals.ancestorId,
              rows.map((r) => r.a.userId),
            ),
          )
          .groupBy(referrals.ancestorId)
      : [];
    return {
      current: q.current,
      size: q.size,
      total: total?.n ?? 0,
      records: rows.map((r) => ({
        ...agentView(r.a),
        account: r.account,
        email: r.email ? maskEmail(r.email) : '',
        teamSize: counts.find((c) => c.id === r.a.userId)?.n ?? 0,
      })),
    };
  }

  async grant(operatorId: bigint, userId: bigint, note: string | undefined) {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new AppError('IDENTITY_USER_NOT_FOUND');
      const [existing] = await tx.select().from(agents).where(eq(agents.userId, userId)).for('update');
      if (existing?.status === 'active') throw new AppError('AGENT_ALREADY_GRANTED');
      const values = {
        status: 'active',
        note: note ?? null,
        grantedBy: operatorId,
        grantedAt: now,
        revokedBy: null,
        revokedAt: null,
      };
      const [row] = await tx
        .insert(agents)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: agents.userId, set: values })
        .returning();
      if (!row) throw new Error('upsert returned nothing');
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'agent.grant',
          payload: { userId: userId.toString(), note: note ?? null },
        },
        now,
      );
      return agentView(row);
    });
  }

  async revoke(operatorId: bigint, userId: bigint, reason: string) {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(agents)
        .set({ status: 'revoked', revokedBy: operatorId, revokedAt: now })
        .where(and(eq(agents.userId, userId), eq(agents.status, 'active')))
        .returning();
      if (!row) throw new AppError('AGENT_NOT_GRANTED');
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'agent.revoke',
          payload: { userId: userId.toString(), reason },
        },
        now,
      );
      return agentView(row);
    });
  }
}
