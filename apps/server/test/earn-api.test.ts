// Earn over HTTP (docs/earn.md): pool funding with four eyes and the console's pool balances, products
// made in the console, a pledge accrued by the job over its whole cycle with a manual clock (exactly the
// stated interest), early redemption at the stated amount, finance with the member zone tier and its
// lock, refusals that change nothing (localized), the order centre's earn kinds, personal income, the
// product switches, and a second user who can neither see nor touch the first one's orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEarnApp,
  createProduct,
  DAY,
  type EarnTestContext,
  earnUser,
  finance,
  fundPool,
  ok,
  PLEDGE,
  refused,
  relogin,
} from './earn-kit';
import { auth, call, dbSnapshot } from './helpers';

let ctx: EarnTestContext;
let pledgeId: string;
let financeId: string;
let memberId: string;

interface Order {
  id: string;
  status: string;
  statusCode: number;
  amount: string;
  estimatedRevenue: string;
  paid: string;
  beginTime: string;
  endTime: string;
  paymentDate: string;
  productName: string;
  penalty: string;
}

beforeAll(async () => {
  ctx = await createEarnApp();
  await fundPool(ctx, 'pledge', '1000');
  await fundPool(ctx, 'finance', '1000');
  pledgeId = await createProduct(ctx, PLEDGE);
  financeId = await createProduct(ctx, {
    kind: 'finance',
    name: 'Value 10',
    category: 'value_added',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.0005',
    cycleDays: 10,
    lockDays: 3,
    minAmount: '100',
    maxAmount: '5000',
    cap: '8000',
    participationLimit: 2,
  });
  memberId = await createProduct(ctx, {
    kind: 'finance',
    name: 'Member 20',
    category: 'member',
    asset: 'USDT',
    status: 'open',
    dailyRate: '0.001',
    cycleDays: 20,
    lockDays: 5,
    minAmount: '100',
    maxAmount: '5000',
    cap: '100000',
    participationLimit: 3,
  });
});
afterAll(async () => ctx.close());

const subscribe = (token: string, id: string, amount: string, path = '/api/pledge/subscribe', lang = 'en') =>
  call<Order>(ctx.app, {
    method: 'POST',
    url: path,
    headers: { ...auth(token), lang },
    payload: { productId: id, amount },
  });

describe('pools and products in the console', () => {
  it('shows the funded pools; a funding needs a second admin; the adjustment account is the other side', async () => {
    const overview = ok(
      await call<{
        pools: { pool: string; asset: string; balance: string; reserved: string; free: string }[];
      }>(ctx.app, { method: 'GET', url: '/api/admin/earn/overview', headers: auth(ctx.admin) }),
    );
    expect(overview.pools).toEqual(
      expect.arrayContaining([
        { pool: 'pledge', asset: 'USDT', balance: '1000', reserved: '0', free: '1000' },
      ]),
    );
    expect(ctx.app.core.systemBalance('earn_pledge_pool', 'USDT')).toBe('1000');
    const req = ok(
      await call<{ id: string }>(ctx.app, {
        method: 'POST',
        url: '/api/admin/earn/pool-fundings',
        headers: auth(ctx.admin),
        payload: { pool: 'defi', asset: 'USDT', amount: '5', reason: 'self' },
      }),
    );
    refused(
      await call(ctx.app, {
        method: 'POST',
        url: `/api/admin/earn/pool-fundings/${req.id}/approve`,
        headers: auth(ctx.admin),
        payload: {},
      }),
      403,
      'EARN_POOL_FUNDING_SELF',
    );
    expect(ctx.app.core.systemBalance('earn_defi_pool', 'USDT')).toBe('0');
  });

  it('refuses invalid terms and unknown fields, and users cannot reach the console', async () => {
    const before = await dbSnapshot(ctx.db);
    const bad = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/earn/products',
      headers: auth(ctx.admin),
      payload: { ...PLEDGE, minAmount: '100.1234567' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('minAmount');
    const extra = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/earn/products',
      headers: auth(ctx.admin),
      payload: { ...PLEDGE, rogue: 1 },
    });
    expect(extra.status).toBe(400);
    expect(await dbSnapshot(ctx.db)).toBe(before);
    const u = await earnUser(ctx.app, '1');
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/admin/earn/overview', headers: auth(u.token) }))
        .status,
    ).toBe(401);
  });
});

