// Contract stop (trigger) orders over HTTP (docs/contracts.md): submitted through
// `/api/contract/order/submit` and the coin-exchange `entrust/contract/open|close/{a}` with
// `triggerPrice`, listed among the open orders with type "trigger" and no hold, cancelled by the owner
// only (another user gets 404), fired by the mark tick that crosses it; a trigger the mark has already
// reached, or a close stop without a position, is refused with a localized error and changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, call, expectError, registerAndLogin } from './helpers';
import { API, createWalletApp, credit } from './wallet-kit';

interface Order {
  orderId: string;
  type: string;
  orderType: string;
  status: number;
  price: string;
  triggerPrice: string | null;
  triggerType: string | null;
  quantity: string;
  filledQty: string;
}

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let a: { token: string; id: string };
let b: { token: string; id: string };
let index = 0;

const ts = () => ctx.clock.now().getTime();
async function toContract(userId: string, amount: string) {
  await credit(ctx.app, userId, 'USDT', amount);
  const r = await ctx.app.core.submit({
    id: `test-transfer:${randomUUID()}`,
    actor: userId,
    ts: ts(),
    type: 'transfer',
    payload: { userId, asset: 'USDT', amount, from: 'spot', to: 'contract' },
  });
  expect(r.ok).toBe(true);
}
async function tick(price: string, symbol = 'btcusdt') {
  ctx.clock.advance(1000);
  const time = ts();
  const r = await ctx.app.core.submit({
    id: `test-tick:${symbol}:${time}`,
    actor: 'system:contracts',
    ts: time,
    type: 'contract.tick',
    payload: { symbol, tick: { id: `${symbol.toUpperCase()}:${time}`, time, price, sources: ['test'] } },
  });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.ok ? r : undefined;
}
const submit = (token: string, body: Record<string, unknown>, lang = 'en') =>
  call<Order>(ctx.app, {
    method: 'POST',
    url: '/api/contract/order/submit',
    headers: { ...auth(token), 'accept-language': lang },
    payload: body,
  });
const openOrders = async (token: string) =>
  (
    await call<{ records: Order[] }>(ctx.app, {
      method: 'GET',
      url: '/api/contract/order/list',
      headers: auth(token),
    })
  ).body.data.records;
