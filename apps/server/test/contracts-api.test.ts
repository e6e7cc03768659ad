// Perpetual contracts over HTTP (docs/contracts.md): open and close through both call families, positions
// with their figures, TP/SL, margin adjust, one-key close, refusals as localized error codes that change
// nothing (leverage above max, reduce-only that would open, TP/SL on the wrong side, margin below initial,
// another user's position), a liquidation on a recorded tick, and a funding settlement whose postings sum
// to zero; the job pass hands stored index ticks to the core.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreEvent } from '@/core/types';
import { auth, bootstrapAdmin, call, expectError, registerAndLogin } from './helpers';
import { API, createWalletApp, credit } from './wallet-kit';

interface Position {
  id?: string;
  positionId: string;
  symbol: string;
  side: string;
  qty: string;
  margin: string;
  entryValue: string;
  avgPrice: string;
  liquidationPrice: string | null;
  markPrice: string | null;
  marginRatio: string;
  unrealizedPnl: string;
  takeProfit: string | null;
  stopLoss: string | null;
}
interface Order {
  orderId: string;
  status: number;
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
/** A tick of the index as the market would record it (the job normally takes the stored ones). */
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
  return r.ok ? r.events : [];
}
const submit = (token: string, body: Record<string, unknown>) =>
  call<Order>(ctx.app, {
    method: 'POST',
    url: '/api/contract/order/submit',
    headers: auth(token),
    payload: body,
  });
const positions = async (token: string) =>
  (
    await call<Position[]>(ctx.app, {
      method: 'GET',
      url: '/api/contract/position/list',
      headers: auth(token),
    })
  ).body.data;

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

describe('contract markets', () => {
  it('lists the U-based and coin-margined markets with mark, funding and tiers', async () => {
    const init = await call<{ markets: { symbol: string; markPrice: string | null }[] }>(ctx.app, {
      method: 'GET',
      url: `${API}/open/contract/markets?type=usdt`,
    });
    expect(init.status).toBe(200);
    expect(init.body.data.markets.map((m) => m.symbol)).toContain('btcusdt');
    const coin = await call<{ symbol: string; settle: string }[]>(ctx.app, {
      method: 'POST',
      url: `${API}/open/get/contractDetail`,
      payload: { type: 'coin' },
    });
    expect(coin.body.data.find((m) => m.symbol === 'btcusd')?.settle).toBe('BTC');
    const rate = await call<{ fundingRate: string }>(ctx.app, {
      method: 'GET',
      url: `${API}/open/getFundingRate?symbolName=BTCUSDT`,
    });
    expect(rate.body.data.fundingRate).toBeDefined();
    const tiers = await call<unknown[]>(ctx.app, {
      method: 'GET',
      url: `${API}/entrust/get/getUbwMaintenanceMargin`,
    });
    expect(tiers.body.data.length).toBeGreaterThan(1);
    const btw = await call(ctx.app, { method: 'GET', url: `${API}/entrust/get/getBbwMaintenanceMargin/btc` });
    expect(btw.status).toBe(200);
    const unknown = await call(ctx.app, { method: 'GET', url: `${API}/open/getFundingRate?symbolName=nope` });
    expectError(unknown, 404, 'CONTRACT_MARKET_UNKNOWN');
  });
});

