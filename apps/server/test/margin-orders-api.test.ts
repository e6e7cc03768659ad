// Orders from margin accounts with side effects over HTTP (docs/margin.md "Orders from margin accounts"):
// an auto-borrow buy from the isolated BTC_USDT account borrows exactly what it lacks and the debt shows
// in marginProperty; one above the limit is refused with the localized MARGIN_BORROW_LIMIT and changes
// nothing; an auto-repay sell repays the loan from its proceeds; a side effect on a spot order is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, call, registerAndLogin } from './helpers';
import { API, createWalletApp, credit } from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let a: { token: string; id: string };
let b: { token: string; id: string };

const post = <T = Record<string, unknown>>(token: string, url: string, payload: unknown, lang = 'en') =>
  call<T>(ctx.app, {
    method: 'POST',
    url,
    headers: { ...auth(token), 'accept-language': lang },
    payload: payload as Record<string, unknown>,
  });
const iso = (asset: string) => ctx.app.core.balance(a.id, asset, 'isolated:btcusdt');

interface Property {
  totalDebtUsdt: string;
  coins: { coin: string; available: string; borrowed: string; interest: string }[];
}

beforeAll(async () => {
  ctx = await createWalletApp({
    MARKET_MAKER: 'false',
    SPOT_MAKER_FEE_RATE: '0.001',
    SPOT_TAKER_FEE_RATE: '0.001',
  });
  ctx.app.market.usdtPrice = (asset: string) =>
    asset === 'USDT' ? '1' : asset === 'BTC' ? '50000' : undefined;
  const ua = await registerAndLogin(ctx.app);
  const ub = await registerAndLogin(ctx.app);
  a = { token: ua.token, id: ua.user.id };
  b = { token: ub.token, id: ub.user.id };
  for (const u of [a, b]) await credit(ctx.app, u.id, 'USDT', '100000');
  await credit(ctx.app, b.id, 'BTC', '10');
});
afterAll(async () => ctx.close());

describe('margin orders over HTTP', () => {
  it('auto-borrows exactly what the order lacks, refuses above the limit, auto-repays from the proceeds', async () => {
    const moved = await post(a.token, '/api/asset/transferFunds', {
      coin: 'USDT',
      amount: '500',
      from: '1',
      to: '5:btcusdt',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const ask = await post(b.token, `${API}/entrust/exchange/BTC_USDT`, {
      side: 'sell',
      type: 'limit',
      price: '50000',
      quantity: '0.05',
    });
    expect(ask.status, JSON.stringify(ask.body)).toBe(200);

    // 3x (the default): at most 1000 borrowed on 500 of equity; 0.031 BTC needs 1550 - 500 = 1050
    const before = JSON.stringify(ctx.app.core.balancesOf(a.id));
    const over = await post(
      a.token,
      `${API}/entrust/exchange/BTC_USDT`,
      {
        side: 'buy',
        type: 'limit',
        price: '50000',
        quantity: '0.031',
        account: '5',
        sideEffect: 'autoBorrow',
      },
      'de',
    );
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      errorCode: 'MARGIN_BORROW_LIMIT',
      msg: 'Menge: Das ist mehr, als Sie jetzt leihen können',
    });
    expect(JSON.stringify(ctx.app.core.balancesOf(a.id))).toBe(before);
    expect(ctx.app.core.margin().loansOf(a.id)).toEqual([]);

    const spotSide = await post(a.token, '/api/currency/order/submit', {
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.001',
      sideEffect: 'autoBorrow',
    });
    expect(spotSide.status).toBe(422);
    expect(spotSide.body).toMatchObject({ errorCode: 'MARGIN_SIDE_EFFECT_SPOT' });

    // 0.02 BTC at 50000 = 1000 USDT: borrows exactly 500
    const buy = await post<{ status: string }>(a.token, '/api/currency/order/submit', {
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.02',
      account: '5',
      sideEffect: 'autoBorrow',
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    expect(ctx.app.core.margin().loansOf(a.id)).toMatchObject([
      { asset: 'USDT', amount: '500', principal: '500' },
    ]);
    expect(iso('USDT')).toMatchObject({ available: '0', frozen: '0' });
    expect(iso('BTC')).toMatchObject({ available: '0.01998' });
    const property = await call<Property>(ctx.app, {
      method: 'GET',
      url: `${API}/wallet/fixed/marginProperty/BTC_USDT`,
      headers: auth(a.token),
    });
    expect(property.body.data.coins.find((x) => x.coin === 'USDT')).toMatchObject({ borrowed: '500' });
    expect(property.body.data.totalDebtUsdt).toBe('500');

    // the auto-repay sell: 0.0199 x 50000 = 995, fee 0.995: 994.005 received, 500 repaid
    const bid = await post(b.token, `${API}/entrust/exchange/BTC_USDT`, {
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.0199',
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    const sell = await post(a.token, `${API}/entrust/exchange/BTC_USDT`, {
      side: 'sell',
      type: 'market',
      quantity: '0.0199',
      account: '5',
      sideEffect: 'autoRepay',
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    expect(ctx.app.core.margin().loansOf(a.id)).toEqual([]);
    expect(iso('USDT')).toMatchObject({ available: '494.005', frozen: '0' });
    expect(iso('BTC')).toMatchObject({ available: '0.00008', frozen: '0' });
  });
});
