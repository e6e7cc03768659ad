// Swap at the index price, transfers between account types, bills from the projection, the public
// security fund, the order centre and asset details.
import { formatAmount, mul, parseAmount, roundTo, splitByRatio, sub } from '@coin/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, b64, call, expectError, expectRejected } from './helpers';
import {
  API,
  createWalletApp,
  credit,
  FUND_PASSWORD,
  spot,
  TRX_ADDRESS,
  walletUser,
  withdraw,
  withdrawalKey,
} from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;

beforeAll(async () => {
  ctx = await createWalletApp();
  if (ctx.app.market.usdtPrice('BTC') === undefined) {
    ctx.clock.advance(1000);
    await ctx.app.market.step();
  }
});
afterAll(async () => {
  await ctx.close();
});

interface Quote {
  from: string;
  to: string;
  price: string;
  feeRate: string;
  priceTime: string;
  source: string;
}

describe('swap', () => {
  it('quotes from the index and swaps with exact numbers (fee in the received asset, 90/10)', async () => {
    const btcUsdt = ctx.app.market.usdtPrice('BTC');
    expect(btcUsdt).toBeDefined();
    const q = await call<Quote>(ctx.app, {
      method: 'GET',
      url: '/api/texchange/getCurrencyPrice?from=BTC&to=USDT',
    });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.data).toMatchObject({ from: 'BTC', to: 'USDT', feeRate: '0.001' });
    expect(q.body.data.price).toBe(formatAmount(parseAmount(btcUsdt ?? '0')));

    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'BTC', '0.5');
    const fundBefore = parseAmount(ctx.app.core.systemBalance('security_fund', 'USDT'));
    const res = await call<{ receive: string; fee: string; credited: string; price: string }>(ctx.app, {
      method: 'POST',
      url: '/api/texchange/currencyExchange',
      headers: auth(u.token),
      payload: { from: 'BTC', to: 'USDT', amount: '0.2' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // USDT has 6 decimals: receive rounds down and the fee up to 6 places.
    const receive = roundTo(mul(parseAmount('0.2'), parseAmount(q.body.data.price), 'down'), 6, 'down');
    const fee = roundTo(mul(receive, parseAmount('0.001'), 'up'), 6, 'up');
    const net = sub(receive, fee);
    expect(res.body.data).toMatchObject({
      price: q.body.data.price,
      receive: formatAmount(receive),
      fee: formatAmount(fee),
      credited: formatAmount(net),
    });
    expect(spot(ctx.app, u.userId, 'BTC')).toEqual({ available: '0.3', frozen: '0' });
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: formatAmount(net), frozen: '0' });
    const [, fund] = splitByRatio(fee, [9n, 1n], 6);
    expect(
      formatAmount(sub(parseAmount(ctx.app.core.systemBalance('security_fund', 'USDT')), fundBefore)),
    ).toBe(formatAmount(fund ?? parseAmount('0')));

    // The public security fund shows it; fee revenue is not exposed.
    const sf = await call<{
      assets: Array<{ coin: string; balance: string }>;
      totalUsdt: string;
      feeShare: string;
    }>(ctx.app, {
      method: 'GET',
      url: '/api/common/securityFund',
    });
    expect(sf.status).toBe(200);
    expect(sf.body.data.feeShare).toBe('0.1');
    expect(sf.body.data.assets.find((a) => a.coin === 'USDT')?.balance).toBe(
      ctx.app.core.systemBalance('security_fund', 'USDT'),
    );
    expect(JSON.stringify(sf.body.data)).not.toContain('revenue');
  });

  it('keeps a swapped balance within the asset decimals, so all of it can be withdrawn', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'BTC', '0.12345678');
    const res = await call<{ credited: string; fee: string }>(ctx.app, {
      method: 'POST',
      url: '/api/texchange/currencyExchange',
      headers: auth(u.token),
      payload: { from: 'BTC', to: 'USDT', amount: '0.12345678' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const available = spot(ctx.app, u.userId, 'USDT').available;
    expect(available).toBe(res.body.data.credited);
    expect(available.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(6);
    expect((res.body.data.fee.split('.')[1]?.length ?? 0) <= 6).toBe(true);
    for (const name of ['fee_revenue', 'security_fund', 'swap_desk'] as const) {
      const v = ctx.app.core.systemBalance(name, 'USDT');
      expect(v.split('.')[1]?.length ?? 0, `${name} ${v}`).toBeLessThanOrEqual(6);
    }
    // Withdraw everything: amount = available - the 1 USDT fee.
    const publicKey = await withdrawalKey(ctx.app, u.token);
    const wd = await withdraw(ctx.app, u.token, publicKey, {
      coin: 'USDT',
      address: TRX_ADDRESS,
      amount: formatAmount(sub(parseAmount(available), parseAmount('1'))),
      tradePwd: b64(FUND_PASSWORD),
    });
    expect(wd.status, JSON.stringify(wd.body)).toBe(200);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '0', frozen: available });
  });

  it('refuses what it cannot do, changing nothing', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'BTC', '0.1');
    const swap = (payload: Record<string, unknown>) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/texchange/currencyExchange',
        headers: auth(u.token),
        payload,
      });
    expectError(await swap({ from: 'BTC', to: 'USDT', amount: '0.2' }), 422, 'WALLET_INSUFFICIENT_BALANCE');
    expectError(await swap({ from: 'BTC', to: 'BTC', amount: '0.01' }), 400, 'SWAP_SAME_ASSET');
    expectError(await swap({ from: 'BTC', to: 'NOPE', amount: '0.01' }), 404, 'WALLET_ASSET_UNKNOWN');
    const req = { method: 'POST' as const, url: '/api/texchange/currencyExchange', headers: auth(u.token) };
    await expectRejected(
      ctx,
      { ...req, payload: { from: 'BTC', to: 'USDT', amount: '0.000000001' } },
      'amount',
      'validation.tooManyDecimals',
    );
    await expectRejected(
      ctx,
      { ...req, payload: { from: 'BTC', to: 'USDT', amount: '-1' } },
      'amount',
      'validation.numeric',
    );
    expect(spot(ctx.app, u.userId, 'BTC')).toEqual({ available: '0.1', frozen: '0' });
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '0', frozen: '0' });
  });

  it('reports SWAP_PRICE_UNAVAILABLE when an index price is missing', async () => {
    const original = ctx.app.market.usdtPrice.bind(ctx.app.market);
    const originalLatest = ctx.app.market.latest.bind(ctx.app.market);
    ctx.app.market.usdtPrice = (asset: string) => (asset === 'DOT' ? undefined : original(asset));
    ctx.app.market.latest = (symbol: string) => (symbol === 'DOTUSDT' ? undefined : originalLatest(symbol));
    try {
      const q = await call(ctx.app, {
        method: 'GET',
        url: '/api/texchange/getCurrencyPrice?from=DOT&to=USDT',
      });
      expectError(q, 503, 'SWAP_PRICE_UNAVAILABLE');
    } finally {
      ctx.app.market.usdtPrice = original;
      ctx.app.market.latest = originalLatest;
    }
  });
});

