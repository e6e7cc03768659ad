// The earn part of the money core with exact numbers (docs/earn.md): pools and their reservations,
// pledge accrual over a whole cycle (maturity and daily payouts), early redemption at the stated
// penalty, finance lock days and cap, DeFi gas once per address, loan plans by repay way, overdue
// penalties, refusals that change nothing, snapshots and the state hash of a journal without earn.
import { describe, expect, it } from 'vitest';
import { DAY_MS, interestFor, loanPlan } from '@/core/earn/earn-math';
import { invariantViolations } from '@/core/invariants';
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';

const T0 = Date.parse('2026-06-01T00:00:00Z');
const ONE = 10n ** 18n;

class Core {
  readonly state = new MoneyState(sha256Hex);
  private n = 0;
  readonly journal: Command[] = [];
  ts = T0;

  run(type: Command['type'], payload: unknown, opts: { actor?: string; id?: string; ts?: number } = {}) {
    this.n += 1;
    const command = {
      id: opts.id ?? `c${this.n}`,
      actor: opts.actor ?? 'op:1',
      ts: opts.ts ?? this.ts,
      type,
      payload,
    } as Command;
    this.journal.push(command);
    const { result } = this.state.apply(command);
    expect(invariantViolations(this.state)).toEqual([]);
    return result;
  }

  ok(type: Command['type'], payload: unknown, opts: { actor?: string; id?: string; ts?: number } = {}) {
    const r = this.run(type, payload, opts);
    if (!r.ok) throw new Error(`${type} refused: ${r.error}`);
    return r as Extract<CommandResult, { ok: true }>;
  }

  refused(type: Command['type'], payload: unknown): string {
    const before = JSON.stringify([this.state.snapshot().ledger, this.state.snapshot().parts]);
    const r = this.run(type, payload);
    expect(r.ok).toBe(false);
    // Nothing but the seq and the idempotency table moved.
    expect(JSON.stringify([this.state.snapshot().ledger, this.state.snapshot().parts])).toBe(before);
    return r.ok ? '' : r.error;
  }

  finance(userId: string, asset = 'USDT') {
    return this.state.balance(userId, asset, 'finance');
  }

  deposit(userId: string, amount: string, asset = 'USDT') {
    this.ok('deposit.credit', { userId, asset, amount, ref: 't' });
    this.ok('transfer', { userId, asset, amount, from: 'spot', to: 'finance' });
  }

  fund(pool: string, amount: string, asset = 'USDT') {
    return this.ok('earn.pool.fund', { pool, asset, amount, source: 'adjustment', ref: 'f' });
  }

  accrue(productId: string, at: number) {
    this.ts = at;
    return this.ok('earn.accrue', { productId, period: new Date(at).toISOString().slice(0, 13) });
  }
}

const base = {
  asset: 'USDT',
  status: 'open',
  dailyRate: '0.001',
  cycleDays: 30,
  minAmount: '100',
  maxAmount: '10000',
};
const pledge = (extra: Record<string, unknown> = {}) => ({
  product: {
    ...base,
    id: 'p1',
    kind: 'pledge',
    userLimit: '20000',
    buyableCount: 3,
    payout: 'maturity',
    earlyPenaltyRate: '0.05',
    ...extra,
  },
});
const finance = (extra: Record<string, unknown> = {}) => ({
  product: {
    ...base,
    id: 'f1',
    kind: 'finance',
    dailyRate: '0.0005',
    cycleDays: 10,
    lockDays: 3,
    cap: '5000',
    participationLimit: 2,
    ...extra,
  },
});
const loan = (extra: Record<string, unknown> = {}) => ({
  product: {
    ...base,
    id: 'l1',
    kind: 'loan',
    dailyRate: '0.0007',
    cycleDays: 30,
    periodDays: 7,
    repayWays: ['1', '2'],
    overdueRate: '0.002',
    ...extra,
  },
});
const defi = (extra: Record<string, unknown> = {}) => ({
  product: { ...base, id: 'd1', kind: 'defi', gasAsset: 'ETH', gasFee: '0.002', ...extra },
});

function setup() {
  const c = new Core();
  c.ok('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000' });
  c.ok('asset.configure', { asset: 'ETH', decimals: 8, maxAmount: '100000' });
  return c;
}

