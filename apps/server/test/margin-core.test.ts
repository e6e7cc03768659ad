// The margin part of the money core with exact numbers: borrow within the leverage, trade through the
// spot book from the isolated account, hourly interest exact to the asset's decimals, repay interest
// first, the margin-call and liquidation levels, liquidation with and without a shortfall (the insurance
// fund covers it), refusals that change nothing, and the snapshot round trip.
import { describe, expect, it } from 'vitest';
import { MARGIN_LIQUIDATOR_ACTOR as LIQUIDATOR } from '@/core/margin/margin-types';
import { MoneyState } from '@/core/money-state';
import { sha256Hex } from '@/journal/money-core';
import { errorOf, HOUR, ISO, marginKit, ok, T0 } from './margin-kit';

/** a: 1000 USDT into isolated BTC_USDT at 5x, borrows 4000, buys 0.1 BTC at 50000 from b. */
function leveraged() {
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
  ok(
    run('margin.borrow', {
      userId: 'a',
      account: ISO,
      asset: 'USDT',
      amount: '4000',
      prices: prices('50000'),
    }),
  );
  ok(place('b', { side: 'sell', type: 'limit', price: '50000', quantity: '0.1' }));
  ok(place('a', { side: 'buy', type: 'limit', price: '50000', quantity: '0.1', account: ISO }));
  return k;
}

