import { describe, expect, it } from 'vitest';
import {
  allOf,
  checkAmount,
  hasErrors,
  maxWithdrawAmount,
  sumAmounts,
  swapEstimate,
  swapStartPair,
  validateRecharge,
  validateSwap,
  validateTransfer,
  validateWithdraw,
  withdrawPreview,
} from './wallet-forms';

const USDT = { coin: 'USDT', decimals: 6, withdrawFee: '1', minWithdraw: '10' };
const BTC = { coin: 'BTC', decimals: 8, withdrawFee: '0.0005', minWithdraw: '0.001' };

describe('amount input', () => {
  it('reports errors as translation keys', () => {
    expect(checkAmount('', { decimals: 2 })).toEqual({ ok: false, error: { key: 'form.required' } });
    expect(checkAmount('1e5', { decimals: 2 })).toEqual({ ok: false, error: { key: 'form.numeric' } });
    expect(checkAmount('12.', { decimals: 2 })).toEqual({ ok: false, error: { key: 'form.numeric' } });
    expect(checkAmount('1.234', { decimals: 2 })).toEqual({
      ok: false,
      error: { key: 'form.tooManyDecimals', values: { decimals: '2' } },
    });
    expect(checkAmount('0.00', { decimals: 2 })).toEqual({ ok: false, error: { key: 'form.positive' } });
    const ok = checkAmount('1.230', { decimals: 2 });
    expect(ok.ok && ok.value).toBe(1_230_000_000_000_000_000n);
  });
});

describe('withdrawal preview', () => {
  it('shows fee, received amount and total debit exactly', () => {
    expect(withdrawPreview('25.5', USDT)).toEqual({
      fee: '1.000000',
      receive: '25.500000',
      total: '26.500000',
    });
    // 0.1 + 0.2 style sums stay exact.
    expect(withdrawPreview('0.1', { ...USDT, withdrawFee: '0.2' })?.total).toBe('0.300000');
    expect(withdrawPreview('0.00000001', BTC)).toEqual({
      fee: '0.00050000',
      receive: '0.00000001',
      total: '0.00050001',
    });
  });

  it('is null until the amount is a valid positive number', () => {
    expect(withdrawPreview('', USDT)).toBeNull();
    expect(withdrawPreview('abc', USDT)).toBeNull();
    expect(withdrawPreview('0', USDT)).toBeNull();
    expect(withdrawPreview('1.1234567', USDT)).toBeNull();
  });

  it('"all" leaves room for the fee and truncates to the decimals', () => {
    expect(maxWithdrawAmount('100', USDT)).toBe('99');
    expect(maxWithdrawAmount('1.123456789', { ...USDT, withdrawFee: '0.1' })).toBe('1.023456');
    expect(maxWithdrawAmount('0.5', USDT)).toBe('0');
    expect(maxWithdrawAmount('0.0015', BTC)).toBe('0.001');
  });

  it('validates every field and the balance including the fee', () => {
    const valid = { coin: 'USDT', address: 'TAddr1', amount: '99', password: 'secret1' };
    expect(validateWithdraw(valid, USDT, '100')).toEqual({});
    expect(validateWithdraw({ ...valid, amount: '99.000001' }, USDT, '100').amount?.key).toBe(
      'form.insufficient',
    );
    expect(validateWithdraw({ ...valid, amount: '9.99' }, USDT, '100').amount).toEqual({
      key: 'form.belowMin',
      values: { min: '10', coin: 'USDT' },
    });
    const empty = validateWithdraw({ coin: '', address: ' ', amount: '', password: '' }, undefined, '0');
    expect(Object.keys(empty).sort()).toEqual(['address', 'amount', 'coin', 'password']);
    expect(empty.password?.key).toBe('withdraw.passwordRequired');
    expect(validateWithdraw({ ...valid, address: 'a b' }, USDT, '100').address?.key).toBe('form.address');
  });

  it('checks the form before the review without the fund password, which the security step asks for', () => {
    const { password: _asked, ...form } = { coin: 'USDT', address: 'T1', amount: '20', password: '' };
    expect(validateWithdraw(form, USDT, '100')).toEqual({});
    expect(validateWithdraw({ ...form, password: '' }, USDT, '100').password?.key).toBe(
      'withdraw.passwordRequired',
    );
  });
});

