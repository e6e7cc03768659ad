import { describe, expect, it } from 'vitest';
import type { SpotRules } from './spot-rules';
import {
  borrowNeeded,
  floorToDecimals,
  orderOutcome,
  orderRequest,
  percentValue,
  summarize,
  TIME_IN_FORCE,
  type TradeFormInput,
} from './trade-form';

const rules: SpotRules = {
  symbol: 'btcusdt',
  pair: 'BTC/USDT',
  coin: 'BTC',
  quote: 'USDT',
  priceDecimals: 2,
  qtyDecimals: 4,
  tickSize: '0.01',
  lotSize: '0.0001',
  minQty: '0.0001',
  minNotional: '5',
  makerFeeRate: '0.001',
  takerFeeRate: '0.002',
  marketProtection: '0.05',
  status: 'trading',
};

const limitBuy: TradeFormInput = { side: 'buy', type: 'limit', price: '60000', quantity: '0.01', amount: '' };

describe('percentValue', () => {
  it('limit buy: percent of the quote divided by the price, floored to the lot', () => {
    expect(percentValue(rules, limitBuy, { base: '0', quote: '1000' }, 50)).toBe('0.0083');
    expect(percentValue(rules, limitBuy, { base: '0', quote: '1000' }, 100)).toBe('0.0166');
  });
  it('limit buy without a price gives nothing', () => {
    expect(percentValue(rules, { ...limitBuy, price: '' }, { base: '0', quote: '1000' }, 50)).toBe('');
  });
  it('sell: percent of the base, floored to the lot', () => {
    expect(percentValue(rules, { ...limitBuy, side: 'sell' }, { base: '0.12345678', quote: '0' }, 25)).toBe(
      '0.0308',
    );
    expect(percentValue(rules, { ...limitBuy, side: 'sell' }, { base: '0.12345678', quote: '0' }, 100)).toBe(
      '0.1234',
    );
  });
  it('market buy: percent of the quote at the quote precision', () => {
    expect(percentValue(rules, { ...limitBuy, type: 'market' }, { base: '0', quote: '333.333333' }, 75)).toBe(
      '249.999999',
    );
  });
});

describe('summarize', () => {
  it('limit buy: total = price x qty, fee in the base at the taker rate (rounded up)', () => {
    const s = summarize(rules, limitBuy, { base: '0', quote: '1000' });
    expect(s.errors).toEqual([]);
    expect(s.total).toBe('600.000000');
    expect(s.fee).toBe('0.0001'); // 0.01 x 0.002 = 0.00002 -> up to the lot
    expect(s.feeAsset).toBe('BTC');
  });
  it('limit sell: fee in the quote', () => {
    const s = summarize(rules, { ...limitBuy, side: 'sell' }, { base: '1', quote: '0' });
    expect(s.fee).toBe('1.200000');
    expect(s.feeAsset).toBe('USDT');
  });
  it('flags missing price and quantity', () => {
    const s = summarize(rules, { ...limitBuy, price: '', quantity: '0' }, undefined);
    expect(s.errors.map((e) => e.key)).toEqual(['errors.priceRequired', 'errors.quantityRequired']);
  });
  it('flags min qty and min notional', () => {
    const s = summarize(rules, { ...limitBuy, price: '1', quantity: '0.00001' }, undefined);
    expect(s.errors.map((e) => e.key)).toContain('errors.minQty');
    const n = summarize(rules, { ...limitBuy, price: '100', quantity: '0.01' }, undefined);
    expect(n.errors).toEqual([
      { field: 'quantity', key: 'errors.minNotional', vars: { min: '5', coin: 'USDT' } },
    ]);
  });
  it('flags insufficient balance on both sides', () => {
    expect(summarize(rules, limitBuy, { base: '0', quote: '599.99' }).errors.map((e) => e.key)).toEqual([
      'errors.insufficient',
    ]);
    expect(
      summarize(rules, { ...limitBuy, side: 'sell' }, { base: '0.009', quote: '0' }).errors[0]?.vars,
    ).toEqual({ coin: 'BTC' });
  });
  it('market buy: the amount is the total; quantity estimated at the reference price', () => {
    const s = summarize(
      rules,
      { ...limitBuy, type: 'market', amount: '100' },
      { base: '0', quote: '100' },
      '50000',
    );
    expect(s.errors).toEqual([]);
    expect(s.total).toBe('100.000000');
    expect(s.fee).toBe('0.0001');
  });
  it('market sell: total is an estimate; no min-notional check without a limit price', () => {
    const s = summarize(
      rules,
      { ...limitBuy, side: 'sell', type: 'market', quantity: '0.0001' },
      undefined,
      '100',
    );
    expect(s.totalEstimated).toBe(true);
    expect(s.total).toBe('0.010000');
    expect(s.errors).toEqual([]);
  });
  it('a halted market cannot take orders', () => {
    expect(summarize({ ...rules, status: 'halted' }, limitBuy, undefined).errors[0]?.key).toBe(
      'errors.halted',
    );
  });
});