describe('margin core', () => {
  it('borrows up to equity x (leverage - 1) from the pool, never more', () => {
    const { run, bal, prices, s } = marginKit();
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
    expect(bal('a', 'USDT', 'spot')).toBe('99000/0');
    // default leverage 3: 2000 at most
    expect(
      errorOf(
        run('margin.borrow', {
          userId: 'a',
          account: ISO,
          asset: 'USDT',
          amount: '2000.000001',
          prices: prices('50000'),
        }),
      ),
    ).toBe('BORROW_LIMIT_EXCEEDED');
    ok(run('margin.leverage', { userId: 'a', account: ISO, leverage: 5, prices: prices('50000') }));
    expect(
      errorOf(
        run('margin.borrow', {
          userId: 'a',
          account: ISO,
          asset: 'USDT',
          amount: '4000.000001',
          prices: prices('50000'),
        }),
      ),
    ).toBe('BORROW_LIMIT_EXCEEDED');
    expect(
      errorOf(run('margin.leverage', { userId: 'a', account: ISO, leverage: 20, prices: prices('50000') })),
    ).toBe('LEVERAGE_NOT_ALLOWED');
    expect(
      errorOf(
        run('margin.borrow', {
          userId: 'a',
          account: ISO,
          asset: 'USDT',
          amount: '1',
          prices: { USDT: '1' },
        }),
      ),
    ).toBe('ok');
    const r = ok(
      run('margin.borrow', {
        userId: 'a',
        account: ISO,
        asset: 'USDT',
        amount: '3999',
        prices: prices('50000'),
      }),
    );
    expect(r.reply).toEqual({ loanId: String(r.seq), amount: '3999' });
    expect(bal('a', 'USDT')).toBe('5000/0');
    expect(s.systemBalance('margin_lending_pool', 'USDT')).toBe('996000');
    expect(s.margin.pool('USDT')).toMatchObject({ balance: '996000', lent: '4000' });
    // exactly at the limit now: not one more unit, and no transfer out
    expect(
      errorOf(
        run('margin.borrow', {
          userId: 'a',
          account: ISO,
          asset: 'USDT',
          amount: '0.000001',
          prices: prices('50000'),
        }),
      ),
    ).toBe('BORROW_LIMIT_EXCEEDED');
    expect(
      errorOf(
        run('margin.transfer', {
          userId: 'a',
          account: ISO,
          asset: 'USDT',
          amount: '0.000001',
          direction: 'out',
          prices: prices('50000'),
        }),
      ),
    ).toBe('MARGIN_LEVEL_TOO_LOW');
    expect(
      errorOf(
        run('margin.borrow', {
          userId: 'a',
          account: ISO,
          asset: 'ETH',
          amount: '1',
          prices: prices('50000'),
        }),
      ),
    ).toBe('MARGIN_ASSET_UNKNOWN');
    expect(
      errorOf(
        run('margin.borrow', {
          userId: 'a',
          account: 'isolated:ethusdt',
          asset: 'USDT',
          amount: '1',
          prices: prices('50000'),
        }),
      ),
    ).toBe('MARGIN_ASSET_UNKNOWN');
    expect(
      errorOf(
        run('margin.borrow', {
          userId: 'a',
          account: ISO,
          asset: 'USDT',
          amount: '1.0000001',
          prices: prices('50000'),
        }),
      ),
    ).toBe('INVALID_AMOUNT');
    expect(
      errorOf(
        run('margin.borrow', {
          userId: 'a',
          account: ISO,
          asset: 'USDT',
          amount: '2000000',
          prices: prices('50000'),
        }),
      ),
    ).toBe('POOL_INSUFFICIENT');
    expect(bal('a', 'USDT')).toBe('5000/0');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('borrow, trade, accrue, repay: exact numbers', () => {
    const { run, place, bal, s, at } = leveraged();
    // a paid 5000 USDT, received 0.1 BTC less the 0.1 % taker fee
    expect(bal('a', 'USDT')).toBe('0/0');
    expect(bal('a', 'BTC')).toBe('0.0999/0');
    // hourly interest: 4000 x 0.0000041667 = 0.0166668, rounded up to 6 places
    at(T0 + 10 * HOUR);
    const h1 = T0 + 2 * HOUR;
    const r = ok(run('margin.accrue', { hourTs: h1 }));
    expect(r.reply).toEqual({ loans: 1 });
    expect(s.margin.loansOf('a')[0]).toMatchObject({ principal: '4000', interest: '0.016667' });
    expect(errorOf(run('margin.accrue', { hourTs: h1 }))).toBe('ALREADY_ACCRUED');
    expect(errorOf(run('margin.accrue', { hourTs: h1 + 1 }))).toBe('INVALID_COMMAND');
    ok(run('margin.accrue', { hourTs: h1 + HOUR }));
    expect(s.margin.loansOf('a')[0]).toMatchObject({ interest: '0.033334', interestTotal: '0.033334' });
    // price up: b bids 55000, a sells everything from the isolated account
    ok(place('b', { side: 'buy', type: 'limit', price: '55000', quantity: '0.0999' }));
    ok(place('a', { side: 'sell', type: 'market', quantity: '0.0999', account: ISO }, LIQUIDATOR));
    // 0.0999 x 55000 = 5494.5, fee 5.4945
    expect(bal('a', 'USDT')).toBe('5489.0055/0');
    expect(
      errorOf(run('margin.repay', { userId: 'a', account: ISO, asset: 'USDT', amount: '4000.033335' })),
    ).toBe('REPAY_EXCEEDS_DEBT');
    expect(errorOf(run('margin.repay', { userId: 'c', account: ISO, asset: 'USDT', amount: '1' }))).toBe(
      'REPAY_EXCEEDS_DEBT',
    );
    const part = ok(run('margin.repay', { userId: 'a', account: ISO, asset: 'USDT', amount: '0.03' }));
    expect(part.reply).toEqual({ interestPaid: '0.03', principalPaid: '0' });
    const rest = ok(run('margin.repay', { userId: 'a', account: ISO, asset: 'USDT', amount: '4000.003334' }));
    expect(rest.reply).toEqual({ interestPaid: '0.003334', principalPaid: '4000' });
    expect(s.margin.loansOf('a')).toEqual([]);
    expect(bal('a', 'USDT')).toBe('1488.972166/0');
    expect(s.systemBalance('margin_lending_pool', 'USDT')).toBe('1000000.033334');
    expect(s.margin.pool('USDT')).toMatchObject({
      balance: '1000000.033334',
      lent: '0',
      interestEarned: '0.033334',
    });
    // no debt: everything may leave
    ok(
      run('margin.transfer', {
        userId: 'a',
        account: ISO,
        asset: 'USDT',
        amount: '1488.972166',
        direction: 'out',
        prices: {},
      }),
    );
    expect(bal('a', 'USDT', 'spot')).toBe('100488.972166/0');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('margin call and liquidation levels at mark prices', () => {
    const { run, prices } = leveraged();
    // 0.0999 x 45000 = 4495.5 / 4000 = 1.12: below the call level, above liquidation
    expect(
      errorOf(run('margin.liquidate.begin', { userId: 'a', account: ISO, prices: prices('45000') })),
    ).toBe('NOT_LIQUIDATABLE');
    // 0.0999 x 44040 = 4399.596 / 4000 = 1.0999: liquidatable
    expect(errorOf(run('margin.liquidate.begin', { userId: 'a', account: ISO, prices: { USDT: '1' } }))).toBe(
      'MARGIN_PRICE_MISSING',
    );
    ok(run('margin.liquidate.begin', { userId: 'a', account: ISO, prices: prices('44040') }));
    expect(
      errorOf(
        run('margin.borrow', {
          userId: 'a',
          account: ISO,
          asset: 'USDT',
          amount: '1',
          prices: prices('80000'),
        }),
      ),
    ).toBe('ACCOUNT_LIQUIDATING');
    expect(
      errorOf(
        run('margin.transfer', {
          userId: 'a',
          account: ISO,
          asset: 'BTC',
          amount: '0.0001',
          direction: 'out',
          prices: prices('80000'),
        }),
      ),
    ).toBe('ACCOUNT_LIQUIDATING');
  });

  it('liquidation without a shortfall: debt repaid through the book, the rest stays with the user', () => {
    const { run, place, bal, prices, s } = leveraged();
    ok(run('margin.liquidate.begin', { userId: 'a', account: ISO, prices: prices('43000') }));
    ok(place('b', { side: 'buy', type: 'limit', price: '43000', quantity: '1' }));
    ok(place('a', { side: 'sell', type: 'market', quantity: '0.0999', account: ISO }, LIQUIDATOR));
    // 0.0999 x 43000 = 4295.7, fee 4.2957
    expect(bal('a', 'USDT')).toBe('4291.4043/0');
    const insuranceBefore = s.systemBalance('margin_insurance_fund', 'USDT');
    const r = ok(run('margin.liquidate.settle', { userId: 'a', account: ISO }));
    expect(r.reply).toEqual({ shortfall: false });
    expect(bal('a', 'USDT')).toBe('291.4043/0');
    expect(s.systemBalance('margin_insurance_fund', 'USDT')).toBe(insuranceBefore);
    expect(s.systemBalance('margin_lending_pool', 'USDT')).toBe('1000000');
    expect(s.margin.loansOf('a')).toEqual([]);
    expect(s.margin.isLiquidating('a', ISO)).toBe(false);
    expect(s.invariantViolations()).toEqual([]);
  });

  it('liquidation with a shortfall: the insurance fund covers it and takes what is left, no user pays', () => {
    const { run, place, bal, prices, s, at } = leveraged();
    at(T0 + 5 * HOUR);
    ok(run('margin.accrue', { hourTs: T0 + 2 * HOUR }));
    ok(run('margin.liquidate.begin', { userId: 'a', account: ISO, prices: prices('38000') }));
    ok(place('b', { side: 'buy', type: 'limit', price: '38000', quantity: '0.05' }));
    ok(
      place('a', { side: 'sell', type: 'limit', price: '38000', quantity: '0.05', account: ISO }, LIQUIDATOR),
    );
    // 0.05 x 38000 = 1900, fee 1.9; 0.0499 BTC left unsold (the book ran dry)
    expect(bal('a', 'USDT')).toBe('1898.1/0');
    const others = ['b', 'c'].map((u) => [bal(u, 'USDT', 'spot'), bal(u, 'BTC', 'spot')]);
    const r = ok(run('margin.liquidate.settle', { userId: 'a', account: ISO }));
    expect(r.reply).toEqual({ shortfall: true });
    // owed 4000.016667, paid 1898.1: the fund pays 2101.916667 to the pool and takes the 0.0499 BTC
    expect(s.systemBalance('margin_insurance_fund', 'USDT')).toBe('-2101.916667');
    expect(s.systemBalance('margin_insurance_fund', 'BTC')).toBe('0.0499');
    // margin's own fund: the perpetuals' insurance fund (which limits their payouts) is untouched
    expect(s.systemBalance('insurance_fund', 'USDT')).toBe('0');
    expect(s.systemBalance('insurance_fund', 'BTC')).toBe('0');
    expect(s.systemBalance('margin_lending_pool', 'USDT')).toBe('1000000.016667');
    expect(s.margin.pool('USDT')).toMatchObject({ covered: '2101.916667', lent: '0' });
    expect(bal('a', 'USDT')).toBe('0/0');
    expect(bal('a', 'BTC')).toBe('0/0');
    expect(['b', 'c'].map((u) => [bal(u, 'USDT', 'spot'), bal(u, 'BTC', 'spot')])).toEqual(others);
    expect(s.invariantViolations()).toEqual([]);
  });

  it('settle waits for open orders; orders may only use their own isolated pair', () => {
    const { run, place, prices } = leveraged();
    ok(place('a', { side: 'sell', type: 'limit', price: '60000', quantity: '0.05', account: ISO }));
    ok(run('margin.liquidate.begin', { userId: 'a', account: ISO, prices: prices('40000') }));
    expect(errorOf(run('margin.liquidate.settle', { userId: 'a', account: ISO }))).toBe('OPEN_ORDERS_EXIST');
    expect(
      errorOf(
        place('a', {
          side: 'sell',
          type: 'limit',
          price: '60000',
          quantity: '0.01',
          account: 'isolated:ethusdt' as 'margin',
        }),
      ),
    ).toBe('INVALID_COMMAND');
  });

  it('cross margin: transfer in, borrow BTC at 3x, trade, repay', () => {
    const { run, place, bal, prices, s } = marginKit();
    ok(
      run('margin.transfer', {
        userId: 'a',
        account: 'margin',
        asset: 'USDT',
        amount: '10000',
        direction: 'in',
        prices: {},
      }),
    );
    // equity 10000 x (3 - 1) = 20000 of debt: 0.4 BTC at 50000
    expect(
      errorOf(
        run('margin.borrow', {
          userId: 'a',
          account: 'margin',
          asset: 'BTC',
          amount: '0.40000001',
          prices: prices('50000'),
        }),
      ),
    ).toBe('BORROW_LIMIT_EXCEEDED');
    ok(
      run('margin.borrow', {
        userId: 'a',
        account: 'margin',
        asset: 'BTC',
        amount: '0.4',
        prices: prices('50000'),
      }),
    );
    ok(place('b', { side: 'buy', type: 'limit', price: '50000', quantity: '0.4' }));
    ok(place('a', { side: 'sell', type: 'market', quantity: '0.4', account: 'margin' }));
    expect(bal('a', 'USDT', 'margin')).toBe('29980/0');
    expect(
      errorOf(
        run('margin.leverage', { userId: 'a', account: 'margin', leverage: 5, prices: prices('50000') }),
      ),
    ).toBe('LEVERAGE_NOT_ALLOWED');
    ok(place('c', { side: 'sell', type: 'limit', price: '40000', quantity: '0.5' }));
    ok(place('a', { side: 'buy', type: 'limit', price: '40000', quantity: '0.4004', account: 'margin' }));
    expect(bal('a', 'BTC', 'margin')).toBe('0.3999996/0');
    ok(place('c', { side: 'sell', type: 'limit', price: '40000', quantity: '0.0001' }));
    ok(place('a', { side: 'buy', type: 'limit', price: '40000', quantity: '0.0001', account: 'margin' }));
    ok(run('margin.repay', { userId: 'a', account: 'margin', asset: 'BTC', amount: '0.4' }));
    expect(s.margin.loansOf('a')).toEqual([]);
    expect(s.invariantViolations()).toEqual([]);
  });

  it('pool funding: only what is not lent leaves; snapshot round trip keeps the hash', () => {
    const { run, s } = leveraged();
    expect(
      errorOf(
        run('margin.pool.fund', { asset: 'USDT', amount: '-996000.000001', source: 'adjustment', ref: 'x' }),
      ),
    ).toBe('POOL_INSUFFICIENT');
    ok(run('margin.pool.fund', { asset: 'USDT', amount: '-1000', source: 'adjustment', ref: 'x' }));
    expect(s.systemBalance('margin_lending_pool', 'USDT')).toBe('995000');
    const copy = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(s.snapshot())), sha256Hex);
    expect(copy.stateHash()).toBe(s.stateHash());
    expect(copy.margin.loansOf('a')).toEqual(s.margin.loansOf('a'));
    expect(copy.spot.openOrdersOf('a')).toEqual(s.spot.openOrdersOf('a'));
  });
});
