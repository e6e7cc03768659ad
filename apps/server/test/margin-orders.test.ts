// Orders from margin accounts with side effects (docs/margin.md "Orders from margin accounts"), exact to
// the atom: an auto-borrow buy borrows exactly what the account lacks in the same command as the order;
// an auto-repay sell repays the loan and its interest from its proceeds in the command that fills it
// (also as a resting maker filled by another user's order); a refused auto-borrow changes nothing; a
// locked (liquidating) account cannot place orders but through the liquidator; snapshots and replays
// keep the hash.
import { describe, expect, it } from 'vitest';
import { MARGIN_LIQUIDATOR_ACTOR } from '@/core/margin/margin-types';
import { MoneyState } from '@/core/money-state';
import type { CoreEvent, SpotOrderEvent } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';
import { errorOf, HOUR, ISO, marginKit, ok, T0 } from './margin-kit';

/** a: 1000 USDT in isolated BTC_USDT at 5x; b offers 0.1 BTC at 50000. */
function funded() {
  const k = marginKit();
  const { run, place, prices } = k;
  ok(
    run('margin.transfer', {
      userId: 'a',
      account: ISO,
      asset: 'USDT',
      amount: '1000',
      direction: 'in',
      prices: {},
    }),
  );
  ok(run('margin.leverage', { userId: 'a', account: ISO, leverage: 5, prices: prices('50000') }));
  ok(place('b', { side: 'sell', type: 'limit', price: '50000', quantity: '0.1' }));
  return k;
}

/** Everything but the sequence and the idempotency table (which a refusal does record). */
function moneyOf(s: MoneyState) {
  const { ledger, parts } = s.snapshot();
  return JSON.stringify({ ledger, parts });
}

const loanEvents = (events: readonly CoreEvent[]) => events.filter((e) => e.type === 'margin.loan');

