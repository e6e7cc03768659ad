// The areas that read identity, wired in app.ts: the earn member zone asks identity for the user's
// computed tier (no test reader swapped in), and the seconds country switch uses the country of a passed
// identity certification ahead of the one declared with the risk notice (a KYC decision drops the cache).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEarnApp,
  createProduct,
  type EarnTestContext,
  earnUser,
  fundPool,
  ok,
  refused,
} from './earn-kit';
import { auth, call, registerAndLogin } from './helpers';

const API = '/api/mjkj-web/coin';

let ctx: EarnTestContext;

beforeAll(async () => {
  ctx = await createEarnApp({ SECONDS_BLOCKED_COUNTRIES: 'US' });
});
afterAll(async () => ctx.close());

const putSetting = (key: string, value: Record<string, unknown>) =>
  call(ctx.app, {
    method: 'PUT',
    url: `/api/admin/settings/${key}`,
    headers: auth(ctx.admin),
    payload: value,
  });

describe('earn member zone and identity tiers', () => {
  it('opens the zone when the tier rules give the user the required tier, and closes it again', async () => {
    await fundPool(ctx, 'finance', '100000');
    const memberId = await createProduct(ctx, {
      kind: 'finance',
      name: 'Member wiring',
      category: 'member',
      asset: 'USDT',
      status: 'open',
      dailyRate: '0.001',
      cycleDays: 20,
      lockDays: 5,
      minAmount: '100',
      maxAmount: '5000',
      cap: '100000',
      participationLimit: 5,
    });
    ok(
      await call(ctx.app, {
        method: 'PUT',
        url: '/api/admin/earn/settings',
        headers: auth(ctx.admin),
        payload: { memberMinTier: 'premium' },
      }),
    );
    const u = await earnUser(ctx.app, '5000');
    const subscribe = (amount: string) =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/financial/subscribe',
        headers: auth(u.token),
        payload: { productId: memberId, amount },
      });
    // Default rules: premium needs 10,000 USDT of 30-day volume; a new user has none.
    refused(await subscribe('1000'), 403, 'EARN_TIER_REQUIRED', { tier: 'premium' });

    const lowered = {
      rules: [
        { tier: 'standard', minVolume30d: '0', minBalance: '0' },
        { tier: 'premium', minVolume30d: '0', minBalance: '1000' },
        { tier: 'professional', minVolume30d: '100000', minBalance: '10000' },
        { tier: 'partner', minVolume30d: '1000000', minBalance: '100000' },
      ],
      vipFrom: 'premium',
    };
    expect((await putSetting('tiers', lowered)).status).toBe(200);
    ok(await subscribe('1000'));

    // Back to the default rules (premium needs 30-day volume the user does not have): the zone closes again.
    const defaults = {
      ...lowered,
      rules: lowered.rules.map((r) => (r.tier === 'premium' ? { ...r, minVolume30d: '10000' } : r)),
    };
    expect((await putSetting('tiers', defaults)).status).toBe(200);
    refused(await subscribe('100'), 403, 'EARN_TIER_REQUIRED', { tier: 'premium' });
  });
});

describe('seconds country switch and identity certification', () => {
  const notice = async (token: string) =>
    (
      await call<{ available: boolean; reason: string | null }>(ctx.app, {
        method: 'GET',
        url: `${API}/seconds/notice`,
        headers: auth(token),
      })
    ).body.data;

  it('a passed certification in a blocked country closes the product, whatever country was declared', async () => {
    const u = await registerAndLogin(ctx.app);
    const ack = await call(ctx.app, {
      method: 'POST',
      url: `${API}/seconds/notice`,
      headers: auth(u.token),
      payload: { accept: true, country: 'DE' },
    });
    expect(ack.status).toBe(200);
    expect(await notice(u.token)).toMatchObject({ available: true, reason: null });

    const submitted = await call<{ id: string }>(ctx.app, {
      method: 'POST',
      url: `${API}/member/verified`,
      headers: auth(u.token),
      payload: { name: 'John Smith', idNumber: 'P12345678', country: 'US', cardType: 'passport' },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    // Under review: not certified yet, the declared country still decides.
    expect(await notice(u.token)).toMatchObject({ available: true });

    const approved = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/kyc/${submitted.body.data.id}/approve`,
      headers: auth(ctx.admin),
      payload: {},
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await notice(u.token)).toMatchObject({ available: false, reason: 'country' });
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/secondContractOrder/createSecondContractOrder',
      headers: auth(u.token),
      payload: { symbol: 'btc', direction: 'rise', periodId: '30s', quantity: '10' },
    });
    expect(placed.status).toBe(403);
    expect(placed.body.errorCode).toBe('SECONDS_COUNTRY_BLOCKED');
  });
});
