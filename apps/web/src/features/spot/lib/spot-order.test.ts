import { describe, expect, it } from 'vitest';
import { numberFormats } from '@/lib/use-number-format';
import {
  applyOrderEvent,
  dayRangeMs,
  decimalsIn,
  filledFraction,
  formatOrderCells,
  orderValue,
  precisionOf,
  readSpotOrderEvent,
  type SpotOrder,
  type SpotPage,
  sideTone,
  spotStatusLabel,
  zonedDayStart,
} from './spot-order';

function order(over: Partial<SpotOrder> = {}): SpotOrder {
  return {
    id: '101',
    clientOrderId: null,
    symbol: 'btcusdt',
    pair: 'BTC/USDT',
    coin: 'BTC',
    quote: 'USDT',
    side: 'buy',
    type: 'limit',
    timeInForce: 'GTC',
    price: '50000',
    quantity: '0.2',
    quoteQuantity: null,
    filledQty: '0',
    filledQuote: '0',
    avgPrice: null,
    fee: '0',
    feeAsset: 'BTC',
    status: 0,
    cancelReason: null,
    createTime: '2025-01-02T03:04:05.000Z',
    updateTime: '2025-01-02T03:04:05.000Z',
    ...over,
  };
}

const en = numberFormats('en', 'USD', () => undefined);
const de = numberFormats('de', 'EUR', () => undefined);

describe('spotStatusLabel', () => {
  it('names the three states of spec section 4, a partial fill and the reason of a cancel', () => {
    expect(spotStatusLabel(order())).toEqual({ key: 'status.open', tone: 'processing' });
    expect(spotStatusLabel(order({ filledQty: '0.1' }))).toEqual({
      key: 'status.partlyFilled',
      tone: 'warning',
    });
    expect(spotStatusLabel(order({ status: 1, filledQty: '0.2' }))).toEqual({
      key: 'status.filled',
      tone: 'success',
    });
    expect(spotStatusLabel(order({ status: 2, cancelReason: 'user' }))).toEqual({
      key: 'status.cancelled',
      tone: 'default',
      reasonKey: 'cancelReason.user',
    });
    expect(spotStatusLabel(order({ status: 2, filledQty: '0.05', cancelReason: 'ioc' }))).toEqual({
      key: 'status.partlyCancelled',
      tone: 'default',
      reasonKey: 'cancelReason.ioc',
    });
    expect(spotStatusLabel(order({ status: 2 })).reasonKey).toBeUndefined();
  });
});

describe('sideTone', () => {
  it('colours buy as rise and sell as fall', () => {
    expect(sideTone('buy')).toBe('rise');
    expect(sideTone('sell')).toBe('fall');
  });
});

describe('filledFraction', () => {
  it('divides the filled quantity by the ordered one', () => {
    expect(filledFraction(order({ filledQty: '0.05' }))).toBe('0.25');
    expect(filledFraction(order())).toBe('0');
  });
  it('uses the quote budget for a market buy by quote amount', () => {
    expect(
      filledFraction(order({ type: 'market', quantity: null, quoteQuantity: '300', filledQuote: '100' })),
    ).toBe('0.333333333333333333');
  });
  it('is null without a size', () => {
    expect(filledFraction(order({ quantity: null, quoteQuantity: null }))).toBeNull();
    expect(filledFraction(order({ quantity: '0' }))).toBeNull();
  });
});

describe('orderValue', () => {
  it('is price x quantity for a limit order, the budget or the traded amount for a market order', () => {
    expect(orderValue(order())).toBe('10000');
    expect(orderValue(order({ type: 'market', price: null, quantity: null, quoteQuantity: '250.5' }))).toBe(
      '250.5',
    );
    expect(orderValue(order({ type: 'market', price: null, quantity: '1', filledQuote: '49990.1' }))).toBe(
      '49990.1',
    );
  });
});