describe('transfer', () => {
  it('moves between own account types (both paths) and refuses bad ones', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    const res = await call<{ balances: { from: { available: string }; to: { available: string } } }>(
      ctx.app,
      {
        method: 'POST',
        url: '/api/asset/transferFunds',
        headers: auth(u.token),
        payload: { coin: 'USDT', amount: '30.25', from: '1', to: 'finance' },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.balances).toEqual({
      from: { available: '69.75', frozen: '0' },
      to: { available: '30.25', frozen: '0' },
    });
    const back = await call(ctx.app, {
      method: 'GET',
      url: `${API}/wallet/trans?coin=USDT&amount=0.25&from=3&to=2`,
      headers: auth(u.token),
    });
    expect(back.status).toBe(200);
    expect(ctx.app.core.balance(u.userId, 'USDT', 'contract').available).toBe('0.25');
    const post = (payload: Record<string, unknown>) =>
      call(ctx.app, { method: 'POST', url: '/api/asset/transferFunds', headers: auth(u.token), payload });
    expectError(await post({ coin: 'USDT', amount: '1', from: '1', to: '1' }), 400, 'TRANSFER_SAME_ACCOUNT');
    expectError(
      await post({ coin: 'USDT', amount: '1', from: '1', to: '8' }),
      400,
      'WALLET_ACCOUNT_TYPE_INVALID',
    );
    expectError(
      await post({ coin: 'USDT', amount: '1', from: '0', to: '2' }),
      400,
      'WALLET_ACCOUNT_TYPE_INVALID',
    );
    expectError(
      await post({ coin: 'USDT', amount: '1000', from: '1', to: '2' }),
      422,
      'WALLET_INSUFFICIENT_BALANCE',
    );
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '69.75', frozen: '0' });
  });
});

describe('bills (projection)', () => {
  it('writes one bill per user posting with the balance after, filterable and private', async () => {
    const u = await walletUser(ctx.app);
    const other = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    await call(ctx.app, {
      method: 'POST',
      url: '/api/asset/transferFunds',
      headers: auth(u.token),
      payload: { coin: 'USDT', amount: '40', from: '1', to: '2' },
    });
    await ctx.app.wallet.projection.idle();
    const bills = await call<{
      records: Array<{
        coin: string;
        accountType: string;
        delta: string;
        available: { delta: string; balance: string } | null;
        frozen: { delta: string; balance: string } | null;
        billType: string;
      }>;
      total: number;
    }>(ctx.app, { method: 'POST', url: `${API}/assets/getMyBill`, headers: auth(u.token), payload: {} });
    expect(bills.status).toBe(200);
    expect(bills.body.data.total).toBe(3);
    expect(
      bills.body.data.records.map((b) => [b.billType, b.accountType, b.delta, b.available, b.frozen]),
    ).toEqual([
      ['transfer', '2', '40', { delta: '40', balance: '40' }, null],
      ['transfer', '1', '-40', { delta: '-40', balance: '60' }, null],
      ['deposit.credit', '1', '100', { delta: '100', balance: '100' }, null],
    ]);
    const filtered = await call<{ total: number }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getMyBill`,
      headers: auth(u.token),
      payload: { type: 'deposit.credit', coin: 'USDT', accountType: '1' },
    });
    expect(filtered.body.data.total).toBe(1);
    const none = await call<{ total: number }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getMyBill`,
      headers: auth(other.token),
      payload: {},
    });
    expect(none.body.data.total).toBe(0);
    const orders = await call<{ records: Array<{ kind: string; legs: unknown[] }>; total: number }>(ctx.app, {
      method: 'POST',
      url: '/api/order/list?kind=transfer',
      headers: auth(u.token),
    });
    expect(orders.body.data.total).toBe(1);
    expect(orders.body.data.records[0]?.legs.length).toBe(2);
    const detail = await call<{ accounts: Array<{ type: string; available: string }>; recent: unknown[] }>(
      ctx.app,
      {
        method: 'GET',
        url: `${API}/assets/getAssetDetail?coin=USDT`,
        headers: auth(u.token),
      },
    );
    expect(detail.body.data.accounts.slice(0, 2)).toEqual([
      { type: '1', available: '60', frozen: '0' },
      { type: '2', available: '40', frozen: '0' },
    ]);
    expect(detail.body.data.recent.length).toBe(3);
  });
});