describe('pledge', () => {
  it('pays exactly the stated interest over the whole cycle, accrued by the job with a manual clock', async () => {
    const u = await earnUser(ctx.app, '2000');
    const order = ok(await subscribe(u.token, pledgeId, '1234.567891'));
    // 1234.567891 x 0.00123 x 30 = 45.5555551779 -> 45.555555
    expect(order).toMatchObject({
      status: 'active',
      statusCode: 0,
      amount: '1234.567891',
      estimatedRevenue: '45.555555',
    });
    expect(Date.parse(order.endTime) - Date.parse(order.beginTime)).toBe(30 * DAY);
    expect(order.paymentDate).toBe(order.endTime);
    expect(finance(ctx.app, u.userId)).toEqual({ available: '765.432109', frozen: '1234.567891' });
    // The pool reserved the whole interest at once.
    expect(ctx.app.core.earn().pool('pledge', 'USDT').reserved).toBe('45.555555');
    for (let day = 1; day <= 30; day++) {
      ctx.clock.advance(DAY);
      await ctx.app.earn.job.runDue();
      // A second run in the same hour is a repeat: nothing more is paid.
      await ctx.app.earn.job.runDue();
    }
    await ctx.app.wallet.projection.idle();
    u.token = await relogin(ctx.app, u);
    const done = ok(
      await call<Order>(ctx.app, {
        method: 'GET',
        url: `/api/earn/order?id=${order.id}`,
        headers: auth(u.token),
      }),
    );
    expect(done).toMatchObject({ status: 'completed', statusCode: 1, paid: '45.555555' });
    expect(finance(ctx.app, u.userId)).toEqual({ available: '2045.555555', frozen: '0' });
    const list = ok(
      await call<{ records: Order[]; total: number }>(ctx.app, {
        method: 'POST',
        url: '/api/order/list?kind=pledge',
        headers: auth(u.token),
      }),
    );
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id: order.id, status: 'completed', productName: 'Pledge 30' });
    const income = ok(
      await call<{ coins: { coin: string; totalIncome: string; holding: string }[] }>(ctx.app, {
        method: 'POST',
        url: '/api/financial/personalIncome',
        headers: auth(u.token),
      }),
    );
    expect(income.coins).toEqual([
      { coin: 'USDT', totalIncome: '45.555555', holding: '0', pendingIncome: '0' },
    ]);
  });

  it('states the early-redemption amount first and pays exactly that', async () => {
    const u = await earnUser(ctx.app, '1000');
    const order = ok(await subscribe(u.token, pledgeId, '1000'));
    ctx.clock.advance(3 * DAY);
    await ctx.app.earn.job.runDue();
    const quote = ok(
      await call<{ principal: string; penalty: string; interest: string; allowed: boolean }>(ctx.app, {
        method: 'GET',
        url: `/api/earn/redeemQuote?orderId=${order.id}`,
        headers: auth(u.token),
      }),
    );
    expect(quote).toMatchObject({ allowed: true, principal: '950', penalty: '50', interest: '0' });
    const redeemed = ok(
      await call<Order>(ctx.app, {
        method: 'POST',
        url: '/api/earn/redeem',
        headers: auth(u.token),
        payload: { orderId: order.id },
      }),
    );
    expect(redeemed).toMatchObject({ status: 'redeemed', statusCode: 2, penalty: '50', paid: '0' });
    expect(finance(ctx.app, u.userId)).toEqual({ available: '950', frozen: '0' });
  });

  it('refuses above the limit, above the buyable count, below the minimum, a closed product, a short pool: clearly and with no change', async () => {
    const u = await earnUser(ctx.app, '50000');
    const before = JSON.stringify(ctx.app.core.balancesOf(u.userId));
    refused(await subscribe(u.token, pledgeId, '99.99'), 422, 'EARN_BELOW_MINIMUM', { min: '100' });
    refused(await subscribe(u.token, pledgeId, '10000.01'), 422, 'EARN_ABOVE_MAXIMUM', { max: '10000' });
    const zh = await subscribe(u.token, pledgeId, '99', '/api/pledge/subscribe', 'zh');
    refused(zh, 422, 'EARN_BELOW_MINIMUM', { min: '100' }, 'zh');
    expect(zh.body.msg).toContain('最小');
    const precise = await subscribe(u.token, pledgeId, '100.0000001');
    expect([precise.status, precise.body.errorCode, precise.body.errors?.[0]?.key]).toEqual([
      422,
      'EARN_AMOUNT_INVALID',
      'validation.tooManyDecimals',
    ]);
    expect(JSON.stringify(ctx.app.core.balancesOf(u.userId))).toBe(before);
    ok(await subscribe(u.token, pledgeId, '10000'));
    refused(await subscribe(u.token, pledgeId, '5000.01'), 422, 'EARN_ABOVE_USER_LIMIT', { limit: '15000' });
    ok(await subscribe(u.token, pledgeId, '100'));
    ok(await subscribe(u.token, pledgeId, '100'));
    refused(await subscribe(u.token, pledgeId, '100'), 422, 'EARN_BUYABLE_COUNT_REACHED', { count: 3 });
    // A pool that cannot pay refuses the subscription; another user's money is never used.
    const big = await createProduct(ctx, { ...PLEDGE, name: 'Greedy', dailyRate: '0.5', cycleDays: 30 });
    const free = ctx.app.core.earn().pool('pledge', 'USDT').free;
    const v = await earnUser(ctx.app, '1000');
    refused(await subscribe(v.token, big, '1000'), 409, 'EARN_POOL_INSUFFICIENT');
    expect(ctx.app.core.earn().pool('pledge', 'USDT').free).toBe(free);
    expect(finance(ctx.app, v.userId)).toEqual({ available: '1000', frozen: '0' });
    // Closing a product stops new subscriptions.
    ok(
      await call(ctx.app, {
        method: 'PUT',
        url: `/api/admin/earn/products/${big}`,
        headers: auth(ctx.admin),
        payload: { ...PLEDGE, name: 'Greedy', dailyRate: '0.5', status: 'closed' },
      }),
    );
    refused(await subscribe(v.token, big, '100'), 409, 'EARN_PRODUCT_CLOSED');
    refused(await subscribe(v.token, '999999', '100'), 404, 'EARN_PRODUCT_NOT_FOUND');
    refused(await subscribe(v.token, financeId, '100'), 404, 'EARN_PRODUCT_NOT_FOUND');
  });
});

