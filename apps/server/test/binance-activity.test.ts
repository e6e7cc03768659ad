// RecentActivity: the last trades of a market and the last state of recently changed orders, bounded.
import { describe, expect, it } from 'vitest';
import type { CoreEvent, MoneyCore, SpotOrderEvent, SpotTradeEvent } from '@/core/types';
import { RecentActivity, TRADES_KEPT } from '@/modules/binance/binance-activity';

const ORDERS_KEPT = 20_000;

function fakeCore(): { core: MoneyCore; publish: (events: CoreEvent[]) => void } {
  let listener: ((events: readonly CoreEvent[]) => void) | undefined;
  const core = {
    subscribe(fn: (events: readonly CoreEvent[]) => void) {
      listener = fn;
      return () => {
        listener = undefined;
      };
    },
  } as unknown as MoneyCore;
  return { core, publish: (events) => listener?.(events) };
}

function order(id: number, status: SpotOrderEvent['status'], userId = 'u1'): SpotOrderEvent {
  return {
    type: 'spot.order',
    seq: id,
    orderId: String(id),
    userId,
    symbol: 'btcusdt',
    side: 'buy',
    orderType: 'limit',
    timeInForce: 'GTC',
    price: '100',
    quantity: '1',
    quoteQuantity: null,
    filledQty: status === 'filled' ? '1' : '0',
    filledQuote: status === 'filled' ? '100' : '0',
    fee: '0',
    feeAsset: 'BTC',
    status,
    cancelReason: null,
    clientOrderId: null,
    createdTs: id,
  } as SpotOrderEvent;
}

function trade(n: number): SpotTradeEvent {
  return {
    type: 'spot.trade',
    seq: n,
    tradeId: `${n}-0`,
    symbol: 'btcusdt',
    price: '100',
    qty: '1',
    quoteQty: '100',
    takerSide: 'buy',
    makerOrderId: '1',
    takerOrderId: '2',
    makerUserId: 'u1',
    takerUserId: 'u2',
    makerFee: '0',
    takerFee: '0',
    ts: n,
  };
}

describe('RecentActivity', () => {
  it('keeps the last TRADES_KEPT trades of a market, oldest first', () => {
    const { core, publish } = fakeCore();
    const activity = new RecentActivity(core);
    for (let n = 1; n <= 3 * TRADES_KEPT + 17; n++) publish([trade(n)]);
    const kept = activity.tradesOf('btcusdt');
    expect(kept).toHaveLength(TRADES_KEPT);
    expect(kept[0]?.seq).toBe(2 * TRADES_KEPT + 18);
    expect(kept.at(-1)?.seq).toBe(3 * TRADES_KEPT + 17);
    expect(activity.tradesOf('ethusdt')).toEqual([]);
    activity.close();
  });

  it('forgets the least recently changed order first, not the first placed', () => {
    const { core, publish } = fakeCore();
    const activity = new RecentActivity(core);
    publish([order(1, 'open')]);
    for (let id = 2; id <= ORDERS_KEPT; id++) publish([order(id, 'open')]);
    // Order 1 changes again: it is now the most recent, and order 2 the oldest.
    publish([order(1, 'filled')]);
    publish([order(ORDERS_KEPT + 1, 'open')]);
    expect(activity.order('1')?.status).toBe('filled');
    expect(activity.order('2')).toBeUndefined();
    expect(activity.order('3')?.status).toBe('open');
    expect(activity.order(String(ORDERS_KEPT + 1))?.status).toBe('open');
    activity.close();
  });

  it('stays bounded when a few orders change many times, and keeps their last state', () => {
    const { core, publish } = fakeCore();
    const activity = new RecentActivity(core);
    for (let round = 0; round < 30_000; round++) {
      publish([order(1 + (round % 3), round % 2 === 0 ? 'open' : 'filled', 'u7')]);
    }
    publish([order(1, 'cancelled', 'u7')]);
    const internal = activity as unknown as { changes: string[]; changesHead: number };
    expect(internal.changes.length - internal.changesHead).toBeLessThan(2 * ORDERS_KEPT + 4097);
    expect(activity.order('1')?.status).toBe('cancelled');
    // Order 2's last change was round 29,998 (an even round: 'open').
    expect(activity.order('2')?.status).toBe('open');
    expect(
      activity
        .ordersOf('u7', 'btcusdt')
        .map((o) => o.orderId)
        .sort(),
    ).toEqual(['1', '2', '3']);
    // Many more distinct orders than kept: the oldest go, the newest stay.
    for (let id = 100; id < 100 + 2 * ORDERS_KEPT; id++) publish([order(id, 'open', 'u8')]);
    expect(activity.order('1')).toBeUndefined();
    expect(activity.order(String(100 + 2 * ORDERS_KEPT - 1))?.status).toBe('open');
    expect(activity.ordersOf('u8', 'btcusdt')).toHaveLength(ORDERS_KEPT);
    activity.close();
  });
});