describe('interest arithmetic', () => {
  it('rounds once from the exact product, down for users and up for what they owe', () => {
    // 1234.567891 x 0.00123 x 7 = 10.6296295415... -> 10.629629 down, 10.62963 up at 6 places
    const p = 1234567891n * 10n ** 12n;
    const r = 123n * 10n ** 13n;
    expect(interestFor(p, r, 7, 6, 'down')).toBe(10629629n * 10n ** 12n);
    expect(interestFor(p, r, 7, 6, 'up')).toBe(10629630n * 10n ** 12n);
  });

  it('plans both repay ways with the same total interest, the principal last', () => {
    const p = 1000n * ONE;
    const rate = 7n * 10n ** 14n; // 0.0007
    const way1 = loanPlan(p, rate, T0, 30, 7, '1', 6);
    const way2 = loanPlan(p, rate, T0, 30, 7, '2', 6);
    expect(way1.map((i) => (i.dueTs - T0) / DAY_MS)).toEqual([7, 14, 21, 28, 30]);
    expect(way1.map((i) => i.principal)).toEqual([0n, 0n, 0n, 0n, p]);
    const total1 = way1.reduce((s, i) => s + i.interest, 0n);
    // 1000 x 0.0007 x 30 = 21 exactly
    expect(total1).toBe(21n * ONE);
    expect(way2).toEqual([{ dueTs: T0 + 30 * DAY_MS, principal: p, interest: 21n * ONE }]);
    expect(way1[0]?.interest).toBe(49n * 10n ** 17n); // 4.9
    expect(way1[4]?.interest).toBe(14n * 10n ** 17n); // 1.4 (two days)
  });
});

describe('pools', () => {
  it('funds from the adjustment account and draws down only what nothing owes', () => {
    const c = setup();
    c.fund('pledge', '50');
    expect(c.state.systemBalance('earn_pledge_pool', 'USDT')).toBe('50');
    expect(c.state.systemBalance('adjustment', 'USDT')).toBe('-50');
    c.ok('earn.product.set', pledge());
    c.deposit('u1', '1000');
    c.ok('earn.subscribe', { userId: 'u1', productId: 'p1', amount: '1000' });
    // 1000 x 0.001 x 30 = 30 reserved: 20 free.
    expect(c.state.earn.pool('pledge', 'USDT')).toEqual({
      pool: 'pledge',
      asset: 'USDT',
      balance: '50',
      reserved: '30',
      free: '20',
    });
    expect(
      c.refused('earn.pool.fund', {
        pool: 'pledge',
        asset: 'USDT',
        amount: '-20.000001',
        source: 'adjustment',
        ref: 'x',
      }),
    ).toBe('EARN_POOL_INSUFFICIENT');
    c.ok('earn.pool.fund', { pool: 'pledge', asset: 'USDT', amount: '-20', source: 'adjustment', ref: 'x' });
    expect(c.state.earn.pool('pledge', 'USDT').free).toBe('0');
  });

  it('refuses a subscription the pool cannot pay, and changes nothing', () => {
    const c = setup();
    c.fund('pledge', '29.999999');
    c.ok('earn.product.set', pledge());
    c.deposit('u1', '1000');
    expect(c.refused('earn.subscribe', { userId: 'u1', productId: 'p1', amount: '1000' })).toBe(
      'EARN_POOL_INSUFFICIENT',
    );
    expect(c.finance('u1')).toMatchObject({ available: '1000', frozen: '0' });
  });
});