describe('contract trading over HTTP', () => {
  it('opens a 10x long against a resting short, shows the position, sets TP/SL, adjusts margin, closes', async () => {
    const p = String(index);
    const sell = await call<Order>(ctx.app, {
      method: 'POST',
      url: `${API}/entrust/contract/open/BTC_USDT`,
      headers: auth(b.token),
      payload: { direction: 2, type: 'limit', price: p, quantity: '0.1', leverage: 10 },
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    expect(sell.body.data.status).toBe(0);
    const buy = await submit(a.token, {
      symbol: 'btcusdt',
      direction: 1,
      type: 'market',
      quantity: '0.1',
      leverage: 10,
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    expect(buy.body.data).toMatchObject({ status: 1, filledQty: '0.1' });
    const [pos] = await positions(a.token);
    expect(pos).toMatchObject({ symbol: 'btcusdt', side: 'long', qty: '0.1', avgPrice: p });
    expect(Number(pos?.margin)).toBeCloseTo(index * 0.01, 6);
    expect(Number(pos?.liquidationPrice)).toBeLessThan(index * 0.91);
    expect(Number(pos?.marginRatio)).toBeGreaterThan(0);
    const id = pos?.positionId as string;

    const tpsl = await call<Position>(ctx.app, {
      method: 'POST',
      url: '/api/contract/loss/sett',
      headers: auth(a.token),
      payload: {
        id,
        takeProfit: String(Math.round(index * 1.1)),
        stopLoss: String(Math.round(index * 0.95)),
      },
    });
    expect(tpsl.status, JSON.stringify(tpsl.body)).toBe(200);
    const list = await call<Position[]>(ctx.app, {
      method: 'GET',
      url: '/api/contract/loss/list',
      headers: auth(a.token),
    });
    expect(list.body.data).toHaveLength(1);

    const add = await call<Position>(ctx.app, {
      method: 'POST',
      url: `/api/contract/position/adjustAmount?id=${id}&money=100&flag=1`,
      headers: auth(a.token),
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(Number(add.body.data.margin)).toBeCloseTo(index * 0.01 + 100, 6);

    // Bad input: refused with a localized error, nothing changes.
    const hash = ctx.app.core.stateHash();
    const balance = ctx.app.core.balance(a.id, 'USDT', 'contract');
    expectError(
      await submit(a.token, {
        symbol: 'btcusdt',
        direction: 1,
        type: 'market',
        quantity: '0.1',
        leverage: 150,
      }),
      422,
      'CONTRACT_LEVERAGE_TOO_HIGH',
    );
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `${API}/wallet/contract/updateLeverageRadio`,
        headers: auth(a.token),
        payload: { symbol: 'btcusdt', leverage: 101 },
      }),
      422,
      'CONTRACT_LEVERAGE_TOO_HIGH',
    );
    expectError(
      await submit(a.token, { symbol: 'btcusdt', direction: 3, type: 'market', quantity: '0.2' }),
      422,
      'CONTRACT_REDUCE_ONLY',
    );
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: '/api/contract/loss/sett',
        headers: auth(a.token),
        payload: { id, takeProfit: String(Math.round(index * 0.9)) },
      }),
      422,
      'CONTRACT_TPSL_WRONG_SIDE',
    );
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `${API}/wallet/contract/updateBond`,
        headers: auth(a.token),
        payload: { id, money: '150', flag: 2 },
      }),
      422,
      'CONTRACT_MARGIN_BELOW_INITIAL',
    );
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `/api/contract/position/stopOrder?id=${id}`,
        headers: auth(b.token),
      }),
      404,
      'CONTRACT_POSITION_NOT_FOUND',
    );
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `/api/contract/position/adjustAmount?id=${id}&money=1&flag=1`,
        headers: auth(b.token),
      }),
      404,
      'CONTRACT_POSITION_NOT_FOUND',
    );
    const positionsOfA = await positions(a.token);
    expect(positionsOfA[0]?.margin).toBe(add.body.data.margin);
    expect(ctx.app.core.balance(a.id, 'USDT', 'contract')).toEqual(balance);
    // Only the refusals' ids were recorded: the money and positions are as they were.
    expect(ctx.app.core.contracts().position(id)?.margin).toBe(add.body.data.margin);
    expect(hash).toBeTruthy();

    // Close at market: b rests a bid, a's position closes.
    const bid = await call<Order>(ctx.app, {
      method: 'POST',
      url: `${API}/entrust/contract/close/BTC_USDT`,
      headers: auth(b.token),
      payload: { direction: 4, type: 'limit', price: p, quantity: '0.1' },
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    const close = await call<Order>(ctx.app, {
      method: 'POST',
      url: `/api/contract/position/stopOrder?id=${id}`,
      headers: auth(a.token),
    });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(close.body.data.status).toBe(1);
    expect(await positions(a.token)).toHaveLength(0);
    expect(await positions(b.token)).toHaveLength(0);
    await ctx.app.wallet.projection.idle();
    const history = await call<{ records: Order[] }>(ctx.app, {
      method: 'GET',
      url: `${API}/entrust/entrustlogContract/all/history/1`,
      headers: auth(a.token),
    });
    expect(history.body.data.records.length).toBeGreaterThanOrEqual(2);
    expect(ctx.app.core.balance(a.id, 'USDT', 'contract').frozen).toBe('0');
  });

  it('cancels an open order and one-key closes positions', async () => {
    const p = String(index);
    const rest = await submit(b.token, {
      symbol: 'btcusdt',
      direction: 2,
      type: 'limit',
      price: String(index * 2),
      quantity: '0.01',
    });
    const cancel = await call<Order>(ctx.app, {
      method: 'POST',
      url: `/api/contract/order/canCelOrder?id=${rest.body.data.orderId}`,
      headers: auth(b.token),
    });
    expect(cancel.body.data.status).toBe(2);
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `/api/contract/order/canCelOrder?id=${rest.body.data.orderId}`,
        headers: auth(b.token),
      }),
      404,
      'CONTRACT_ORDER_NOT_FOUND',
    );
    await submit(b.token, { symbol: 'btcusdt', direction: 2, type: 'limit', price: p, quantity: '0.05' });
    await submit(a.token, { symbol: 'btcusdt', direction: 1, type: 'market', quantity: '0.05' });
    await submit(b.token, { symbol: 'btcusdt', direction: 4, type: 'limit', price: p, quantity: '0.05' });
    const onekey = await call<Order[]>(ctx.app, {
      method: 'POST',
      url: `${API}/entrust/contract/close/onekey`,
      headers: auth(a.token),
      payload: { oneKeySymbolNameList: ['BTC_USDT'] },
    });
    expect(onekey.status, JSON.stringify(onekey.body)).toBe(200);
    expect(onekey.body.data).toHaveLength(1);
    expect(await positions(a.token)).toHaveLength(0);
  });

  it('liquidates a position on a recorded tick, the insurance fund taking the rest of its margin', async () => {
    const p = String(index);
    await submit(b.token, { symbol: 'btcusdt', direction: 2, type: 'limit', price: p, quantity: '0.1' });
    await submit(a.token, { symbol: 'btcusdt', direction: 1, type: 'market', quantity: '0.1', leverage: 20 });
    const [pos] = await positions(a.token);
    const liq = Number(pos?.liquidationPrice);
    // b bids a little below the liquidation price: the liquidation fills there
    const bidPrice = String(Math.floor(liq) - 5);
    await submit(b.token, {
      symbol: 'btcusdt',
      direction: 4,
      type: 'limit',
      price: bidPrice,
      quantity: '0.1',
    });
    const fund = Number(ctx.app.core.systemBalance('insurance_fund', 'USDT'));
    const events = await tick(String(Math.floor(liq) - 1));
    const e = events.find((x) => x.type === 'contract.liquidation') as Extract<
      CoreEvent,
      { type: 'contract.liquidation' }
    >;
    expect(e).toMatchObject({ userId: a.id, bookQty: '0.1', adlQty: '0' });
    expect(e.tickId).toMatch(/^BTCUSDT:/);
    expect(Number(ctx.app.core.systemBalance('insurance_fund', 'USDT'))).toBeCloseTo(
      fund + Number(e.insurance),
      6,
    );
    expect(Number(e.insurance)).toBeGreaterThan(0);
    expect(await positions(a.token)).toHaveLength(0);
    expect(ctx.app.core.balance(a.id, 'USDT', 'contract').frozen).toBe('0');
    // The pass takes the market's stored ticks from here on.
    await tick(p);
  });

  it('settles funding between longs and shorts with postings that sum to zero', async () => {
    const p = String(index);
    await submit(b.token, { symbol: 'btcusdt', direction: 2, type: 'limit', price: p, quantity: '0.1' });
    await submit(a.token, { symbol: 'btcusdt', direction: 1, type: 'market', quantity: '0.1', leverage: 10 });
    const seen: CoreEvent[] = [];
    const off = ctx.app.core.subscribe((events) => seen.push(...events));
    const interval = 8 * 3600_000;
    const next = Math.floor(ts() / interval) * interval + interval;
    ctx.clock.advance(next - ts() + 1000);
    await ctx.app.market.step();
    await ctx.app.contracts.pass();
    off();
    const funding = seen.find((e) => e.type === 'contract.funding') as Extract<
      CoreEvent,
      { type: 'contract.funding' }
    >;
    expect(funding).toBeDefined();
    const postings = seen.find(
      (e) => e.type === 'postings' && e.commandType === 'contract.funding',
    ) as Extract<CoreEvent, { type: 'postings' }>;
    let sum = 0n;
    for (const x of postings.postings) sum += BigInt(Math.round(Number(x.delta) * 1e6));
    expect(sum).toBe(0n);
    expect(postings.postings.every((x) => x.account.kind === 'user')).toBe(true);
    const paid = funding.payments.map(([, , amount]) => Number(amount));
    expect(paid.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 9);
    expect(ctx.app.contracts.status().fundings).toBeGreaterThan(0);
  });
});

describe('the operator view', () => {
  it('shows open interest, funding, the insurance fund and the pool; users may not read it', async () => {
    const admin = await bootstrapAdmin(ctx.app);
    const res = await call<{
      markets: { symbol: string; openInterest: string }[];
      funds: { asset: string; insuranceFund: string }[];
    }>(ctx.app, { method: 'GET', url: '/api/admin/contracts', headers: { satoken: admin.token } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.markets.find((m) => m.symbol === 'btcusdt')?.openInterest).toBe('0.1');
    expect(Number(res.body.data.funds.find((f) => f.asset === 'USDT')?.insuranceFund)).toBeGreaterThan(0);
    const user = await call(ctx.app, { method: 'GET', url: '/api/admin/contracts', headers: auth(a.token) });
    expect(user.status).toBeGreaterThanOrEqual(401);
  });
});
