// What pledge, finance and DeFi orders share (docs/earn.md "Deposit orders"): a subscription freezes the
// principal in the user's finance account and reserves the full-term interest in the product's pool;
// every whole day since the start accrues its share of that interest (paid at once for daily payouts);
// at maturity the principal is released and the rest of the interest paid. What differs per product
// (limits, gas, what an early end costs) is in its rules file: pledge-rules.ts, finance-rules.ts,
// defi-rules.ts.
import type { Ledger } from '../ledger/ledger';
import { parseCanonical, reject } from '../rejection';
import { type DepositKind, EARN_ACCOUNT, type EarnProductConfig, POOL_OF_KIND } from './earn-commands';
import { DAY_MS, interestFor, wholeDays } from './earn-math';
import type { OrderState, ProductState } from './earn-state';
import type { EarnWork } from './earn-work';

export interface SubscribeInput {
  product: ProductState;
  userId: string;
  amount: bigint;
  address: string | undefined;
}

/** The product-specific part of a deposit product. */
export interface DepositRules {
  kind: DepositKind;
  /** The kind's own terms (the shared ones are checked already); also rejects unknown keys. */
  checkConfig(c: EarnProductConfig, ledger: Ledger): void;
  /** Limits beyond the amount range: per-user limits, caps, counts, the DeFi address. */
  checkSubscribe(work: EarnWork, input: SubscribeInput): void;
  /** Terms an order copies from its product. */
  orderTerms(c: EarnProductConfig): Pick<OrderState, 'lockDays' | 'payout' | 'penaltyRate'>;
  /** Charges made with the subscription (DeFi: the gas fee); returns what the order records. */
  charge?(work: EarnWork, input: SubscribeInput): Pick<OrderState, 'address' | 'gasAsset' | 'gasFee'>;
  /**
   * An end before maturity at the work's time: the penalty kept from the principal and whether the
   * interest accrued so far (and not yet paid) is paid. Rejects when it is not allowed yet.
   */
  early(order: OrderState, ts: number): { penalty: bigint; payAccrued: boolean };
}

function pay(work: EarnWork, o: OrderState, amount: bigint): void {
  if (amount <= 0n) return;
  work.pools.payReserved(POOL_OF_KIND[o.kind], o.asset, amount);
  work.tx.user(o.userId, o.asset, EARN_ACCOUNT, 'available', amount);
  o.paid += amount;
  work.addPaidOut(o.productId, amount);
}

function releasePrincipal(work: EarnWork, o: OrderState, kept: bigint): void {
  work.tx.user(o.userId, o.asset, EARN_ACCOUNT, 'frozen', -o.amount);
  work.tx.user(o.userId, o.asset, EARN_ACCOUNT, 'available', o.amount - kept);
  if (kept > 0n) work.pools.receive(POOL_OF_KIND[o.kind], o.asset, kept);
  work.countUser(o.productId, o.userId, 0, -o.amount);
  work.addOpen(o.productId, -1);
}

export function subscribe(work: EarnWork, rules: DepositRules, input: SubscribeInput): OrderState {
  const { product, userId, amount } = input;
  const c = product.config;
  if (amount < parseCanonical(c.minAmount, 'positive')) reject('EARN_BELOW_MINIMUM');
  if (amount > parseCanonical(c.maxAmount, 'positive')) reject('EARN_ABOVE_MAXIMUM');
  rules.checkSubscribe(work, input);
  const decimals = work.decimals(c.asset);
  const rate = parseCanonical(c.dailyRate, 'nonNegative');
  const interestTotal = interestFor(amount, rate, c.cycleDays, decimals, 'down');
  // The pool commits to the whole term's interest now, or the subscription is refused.
  work.pools.reserve(POOL_OF_KIND[rules.kind], c.asset, interestTotal);
  const charged = rules.charge?.(work, input) ?? { address: null, gasAsset: null, gasFee: null };
  work.tx.freeze(userId, c.asset, EARN_ACCOUNT, amount);
  const order: OrderState = {
    id: `E${work.seq}`,
    seq: work.seq,
    kind: rules.kind,
    productId: c.id,
    userId,
    asset: c.asset,
    decimals,
    amount,
    rate,
    cycleDays: c.cycleDays,
    ...rules.orderTerms(c),
    startTs: work.ts,
    endTs: work.ts + c.cycleDays * DAY_MS,
    interestTotal,
    accruedDays: 0,
    accrued: 0n,
    paid: 0n,
    penalty: 0n,
    status: 'active',
    ...charged,
    closedTs: null,
  };
  work.setOrder(order);
  work.countUser(c.id, userId, 1, amount);
  work.addSold(c.id, amount);
  work.addOpen(c.id, 1);
  return order;
}

