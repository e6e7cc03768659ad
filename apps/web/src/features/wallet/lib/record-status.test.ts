import { describe, expect, it } from 'vitest';
import { depositStatus, withdrawalStatus } from './record-status';

describe('record states in words', () => {
  it('calls a paid withdrawal and a credited deposit "completed", not "review passed"', () => {
    expect(withdrawalStatus(1).key).toBe('status.completed');
    expect(
      depositStatus({ status: 1, source: 'chain', confirmations: 6, requiredConfirmations: 6 }).key,
    ).toBe('status.completed');
    expect(
      depositStatus({ status: 1, source: 'manual', confirmations: 0, requiredConfirmations: 0 }).key,
    ).toBe('status.completed');
  });

  it('tells the other states apart', () => {
    expect(withdrawalStatus(0)).toEqual({ key: 'status.review', tone: 'warning' });
    expect(withdrawalStatus(2).key).toBe('status.rejected');
    expect(withdrawalStatus(3).key).toBe('status.cancelled');
    expect(withdrawalStatus(4)).toEqual({ key: 'status.sending', tone: 'processing' });
    expect(depositStatus({ status: 0, source: 'chain', confirmations: 1, requiredConfirmations: 2 })).toEqual(
      {
        key: 'status.confirming',
        values: { done: 1, required: 2 },
        tone: 'processing',
      },
    );
    expect(
      depositStatus({ status: 0, source: 'manual', confirmations: 0, requiredConfirmations: 0 }).key,
    ).toBe('status.review');
    expect(
      depositStatus({ status: 2, source: 'manual', confirmations: 0, requiredConfirmations: 0 }).key,
    ).toBe('status.failed');
  });
});