describe('finance and the member zone', () => {
  it('lists the tabs with progress, remaining and the member tier', async () => {
    const list = ok(
      await call<{
        memberMinTier: string;
        records: {
          id: string;
          progress: string;
          remaining: string;
          memberOnly: boolean;
          requiredTier: string | null;
          annualRate: string;
        }[];
      }>(ctx.app, { method: 'POST', url: '/api/financial/list?category=member' }),
    );
    expect(list.memberMinTier).toBe('premium');
    expect(list.records).toEqual([
      expect.objectContaining({
        id: memberId,
        memberOnly: true,
        requiredTier: 'premium',
        progress: '0',
        remaining: '100000',
        annualRate: '0.365',
      }),
    ]);
  });

  it('keeps the member zone for users at or above the tier (read through the tier interface)', async () => {
    const u = await earnUser(ctx.app, '5000');
    refused(
      await subscribe(u.token, memberId, '1000', '/api/financial/subscribe'),
      403,
      'EARN_TIER_REQUIRED',
      { tier: 'premium' },
    );
    const previous = ctx.app.earn.tiers.reader;
    ctx.app.earn.tiers.reader = async (id) => (id.toString() === u.userId ? 'professional' : 'standard');
    try {
      ok(await subscribe(u.token, memberId, '1000', '/api/financial/subscribe'));
    } finally {
      ctx.app.earn.tiers.reader = previous;
    }
    // The operator's setting decides the tier: 'standard' opens the zone to everyone.
    ok(
      await call(ctx.app, {
        method: 'PUT',
        url: '/api/admin/earn/settings',
        headers: auth(ctx.admin),
        payload: { memberMinTier: 'standard' },
      }),
    );
    ok(await subscribe(u.token, memberId, '100', '/api/financial/subscribe'));
    ok(
      await call(ctx.app, {
        method: 'PUT',
        url: '/api/admin/earn/settings',
        headers: auth(ctx.admin),
        payload: { memberMinTier: 'premium' },
      }),
    );
  });

  it('locks for its lock days, then pays the interest of the days held, exact to the coin decimals', async () => {
    const u = await earnUser(ctx.app, '5000');
    const order = ok(await subscribe(u.token, financeId, '3333.333333', '/api/financial/subscribe'));
    // 3333.333333 x 0.0005 x 10 = 16.666666665 -> 16.666666
    expect(order.estimatedRevenue).toBe('16.666666');
    ctx.clock.advance(2 * DAY);
    refused(
      await call(ctx.app, {
        method: 'POST',
        url: '/api/earn/redeem',
        headers: auth(u.token),
        payload: { orderId: order.id },
      }),
      409,
      'EARN_LOCKED',
    );
    ctx.clock.advance(2 * DAY + 60_000);
    const done = ok(
      await call<Order>(ctx.app, {
        method: 'POST',
        url: '/api/earn/redeem',
        headers: auth(u.token),
        payload: { orderId: order.id },
      }),
    );
    // 4 whole days: 3333.333333 x 0.0005 x 4 = 6.6666666666 -> 6.666666
    expect(done).toMatchObject({ status: 'redeemed', paid: '6.666666', penalty: '0' });
    expect(finance(ctx.app, u.userId)).toEqual({ available: '5006.666666', frozen: '0' });
    const other = await earnUser(ctx.app, '9000');
    ok(await subscribe(other.token, financeId, '4000', '/api/financial/subscribe'));
    refused(
      await subscribe(other.token, financeId, '1000.01', '/api/financial/subscribe'),
      409,
      'EARN_SOLD_OUT',
    );
    ok(await subscribe(other.token, financeId, '100', '/api/financial/subscribe'));
    refused(
      await subscribe(other.token, financeId, '100', '/api/financial/subscribe'),
      422,
      'EARN_PARTICIPATION_LIMIT_REACHED',
      { count: 2 },
    );
  });
});

