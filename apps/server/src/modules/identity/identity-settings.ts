// The operator-editable rules of this area, as settings documents (modules/common, docs/settings.md):
// - `tiers`: what a tier takes (30-day trading volume and balance, both valued in USDT) and from which tier
//   a user is VIP. Tiers are computed from these rules only; there is no call that sets a user's tier.
// - `referral`: the rebate share of each fee per generation (1 = the payer's direct referrer). The money
//   core pays them (core/referral); a save is sent to it as `referral.configure`. Together with the 10 %
//   security-fund share they may not exceed the fee, so the platform never pays more than it earned.
import { TIERS } from '@coin/shared/identity-schemas';
import { parseAmount } from '@coin/shared/money';
import { decimalString } from '@coin/shared/wire-decimal';
import { z } from 'zod';

/** The share of every fee that goes to the security fund (the public 10 % claim). */
export const SECURITY_FUND_SHARE = '0.1';
/** The most the three rebate shares may add up to: what is left of a fee after the security fund. */
export const MAX_REBATE_TOTAL = '0.9';

const usdt = decimalString({ maxDecimals: 2, min: '0', max: '1000000000000' });

export const tierRuleSchema = z.strictObject({
  tier: z.enum(TIERS, { error: 'validation.oneOf' }),
  /** Spot trading volume of the last 30 days, in USDT. */
  minVolume30d: usdt,
  /** Total assets (every account type), in USDT. */
  minBalance: usdt,
});

const cmpDecimal = (a: string, b: string) => {
  const x = parseAmount(a);
  const y = parseAmount(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

export const tiersSettingSchema = z
  .strictObject({
    /** One rule per tier, lowest first; a user gets the highest tier whose minimums both hold. */
    rules: z
      .array(tierRuleSchema, { error: 'validation.invalidType' })
      .length(TIERS.length, 'validation.invalid'),
    /** Users of this tier and above are VIP; the others are normal users. */
    vipFrom: z.enum(TIERS, { error: 'validation.oneOf' }),
  })
  .superRefine((v, ctx) => {
    v.rules.forEach((rule, i) => {
      if (rule.tier !== TIERS[i])
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'tier'], message: 'validation.invalid' });
      const prev = v.rules[i - 1];
      if (i === 0 && (cmpDecimal(rule.minVolume30d, '0') !== 0 || cmpDecimal(rule.minBalance, '0') !== 0)) {
        // Everyone is at least standard.
        ctx.addIssue({ code: 'custom', path: ['rules', 0, 'minVolume30d'], message: 'validation.invalid' });
      }
      if (
        prev &&
        (cmpDecimal(rule.minVolume30d, prev.minVolume30d) < 0 ||
          cmpDecimal(rule.minBalance, prev.minBalance) < 0)
      ) {
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'minVolume30d'], message: 'validation.tierOrder' });
      }
    });
  });
export type TiersSetting = z.output<typeof tiersSettingSchema>;

const share = decimalString({ maxDecimals: 4, min: '0', max: MAX_REBATE_TOTAL });

export const referralSettingSchema = z
  .strictObject({
    /** Rebate shares of each fee for generations 1, 2 and 3 (fractions: '0.2' is 20 %). */
    shares: z.array(share, { error: 'validation.invalidType' }).length(3, 'validation.invalid'),
  })
  .superRefine((v, ctx) => {
    const total = v.shares.reduce((sum, s) => sum + parseAmount(s), 0n);
    if (total > parseAmount(MAX_REBATE_TOTAL)) {
      ctx.addIssue({ code: 'custom', path: ['shares'], message: 'validation.rebateTotal' });
    }
  });
export type ReferralSetting = z.output<typeof referralSettingSchema>;

export const DEFAULT_TIERS: TiersSetting = {
  rules: [
    { tier: 'standard', minVolume30d: '0', minBalance: '0' },
    { tier: 'premium', minVolume30d: '10000', minBalance: '1000' },
    { tier: 'professional', minVolume30d: '100000', minBalance: '10000' },
    { tier: 'partner', minVolume30d: '1000000', minBalance: '100000' },
  ],
  vipFrom: 'premium',
};

export const DEFAULT_REFERRAL: ReferralSetting = { shares: ['0.2', '0.1', '0.05'] };
