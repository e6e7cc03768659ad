// Account tiers as the earn area needs them: the order (standard < premium < professional < partner,
// spec section 1) and the one question it asks: which tier is this user? The identity work (issue 13)
// owns tiers; until its reader is wired in (earn-plugin.ts, `app.earn.tiers.reader`), every user reads
// as the default tier, so the member zone is open only when its required tier is the default one.
export const TIERS = ['standard', 'premium', 'professional', 'partner'] as const;
export type Tier = (typeof TIERS)[number];
export const DEFAULT_TIER: Tier = 'standard';

/** Which tier a user has. */
export type TierReader = (userId: bigint) => Promise<Tier>;

export const defaultTierReader: TierReader = async () => DEFAULT_TIER;

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

export function tierAtLeast(tier: Tier, required: Tier): boolean {
  return TIERS.indexOf(tier) >= TIERS.indexOf(required);
}

/** The reader the area asks; replaced in one place when identity's tiers land. */
export class TierSource {
  constructor(public reader: TierReader = defaultTierReader) {}

  async tierOf(userId: bigint): Promise<Tier> {
    const tier = await this.reader(userId);
    return isTier(tier) ? tier : DEFAULT_TIER;
  }
}