describe('pledge', () => {
  it('pays exactly the stated interest over its whole cycle (paid at maturity)', () => {
    const c = setup();
    c.fund('pledge', '1000');
    c.ok('earn.product.set', pledge({ dailyRate: '0.00123' }));
    c.deposit('u1', '1234.567891');
    const sub = c.ok('earn.subscribe', { userId: 'u1', productId: 'p1', amount: '1234.567891' });
    // 1234.567891 x 0.00123 x 30 = 45.55555517... -> 45.555555
    expect(sub.reply).toMatchObject({ orderId: 'E7', interestTotal: '45.555555', endTs: T0 + 30 * DAY_MS });
    expect(c.finance('u1')).toMatchObject({ available: '0', frozen: '1234.567891' });
    for (let d = 1; d < 30; d++) c.accrue('p1', T0 + d * DAY_MS + 3_600_000);
    // Accrued, not paid: the pool still holds it.
    expect(c.state.earn.order('E7')).toMatchObject({ accruedDays: 29, paid: '0', status: 'active' });
    expect(c.finance('u1')).toMatchObject({ available: '0', frozen: '1234.567891' });
    c.accrue('p1', T0 + 30 * DAY_MS);
    expect(c.state.earn.order('E7')).toMatchObject({
      status: 'completed',
      paid: '45.555555',
      accrued: '45.555555',
    });
    expect(c.finance('u1')).toMatchObject({ available: '1280.123446', frozen: '0' });
    expect(c.state.earn.pool('pledge', 'USDT')).toMatchObject({ balance: '954.444445', reserved: '0' });
    // Running the job again changes nothing.
    const again = c.accrue('p1', T0 + 31 * DAY_MS);
    expect(again.reply).toEqual({ changed: 0 });
    expect(c.finance('u1').available).toBe('1280.123446');
  });

  it('pays daily payouts day by day that add up to the same stated interest', () => {
    const c = setup();
    c.fund('pledge', '1000');
    c.ok('earn.product.set', pledge({ dailyRate: '0.00123', payout: 'daily' }));
    c.deposit('u1', '1234.567891');
    c.ok('earn.subscribe', { userId: 'u1', productId: 'p1', amount: '1234.567891' });
    c.accrue('p1', T0 + DAY_MS);
    // Day 1: 1.518518505... -> 1.518518
    expect(c.finance('u1').available).toBe('1.518518');
    // Skipped days are caught up in one run; the same day twice pays nothing.
    c.accrue('p1', T0 + 5 * DAY_MS + 10);
    c.accrue('p1', T0 + 5 * DAY_MS + 20);
    // 5 days: 7.59259245... -> 7.592592
    expect(c.finance('u1').available).toBe('7.592592');
    c.accrue('p1', T0 + 30 * DAY_MS);
    expect(c.finance('u1')).toMatchObject({ available: '1280.123446', frozen: '0' });
  });

  it('redeems early at the stated penalty, forfeiting unpaid interest to the pool', () => {
    const c = setup();
    c.fund('pledge', '100');
    c.ok('earn.product.set', pledge());
    c.deposit('u1', '1000');
    c.ok('earn.subscribe', { userId: 'u1', productId: 'p1', amount: '1000' });
    c.accrue('p1', T0 + 10 * DAY_MS);
    expect(c.state.earn.redemptionQuote('E7', T0 + 10 * DAY_MS)).toEqual({
      allowed: true,
      matured: false,
      principal: '950',
      penalty: '50',
      interest: '0',
    });
    c.ts = T0 + 10 * DAY_MS;
    expect(c.refused('earn.redeem', { userId: 'u2', orderId: 'E7' })).toBe('EARN_ORDER_UNKNOWN');
    const r = c.ok('earn.redeem', { userId: 'u1', orderId: 'E7' });
    expect(r.reply).toEqual({
      orderId: 'E7',
      status: 'redeemed',
      returned: '950',
      penalty: '50',
      interestPaid: '0',
    });
    expect(c.finance('u1')).toMatchObject({ available: '950', frozen: '0' });
    expect(c.state.earn.pool('pledge', 'USDT')).toMatchObject({ balance: '150', reserved: '0' });
    expect(c.refused('earn.redeem', { userId: 'u1', orderId: 'E7' })).toBe('EARN_ORDER_CLOSED');
  });

  it('refuses bad input with its reason and changes nothing', () => {
    const c = setup();
    c.fund('pledge', '1000');
    c.ok('earn.product.set', pledge({ buyableCount: 2 }));
    c.deposit('u1', '30000');
    const sub = (amount: string, productId = 'p1') => ({ userId: 'u1', productId, amount });
    expect(c.refused('earn.subscribe', sub('99.999999'))).toBe('EARN_BELOW_MINIMUM');
    expect(c.refused('earn.subscribe', sub('10000.000001'))).toBe('EARN_ABOVE_MAXIMUM');
    expect(c.refused('earn.subscribe', sub('100.0000001'))).toBe('INVALID_AMOUNT');
    expect(c.refused('earn.subscribe', sub('100', 'nope'))).toBe('EARN_PRODUCT_UNKNOWN');
    c.ok('earn.subscribe', sub('10000'));
    c.ok('earn.subscribe', sub('10000'));
    // Two of two bought (and 20000 of the 20000 limit).
    expect(c.refused('earn.subscribe', sub('100'))).toBe('EARN_COUNT_LIMIT');
    c.ok('earn.product.set', pledge({ buyableCount: 5 }));
    expect(c.refused('earn.subscribe', sub('100'))).toBe('EARN_ABOVE_USER_LIMIT');
    c.ok('earn.product.set', pledge({ buyableCount: 5, status: 'closed' }));
    expect(c.refused('earn.subscribe', sub('100'))).toBe('EARN_PRODUCT_CLOSED');
    // A product's kind and asset never change.
    expect(
      c.refused('earn.product.set', pledge({ asset: 'ETH', minAmount: '1', maxAmount: '2', userLimit: '2' })),
    ).toBe('EARN_PRODUCT_MISMATCH');
    expect(c.refused('earn.product.set', pledge({ extra: 1 }))).toBe('INVALID_COMMAND');
    expect(c.refused('earn.product.set', pledge({ earlyPenaltyRate: '1' }))).toBe('INVALID_AMOUNT');
  });
});

