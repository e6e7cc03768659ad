// The one way this area talks to the money core: the referrer chain (`referral.link`, sent when a user
// registers with an invite code, and by the start-up backfill for every link SQL has and the core lacks)
// and the rebate shares of the `referral` setting (`referral.configure`, at start and after each save).
// Command ids are derived from their content, so a re-send within the idempotency window is a no-op and
// one after it is accepted by the core as "nothing changes".
import { createHash } from 'node:crypto';
import { and, asc, gt, isNotNull } from 'drizzle-orm';
import type { MoneyCore } from '@/core/types';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import type { Clock } from '@/lib/clock';
import type { SettingsService } from '@/modules/common/settings-service';

type Warn = (details: Record<string, unknown>, message: string) => void;

/** '0.20' -> '0.2', '0.0' -> '0': the core takes canonical amounts only. */
export function canonicalShare(s: string): string {
  if (!s.includes('.')) return s.replace(/^0+(?=\d)/, '');
  const trimmed = s.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed.replace(/^0+(?=\d)/, '');
}

export class ReferralCoreSync {
  constructor(
    private readonly db: Executor,
    private readonly core: MoneyCore,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly warn: Warn,
  ) {}

  /** Records a new user's referrer in the core; failures are logged (the next start's backfill retries). */
  async link(userId: bigint, referrerId: bigint | null): Promise<void> {
    if (referrerId === null) return;
    const payload = { userId: userId.toString(), parentId: referrerId.toString() };
    try {
      const result = await this.core.submit({
        id: `referral.link:${payload.userId}`,
        actor: 'system',
        ts: this.clock.now().getTime(),
        type: 'referral.link',
        payload,
      });
      if (!result.ok) this.warn({ ...payload, error: result.error }, 'referral link refused by the core');
    } catch (err) {
      this.warn({ ...payload, err }, 'referral link not sent');
    }
  }

  /** Sends every referrer link the core does not have yet (the one-off backfill, and crash repair). */
  async backfill(): Promise<number> {
    let after = 0n;
    let sent = 0;
    for (;;) {
      const batch = await this.db
        .select({ id: users.id, referrerId: users.referrerId })
        .from(users)
        .where(and(gt(users.id, after), isNotNull(users.referrerId)))
        .orderBy(asc(users.id))
        .limit(500);
      if (batch.length === 0) return sent;
      const missing = batch.filter(
        (u) => u.referrerId !== null && this.core.referralParent(u.id.toString()) === undefined,
      );
      // Sent together, so the journal's group commit writes them in a few batches.
      await Promise.all(missing.map((u) => this.link(u.id, u.referrerId)));
      sent += missing.length;
      after = batch[batch.length - 1]?.id ?? after;
    }
  }

  /** Makes the core's rebate shares those of the `referral` setting (no command when they already are). */
  async configure(): Promise<void> {
    try {
      const { shares } = await this.settings.get('referral');
      const wanted = shares.map(canonicalShare);
      while (wanted.length > 0 && wanted[wanted.length - 1] === '0') wanted.pop();
      const have = this.core.referralShares();
      if (wanted.length === have.length && wanted.every((s, i) => s === have[i])) return;
      const digest = createHash('sha256').update(JSON.stringify(wanted)).digest('hex').slice(0, 16);
      const ts = this.clock.now().getTime();
      const result = await this.core.submit({
        // One id per (shares, millisecond): going back to earlier shares later is a new command.
        id: `referral.configure:${digest}:${ts}`,
        actor: 'system',
        ts,
        type: 'referral.configure',
        payload: { shares: wanted },
      });
      if (!result.ok)
        this.warn({ shares: wanted, error: result.error }, 'referral shares refused by the core');
    } catch (err) {
      this.warn({ err }, 'referral shares not sent to the core');
    }
  }
}
