import { describe, expect, it } from 'vitest';
import { applyOwncoin, readOwncoinEvent } from './owncoin-patch';
import type { CurrencyAccount } from './wallet-types';

const account: CurrencyAccount = {
  type: '1',
  currency: 'CNY',
  rate: '7.2',
  totalUsdt: '0',
  totalFiat: '0',
  list: [
    {
      coin: 'USDT',
      decimals: 6,
      available: '0',
      frozen: '0',
      total: '0',
      usdtPrice: '1',
      usdtValue: '0',
      fiatValue: '0',
    },
  ],
};

describe('OWNCOIN cache patch', () => {
  it('sets available, frozen and total of the pushed coin in the matching account type', () => {
    const next = applyOwncoin(account, {
      asset: 'USDT',
      accountTypeCode: '1',
      available: '90.5',
      frozen: '10.25',
    });
    expect(next.list[0]).toMatchObject({ available: '90.5', frozen: '10.25', total: '100.75' });
    expect(account.list[0]?.available).toBe('0');
  });

  it('leaves other account types and unknown coins alone', () => {
    expect(applyOwncoin(account, { asset: 'USDT', accountTypeCode: '2', available: '1', frozen: '0' })).toBe(
      account,
    );
    expect(applyOwncoin(account, { asset: 'BTC', accountTypeCode: '1', available: '1', frozen: '0' })).toBe(
      account,
    );
  });

  it('reads only well-formed payloads', () => {
    expect(
      readOwncoinEvent({ asset: 'USDT', accountTypeCode: '1', available: '1', frozen: '0', seq: 3 }),
    ).toEqual({
      asset: 'USDT',
      accountTypeCode: '1',
      available: '1',
      frozen: '0',
    });
    expect(readOwncoinEvent({ asset: 'USDT', available: 1 })).toBeNull();
    expect(readOwncoinEvent(null)).toBeNull();
  });
});