describe('finance', () => {
  it('locks for its lock days, then pays the interest of the whole days held', () => {
    const c = setup();
    c.fund('finance', '100');
    c.ok('earn.product.set', finance());
    c.deposit('u1', '3000');
    c.ok('earn.subscribe', { userId: 'u1', productId: 'f1', amount: '2000' });
    c.ts = T0 + 2 * DAY_MS;
    expect(c.refused('earn.redeem', { userId: 'u1', orderId: 'E7' })).toBe('EARN_LOCKED');
    expect(c.state.earn.redemptionQuote('E7', c.ts)?.allowed).toBe(false);
    c.ts = T0 + 4 * DAY_MS + 5;
    const r = c.ok('earn.redeem', { userId: 'u1', orderId: 'E7' });
    // 2000 x 0.0005 x 4 = 4
    expect(r.reply).toMatchObject({ returned: '2000', penalty: '0', interestPaid: '4' });
    expect(c.finance('u1')).toMatchObject({ available: '3004', frozen: '0' });
  });

  it('stops at its cap and the participation limit', () => {
    const c = setup();
    c.fund('finance', '100');
    c.ok('earn.product.set', finance());
    c.deposit('u1', '10000');
    c.deposit('u2', '10000');
    c.ok('earn.subscribe', { userId: 'u1', productId: 'f1', amount: '3000' });
    c.ok('earn.subscribe', { userId: 'u1', productId: 'f1', amount: '1000' });
    expect(c.refused('earn.subscribe', { userId: 'u1', productId: 'f1', amount: '100' })).toBe(
      'EARN_COUNT_LIMIT',
    );
    expect(c.refused('earn.subscribe', { userId: 'u2', productId: 'f1', amount: '1000.000001' })).toBe(
      'EARN_SOLD_OUT',
    );
    c.ok('earn.subscribe', { userId: 'u2', productId: 'f1', amount: '1000' });
    expect(c.state.earn.product('f1')).toMatchObject({ sold: '5000', participants: 2, activeOrders: 3 });
  });
});

describe('defi', () => {
  it('charges the gas fee once per address into the gas account and pays rewards daily', () => {
    const c = setup();
    c.fund('defi', '100');
    c.ok('earn.product.set', defi());
    c.deposit('u1', '2000');
    c.deposit('u1', '1', 'ETH');
    const address = `0x${'ab'.repeat(20)}`;
    const first = c.ok('earn.subscribe', { userId: 'u1', productId: 'd1', amount: '1000', address });
    expect(first.reply).toMatchObject({ gasFee: '0.002' });
    const second = c.ok('earn.subscribe', { userId: 'u1', productId: 'd1', amount: '500', address });
    expect(second.reply).toMatchObject({ gasFee: '0' });
    expect(c.finance('u1', 'ETH').available).toBe('0.998');
    expect(c.state.systemBalance('earn_gas_fees', 'ETH')).toBe('0.002');
    c.accrue('d1', T0 + 2 * DAY_MS);
    // 1000 x 0.001 x 2 + 500 x 0.001 x 2 = 3
    expect(c.finance('u1').available).toBe('503');
    expect(c.state.earn.product('d1')).toMatchObject({ paidOut: '3', addresses: 1, participants: 1 });
    // A stake ends any time with the days mined.
    c.ts = T0 + 3 * DAY_MS;
    c.ok('earn.redeem', { userId: 'u1', orderId: first.reply?.orderId });
    expect(c.finance('u1')).toMatchObject({ available: '1504', frozen: '500' });
    expect(c.refused('earn.subscribe', { userId: 'u1', productId: 'd1', amount: '100' })).toBe(
      'INVALID_COMMAND',
    );
    expect(
      c.refused('earn.subscribe', { userId: 'u1', productId: 'd1', amount: '100', address: '0xABC' }),
    ).toBe('INVALID_COMMAND');
  });
});