describe('orderRequest and rounding', () => {
  it('builds canonical bodies', () => {
    expect(orderRequest(rules, { ...limitBuy, price: '60000.10', quantity: '0.0100' })).toEqual({
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: '60000.1',
      quantity: '0.01',
      timeInForce: 'GTC',
    });
    expect(orderRequest(rules, { ...limitBuy, type: 'market', amount: '25.50' })).toEqual({
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      quoteQuantity: '25.5',
    });
    expect(orderRequest(rules, { ...limitBuy, side: 'sell', type: 'market' })).toEqual({
      symbol: 'btcusdt',
      side: 'sell',
      type: 'market',
      quantity: '0.01',
    });
  });
  it('floors to a number of decimals', () => {
    expect(floorToDecimals('60000.129', 2)).toBe('60000.12');
    expect(floorToDecimals('x', 2)).toBe('');
  });
});

describe('time in force', () => {
  it('a limit order sends the chosen time in force (GTC when none is chosen)', () => {
    for (const timeInForce of TIME_IN_FORCE) {
      expect(orderRequest(rules, { ...limitBuy, timeInForce })).toEqual({
        symbol: 'btcusdt',
        side: 'buy',
        type: 'limit',
        price: '60000',
        quantity: '0.01',
        timeInForce,
      });
      expect(orderRequest(rules, { ...limitBuy, side: 'sell', timeInForce }).timeInForce).toBe(timeInForce);
    }
    expect(orderRequest(rules, limitBuy).timeInForce).toBe('GTC');
  });
  it('a market order never sends one (the server treats it as IOC)', () => {
    for (const timeInForce of TIME_IN_FORCE) {
      expect(
        orderRequest(rules, { ...limitBuy, type: 'market', amount: '10', timeInForce }),
      ).not.toHaveProperty('timeInForce');
      expect(
        orderRequest(rules, { ...limitBuy, side: 'sell', type: 'market', timeInForce }),
      ).not.toHaveProperty('timeInForce');
    }
  });
  it('post-only estimates the fee at the maker rate; GTC, IOC and FOK at the taker rate', () => {
    const sell = { ...limitBuy, side: 'sell' as const };
    for (const timeInForce of ['GTC', 'IOC', 'FOK'] as const) {
      const s = summarize(rules, { ...sell, timeInForce }, { base: '1', quote: '0' });
      expect([s.fee, s.feeRate]).toEqual(['1.200000', '0.002']);
    }
    const post = summarize(rules, { ...sell, timeInForce: 'POST_ONLY' }, { base: '1', quote: '0' });
    expect([post.fee, post.feeRate, post.errors]).toEqual(['0.600000', '0.001', []]);
    // A market order is never post-only, whatever the limit form had selected.
    const market = summarize(rules, { ...sell, type: 'market', timeInForce: 'POST_ONLY' }, undefined, '100');
    expect(market.feeRate).toBe('0.002');
  });
  it('the checks are the same for every time in force', () => {
    for (const timeInForce of TIME_IN_FORCE) {
      const s = summarize(rules, { ...limitBuy, quantity: '', timeInForce }, { base: '0', quote: '1' });
      expect(s.errors.map((e) => e.key)).toEqual(['errors.quantityRequired']);
    }
  });
});