/**
 * Accrues every whole day since the start (up to the term), pays what a daily payout owes, and settles
 * the order when its term has ended. Returns the changed copy, or undefined when nothing changed.
 */
export function accrue(work: EarnWork, current: OrderState): OrderState | undefined {
  if (current.status !== 'active') return undefined;
  const days = Math.min(current.cycleDays, wholeDays(current.startTs, work.ts));
  const matured = work.ts >= current.endTs;
  const owesDaily = current.payout === 'daily' && days > current.accruedDays;
  if (days <= current.accruedDays && !matured) return undefined;
  const o: OrderState = { ...current };
  if (days > o.accruedDays) {
    o.accrued = interestFor(o.amount, o.rate, days, o.decimals, 'down');
    o.accruedDays = days;
  }
  if (owesDaily) pay(work, o, o.accrued - o.paid);
  if (matured) {
    // accrued == interestTotal here (the same formula over the whole term): pay what is left of it.
    pay(work, o, o.interestTotal - o.paid);
    releasePrincipal(work, o, 0n);
    o.status = 'completed';
    o.closedTs = work.ts;
  }
  work.setOrder(o);
  return o;
}

/** The user ends an active order: settled as matured at or after the end, else by the product's rules. */
export function redeem(work: EarnWork, rules: DepositRules, current: OrderState): OrderState {
  if (current.status !== 'active') reject('EARN_ORDER_CLOSED');
  const o = accrue(work, current) ?? { ...current };
  if (o.status !== 'active') return o;
  const { penalty, payAccrued } = rules.early(o, work.ts);
  if (payAccrued) pay(work, o, o.accrued - o.paid);
  // What the pool had reserved and will not pay goes back to its free balance.
  work.pools.release(POOL_OF_KIND[o.kind], o.asset, o.interestTotal - o.paid);
  releasePrincipal(work, o, penalty);
  o.penalty = penalty;
  o.status = 'redeemed';
  o.closedTs = work.ts;
  work.setOrder(o);
  return o;
}

/** What a user would get back by redeeming now (the amount the page states before confirming). */
export function redemptionQuote(
  rules: DepositRules,
  o: OrderState,
  ts: number,
): { principal: bigint; penalty: bigint; interest: bigint; allowed: boolean } {
  const days = Math.min(o.cycleDays, wholeDays(o.startTs, ts));
  const accrued = days > o.accruedDays ? interestFor(o.amount, o.rate, days, o.decimals, 'down') : o.accrued;
  if (ts >= o.endTs)
    return { principal: o.amount, penalty: 0n, interest: o.interestTotal - o.paid, allowed: true };
  try {
    const { penalty, payAccrued } = rules.early({ ...o, accruedDays: days, accrued }, ts);
    // A daily payout pays the days accrued up to now in any case.
    const interest = payAccrued || o.payout === 'daily' ? accrued - o.paid : 0n;
    return { principal: o.amount - penalty, penalty, interest, allowed: true };
  } catch {
    return { principal: o.amount, penalty: 0n, interest: 0n, allowed: false };
  }
}
