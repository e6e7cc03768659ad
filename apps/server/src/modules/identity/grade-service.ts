// Tiers (standard, premium, professional, partner) and grades (VIP or normal) are computed from the
// `tiers` setting only: the highest tier whose 30-day spot volume and balance minimums (USDT) the user
// meets, and VIP from the setting's `vipFrom` tier. No call sets a tier by hand; each change is written
// to the audit log with the figures that caused it, and the user sees those figures. A credit score is
// shown for information and never blocks anything (withdrawals never read it).
import { TIERS, type Tier } from '@coin/shared/identity-schemas';
import { type Amount, parseAmount } from '@coin/shared/money';
import { asc, eq, gt } from 'drizzle-orm';
import type { MoneyCore } from '@/core/types';
import type { Executor } from '@/db/client';
import { userGrades, users } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import type { SettingsService } from '@/modules/common/settings-service';
import type { UserInfoReader } from '@/modules/user/user-info';
import type { TiersSetting } from './identity-settings';
import { balanceUsdt, spotVolumes, usdtString, type Valuation } from './volumes';

const DAY_MS = 24 * 3600 * 1000;

/** The tier and grade the rules give for these figures. */
export function tierFor(
  rules: TiersSetting,
  volume30d: Amount,
  balance: Amount,
): { tier: Tier; grade: 'vip' | 'normal' } {
  let tier: Tier = 'standard';
  for (const rule of rules.rules) {
    if (volume30d >= parseAmount(rule.minVolume30d) && balance >= parseAmount(rule.minBalance))
      tier = rule.tier;
  }
  const grade = TIERS.indexOf(tier) >= TIERS.indexOf(rules.vipFrom) ? 'vip' : 'normal';
  return { tier, grade };
}

export class GradeService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly valuation: Valuation,
    private readonly core: () => MoneyCore | undefined,
    private readonly infos: UserInfoReader,
  ) {}

  /** The public rules (home page, user centre). */
  async rules(): Promise<TiersSetting> {
    return this.settings.get('tiers');
  }

  /** Recomputes one user's tier and grade; stores the figures, updates the user and audits a change. */
  async refresh(userId: bigint) {
    const rules = await this.settings.get('tiers');
    const now = this.clock.now();
    const volumes = await spotVolumes(
      this.db,
      this.valuation,
      [userId],
      new Date(now.getTime() - 30 * DAY_MS),
    );
    const volume30d = volumes.get(userId.toString()) ?? (0n as Amount);
    const balance = balanceUsdt(this.core(), this.valuation, userId);
    const { tier, grade } = tierFor(rules, volume30d, balance);
    const figures = { volume30d: usdtString(volume30d), balance: usdtString(balance) };
    const changed = await this.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ tier: users.tier, grade: users.grade })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user) throw new AppError('IDENTITY_USER_NOT_FOUND');
      await tx
        .insert(userGrades)
        .values({ userId, tier, grade, ...figures, computedAt: now })
        .onConflictDoUpdate({ target: userGrades.userId, set: { tier, grade, ...figures, computedAt: now } });
      if (user.tier === tier && user.grade === grade) return false;
      await tx.update(users).set({ tier, grade, updatedAt: now }).where(eq(users.id, userId));
      await appendAudit(
        tx,
        {
          actorType: 'system',
          actorId: 'grades',
          action: 'user.grade',
          payload: { userId: userId.toString(), from: user, to: { tier, grade }, ...figures },
        },
        now,
      );
      return true;
    });
    if (changed) await this.infos.invalidate(userId);
    return { tier, grade, ...figures, computedAt: now.toISOString() };
  }

  /** A user's tier as the rules give it now (recomputed: what the member zone of earn asks). */
  async tierOf(userId: bigint): Promise<Tier> {
    return (await this.refresh(userId)).tier;
  }

  /** The caller's tier with the figures and the rules (recomputed now). */
  async view(userId: bigint) {
    const result = await this.refresh(userId);
    const rules = await this.settings.get('tiers');
    const [user] = await this.db
      .select({ creditScore: users.creditScore })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const at = TIERS.indexOf(result.tier);
    const next = rules.rules[at + 1] ?? null;
    return {
      ...result,
      isVip: result.grade === 'vip',
      next,
      rules: rules.rules,
      vipFrom: rules.vipFrom,
      /** Informational only: it never blocks a withdrawal or any other action. */
      creditScore: user?.creditScore ?? 100,
    };
  }

  /** Recomputes every user, in id order, in batches (the periodic job and after a rules change). */
  async refreshAll(onError: (userId: bigint, err: unknown) => void = () => {}): Promise<number> {
    let after = 0n;
    let done = 0;
    for (;;) {
      const batch = await this.db
        .select({ id: users.id })
        .from(users)
        .where(gt(users.id, after))
        .orderBy(asc(users.id))
        .limit(200);
      if (batch.length === 0) return done;
      for (const { id } of batch) {
        try {
          await this.refresh(id);
          done += 1;
        } catch (err) {
          onError(id, err);
        }
        after = id;
      }
    }
  }
}