describe('orderOutcome', () => {
  const order = { coin: 'BTC', quantity: '2', filledQty: '0', cancelReason: null, status: 0 as const };
  it('GTC or post-only resting: placed (partly filled when it traded)', () => {
    expect(orderOutcome(order)).toEqual({
      key: 'outcome.open',
      vars: { filled: '0', quantity: '2', coin: 'BTC' },
      tone: 'success',
    });
    expect(orderOutcome({ ...order, filledQty: '0.5' }).key).toBe('outcome.openPartly');
  });
  it('filled at once (any time in force)', () => {
    expect(orderOutcome({ ...order, status: 1, filledQty: '2' })).toMatchObject({
      key: 'outcome.filled',
      tone: 'success',
    });
  });
  it('IOC: the rest cancelled, with or without a partial fill, is a warning not an error', () => {
    expect(orderOutcome({ ...order, status: 2, cancelReason: 'ioc', filledQty: '1' })).toEqual({
      key: 'outcome.iocPartly',
      vars: { filled: '1', quantity: '2', coin: 'BTC' },
      tone: 'warning',
    });
    expect(orderOutcome({ ...order, status: 2, cancelReason: 'ioc' }).key).toBe('outcome.iocNone');
  });
  it('FOK that could not fill entirely: cancelled, nothing traded', () => {
    expect(orderOutcome({ ...order, status: 2, cancelReason: 'fok' })).toMatchObject({
      key: 'outcome.fok',
      tone: 'warning',
    });
  });
  it('a market order stopped by its protection or an empty book', () => {
    expect(
      orderOutcome({ ...order, status: 2, cancelReason: 'protection', filledQty: '0.1', quantity: null }),
    ).toEqual({
      key: 'outcome.cancelledPartly',
      vars: { filled: '0.1', quantity: '', coin: 'BTC' },
      tone: 'warning',
    });
    expect(orderOutcome({ ...order, status: 2, cancelReason: 'no_liquidity' }).key).toBe(
      'outcome.cancelledNone',
    );
  });
});

describe('borrowNeeded (auto-borrow preview)', () => {
  const rules = { priceDecimals: 2, qtyDecimals: 4 };
  const available = { base: '0.01', quote: '1000' };
  it('is what the order freezes beyond the available balance', () => {
    expect(
      borrowNeeded(
        rules,
        { side: 'buy', type: 'limit', price: '50000', quantity: '0.02', amount: '' },
        available,
      ),
    ).toBeUndefined();
    expect(
      borrowNeeded(
        rules,
        { side: 'buy', type: 'limit', price: '50000', quantity: '0.03', amount: '' },
        available,
      ),
    ).toBe('500');
    expect(
      borrowNeeded(
        rules,
        { side: 'buy', type: 'market', price: '', quantity: '', amount: '1200.5' },
        available,
      ),
    ).toBe('200.5');
    expect(
      borrowNeeded(
        rules,
        { side: 'sell', type: 'market', price: '', quantity: '0.0150', amount: '' },
        available,
      ),
    ).toBe('0.005');
  });
  it('is nothing when the balance suffices or the form is incomplete', () => {
    expect(
      borrowNeeded(
        rules,
        { side: 'sell', type: 'limit', price: '1', quantity: '0.01', amount: '' },
        available,
      ),
    ).toBeUndefined();
    expect(
      borrowNeeded(rules, { side: 'buy', type: 'limit', price: '', quantity: '1', amount: '' }, available),
    ).toBeUndefined();
  });
});
