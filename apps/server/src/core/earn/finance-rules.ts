// Finance products (spec section 3): a cap on the principal the product takes (progress = sold of the
// cap), a participation limit per user, interest paid at maturity, and redemption after the lock days
// with the interest of the whole days held and no penalty. Who may buy in the member zone is decided
// before the core (the tier is identity data): the core sees an ordinary product.
import { parseCanonical, reject } from '../rejection';
import type { DepositRules } from './deposit-orders';
import type { FinanceProductConfig } from './earn-commands';
import { wholeDays } from './earn-math';
import { COMMON_KEYS, onlyKeys, requireAssetAmount, requireCount, requireInt } from './earn-products';

const KEYS = [...COMMON_KEYS, 'lockDays', 'cap', 'participationLimit'];

export const financeRules: DepositRules = {
  kind: 'finance',
  checkConfig(config, ledger) {
    const c = config as FinanceProductConfig;
    onlyKeys(c, KEYS);
    requireInt(c.lockDays, 0, c.cycleDays);
    const cap = requireAssetAmount(ledger, c.asset, c.cap);
    if (cap < parseCanonical(c.minAmount, 'positive')) reject('INVALID_AMOUNT');
    requireCount(c.participationLimit);
  },
  checkSubscribe(work, { product, userId, amount }) {
    const c = product.config as FinanceProductConfig;
    if (work.counter(product, userId).count >= c.participationLimit) reject('EARN_COUNT_LIMIT');
    if (work.sold(product) + amount > parseCanonical(c.cap, 'positive')) reject('EARN_SOLD_OUT');
  },
  orderTerms(config) {
    const c = config as FinanceProductConfig;
    return { lockDays: c.lockDays, payout: 'maturity', penaltyRate: 0n };
  },
  early(o, ts) {
    if (wholeDays(o.startTs, ts) < o.lockDays) reject('EARN_LOCKED');
    return { penalty: 0n, payAccrued: true };
  },
};