describe('isolation and switches', () => {
  it('gives a second user nothing of the first one’s orders', async () => {
    const a = await earnUser(ctx.app, '1000');
    const b = await earnUser(ctx.app, '1000');
    const order = ok(await subscribe(a.token, pledgeId, '500'));
    const before = JSON.stringify([ctx.app.core.balancesOf(a.userId), ctx.app.core.earn().order(order.id)]);
    refused(
      await call(ctx.app, { method: 'GET', url: `/api/earn/order?id=${order.id}`, headers: auth(b.token) }),
      404,
      'EARN_ORDER_NOT_FOUND',
    );
    refused(
      await call(ctx.app, {
        method: 'GET',
        url: `/api/earn/redeemQuote?orderId=${order.id}`,
        headers: auth(b.token),
      }),
      404,
      'EARN_ORDER_NOT_FOUND',
    );
    refused(
      await call(ctx.app, {
        method: 'POST',
        url: '/api/earn/redeem',
        headers: auth(b.token),
        payload: { orderId: order.id },
      }),
      404,
      'EARN_ORDER_NOT_FOUND',
    );
    const list = ok(
      await call<{ total: number }>(ctx.app, {
        method: 'GET',
        url: '/api/earn/orders?kind=pledge',
        headers: auth(b.token),
      }),
    );
    expect(list.total).toBe(0);
    expect(JSON.stringify([ctx.app.core.balancesOf(a.userId), ctx.app.core.earn().order(order.id)])).toBe(
      before,
    );
    expect((await call(ctx.app, { method: 'GET', url: '/api/earn/orders?kind=pledge' })).status).toBe(401);
  });

  it('answers t_repay_type, keeps the wallet kinds of the order centre, and honours the product switches', async () => {
    const types = ok(
      await call<{ dictValue: string; dictLabel: string }[]>(ctx.app, {
        method: 'POST',
        url: '/api/common/type/t_repay_type',
        headers: { lang: 'zh' },
      }),
    );
    expect(types.map((t) => t.dictValue)).toEqual(['1', '2']);
    expect(types[1]?.dictLabel).toBe('到期一次性还本付息');
    const u = await earnUser(ctx.app, '1');
    ok(await call(ctx.app, { method: 'POST', url: '/api/order/list?kind=transfer', headers: auth(u.token) }));
    expect(
      (await call(ctx.app, { method: 'POST', url: '/api/order/list?kind=nope', headers: auth(u.token) }))
        .status,
    ).toBe(400);
    const platform = await ctx.app.services.settings.get('platform');
    const save = (features: object) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/api/admin/settings/platform',
        headers: auth(ctx.admin),
        payload: { ...platform, features },
      });
    ok(await save({ ...platform.features, pledge: false }));
    refused(await call(ctx.app, { method: 'GET', url: '/api/pledge/list' }), 403, 'EARN_DISABLED');
    ok(await save(platform.features));
    expect(
      ok(await call<unknown[]>(ctx.app, { method: 'GET', url: '/api/pledge/list' })).length,
    ).toBeGreaterThan(0);
  });
});
