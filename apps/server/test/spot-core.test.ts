// The spot part of the money core with exact numbers: freezing, fills, fees (rounded up, split 90/10),
// release of what is left exactly once, time in force, self-trade prevention, market orders within the
// protection band, cancel by id and client id, refusals that change nothing, and snapshot round trips.
import { describe, expect, it } from 'vitest';
import { MoneyState } from '@/core/money-state';
import type {
  Command,
  CommandResult,
  CoreEvent,
  SpotOrderEvent,
  SpotPlace,
  SpotTradeEvent,
} from '@/core/types';
import { sha256Hex } from '@/journal/money-core';

const T0 = 1_700_000_000_000;
let n = 0;
function cmd(type: Command['type'], payload: unknown, actor = 'system'): Command {
  n += 1;
  return { id: `c${n}`, actor, ts: T0 + n, type, payload } as Command;
}

function ok(r: CommandResult): Extract<CommandResult, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got ${r.error}`);
  return r;
}

/** A state with USDT (6 decimals) and BTC (8), the BTCUSDT market (tick 0.01, lot 0.0001) and funded users. */
function setup(fees: { maker?: string; taker?: string } = {}) {
  const s = new MoneyState(sha256Hex);
  ok(s.apply(cmd('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000' })).result);
  ok(s.apply(cmd('asset.configure', { asset: 'BTC', decimals: 8, maxAmount: '2000' })).result);
  ok(
    s.apply(
      cmd('spot.market', {
        symbol: 'btcusdt',
        base: 'BTC',
        quote: 'USDT',
        priceDecimals: 2,
        qtyDecimals: 4,
        minQty: '0.0001',
        minNotional: '1',
        makerFeeRate: fees.maker ?? '0.001',
        takerFeeRate: fees.taker ?? '0.002',
        marketProtection: '0.05',
        status: 'trading',
      }),
    ).result,
  );
  for (const u of ['a', 'b', 'c']) {
    ok(s.apply(cmd('deposit.credit', { userId: u, asset: 'USDT', amount: '100000', ref: `u-${u}` })).result);
    ok(s.apply(cmd('deposit.credit', { userId: u, asset: 'BTC', amount: '10', ref: `b-${u}` })).result);
  }
  const place = (userId: string, order: Omit<SpotPlace, 'userId' | 'symbol'>) =>
    s.apply(cmd('spot.place', { userId, symbol: 'btcusdt', ...order }, userId)).result;
  const spot = (userId: string, asset: string) => {
    const b = s.balance(userId, asset, 'spot');
    return `${b.available}/${b.frozen}`;
  };
  return { s, place, spot };
}

const orders = (r: CommandResult) =>
  (r.ok ? r.events : []).filter((e): e is SpotOrderEvent => e.type === 'spot.order');
const trades = (r: CommandResult) =>
  (r.ok ? r.events : []).filter((e): e is SpotTradeEvent => e.type === 'spot.trade');
const depth = (r: CommandResult) => (r.ok ? r.events : []).find((e: CoreEvent) => e.type === 'spot.depth');

describe('spot orders in the core', () => {
  it('a resting limit buy freezes price x quantity; a taker sell fills it with fees on each side', () => {
    const { s, place, spot } = setup();
    const buy = ok(place('a', { side: 'buy', type: 'limit', price: '60000', quantity: '0.5' }));
    expect(buy.reply).toEqual({ orderId: String(buy.seq), status: 'open' });
    expect(spot('a', 'USDT')).toBe('70000/30000');
    expect(depth(buy)).toMatchObject({ bids: [['60000', '0.5']], asks: [] });

    const sell = ok(place('b', { side: 'sell', type: 'limit', price: '59000', quantity: '0.2' }));
    // The trade is at the maker's price; the maker (buyer) pays 0.1 % of 0.2 BTC, the taker 0.2 % of 12000.
    expect(trades(sell)).toEqual([
      expect.objectContaining({
        price: '60000',
        qty: '0.2',
        quoteQty: '12000',
        takerSide: 'sell',
        makerOrderId: String(buy.seq),
        takerOrderId: String(sell.seq),
        makerFee: '0.0002',
        takerFee: '24',
      }),
    ]);
    expect(spot('a', 'USDT')).toBe('70000/18000');
    expect(spot('a', 'BTC')).toBe('10.1998/0');
    expect(spot('b', 'BTC')).toBe('9.8/0');
    expect(spot('b', 'USDT')).toBe('111976/0');
    expect(s.systemBalance('fee_revenue', 'USDT')).toBe('21.6');
    expect(s.systemBalance('security_fund', 'USDT')).toBe('2.4');
    expect(s.systemBalance('fee_revenue', 'BTC')).toBe('0.00018');
    expect(s.systemBalance('security_fund', 'BTC')).toBe('0.00002');
    expect(orders(sell).map((o) => [o.userId, o.status, o.filledQty, o.filledQuote, o.fee])).toEqual([
      ['b', 'filled', '0.2', '12000', '24'],
      ['a', 'open', '0.2', '12000', '0.0002'],
    ]);
    expect(depth(sell)).toMatchObject({ bids: [['60000', '0.3']], asks: [] });
    expect(s.invariantViolations()).toEqual([]);
  });

  it('a taker buy below its limit gets the better price and the unused part of its freeze back', () => {
    const { s, place, spot } = setup({ maker: '0', taker: '0' });
    ok(place('b', { side: 'sell', type: 'limit', price: '50000', quantity: '0.1' }));
    ok(place('b', { side: 'sell', type: 'limit', price: '51000', quantity: '0.1' }));
    const buy = ok(place('a', { side: 'buy', type: 'limit', price: '52000', quantity: '0.3' }));
    expect(trades(buy).map((t) => [t.price, t.qty])).toEqual([
      ['50000', '0.1'],
      ['51000', '0.1'],
    ]);
    // Paid 10100; 0.1 rests at 52000 (5200 frozen); the 300 saved below the limit is released.
    expect(spot('a', 'USDT')).toBe('84700/5200');
    expect(spot('a', 'BTC')).toBe('10.2/0');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('fees round up to the asset decimals and never favour the user', () => {
    const { s, place, spot } = setup({ maker: '0.0015', taker: '0.0015' });
    // Notional 0.01 x 0.0001 = 0.000001 USDT: below the minimum notional of 1.
    expect(place('a', { side: 'buy', type: 'limit', price: '0.01', quantity: '0.0001' })).toMatchObject({
      error: 'BELOW_MIN_NOTIONAL',
    });
    ok(place('a', { side: 'buy', type: 'limit', price: '10000.01', quantity: '0.0003' }));
    const sell = ok(place('b', { side: 'sell', type: 'limit', price: '10000.01', quantity: '0.0003' }));
    // Quote 3.000003; the seller's fee 0.0045000045 rounds up to 0.004501; the buyer's 0.00000045 BTC to 0.00000045.
    expect(trades(sell)[0]).toMatchObject({
      quoteQty: '3.000003',
      takerFee: '0.004501',
      makerFee: '0.00000045',
    });
    expect(spot('b', 'USDT')).toBe('100002.995502/0');
    expect(spot('a', 'BTC')).toBe('10.00029955/0');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('refusals change nothing: unknown market, precision, minimums, balance, post-only, duplicates', () => {
    const { s, place } = setup();
    ok(place('b', { side: 'sell', type: 'limit', price: '60000', quantity: '1' }));
    const before = s.stateHash();
    const cases: [Omit<SpotPlace, 'userId' | 'symbol'>, string][] = [
      [{ side: 'buy', type: 'limit', price: '60000.001', quantity: '0.1' }, 'INVALID_PRICE'],
      [{ side: 'buy', type: 'limit', price: '60000', quantity: '0.00001' }, 'INVALID_QUANTITY'],
      [{ side: 'buy', type: 'limit', price: '1', quantity: '0.0001' }, 'BELOW_MIN_NOTIONAL'],
      [{ side: 'buy', type: 'limit', price: '60000', quantity: '2' }, 'INSUFFICIENT_BALANCE'],
      [
        { side: 'buy', type: 'limit', price: '60000', quantity: '0.1', timeInForce: 'POST_ONLY' },
        'POST_ONLY_WOULD_TAKE',
      ],
      [{ side: 'sell', type: 'market', quantity: '0.1' }, 'NO_LIQUIDITY'],
      [{ side: 'buy', type: 'market', quantity: '0.1', price: '1' }, 'INVALID_COMMAND'],
      [{ side: 'buy', type: 'limit', price: '-1', quantity: '0.1' }, 'INVALID_AMOUNT'],
    ];
    for (const [order, error] of cases) {
      const hashBefore = s.stateHash();
      expect(place('a', order), JSON.stringify(order)).toMatchObject({ ok: false, error });
      // A refusal takes a seq and is remembered under its id, nothing else.
      expect(s.balance('a', 'USDT', 'spot')).toMatchObject({ available: '100000', frozen: '0' });
      expect(s.stateHash()).not.toBe(hashBefore);
    }
    expect(
      s.apply(
        cmd('spot.place', {
          userId: 'a',
          symbol: 'ethusdt',
          side: 'buy',
          type: 'limit',
          price: '1',
          quantity: '1',
        }),
      ).result,
    ).toMatchObject({ error: 'MARKET_UNKNOWN' });
    ok(place('a', { side: 'buy', type: 'limit', price: '100', quantity: '0.1', clientOrderId: 'mine-1' }));
    expect(
      place('a', { side: 'buy', type: 'limit', price: '100', quantity: '0.1', clientOrderId: 'mine-1' }),
    ).toMatchObject({
      ok: false,
      error: 'DUPLICATE_CLIENT_ORDER_ID',
    });
    // Another user may use the same client id.
    ok(place('c', { side: 'buy', type: 'limit', price: '100', quantity: '0.1', clientOrderId: 'mine-1' }));
    expect(before).not.toBe(s.stateHash());
    expect(s.invariantViolations()).toEqual([]);
  });

  it('IOC cancels the rest, FOK fills entirely or not at all, GTC rests', () => {
    const { s, place, spot } = setup({ maker: '0', taker: '0' });
    ok(place('b', { side: 'sell', type: 'limit', price: '100', quantity: '1' }));
    const fok = ok(
      place('a', { side: 'buy', type: 'limit', price: '100', quantity: '2', timeInForce: 'FOK' }),
    );
    expect(orders(fok)[0]).toMatchObject({ status: 'cancelled', cancelReason: 'fok', filledQty: '0' });
    expect(trades(fok)).toHaveLength(0);
    expect(spot('a', 'USDT')).toBe('100000/0');
    const ioc = ok(
      place('a', { side: 'buy', type: 'limit', price: '100', quantity: '1.5', timeInForce: 'IOC' }),
    );
    expect(orders(ioc)[0]).toMatchObject({ status: 'cancelled', cancelReason: 'ioc', filledQty: '1' });
    expect(spot('a', 'USDT')).toBe('99900/0');
    const fok2 = ok(place('b', { side: 'sell', type: 'limit', price: '90', quantity: '0.5' }));
    expect(orders(fok2)[0]).toMatchObject({ status: 'open' });
    const full = ok(
      place('a', { side: 'buy', type: 'limit', price: '95', quantity: '0.5', timeInForce: 'FOK' }),
    );
    expect(orders(full)[0]).toMatchObject({ status: 'filled', filledQty: '0.5', filledQuote: '45' });
    expect(s.invariantViolations()).toEqual([]);
  });

  it('self-trade prevention cancels the resting order and releases its freeze', () => {
    const { s, place, spot } = setup({ maker: '0', taker: '0' });
    const own = ok(place('a', { side: 'sell', type: 'limit', price: '100', quantity: '1' }));
    ok(place('b', { side: 'sell', type: 'limit', price: '101', quantity: '1' }));
    const buy = ok(place('a', { side: 'buy', type: 'limit', price: '101', quantity: '1' }));
    expect(orders(buy).find((o) => o.orderId === String(own.seq))).toMatchObject({
      status: 'cancelled',
      cancelReason: 'stp',
    });
    expect(trades(buy)).toEqual([expect.objectContaining({ price: '101', makerUserId: 'b' })]);
    expect(spot('a', 'BTC')).toBe('11/0');
    expect(spot('a', 'USDT')).toBe('99899/0');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('market orders trade within the protection band and release the rest', () => {
    const { s, place, spot } = setup({ maker: '0', taker: '0' });
    ok(place('b', { side: 'sell', type: 'limit', price: '100', quantity: '1' }));
    ok(place('b', { side: 'sell', type: 'limit', price: '104', quantity: '1' }));
    ok(place('b', { side: 'sell', type: 'limit', price: '106', quantity: '1' }));
    // Protection 5 %: up to 105.
    const m = ok(place('a', { side: 'buy', type: 'market', quantity: '3' }));
    expect(trades(m).map((t) => t.price)).toEqual(['100', '104']);
    expect(orders(m)[0]).toMatchObject({
      status: 'cancelled',
      cancelReason: 'protection',
      filledQty: '2',
      price: null,
    });
    expect(spot('a', 'USDT')).toBe('99796/0');
    // By quote amount: 53 USDT at 106 buys 0.5 BTC, the 0.00 left cannot buy another lot.
    const q = ok(place('a', { side: 'buy', type: 'market', quoteQuantity: '53' }));
    expect(orders(q)[0]).toMatchObject({
      status: 'filled',
      filledQty: '0.5',
      filledQuote: '53',
      quoteQuantity: '53',
      quantity: null,
    });
    expect(spot('a', 'USDT')).toBe('99743/0');
    ok(place('c', { side: 'buy', type: 'limit', price: '99', quantity: '1' }));
    const sell = ok(place('a', { side: 'sell', type: 'market', quantity: '2' }));
    expect(orders(sell)[0]).toMatchObject({
      status: 'cancelled',
      cancelReason: 'no_liquidity',
      filledQty: '1',
    });
    expect(spot('a', 'BTC')).toBe('11.5/0');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('cancel by id or client id releases once; others cannot cancel', () => {
    const { s, place, spot } = setup();
    const o = ok(
      place('a', { side: 'buy', type: 'limit', price: '100', quantity: '1', clientOrderId: 'x-1' }),
    );
    const cancel = (userId: string, by: Record<string, string>) =>
      s.apply(cmd('spot.cancel', { userId, symbol: 'btcusdt', ...by }, userId)).result;
    expect(cancel('b', { orderId: String(o.seq) })).toMatchObject({ ok: false, error: 'ORDER_NOT_FOUND' });
    expect(cancel('b', { clientOrderId: 'x-1' })).toMatchObject({ ok: false, error: 'ORDER_NOT_FOUND' });
    expect(spot('a', 'USDT')).toBe('99900/100');
    const done = ok(cancel('a', { clientOrderId: 'x-1' }));
    expect(orders(done)[0]).toMatchObject({ status: 'cancelled', cancelReason: 'user' });
    expect(depth(done)).toMatchObject({ bids: [['100', '0']] });
    expect(spot('a', 'USDT')).toBe('100000/0');
    expect(cancel('a', { orderId: String(o.seq) })).toMatchObject({ ok: false, error: 'ORDER_NOT_FOUND' });
    // The client id is free again.
    ok(place('a', { side: 'buy', type: 'limit', price: '100', quantity: '1', clientOrderId: 'x-1' }));
    expect(s.invariantViolations()).toEqual([]);
  });

  it('snapshots keep the books in price-time order', () => {
    const { s, place } = setup({ maker: '0', taker: '0' });
    ok(place('a', { side: 'buy', type: 'limit', price: '100', quantity: '1' }));
    ok(place('b', { side: 'buy', type: 'limit', price: '100', quantity: '2' }));
    ok(place('c', { side: 'buy', type: 'limit', price: '101', quantity: '1', clientOrderId: 'c-1' }));
    ok(place('a', { side: 'sell', type: 'limit', price: '110', quantity: '1' }));
    const copy = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(s.snapshot())), sha256Hex);
    expect(copy.stateHash()).toBe(s.stateHash());
    const sell = cmd(
      'spot.place',
      { userId: 'c', symbol: 'btcusdt', side: 'sell', type: 'limit', price: '100', quantity: '2.5' },
      'c',
    );
    const a = ok(s.apply(sell).result);
    const b = ok(copy.apply(sell).result);
    expect(b.events).toEqual(a.events);
    // c's own bid at 101 is cancelled (STP), then a (first at 100) fills before b.
    expect(trades(a).map((t) => [t.makerUserId, t.qty])).toEqual([
      ['a', '1'],
      ['b', '1.5'],
    ]);
    expect(copy.stateHash()).toBe(s.stateHash());
    expect(copy.invariantViolations()).toEqual([]);
  });
});
