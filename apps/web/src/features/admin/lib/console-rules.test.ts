import { describe, expect, it } from 'vitest';
import {
  adjustmentAmountProblem,
  approvalBlock,
  balanceLines,
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
      'liabilities',
      'markets',
      'projection',
      'seconds',
      'margin',
      'contracts',
      'earn-pools',
      'earn-products',
      'earn-loans',
      'kyc',
      'agents',
      'solvency',
      'content',
      'support',
      'otc',
    ]);
    expect(pagesFor('reviewer')).toEqual([
      'recharges',
      'withdrawals',
      'users',
      'earn-loans',
      'kyc',
      'solvency',
    ]);
    expect(pagesFor('support')).toEqual(['support', 'users']);
  });
  it('sends an operator with the one-time password to the password change first', () => {
    const op = { id: '1', username: 'a', role: 'admin' as const, mustChangePassword: true };
    expect(landingPath(op)).toBe('/admin/password');
    expect(landingPath({ ...op, mustChangePassword: false })).toBe('/admin/recharges');
    expect(landingPath({ ...op, role: 'support', mustChangePassword: false })).toBe('/admin/support');
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

describe('approvalBlock (who may approve)', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');
  const rights = { mayApproveFrom: null, cannotApproveFor: ['1'] };
  it('names the reason the server would refuse with', () => {
    expect(approvalBlock('2', rights, '2', now)).toBe('self');
    expect(approvalBlock('2', rights, '1', now)).toBe('linked');
    expect(approvalBlock('2', rights, '3', now)).toBeNull();
    expect(approvalBlock('2', rights, undefined, now)).toBeNull();
    expect(approvalBlock('2', rights, null, now)).toBeNull();
  });
  it('blocks everything during the cooling-off, and nothing after it', () => {
    const cooling = { mayApproveFrom: '2026-06-02T00:00:00.000Z', cannotApproveFor: [] };
    expect(approvalBlock('2', cooling, '3', now)).toBe('coolingOff');
    expect(approvalBlock('2', cooling, undefined, now)).toBe('coolingOff');
    expect(approvalBlock('2', cooling, undefined, Date.parse('2026-06-02T00:00:01Z'))).toBeNull();
    expect(approvalBlock('2', undefined, '3', now)).toBeNull();
  });
});
