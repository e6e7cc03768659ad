// Amount bounds (hardening issue): every asset has a per-operation maximum, checked on the wire with a
// clear 4xx naming the maximum, and absurd amounts (21+ integer digits, beyond NUMERIC(38,18)) never reach
// SQL or the core. Before the bounds these requests answered 500 "numeric field overflow".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { available, createOperator } from './console-helpers';
import { auth, b64, bootstrapAdmin, call, dbSnapshot, expectError, tr } from './helpers';
import {
  API,
  createWalletApp,
  credit,
  FUND_PASSWORD,
  pngBytes,
  TRX_ADDRESS,
  upload,
  walletUser,
  withdraw,
  withdrawalKey,
} from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let admin: string;
let secondAdmin: string;

const HUGE = '99999999999999999999999'; // 23 integer digits: beyond NUMERIC(38,18)
const ABOVE_MAX = '100000000.000001'; // USDT's seeded per-operation maximum is 100,000,000

beforeAll(async () => {
  ctx = await createWalletApp();
  admin = (await bootstrapAdmin(ctx.app)).token;
  secondAdmin = (await createOperator(ctx, admin, 'bounds_admin', 'admin')).token;
});
afterAll(async () => {
  await ctx.close();
});

/** 422 WALLET_AMOUNT_TOO_LARGE on the amount field, naming the maximum, in English and Chinese. */
function expectTooLarge(res: { status: number; body: Record<string, unknown> }, max: string, lang = 'en') {
  const body = res.body as { errorCode?: string; errors?: Array<{ field: string; message: string }> };
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(body.errorCode).toBe('WALLET_AMOUNT_TOO_LARGE');
  expect(body.errors?.[0]?.field).toBe('amount');
  expect(body.errors?.[0]?.message).toContain(max);
  expect(body.errors?.[0]?.message).not.toMatch(/\{\w+\}/);
  expect(body.errors?.[0]?.message).toContain(tr(lang as 'en', 'validation.max', { max }));
}

describe('per-operation maximum', () => {
  it('is listed with each asset', async () => {
    const res = await call<Array<{ coin: string; maxAmount: string }>>(ctx.app, {
      method: 'GET',
      url: `${API}/assets/getRechargeCurrency`,
    });
    expect(res.body.data.find((a) => a.coin === 'USDT')?.maxAmount).toBe('100000000');
    expect(res.body.data.find((a) => a.coin === 'BTC')?.maxAmount).toBe('2000');
  });

  it('refuses a manual recharge above it or beyond what SQL holds, changing nothing', async () => {
    const u = await walletUser(ctx.app);
    const shot = (await upload(ctx.app, u.token, pngBytes())).body.data.link;
    for (const amount of [HUGE, ABOVE_MAX]) {
      const before = await dbSnapshot(ctx.db);
      for (const lang of ['en', 'zh'] as const) {
        const res = await call(ctx.app, {
          method: 'POST',
          url: '/api/recharge/submit',
          headers: { ...auth(u.token), lang },
          payload: { coin: 'USDT', amount, screenshot: shot },
        });
        expectTooLarge(res, '100000000', lang);
      }
      expect(await dbSnapshot(ctx.db)).toBe(before);
    }
    const ok = await call(ctx.app, {
      method: 'POST',
      url: '/api/recharge/submit',
      headers: auth(u.token),
      payload: { coin: 'USDT', amount: '100000000', screenshot: shot },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('refuses a withdrawal, a swap and a transfer above it', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '1000');
    const key = await withdrawalKey(ctx.app, u.token);
    for (const amount of [HUGE, ABOVE_MAX]) {
      const res = await withdraw(ctx.app, u.token, key, {
        coin: 'USDT',
        address: TRX_ADDRESS,
        amount,
        tradePwd: b64(FUND_PASSWORD),
      });
      expectTooLarge(res, '100000000');
      const swap = await call(ctx.app, {
        method: 'POST',
        url: '/api/texchange/currencyExchange',
        headers: auth(u.token),
        payload: { from: 'USDT', to: 'BTC', amount },
      });
      expectTooLarge(swap, '100000000');
      const transfer = await call(ctx.app, {
        method: 'POST',
        url: '/api/asset/transferFunds',
        headers: auth(u.token),
        payload: { coin: 'USDT', amount, from: '1', to: '2' },
      });
      expectTooLarge(transfer, '100000000');
    }
    expect(available(ctx.app, u.userId, 'USDT')).toBe('1000');
  });

  it('refuses a balance adjustment above it in either direction', async () => {
    const u = await walletUser(ctx.app);
    for (const amount of [HUGE, ABOVE_MAX, `-${ABOVE_MAX}`]) {
      const before = await dbSnapshot(ctx.db);
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/admin/adjustments',
        headers: auth(admin),
        payload: { userId: u.userId, asset: 'USDT', accountType: 'spot', amount, reason: 'bounds' },
      });
      expectTooLarge(res, '100000000');
      expect(await dbSnapshot(ctx.db)).toBe(before);
    }
    expect(secondAdmin).toBeTruthy();
  });

  it('answers demo deposits above the USDT bound with the bound in the message', async () => {
    const u = await walletUser(ctx.app);
    const res = await call(ctx.app, {
      method: 'POST',
      url: `${API}/assets/demoDeposit`,
      headers: auth(u.token),
      payload: { coin: 'USDT', amount: HUGE },
    });
    expectError(res, 422, 'WALLET_AMOUNT_TOO_LARGE');
    expect(JSON.stringify(res.body)).not.toMatch(/\{max\}/);
  });
});