describe('precision', () => {
  it('counts decimals written', () => {
    expect(decimalsIn('0.0100')).toBe(4);
    expect(decimalsIn('12')).toBe(0);
    expect(decimalsIn(null)).toBe(0);
  });
  it('prefers the market rules and falls back to the numbers', () => {
    expect(precisionOf(order(), { priceDecimals: 2, qtyDecimals: 5 })).toEqual({
      priceDecimals: 2,
      qtyDecimals: 5,
      quoteDecimals: 7,
    });
    expect(precisionOf(order({ price: '0.12345', quantity: '10' }), undefined)).toEqual({
      priceDecimals: 5,
      qtyDecimals: 0,
      quoteDecimals: 5,
    });
  });
});

describe('formatOrderCells', () => {
  const precision = { priceDecimals: 2, qtyDecimals: 4, quoteDecimals: 6 };
  it('formats every number for the language at the market precision', () => {
    const cells = formatOrderCells(
      order({ filledQty: '0.05', filledQuote: '2500', avgPrice: '50000', fee: '0.00005' }),
      en,
      precision,
    );
    expect(cells).toEqual({
      price: '50,000.00',
      quantity: '0.2000',
      filledQty: '0.0500',
      avgPrice: '50,000.00',
      value: '10,000.00',
      fee: '0.00005 BTC',
      filledPercent: '25%',
    });
    expect(formatOrderCells(order(), de, precision).price).toBe('50.000,00');
  });
  it('shows dashes for what a market order does not have yet', () => {
    const cells = formatOrderCells(
      order({ type: 'market', price: null, quantity: null, quoteQuantity: '300', feeAsset: 'BTC' }),
      en,
      precision,
    );
    expect(cells.price).toBe('--');
    expect(cells.avgPrice).toBe('--');
    expect(cells.quantity).toBe('300.00 USDT');
    expect(cells.fee).toBe('0 BTC');
  });
});

describe('readSpotOrderEvent', () => {
  it('accepts an order and refuses anything else', () => {
    expect(readSpotOrderEvent(order())).toEqual(order());
    expect(readSpotOrderEvent(null)).toBeUndefined();
    expect(readSpotOrderEvent({ ...order(), status: 3 })).toBeUndefined();
    expect(readSpotOrderEvent({ ...order(), side: 'long' })).toBeUndefined();
  });
});

describe('applyOrderEvent', () => {
  const page: SpotPage<SpotOrder> = {
    records: [order({ id: '1' }), order({ id: '2' })],
    total: 2,
    current: 1,
    size: 10,
  };
  it('replaces a listed order with its new state', () => {
    const next = applyOrderEvent(page, order({ id: '2', filledQty: '0.1' }), 'history');
    expect(next.records[1]?.filledQty).toBe('0.1');
    expect(next.records[0]).toBe(page.records[0]);
  });
  it('drops an order that is no longer open from the open list', () => {
    const next = applyOrderEvent(page, order({ id: '1', status: 2, cancelReason: 'user' }), 'open');
    expect(next.records.map((r) => r.id)).toEqual(['2']);
    expect(next.total).toBe(1);
  });
  it('keeps the page when the order is not on it', () => {
    expect(applyOrderEvent(page, order({ id: '9' }), 'open')).toBe(page);
  });
});

describe('dayRangeMs', () => {
  it('covers whole days in the reader time zone', () => {
    expect(zonedDayStart('2025-03-01', 'Asia/Shanghai')).toBe(Date.parse('2025-02-28T16:00:00Z'));
    expect(dayRangeMs('2025-03-01', '2025-03-02', 'Asia/Shanghai')).toEqual({
      startTime: Date.parse('2025-02-28T16:00:00Z'),
      endTime: Date.parse('2025-03-02T16:00:00Z') - 1,
    });
  });
  it('handles a daylight saving change and open ends', () => {
    // New York springs forward on 2025-03-09: midnight is still at -05:00.
    expect(zonedDayStart('2025-03-09', 'America/New_York')).toBe(Date.parse('2025-03-09T05:00:00Z'));
    expect(zonedDayStart('2025-03-10', 'America/New_York')).toBe(Date.parse('2025-03-10T04:00:00Z'));
    expect(dayRangeMs(undefined, undefined, 'UTC')).toEqual({});
    expect(dayRangeMs('2025-01-01', undefined, 'UTC')).toEqual({
      startTime: Date.parse('2025-01-01T00:00:00Z'),
    });
  });
});
