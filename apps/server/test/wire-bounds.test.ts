// Wire bounds found by the bad-input walk (hardening issue): numbers that reach a Date or SQL are bounded
// on the wire, querystrings are strict like bodies, and faults the router raises before any route (an
// over-long path parameter, bad percent-encoding) are envelopes too. Before: getMyBill with a time of
// 2^53 - 1 answered 500 (Invalid Date), an unknown query field slipped through (getDepositAddress created
// an address), and the router's 414/400 replies were Fastify's own JSON without errorCode or msg.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletAddresses } from '@/db/schema';
import { auth, call, dbSnapshot, expectError, expectRejected } from './helpers';
import { API, createWalletApp, walletUser } from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let token: string;

beforeAll(async () => {
  ctx = await createWalletApp();
  token = (await walletUser(ctx.app)).token;
});
afterAll(async () => {
  await ctx.close();
});

describe('time filters', () => {
  it.each([
    ['2^53 - 1 ms', String(Number.MAX_SAFE_INTEGER), 'validation.max'],
    ['one past the year 2243', '8640000000001', 'validation.max'],
    ['an ISO date in the year 9999', '9999-12-31T23:59:59Z', 'validation.invalid'],
    ['an ISO date before 1970', '1969-12-31T23:59:59Z', 'validation.invalid'],
  ])('getMyBill refuses %s as a 400 on the field', async (_name, value, key) => {
    for (const field of ['startTime', 'endTime']) {
      const payload = { [field]: /^\d+$/.test(value) ? Number(value) : value };
      await expectRejected(
        ctx,
        { method: 'POST', url: `${API}/assets/getMyBill`, headers: auth(token), payload },
        field,
        key,
      );
      const res = await call(ctx.app, {
        method: 'POST',
        url: `${API}/assets/getMyBill`,
        headers: auth(token),
        payload,
      });
      expect(res.body.errors).toHaveLength(1);
    }
  });

  it('accepts the bounds themselves', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getMyBill`,
      headers: auth(token),
      payload: { startTime: 0, endTime: 8_640_000_000_000 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('strict querystrings', () => {
  it('an unknown query field is refused before the route runs (no address is created)', async () => {
    const before = (await ctx.db.select().from(walletAddresses)).length;
    await expectRejected(
      ctx,
      { method: 'GET', url: `${API}/assets/getDepositAddress/USDT?zz=1`, headers: auth(token) },
      'zz',
      'validation.unknownField',
    );
    expect((await ctx.db.select().from(walletAddresses)).length).toBe(before);
  });
});

describe('router faults are envelopes', () => {
  it('a path parameter over 256 characters is 414 URI_TOO_LONG', async () => {
    for (const lang of ['en', 'ko'] as const) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: `${API}/assets/cancelWithdrawal/${'9'.repeat(300)}`,
        headers: { ...auth(token), lang },
      });
      expectError(res, 414, 'URI_TOO_LONG', lang);
    }
  });

  it('bad percent-encoding in the path is 400 BAD_REQUEST', async () => {
    const before = await dbSnapshot(ctx.db);
    const res = await call(ctx.app, {
      method: 'GET',
      url: `${API}/assets/getDepositAddress/%E0%A4%A`,
      headers: { ...auth(token), lang: 'de' },
    });
    expectError(res, 400, 'BAD_REQUEST', 'de');
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });
});
