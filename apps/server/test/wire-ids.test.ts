// Object ids on the wire (hardening issue): every id in a path, query or body goes through the one
// shared schema (@coin/shared/wire-id), so an id of 2^63 or more, 0, or anything not a canonical
// decimal is 400 VALIDATION_FAILED on that field and changes nothing. Before, the ad-hoc
// z.coerce.bigint() ids reached SQL and answered 500 (bigint out of range).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, bootstrapAdmin, call, expectError, expectRejected } from './helpers';
import { API, createWalletApp, walletUser } from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let admin: string;
let user: string;
let userId: string;

const TOO_BIG = ['9223372036854775808', '10000000000000000000', '99999999999999999999999'];
const MAX_ID = '9223372036854775807';

beforeAll(async () => {
  ctx = await createWalletApp();
  admin = (await bootstrapAdmin(ctx.app)).token;
  const u = await walletUser(ctx.app);
  user = u.token;
  userId = u.userId;
});
afterAll(async () => {
  await ctx.close();
});

describe('ids beyond the SQL bigint range', () => {
  const userPaths = (id: string) => [
    `${API}/assets/cancelWithdrawal/${id}`,
    `${API}/member/deleteDevice/${id}`,
  ];
  const operatorPaths = (id: string) => [
    { method: 'POST' as const, url: `/api/admin/withdrawals/${id}/approve` },
    { method: 'POST' as const, url: `/api/admin/recharges/${id}/approve` },
    { method: 'POST' as const, url: `/api/admin/adjustments/${id}/approve` },
    { method: 'GET' as const, url: `/api/admin/users/${id}` },
  ];

  it.each(TOO_BIG)('%s in a user route path is a validation error on id', async (id) => {
    for (const url of userPaths(id)) {
      await expectRejected(ctx, { method: 'POST', url, headers: auth(user) }, 'id', 'validation.invalid');
    }
  });

  it.each(TOO_BIG)('%s in an operator route path is a validation error on id', async (id) => {
    for (const { method, url } of operatorPaths(id)) {
      await expectRejected(ctx, { method, url, headers: auth(admin) }, 'id', 'validation.invalid');
    }
    for (const queue of ['withdrawals', 'recharges', 'adjustments']) {
      await expectRejected(
        ctx,
        {
          method: 'POST',
          url: `/api/admin/${queue}/${id}/reject`,
          headers: auth(admin),
          payload: { reason: 'no' },
        },
        'id',
        'validation.invalid',
      );
    }
  });

  it.each(['0', '-1', '01', '1.5', '1e3'])('a non-canonical id %s is refused the same way', async (id) => {
    await expectRejected(
      ctx,
      { method: 'POST', url: `/api/admin/withdrawals/${id}/approve`, headers: auth(admin) },
      'id',
      'validation.invalid',
    );
  });

  it('ids in bodies and queries use the same schema', async () => {
    for (const id of TOO_BIG) {
      await expectRejected(
        ctx,
        {
          method: 'POST',
          url: `${API}/member/updateDevice`,
          headers: auth(user),
          payload: { id, name: 'phone' },
        },
        'id',
        'validation.invalid',
      );
      await expectRejected(
        ctx,
        {
          method: 'POST',
          url: '/api/admin/adjustments',
          headers: auth(admin),
          payload: { userId: id, asset: 'USDT', accountType: 'spot', amount: '1', reason: 'test' },
        },
        'userId',
        'validation.invalid',
      );
      await expectRejected(
        ctx,
        { method: 'GET', url: `/api/admin/adjustments?userId=${id}`, headers: auth(admin) },
        'userId',
        'validation.invalid',
      );
    }
  });

  it('the largest id passes the schema and is simply not found', async () => {
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `${API}/assets/cancelWithdrawal/${MAX_ID}`,
        headers: auth(user),
      }),
      404,
      'WALLET_WITHDRAW_NOT_FOUND',
    );
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `/api/admin/recharges/${MAX_ID}/approve`,
        headers: auth(admin),
        payload: {},
      }),
      404,
      'RECHARGE_NOT_FOUND',
    );
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `${API}/member/deleteDevice/${MAX_ID}`,
        headers: auth(user),
      }),
      404,
      'DEVICE_NOT_FOUND',
    );
    const own = await call(ctx.app, {
      method: 'GET',
      url: `/api/admin/users/${userId}`,
      headers: auth(admin),
    });
    expect(own.status).toBe(200);
  });
});