describe('swap start', () => {
  it('starts from the held coin worth most, towards USDT', () => {
    expect(
      swapStartPair([
        { coin: 'USDT', available: '500', usdtValue: '500' },
        { coin: 'BTC', available: '0.01', usdtValue: '700' },
        { coin: 'ETH', available: '0', usdtValue: '9000' },
      ]),
    ).toEqual({ from: 'BTC', to: 'USDT' });
  });

  it('starts from USDT towards BTC when USDT is all there is, or nothing', () => {
    expect(swapStartPair([{ coin: 'USDT', available: '5', usdtValue: '5' }])).toEqual({
      from: 'USDT',
      to: 'BTC',
    });
    expect(swapStartPair([])).toEqual({ from: 'USDT', to: 'BTC' });
    expect(swapStartPair([{ coin: 'BTC', available: '0', usdtValue: '0' }])).toEqual({
      from: 'USDT',
      to: 'BTC',
    });
  });
});

describe('swap estimate', () => {
  const quote = { price: '65000.123456789', feeRate: '0.002' };

  it('receive rounds down, fee rounds up, credited is the difference', () => {
    const e = swapEstimate('0.5', 8, quote, 6);
    // 0.5 x 65000.123456789 = 32500.0617283945 -> 32500.061728
    expect(e?.receive).toBe('32500.061728');
    // x 0.002 = 65.000123456 -> up to 65.000124
    expect(e?.fee).toBe('65.000124');
    expect(e?.credited).toBe('32435.061604');
  });

  it('is null without a quote or a valid amount', () => {
    expect(swapEstimate('1', 8, undefined, 6)).toBeNull();
    expect(swapEstimate('x', 8, quote, 6)).toBeNull();
    expect(swapEstimate('0.000000001', 8, quote, 6)).toBeNull();
  });

  it('checks the pair and the balance', () => {
    expect(validateSwap({ from: 'BTC', to: 'BTC', amount: '1' }, 8, '2').to?.key).toBe('swap.sameAsset');
    expect(validateSwap({ from: 'BTC', to: 'USDT', amount: '2.00000001' }, 8, '2').amount?.key).toBe(
      'form.insufficient',
    );
    expect(validateSwap({ from: 'BTC', to: 'USDT', amount: '2' }, 8, '2')).toEqual({});
  });
});

describe('transfer and recharge', () => {
  it('transfer needs two different accounts and enough balance', () => {
    expect(validateTransfer({ from: '1', to: '1', coin: 'USDT', amount: '1' }, 6, '5').to?.key).toBe(
      'transfer.sameAccount',
    );
    expect(
      validateTransfer({ from: '1', to: '2', coin: 'USDT', amount: '5.000001' }, 6, '5').amount?.key,
    ).toBe('form.insufficient');
    expect(hasErrors(validateTransfer({ from: '1', to: '2', coin: 'USDT', amount: '5' }, 6, '5'))).toBe(
      false,
    );
    expect(allOf('5.1234567', 6)).toBe('5.123456');
  });

  it('recharge amount must be numeric and the screenshot is required', () => {
    const errors = validateRecharge({ coin: 'USDT', amount: 'abc', screenshot: '' }, 6);
    expect(errors.amount?.key).toBe('recharge.numeric');
    expect(errors.screenshot?.key).toBe('recharge.screenshotRequired');
    expect(validateRecharge({ coin: 'USDT', amount: '100', screenshot: '/api/uploads/x.png' }, 6)).toEqual(
      {},
    );
  });
});

describe('totals', () => {
  it('sums exactly', () => {
    expect(sumAmounts(['0.1', '0.2', '-0.05'])).toBe('0.25');
  });
});
