// Pledge mining (spec sections 3 and 4): a per-user limit on active principal, a buyable count per user,
// interest paid at maturity or daily, and early redemption at the product's stated penalty, which keeps
// a share of the principal for the pool and forfeits interest not yet paid.
import { parseCanonical, reject } from '../rejection';
import type { DepositRules } from './deposit-orders';
import type { PledgeProductConfig } from './earn-commands';
import { shareOf } from './earn-math';
import { COMMON_KEYS, onlyKeys, requireAssetAmount, requireCount, requireRate } from './earn-products';

const KEYS = [...COMMON_KEYS, 'userLimit', 'buyableCount', 'payout', 'earlyPenaltyRate'];

export const pledgeRules: DepositRules = {
  kind: 'pledge',
  checkConfig(config, ledger) {
    const c = config as PledgeProductConfig;
    onlyKeys(c, KEYS);
    const limit = requireAssetAmount(ledger, c.asset, c.userLimit);
    if (limit < parseCanonical(c.minAmount, 'positive')) reject('INVALID_AMOUNT');
    requireCount(c.buyableCount);
    if (c.payout !== 'maturity' && c.payout !== 'daily') reject('INVALID_COMMAND');
    requireRate(c.earlyPenaltyRate);
  },
  checkSubscribe(work, { product, userId, amount }) {
    const c = product.config as PledgeProductConfig;
    const mine = work.counter(product, userId);
    if (mine.count >= c.buyableCount) reject('EARN_COUNT_LIMIT');
    if (mine.active + amount > parseCanonical(c.userLimit, 'positive')) reject('EARN_ABOVE_USER_LIMIT');
  },
  orderTerms(config) {
    const c = config as PledgeProductConfig;
    return { lockDays: 0, payout: c.payout, penaltyRate: parseCanonical(c.earlyPenaltyRate, 'nonNegative') };
  },
  early(o) {
    // The stated penalty, rounded up to whole units; interest already paid daily stays paid.
    return { penalty: shareOf(o.amount, o.penaltyRate, o.decimals), payAccrued: false };
  },
};