describe('loans', () => {
  it('lends from the pool, repays by the plan, and charges exact overdue penalties', () => {
    const c = setup();
    c.fund('lending', '5000');
    c.ok('earn.product.set', loan());
    const d = c.ok('earn.loan.disburse', {
      loanId: '7',
      userId: 'u1',
      productId: 'l1',
      amount: '1000',
      repayWay: '1',
    });
    expect(d.reply).toEqual({ loanId: '7', interestTotal: '21' });
    expect(c.finance('u1').available).toBe('1000');
    expect(c.state.earn.pool('lending', 'USDT').balance).toBe('4000');
    // First installment (4.9) on day 7; paid early it has no penalty.
    c.ts = T0 + 6 * DAY_MS;
    expect(c.ok('earn.loan.repay', { userId: 'u1', loanId: '7', mode: 'next' }).reply).toEqual({
      loanId: '7',
      paid: '4.9',
      status: 'repaying',
    });
    // Second (4.9, due day 14) is two and a half days late at day 16.5: 2 whole days x 0.2 % of 4.9.
    c.accrue('l1', T0 + 14 * DAY_MS + 1);
    expect(c.state.earn.loan('7')?.status).toBe('overdue');
    c.ts = T0 + 16 * DAY_MS + DAY_MS / 2;
    expect(c.state.earn.loanQuote('7', c.ts)).toMatchObject({ next: '4.9196', nextPenalty: '0.0196' });
    expect(c.ok('earn.loan.repay', { userId: 'u1', loanId: '7', mode: 'next' }).reply).toMatchObject({
      paid: '4.9196',
      status: 'repaying',
    });
    expect(c.refused('earn.loan.repay', { userId: 'u2', loanId: '7', mode: 'full' })).toBe(
      'EARN_LOAN_UNKNOWN',
    );
    // Everything left: 4.9 + 4.9 + 1000 + 1.4.
    c.deposit('u1', '100');
    const full = c.ok('earn.loan.repay', { userId: 'u1', loanId: '7', mode: 'full' });
    expect(full.reply).toEqual({ loanId: '7', paid: '1011.2', status: 'settled' });
    expect(c.finance('u1').available).toBe('78.9804');
    expect(c.state.earn.pool('lending', 'USDT').balance).toBe('5021.0196');
    expect(c.refused('earn.loan.repay', { userId: 'u1', loanId: '7', mode: 'next' })).toBe(
      'EARN_LOAN_SETTLED',
    );
  });

  it('refuses a loan the pool cannot lend, a repay way the product lacks, and a second disbursal', () => {
    const c = setup();
    c.fund('lending', '999');
    c.ok('earn.product.set', loan({ repayWays: ['2'] }));
    const body = { loanId: '8', userId: 'u1', productId: 'l1', amount: '1000', repayWay: '2' };
    expect(c.refused('earn.loan.disburse', body)).toBe('EARN_POOL_INSUFFICIENT');
    expect(c.refused('earn.loan.disburse', { ...body, amount: '500', repayWay: '1' })).toBe('EARN_REPAY_WAY');
    c.ok('earn.loan.disburse', { ...body, amount: '500' });
    expect(c.refused('earn.loan.disburse', { ...body, amount: '100' })).toBe('EARN_LOAN_EXISTS');
    // Way 2 overdue: one installment of 500 + 10.5, 3 whole days late at 0.2 %: 3.063
    c.ts = T0 + 33 * DAY_MS + 5;
    expect(c.state.earn.loanQuote('8', c.ts)).toMatchObject({ full: '513.563', penalty: '3.063' });
    expect(c.refused('earn.loan.repay', { userId: 'u1', loanId: '8', mode: 'full' })).toBe(
      'INSUFFICIENT_BALANCE',
    );
  });
});

describe('state', () => {
  it('leaves the state hash of a journal without earn commands unchanged and restores from snapshots', () => {
    const c = setup();
    const plain = JSON.parse(JSON.stringify(c.state.snapshot()));
    expect(plain.parts).not.toHaveProperty('earn');
    c.fund('pledge', '100');
    c.fund('lending', '5000');
    c.ok('earn.product.set', pledge());
    c.ok('earn.product.set', loan());
    c.deposit('u1', '1000');
    c.ok('earn.subscribe', { userId: 'u1', productId: 'p1', amount: '1000' });
    c.ok('earn.loan.disburse', { loanId: '9', userId: 'u2', productId: 'l1', amount: '300', repayWay: '1' });
    c.accrue('p1', T0 + 3 * DAY_MS);
    const restored = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(c.state.snapshot())), sha256Hex);
    expect(restored.stateHash()).toBe(c.state.stateHash());
    expect(invariantViolations(restored)).toEqual([]);
    // An old snapshot without the section loads into an empty earn part.
    const old = MoneyState.fromSnapshot(plain, sha256Hex);
    expect(old.earn.products()).toEqual([]);
  });
});
