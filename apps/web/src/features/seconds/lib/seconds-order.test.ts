import { describe, expect, it } from 'vitest';
import {
  leaning,
  payoutOf,
  quantityProblem,
  readOrder,
  readOrderPage,
  readPeriods,
  resultTone,
} from './seconds-order';

const period = {
  periodId: '30s',
  durationSec: 30,
  rate: '0.8',
  minStake: '10',
  maxStake: '5000',
  asset: 'USDT',
};

describe('quantity', () => {
  it('must be an integer within the period and the balance', () => {
    expect(quantityProblem('', period, '100')).toEqual({ key: 'required' });
    expect(quantityProblem('10.5', period, '100')).toEqual({ key: 'integer' });
    expect(quantityProblem('1.0', period, '100')).toEqual({ key: 'integer' });
    expect(quantityProblem('0', period, '100')).toEqual({ key: 'integer' });
    expect(quantityProblem('9', period, '100')).toEqual({ key: 'min', vars: { min: '10' } });
    expect(quantityProblem('5001', period, '100000')).toEqual({ key: 'max', vars: { max: '5000' } });
    expect(quantityProblem('101', period, '100.5')).toEqual({ key: 'balance' });
    expect(quantityProblem('100', period, '100')).toBeNull();
    expect(quantityProblem('100', period, undefined)).toBeNull();
  });

  it('pays quantity x rate on a win, exactly', () => {
    expect(payoutOf('100', '0.8')).toBe('80');
    expect(payoutOf('33', '0.85')).toBe('28.05');
    expect(payoutOf('10', '0.3333333')).toBe('3.333333');
    expect(payoutOf('10.5', '0.8')).toBeUndefined();
  });
});

describe('reading', () => {
  it('reads orders, pages and periods defensively', () => {
    const order = readOrder({
      id: '7',
      status: 'won',
      direction: 'fall',
      quantity: '10',
      exitSources: ['a'],
      exitTime: 5,
    });
    expect(order).toMatchObject({
      id: '7',
      status: 'won',
      direction: 'fall',
      exitSources: ['a'],
      exitTime: 5,
      exitPrice: null,
    });
    expect(readOrder({ id: 7 })).toBeUndefined();
    expect(readOrder({ id: '1', status: 'weird' })?.status).toBe('open');
    expect(readOrderPage({ records: [{ id: '1' }, null], total: 9 })).toMatchObject({
      total: 9,
      records: [{ id: '1' }],
    });
    expect(readPeriods([{ periodId: '30s', durationSec: 30, rate: '0.8' }, { x: 1 }])).toHaveLength(1);
  });

  it('tones and leaning', () => {
    expect(resultTone({ status: 'won' })).toBe('rise');
    expect(resultTone({ status: 'lost' })).toBe('fall');
    expect(resultTone({ status: 'void' })).toBe('draw');
    expect(leaning({ direction: 'rise', entryPrice: '100' }, '100.1')).toBe('win');
    expect(leaning({ direction: 'fall', entryPrice: '100' }, '100.1')).toBe('lose');
    expect(leaning({ direction: 'fall', entryPrice: '100' }, '100')).toBe('draw');
    expect(leaning({ direction: 'fall', entryPrice: '100' }, undefined)).toBe('draw');
  });
});
