import { describe, expect, it } from 'vitest';
import {
  adjustmentAmountProblem,
  balanceLines,
  canDecideAdjustment,
  isDebit,
  landingPath,
  pagesFor,
  rejectReasonValid,
} from './console-rules';

describe('pagesFor / landingPath', () => {
  it('shows each role only the pages its API calls allow', () => {
    expect(pagesFor('admin')).toEqual([
      'recharges',
      'withdrawals',
      'users',
      'adjustments',
      'audit',
      'markets',
      'projection',
    ]);
    expect(pagesFor('reviewer')).toEqual(['recharges', 'withdrawals', 'users']);
    expect(pagesFor('support')).toEqual(['users']);
  });
  it('sends an operator with the one-time password to the password change first', () => {
    const op = { id: '1', username: 'a', role: 'admin' as const, mustChangePassword: true };
    expect(landingPath(op)).toBe('/admin/password');
    expect(landingPath({ ...op, mustChangePassword: false })).toBe('/admin/recharges');
    expect(landingPath({ ...op, role: 'support', mustChangePassword: false })).toBe('/admin/users');
  });
});

describe('canDecideAdjustment (four-eyes)', () => {
  it('allows a different operator on a pending request only', () => {
    expect(canDecideAdjustment({ status: 'pending', requestedBy: '1' }, '2')).toBe(true);
    expect(canDecideAdjustment({ status: 'pending', requestedBy: '1' }, '1')).toBe(false);
    expect(canDecideAdjustment({ status: 'approved', requestedBy: '1' }, '2')).toBe(false);
    expect(canDecideAdjustment({ status: 'pending', requestedBy: '1' }, undefined)).toBe(false);
  });
});

describe('adjustmentAmountProblem', () => {
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['abc', 'decimal'],
    ['1e5', 'decimal'],
    ['+5', 'decimal'],
    ['0', 'notZero'],
    ['-0.000', 'notZero'],
    ['1.123', 'tooManyDecimals'],
    ['12.5', null],
    ['-12.50', null],
  ] as const)('%s -> %s (2 decimals)', (input, expected) => {
    expect(adjustmentAmountProblem(input, 2)).toBe(expected);
  });
  it('defaults to 18 decimals', () => {
    expect(adjustmentAmountProblem('0.000000000000000001')).toBeNull();
    expect(adjustmentAmountProblem('0.0000000000000000001')).toBe('tooManyDecimals');
  });
});

describe('helpers', () => {
  it('isDebit, rejectReasonValid', () => {
    expect(isDebit('-1')).toBe(true);
    expect(isDebit('1')).toBe(false);
    expect(rejectReasonValid('  ')).toBe(false);
    expect(rejectReasonValid('x'.repeat(201))).toBe(false);
    expect(rejectReasonValid('blurry screenshot')).toBe(true);
  });
  it('balanceLines drops zero rows and sorts', () => {
    expect(
      balanceLines([
        { asset: 'USDT', accountType: 'spot', available: '5', frozen: '0' },
        { asset: 'BTC', accountType: 'spot', available: '0', frozen: '0' },
        { asset: 'BTC', accountType: 'contract', available: '0', frozen: '0.1' },
      ]).map((l) => l.key),
    ).toEqual(['BTC:contract', 'USDT:spot']);
  });
});