/** Ended orders from SQL (the projection caught up first). */
const ended = async (token: string) => {
  await ctx.app.wallet.projection.idle();
  const r = await call<{ records: Order[] }>(ctx.app, {
    method: 'GET',
    url: '/api/contract/order/list?status=1',
    headers: auth(token),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.records;
};
const balance = () => ctx.app.core.balance(a.id, 'USDT', 'contract');

beforeAll(async () => {
  ctx = await createWalletApp();
  await ctx.app.market.step();
  await ctx.app.contracts.pass();
  const ua = await registerAndLogin(ctx.app);
  const ub = await registerAndLogin(ctx.app);
  a = { token: ua.token, id: ua.user.id };
  b = { token: ub.token, id: ub.user.id };
  await toContract(a.id, '10000');
  await toContract(b.id, '10000');
  const mark = ctx.app.core.contracts().market('btcusdt')?.mark;
  expect(mark).toBeTruthy();
  index = Math.round(Number(mark));
});
afterAll(async () => ctx.close());

describe('contract stop orders over HTTP', () => {
  it('submits, lists as trigger, refuses another user, cancels for the owner', async () => {
    const before = balance();
    const trig = String(index + 500);
    const placed = await submit(a.token, {
      symbol: 'btcusdt',
      direction: 1,
      type: 'limit',
      price: String(index + 510),
      triggerPrice: trig,
      quantity: '0.01',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data).toMatchObject({
      type: 'trigger',
      triggerPrice: trig,
      triggerType: 'limit',
      status: 0,
    });
    expect(balance()).toEqual(before); // nothing frozen while it waits
    const listed = await openOrders(a.token);
    expect(listed.filter((o) => o.type === 'trigger')).toMatchObject([
      { orderId: placed.body.data.orderId, triggerPrice: trig, quantity: '0.01' },
    ]);
    expect(await openOrders(b.token)).toEqual([]);
    const url = `/api/contract/order/canCelOrder?id=${placed.body.data.orderId}`;
    expectError(
      await call(ctx.app, { method: 'POST', url, headers: auth(b.token) }),
      404,
      'CONTRACT_ORDER_NOT_FOUND',
    );
    const cancelled = await call<Order>(ctx.app, { method: 'POST', url, headers: auth(a.token) });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.status).toBe(2);
    expect((await openOrders(a.token)).filter((o) => o.type === 'trigger')).toEqual([]);
    // The cancelled stop stays in the order history (SQL) as the trigger it was, limit and trigger shown.
    expect(await ended(a.token)).toMatchObject([
      {
        orderId: placed.body.data.orderId,
        type: 'trigger',
        orderType: 'trigger',
        price: String(index + 510),
        triggerPrice: trig,
        triggerType: 'limit',
        quantity: '0.01',
        filledQty: '0',
        status: 2,
      },
    ]);
    expectError(
      await call(ctx.app, { method: 'POST', url, headers: auth(a.token) }),
      404,
      'CONTRACT_ORDER_NOT_FOUND',
    );
  });

  it('refuses a trigger already reached or a close stop without position, localized, nothing changed', async () => {
    const before = balance();
    const orders = await openOrders(a.token);
    for (const lang of ['en', 'de', 'zh'] as const) {
      expectError(
        await submit(
          a.token,
          {
            symbol: 'btcusdt',
            direction: 1,
            type: 'market',
            triggerPrice: String(index - 500),
            quantity: '0.01',
          },
          lang,
        ),
        422,
        'CONTRACT_TRIGGER_WRONG_SIDE',
        lang,
      );
    }
    const sell = await call(ctx.app, {
      method: 'POST',
      url: `${API}/entrust/contract/open/BTC_USDT`,
      headers: auth(a.token),
      payload: { direction: 2, type: 'market', triggerPrice: String(index + 500), quantity: '0.01' },
    });
    expectError(sell, 422, 'CONTRACT_TRIGGER_WRONG_SIDE');
    const close = await call(ctx.app, {
      method: 'POST',
      url: `${API}/entrust/contract/close/BTC_USDT`,
      headers: auth(a.token),
      payload: { direction: 3, type: 'market', triggerPrice: String(index - 500), quantity: '0.01' },
    });
    expectError(close, 422, 'CONTRACT_REDUCE_ONLY');
    expect(balance()).toEqual(before);
    expect(await openOrders(a.token)).toEqual(orders);
  });

  it('fires on the crossing tick through the coin-exchange open call', async () => {
    // b rests a sell above the trigger, a's buy stop market opens against it when the mark rises
    await submit(b.token, {
      symbol: 'btcusdt',
      direction: 2,
      type: 'limit',
      price: String(index + 700),
      quantity: '0.02',
    });
    const placed = await call<Order>(ctx.app, {
      method: 'POST',
      url: `${API}/entrust/contract/open/BTC_USDT`,
      headers: auth(a.token),
      payload: { direction: 1, type: 'market', triggerPrice: String(index + 600), quantity: '0.02' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.data.orderId;
    const r = await tick(String(index + 650));
    expect(r?.reply?.triggered).toBe(1);
    expect((await openOrders(a.token)).find((o) => o.orderId === id)).toBeUndefined();
    const pos = ctx.app.core.contracts().positionsOf(a.id, 'btcusdt');
    expect(pos).toMatchObject([{ side: 'long', qty: '0.02', avgPrice: String(index + 700) }]);
    // In the history: the market order it placed, filled, with the trigger it had.
    expect((await ended(a.token)).find((o) => o.orderId === id)).toMatchObject({
      type: 'market',
      orderType: 'market',
      triggerPrice: String(index + 600),
      triggerType: 'market',
      filledQty: '0.02',
      status: 1,
    });
  });
});
