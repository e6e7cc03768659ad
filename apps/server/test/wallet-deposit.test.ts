// Balances, deposit addresses, the simulated chain and demo funding (docs/wallet-api.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAddress } from '@/modules/wallet/chain/address-format';
import { auth, call, createTestApp, expectError, expectRejected } from './helpers';
import { API, createWalletApp, credit, spot, walletUser } from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;

beforeAll(async () => {
  ctx = await createWalletApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('asset list', () => {
  it('lists the 13 seeded assets with fees, decimals and networks', async () => {
    const res = await call<Array<Record<string, unknown>>>(ctx.app, {
      method: 'GET',
      url: `${API}/assets/getRechargeCurrency`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((a) => a.coin)).toEqual([
      'USDT',
      'BTC',
      'ETH',
      'BNB',
      'SOL',
      'XRP',
      'DOGE',
      'ADA',
      'TRX',
      'LTC',
      'DOT',
      'LINK',
      'AVAX',
    ]);
    const btc = res.body.data[1];
    expect(btc).toMatchObject({
      coin: 'BTC',
      decimals: 8,
      withdrawFee: '0.0005',
      minWithdraw: '0.001',
      confirmations: 2,
    });
    const fee = await call(ctx.app, { method: 'GET', url: `${API}/assets/withdrawFee?coin=usdt` });
    expect(fee.body.data).toMatchObject({ coin: 'USDT', withdrawFee: '1', minWithdraw: '10', decimals: 6 });
    const unknown = await call(ctx.app, { method: 'GET', url: `${API}/assets/withdrawFee?coin=NOPE` });
    expectError(unknown, 404, 'WALLET_ASSET_UNKNOWN');
  });
});

describe('deposit address and demo deposit on the simulated chain', () => {
  it('gives a deterministic, well-formed, labelled address per user and asset', async () => {
    const a = await walletUser(ctx.app);
    const b = await walletUser(ctx.app);
    const get = (token: string, coin: string) =>
      call<{ address: string; simulated: boolean; network: string; confirmations: number }>(ctx.app, {
        method: 'GET',
        url: `${API}/assets/getDepositAddress/${coin}`,
        headers: auth(token),
      });
    const a1 = await get(a.token, 'BTC');
    const a2 = await get(a.token, 'btc');
    const b1 = await get(b.token, 'BTC');
    const aEth = await get(a.token, 'ETH');
    expect(a1.body.data).toMatchObject({ simulated: true, network: 'BTC', confirmations: 2 });
    expect(a1.body.data.address).toBe(a2.body.data.address);
    expect(a1.body.data.address).not.toBe(b1.body.data.address);
    expect(isValidAddress('btc', a1.body.data.address)).toBe(true);
    expect(isValidAddress('evm', aEth.body.data.address)).toBe(true);
    const noAuth = await call(ctx.app, { method: 'GET', url: `${API}/assets/getDepositAddress/BTC` });
    expect(noAuth.status).toBe(401);
  });

  it('credits a demo deposit once, after the asset confirmations', async () => {
    const u = await walletUser(ctx.app);
    const sent = await call<{
      id: string;
      txid: string;
      vout: number;
      requiredConfirmations: number;
      status: number;
    }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/demoDeposit`,
      headers: auth(u.token),
      payload: { coin: 'USDT', amount: '250.5' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 0, requiredConfirmations: 6, vout: 0 });
    const chain = ctx.app.wallet.simulatedChain;
    if (!chain) throw new Error('simulated chain expected');
    await chain.mine(5);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '0', frozen: '0' });
    const log1 = await call<{ records: Array<{ status: number; confirmations: number; source: string }> }>(
      ctx.app,
      {
        method: 'POST',
        url: `${API}/assets/getRechargeLog`,
        headers: auth(u.token),
        payload: { type: '1' },
      },
    );
    expect(log1.body.data.records[0]).toMatchObject({ status: 0, confirmations: 5, source: 'chain' });
    await chain.mine(1);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '250.5', frozen: '0' });
    await chain.mine(3);
    // The same output observed again (a re-org rescan, a restart) is not credited twice.
    const addr = await call<{ address: string }>(ctx.app, {
      method: 'GET',
      url: `${API}/assets/getDepositAddress/USDT`,
      headers: auth(u.token),
    });
    const output = {
      txid: sent.body.data.txid,
      vout: 0,
      address: addr.body.data.address,
      asset: 'USDT',
      network: 'TRC20',
      amount: '250.5',
      confirmations: 9,
    };
    await ctx.app.wallet.deposits.observe([output]);
    await Promise.all([ctx.app.wallet.deposits.observe([output]), ctx.app.wallet.deposits.observe([output])]);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '250.5', frozen: '0' });
    const log = await call<{
      records: Array<{ status: number; amount: string; txid: string }>;
      total: number;
    }>(ctx.app, { method: 'POST', url: `${API}/assets/getRechargeLog`, headers: auth(u.token), payload: {} });
    expect(log.body.data.total).toBe(1);
    // The record names where the deposit arrived (network, address, transaction), for the history page.
    expect(log.body.data.records[0]).toMatchObject({
      status: 1,
      amount: '250.5',
      txid: sent.body.data.txid,
      network: 'TRC20',
      address: addr.body.data.address,
    });
    expect(ctx.app.core.systemBalance('deposit_clearing', 'USDT')).toMatch(/^-/);
  });

  it('bounds demo deposits and validates their input without changing anything', async () => {
    const u = await walletUser(ctx.app);
    const post = (payload: Record<string, unknown>) =>
      call(ctx.app, { method: 'POST', url: `${API}/assets/demoDeposit`, headers: auth(u.token), payload });
    expectError(await post({ coin: 'USDT', amount: '10000.000001' }), 422, 'WALLET_AMOUNT_TOO_LARGE');
    expectError(await post({ coin: 'FOO', amount: '1' }), 404, 'WALLET_ASSET_UNKNOWN');
    const req = { method: 'POST' as const, url: `${API}/assets/demoDeposit`, headers: auth(u.token) };
    await expectRejected(
      ctx,
      { ...req, payload: { coin: 'USDT', amount: 'abc' } },
      'amount',
      'validation.numeric',
    );
    await expectRejected(
      ctx,
      { ...req, payload: { coin: 'USDT', amount: '1.1234567' } },
      'amount',
      'validation.tooManyDecimals',
    );
    await expectRejected(
      ctx,
      { ...req, payload: { coin: 'USDT', amount: '0' } },
      'amount',
      'validation.positive',
    );
    await expectRejected(ctx, { ...req, payload: { coin: 'USDT' } }, 'amount', 'validation.required');
    await expectRejected(
      ctx,
      { ...req, payload: { coin: 'USDT', amount: '1', extra: 1 } },
      'extra',
      'validation.unknownField',
    );
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '0', frozen: '0' });
  });
});

describe('balances', () => {
  it('reports per-type and total values in USDT and fiat', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '1000');
    const moved = await call(ctx.app, {
      method: 'POST',
      url: '/api/asset/transferFunds',
      headers: auth(u.token),
      payload: { coin: 'USDT', amount: '400', from: '1', to: '2' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const rates = await call<Array<{ exchange_code: string; rate: string }>>(ctx.app, {
      method: 'GET',
      url: `${API}/assets/getCoinRate`,
    });
    const cny = rates.body.data.find((r) => r.exchange_code === 'CNY');
    if (!cny) throw new Error('CNY rate expected');
    const wa = await call<{
      currency: string;
      totalUsdt: string;
      totalFiat: string;
      accounts: Array<{ type: string; totalUsdt: string; totalFiat: string }>;
    }>(ctx.app, {
      method: 'GET',
      url: `${API}/assets/getWalletAccount?currency=CNY`,
      headers: auth(u.token),
    });
    expect(wa.status).toBe(200);
    expect(wa.body.data.currency).toBe('CNY');
    expect(wa.body.data.totalUsdt).toBe('1000');
    expect(wa.body.data.accounts.map((a) => [a.type, a.totalUsdt])).toEqual([
      ['0', '1000'],
      ['1', '600'],
      ['2', '400'],
      ['3', '0'],
    ]);
    const { mul, parseAmount, formatAmount } = await import('@coin/shared/money');
    expect(wa.body.data.totalFiat).toBe(
      formatAmount(mul(parseAmount('1000'), parseAmount(cny.rate), 'down')),
    );

    const mine = await call<{
      list: Array<{ coin: string; available: string; total: string; usdtValue: string }>;
    }>(ctx.app, {
      method: 'GET',
      url: `${API}/assets/getMyBalance?type=0&coin=USDT`,
      headers: auth(u.token),
    });
    expect(mine.body.data.list).toEqual([
      expect.objectContaining({ coin: 'USDT', available: '1000', total: '1000', usdtValue: '1000' }),
    ]);
    const contract = await call<{ list: Array<{ coin: string; available: string }> }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getCurrencyAccount`,
      headers: auth(u.token),
      payload: { type: '2', hideZero: true },
    });
    expect(contract.body.data.list).toEqual([expect.objectContaining({ coin: 'USDT', available: '400' })]);
    const coins = await call<Array<{ coin: string; available: string }>>(ctx.app, {
      method: 'POST',
      url: '/api/userCoin/getUserCoin',
      headers: auth(u.token),
      payload: { coin: 'USDT' },
    });
    expect(coins.body.data).toEqual([expect.objectContaining({ coin: 'USDT', available: '600' })]);
    // '8' is only for merchants.
    const merchant = await call(ctx.app, {
      method: 'GET',
      url: `${API}/assets/getMyBalance?type=8`,
      headers: auth(u.token),
    });
    expectError(merchant, 400, 'WALLET_ACCOUNT_TYPE_INVALID');
  });
});

describe('without the simulated chain', () => {
  it('has no demo deposit route', async () => {
    const other = await createTestApp({
      CHAIN_ADAPTER: 'none',
      MARKET_TICK_MS: '0',
      MARKET_BACKFILL_HOURS: '0',
    });
    try {
      const u = await walletUser(other.app);
      const res = await call(other.app, {
        method: 'POST',
        url: `${API}/assets/demoDeposit`,
        headers: auth(u.token),
        payload: { coin: 'USDT', amount: '1' },
      });
      expect(res.status).toBe(404);
      expect(other.app.wallet.simulatedChain).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