describe('margin orders: auto-borrow and auto-repay', () => {
  it('auto-borrow buy, then an auto-repay sell repays loan + interest exactly', () => {
    const { run, place, bal, prices, s, at } = funded();
    // 0.1 BTC at 50000 freezes 5000 USDT; the account has 1000: it borrows exactly 4000 (5x limit)
    const buy = ok(
      place('a', {
        side: 'buy',
        type: 'limit',
        price: '50000',
        quantity: '0.1',
        account: ISO,
        sideEffect: 'autoBorrow',
        prices: prices('50000'),
      }),
    );
    const loans = loanEvents(buy.events);
    expect(loans).toHaveLength(1);
    expect(loans[0]).toMatchObject({
      loanId: String(buy.seq),
      asset: 'USDT',
      amount: '4000',
      status: 'open',
    });
    expect(buy.reply).toEqual({ orderId: String(buy.seq), status: 'filled' });
    expect(s.margin.loansOf('a', ISO)).toMatchObject([{ loanId: String(buy.seq), principal: '4000' }]);
    // fee 0.1% of 0.1 BTC = 0.0001
    expect(bal('a', 'BTC')).toBe('0.0999/0');
    expect(bal('a', 'USDT')).toBe('0/0');
    expect(s.systemBalance('margin_lending_pool', 'USDT')).toBe('996000');
    expect(s.margin.pool('USDT')).toMatchObject({ balance: '996000', lent: '4000' });
    expect(s.invariantViolations()).toEqual([]);

    // one hour of interest: 4000 x 0.0000041667 = 0.0166668 -> 0.016667 (rounded up)
    at(T0 + 3 * HOUR);
    ok(run('margin.accrue', { hourTs: T0 + 2 * HOUR }));
    expect(s.margin.loansOf('a', ISO)).toMatchObject([{ interest: '0.016667' }]);

    // a rests an auto-repay sell; b's buy fills it: the repayment happens in b's command
    const sell = ok(
      place('a', {
        side: 'sell',
        type: 'limit',
        price: '50100',
        quantity: '0.0999',
        account: ISO,
        sideEffect: 'autoRepay',
      }),
    );
    const resting = sell.events.find((e): e is SpotOrderEvent => e.type === 'spot.order');
    expect(resting).toMatchObject({ status: 'open', account: ISO, sideEffect: 'autoRepay' });
    // the resting flag survives a snapshot
    const copy = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(s.snapshot())), sha256Hex);
    expect(copy.stateHash()).toBe(s.stateHash());
    const fill = ok(place('c', { side: 'buy', type: 'limit', price: '50100', quantity: '0.0999' }));
    // 0.0999 x 50100 = 5004.99, maker fee 5.00499: proceeds 4999.98501; owed 4000 + 0.016667
    expect(loanEvents(fill.events)).toMatchObject([
      { loanId: String(buy.seq), principal: '0', interest: '0', interestTotal: '0.016667', status: 'repaid' },
    ]);
    expect(bal('a', 'USDT')).toBe('999.968343/0');
    expect(bal('a', 'BTC')).toBe('0/0');
    expect(s.margin.loansOf('a')).toEqual([]);
    expect(s.systemBalance('margin_lending_pool', 'USDT')).toBe('1000000.016667');
    expect(s.margin.pool('USDT')).toMatchObject({
      balance: '1000000.016667',
      lent: '0',
      interestEarned: '0.016667',
    });
    expect(s.invariantViolations()).toEqual([]);
    // the same commands in the snapshot copy give the same state
    const again = copy.apply({
      id: 'replayed-fill',
      actor: 'c',
      ts: T0 + 3 * HOUR + 10,
      type: 'spot.place',
      payload: {
        userId: 'c',
        symbol: 'btcusdt',
        side: 'buy',
        type: 'limit',
        price: '50100',
        quantity: '0.0999',
      },
    });
    expect(again.result.ok).toBe(true);
    expect(copy.margin.loansOf('a')).toEqual([]);
    expect(copy.balance('a', 'USDT', ISO)).toEqual(s.balance('a', 'USDT', ISO));
  });

  it('auto-repay as taker repays only up to the debt; the rest stays in the account', () => {
    const { run, place, bal, prices, s } = funded();
    ok(
      run('margin.borrow', {
        userId: 'a',
        account: ISO,
        asset: 'BTC',
        amount: '0.01',
        prices: prices('50000'),
      }),
    );
    ok(place('c', { side: 'sell', type: 'limit', price: '49000', quantity: '0.05' }));
    // buys 0.02 BTC at 49000 (980 USDT from the account), receives 0.01998 net: 0.01 repays the loan
    const r = ok(
      place('a', {
        side: 'buy',
        type: 'limit',
        price: '49000',
        quantity: '0.02',
        account: ISO,
        sideEffect: 'autoRepay',
      }),
    );
    expect(loanEvents(r.events)).toMatchObject([{ asset: 'BTC', principal: '0', status: 'repaid' }]);
    expect(bal('a', 'BTC')).toBe('0.01998/0');
    expect(bal('a', 'USDT')).toBe('20/0');
    expect(s.margin.pool('BTC')).toMatchObject({ balance: '100', lent: '0' });
    expect(s.systemBalance('margin_lending_pool', 'BTC')).toBe('100');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('a refused auto-borrow (above the limit, the pool, no price) changes nothing', () => {
    const { place, prices, s, run } = funded();
    const before = moneyOf(s);
    // 5005 USDT needs 4005 borrowed: the 5x limit is 4000
    expect(
      errorOf(
        place('a', {
          side: 'buy',
          type: 'limit',
          price: '50000',
          quantity: '0.1001',
          account: ISO,
          sideEffect: 'autoBorrow',
          prices: prices('50000'),
        }),
      ),
    ).toBe('BORROW_LIMIT_EXCEEDED');
    expect(
      errorOf(
        place('a', {
          side: 'buy',
          type: 'limit',
          price: '50000',
          quantity: '0.1',
          account: ISO,
          sideEffect: 'autoBorrow',
        }),
      ),
    ).toBe('MARGIN_PRICE_MISSING');
    // without auto-borrow the same order is short
    expect(
      errorOf(place('a', { side: 'buy', type: 'limit', price: '50000', quantity: '0.1', account: ISO })),
    ).toBe('INSUFFICIENT_BALANCE');
    // side effects belong to margin accounts
    expect(
      errorOf(
        place('a', {
          side: 'buy',
          type: 'limit',
          price: '50000',
          quantity: '0.01',
          sideEffect: 'autoBorrow',
        }),
      ),
    ).toBe('INVALID_COMMAND');
    expect(
      errorOf(
        place('a', {
          side: 'buy',
          type: 'limit',
          price: '50000',
          quantity: '0.01',
          account: ISO,
          sideEffect: 'sometimes' as 'none',
        }),
      ),
    ).toBe('INVALID_COMMAND');
    // the pool cannot lend more than it holds
    ok(run('margin.pool.fund', { asset: 'USDT', amount: '-999000', source: 'adjustment', ref: 'drain' }));
    const drained = moneyOf(s);
    expect(
      errorOf(
        place('a', {
          side: 'buy',
          type: 'limit',
          price: '50000',
          quantity: '0.1',
          account: ISO,
          sideEffect: 'autoBorrow',
          prices: prices('50000'),
        }),
      ),
    ).toBe('POOL_INSUFFICIENT');
    expect(moneyOf(s)).toBe(drained);
    ok(run('margin.pool.fund', { asset: 'USDT', amount: '999000', source: 'adjustment', ref: 'refill' }));
    expect(moneyOf(s)).toBe(before);
    expect(s.margin.loansOf('a')).toEqual([]);
  });

  it('borrows nothing when the balance suffices, and nothing for a FOK order that cannot fill', () => {
    const { place, prices, s, bal } = funded();
    const r = ok(
      place('a', {
        side: 'buy',
        type: 'limit',
        price: '40000',
        quantity: '0.02',
        account: ISO,
        sideEffect: 'autoBorrow',
        prices: prices('50000'),
      }),
    );
    expect(loanEvents(r.events)).toEqual([]);
    expect(bal('a', 'USDT')).toBe('200/800');
    const fok = ok(
      place('a', {
        side: 'buy',
        type: 'limit',
        price: '50000',
        quantity: '0.5',
        timeInForce: 'FOK',
        account: ISO,
        sideEffect: 'autoBorrowRepay',
        prices: prices('50000'),
      }),
    );
    expect(fok.reply).toEqual({ orderId: String(fok.seq), status: 'cancelled' });
    expect(loanEvents(fok.events)).toEqual([]);
    expect(s.margin.loansOf('a')).toEqual([]);
    expect(s.invariantViolations()).toEqual([]);
  });

  it('a liquidating account places no order (but the liquidator): the core refuses and changes nothing', () => {
    const { run, place, prices, s } = funded();
    ok(
      place('a', {
        side: 'buy',
        type: 'limit',
        price: '50000',
        quantity: '0.1',
        account: ISO,
        sideEffect: 'autoBorrow',
        prices: prices('50000'),
      }),
    );
    ok(run('margin.liquidate.begin', { userId: 'a', account: ISO, prices: prices('44000') }));
    ok(place('b', { side: 'buy', type: 'limit', price: '44000', quantity: '1' }));
    const before = moneyOf(s);
    expect(
      errorOf(place('a', { side: 'sell', type: 'limit', price: '60000', quantity: '0.01', account: ISO })),
    ).toBe('ACCOUNT_LIQUIDATING');
    expect(
      errorOf(
        place(
          'a',
          { side: 'sell', type: 'market', quantity: '0.01', account: ISO, sideEffect: 'autoRepay' },
          MARGIN_LIQUIDATOR_ACTOR,
        ),
      ),
    ).toBe('ok');
    const afterLiquidatorOrder = moneyOf(s);
    expect(afterLiquidatorOrder).not.toBe(before);
    expect(
      errorOf(
        place(
          'a',
          {
            side: 'buy',
            type: 'limit',
            price: '40000',
            quantity: '0.01',
            account: ISO,
            sideEffect: 'autoBorrow',
            prices: prices('44000'),
          },
          MARGIN_LIQUIDATOR_ACTOR,
        ),
      ),
    ).toBe('ACCOUNT_LIQUIDATING');
    expect(moneyOf(s)).toBe(afterLiquidatorOrder);
    // the spot account of the same user is not locked
    ok(place('a', { side: 'sell', type: 'limit', price: '60000', quantity: '0.01' }));
    expect(s.invariantViolations()).toEqual([]);
  });
});
