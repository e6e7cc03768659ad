// Operator settings of the earn area (one row per key in earn_settings): the tier the member zone needs.
// Read on every member-zone page and subscription, so the value is kept in memory and replaced when an
// operator saves (in this process; the row is the truth after a restart). Saving is audit-logged.
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { earnSettings } from '@/db/schema';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { isTier, type Tier } from './tiers';

const MEMBER_MIN_TIER = 'memberMinTier';
export const DEFAULT_MEMBER_MIN_TIER: Tier = 'premium';

export class EarnSettings {
  private cached: Tier | undefined;

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
  ) {}

  async memberMinTier(): Promise<Tier> {
    if (this.cached !== undefined) return this.cached;
    const [row] = await this.db
      .select()
      .from(earnSettings)
      .where(eq(earnSettings.key, MEMBER_MIN_TIER))
      .limit(1);
    const value = row?.value;
    this.cached = isTier(value) ? value : DEFAULT_MEMBER_MIN_TIER;
    return this.cached;
  }

  async setMemberMinTier(operatorId: bigint, tier: Tier): Promise<Tier> {
    const before = await this.memberMinTier();
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx
        .insert(earnSettings)
        .values({ key: MEMBER_MIN_TIER, value: tier, updatedBy: operatorId, updatedAt: now })
        .onConflictDoUpdate({
          target: earnSettings.key,
          set: { value: tier, updatedBy: operatorId, updatedAt: now },
        });
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'earn.settings.update',
          payload: { key: MEMBER_MIN_TIER, before, after: tier },
        },
        now,
      );
    });
    this.cached = tier;
    return tier;
  }
}
