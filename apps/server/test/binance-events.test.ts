// The Binance event payloads built from core events (pure): executionReports of one command in Binance's
// order (NEW, a TRADE per fill with running totals, then EXPIRED for an IOC remainder), only for the
// order's owner; outboundAccountPosition of the changed spot balances; request parameters and the signed
// text; numbers and ids in Binance's form.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import type { CoreEvent, SpotOrderEvent, SpotTradeEvent } from '@/core/types';
import { accountPosition, executionReports } from '@/modules/binance/binance-events';
import { Params } from '@/modules/binance/binance-params';
import { fixed8, tradeNumber } from '@/modules/binance/binance-views';
import { SpotMarkets } from '@/modules/spot/spot-markets';

const markets = new SpotMarkets(loadConfig({ APP_SECRET: 'x'.repeat(40) }), () => undefined);

const order = (o: Partial<SpotOrderEvent>): SpotOrderEvent => ({
  type: 'spot.order',
  seq: 50,
  orderId: '50',
  userId: '7',
  symbol: 'btcusdt',
  side: 'buy',
  orderType: 'limit',
  timeInForce: 'IOC',
  price: '100',
  quantity: '3',
  quoteQuantity: null,
  filledQty: '2',
  filledQuote: '199',
  fee: '0.002',
  feeAsset: 'BTC',
  status: 'cancelled',
  cancelReason: 'ioc',
  clientOrderId: 'c1',
  createdTs: 1000,
  ts: 1000,
  ...o,
});
const trade = (n: number, price: string, qty: string, makerOrderId = '40'): SpotTradeEvent => ({
  type: 'spot.trade',
  seq: 50,
  tradeId: `50-${n}`,
  symbol: 'btcusdt',
  price,
  qty,
  quoteQty: String(Number(price) * Number(qty)),
  takerSide: 'buy',
  makerOrderId,
  takerOrderId: '50',
  makerUserId: '8',
  takerUserId: '7',
  makerFee: '0',
  takerFee: '0.001',
  ts: 1000,
});

describe('executionReport', () => {
  it('an IOC buy filled twice then expired: NEW, TRADE, TRADE, EXPIRED with running totals', () => {
    const events: CoreEvent[] = [trade(0, '99', '1'), trade(1, '100', '1'), order({})];
    const reports = executionReports(markets, events, '7', 2000) as Array<Record<string, unknown>>;
    expect(reports.map((r) => [r.x, r.X, r.l, r.z, r.L, r.Z, r.t])).toEqual([
      ['NEW', 'NEW', '0.00000000', '0.00000000', '0.00000000', '0.00000000', -1],
      ['TRADE', 'PARTIALLY_FILLED', '1.00000000', '1.00000000', '99.00000000', '99.00000000', 5_000_000],
      ['TRADE', 'PARTIALLY_FILLED', '1.00000000', '2.00000000', '100.00000000', '199.00000000', 5_000_001],
      ['EXPIRED', 'EXPIRED', '0.00000000', '2.00000000', '0.00000000', '199.00000000', -1],
    ]);
    expect(reports[0]).toMatchObject({
      e: 'executionReport',
      s: 'BTCUSDT',
      c: 'c1',
      S: 'BUY',
      o: 'LIMIT',
      f: 'IOC',
      i: 50,
    });
    expect(reports[1]).toMatchObject({ m: false, n: '0.00100000', N: 'BTC' });
    // Nothing for another user.
    expect(executionReports(markets, events, '9', 2000)).toEqual([]);
  });

  it("the maker's order touched by a later command: one TRADE, FILLED, no NEW", () => {
    const maker = order({
      seq: 60,
      orderId: '40',
      userId: '8',
      side: 'sell',
      timeInForce: 'GTC',
      quantity: '1',
      filledQty: '1',
      filledQuote: '99',
      status: 'filled',
      cancelReason: null,
      clientOrderId: null,
      createdTs: 500,
    });
    const reports = executionReports(
      markets,
      [{ ...trade(0, '99', '1'), seq: 60 }, maker],
      '8',
      2000,
    ) as Array<Record<string, unknown>>;
    expect(reports.map((r) => [r.x, r.X, r.m, r.z])).toEqual([['TRADE', 'FILLED', true, '1.00000000']]);
    expect(reports[0]).toMatchObject({ c: '', S: 'SELL', w: false });
  });

  it('outboundAccountPosition lists the changed spot balances only', () => {
    const events: CoreEvent[] = [
      {
        type: 'balance',
        seq: 1,
        userId: '7',
        asset: 'USDT',
        accountType: 'spot',
        available: '5',
        frozen: '1',
      },
      {
        type: 'balance',
        seq: 1,
        userId: '7',
        asset: 'USDT',
        accountType: 'finance',
        available: '9',
        frozen: '0',
      },
      {
        type: 'balance',
        seq: 1,
        userId: '8',
        asset: 'BTC',
        accountType: 'spot',
        available: '1',
        frozen: '0',
      },
    ];
    expect(accountPosition(events, '7', 3)).toEqual({
      e: 'outboundAccountPosition',
      E: 3,
      u: 3,
      B: [{ a: 'USDT', f: '5.00000000', l: '1.00000000' }],
    });
    expect(accountPosition(events, '9', 3)).toBeUndefined();
  });
});

describe('parameters and forms', () => {
  it('signs the query string and the body without the signature', () => {
    const p = new Params('symbol=BTCUSDT&timestamp=1&signature=ab', 'side=BUY&quantity=1');
    expect(p.signedText()).toBe('symbol=BTCUSDT&timestamp=1side=BUY&quantity=1');
    expect(p.get('side')).toBe('BUY');
    expect(() => new Params('a=1', 'a=2')).toThrow(expect.objectContaining({ code: -1101 }));
    expect(() => new Params('price=1e5', '').decimal('price')).toThrow(
      expect.objectContaining({ code: -1100 }),
    );
  });

  it('writes numbers with eight decimals and trade ids in execution order', () => {
    expect(fixed8('0.01')).toBe('0.01000000');
    expect(fixed8('12')).toBe('12.00000000');
    expect(fixed8('0.123456789')).toBe('0.123456789');
    expect(fixed8(null)).toBe('0.00000000');
    expect(tradeNumber('123-4')).toBe(12_300_004);
    expect(tradeNumber('123-10')).toBeGreaterThan(tradeNumber('123-9'));
    expect(tradeNumber('124-0')).toBeGreaterThan(tradeNumber('123-99999'));
  });
});
