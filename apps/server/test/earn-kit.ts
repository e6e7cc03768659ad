// Shared setup of the earn API tests: an app with a manual clock and a temp upload folder, two admins
// (pool fundings need two), products made through the console API, pools funded with four eyes, and
// users with money in their finance account.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createOperator } from './console-helpers';
import {
  type ApiReply,
  auth,
  bootstrapAdmin,
  call,
  type Lang,
  loginOk,
  registerAndLogin,
  type TestContext,
  tr,
} from './helpers';
import { createWalletApp } from './wallet-kit';

export interface EarnTestContext extends TestContext {
  uploadDir: string;
  admin: string;
  admin2: string;
}

export async function createEarnApp(overrides: Record<string, string> = {}): Promise<EarnTestContext> {
  // Sessions outlive the months the manual clock moves through here.
  const ctx = await createWalletApp({
    ACCESS_TOKEN_TTL_SECONDS: String(3650 * 86_400),
    REFRESH_TOKEN_TTL_SECONDS: String(3650 * 86_400),
    ...overrides,
  });
  const admin = (await bootstrapAdmin(ctx.app)).token;
  const admin2 = (await createOperator(ctx, admin, 'earn_admin_two', 'admin')).token;
  return { ...ctx, admin, admin2 };
}

export function ok<T>(res: ApiReply<T>): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A refusal with its code and its localized message (with the message's values, when it has any). */
export function refused(
  res: ApiReply,
  status: number,
  errorCode: string,
  vars: Record<string, string | number> = {},
  lang: Lang = 'en',
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errorCode).toBe(errorCode);
  expect(res.body.data).toBeNull();
  // With a field error the message names the field first ("Amount: ...").
  const text = tr(lang, `errors.${errorCode}`, vars);
  if (res.body.errors?.length) expect(res.body.msg.endsWith(text), res.body.msg).toBe(true);
  else expect(res.body.msg).toBe(text);
}

/** Funds a pool through the console: one admin requests, the other approves. */
export async function fundPool(ctx: EarnTestContext, pool: string, amount: string, asset = 'USDT') {
  const req = ok(
    await call<{ id: string }>(ctx.app, {
      method: 'POST',
      url: '/api/admin/earn/pool-fundings',
      headers: auth(ctx.admin),
      payload: { pool, asset, amount, reason: 'test funding' },
    }),
  );
  return ok(
    await call<{ status: string }>(ctx.app, {
      method: 'POST',
      url: `/api/admin/earn/pool-fundings/${req.id}/approve`,
      headers: auth(ctx.admin2),
      payload: {},
    }),
  );
}

export async function createProduct(ctx: EarnTestContext, body: Record<string, unknown>): Promise<string> {
  const res = await call<{ id: string }>(ctx.app, {
    method: 'POST',
    url: '/api/admin/earn/products',
    headers: auth(ctx.admin),
    payload: body,
  });
  return ok(res).id;
}

export const PLEDGE = {
  kind: 'pledge',
  name: 'Pledge 30',
  asset: 'USDT',
  status: 'open',
  dailyRate: '0.00123',
  cycleDays: 30,
  minAmount: '100',
  maxAmount: '10000',
  userLimit: '15000',
  buyableCount: 3,
  payout: 'maturity',
  earlyPenaltyRate: '0.05',
};

/** A user with `amount` USDT (and some ETH) in the finance account. */
export async function earnUser(app: FastifyInstance, amount = '20000', eth = '1') {
  const u = await registerAndLogin(app);
  const userId = u.user.id;
  for (const [asset, value] of [
    ['USDT', amount],
    ['ETH', eth],
  ] as const) {
    if (value === '0') continue;
    const credit = await app.core.submit({
      id: `test-credit:${randomUUID()}`,
      actor: 'system',
      ts: app.clock.now().getTime(),
      type: 'deposit.credit',
      payload: { userId, asset, amount: value, ref: 'test' },
    });
    expect(credit.ok).toBe(true);
    const moved = await app.core.submit({
      id: `test-transfer:${randomUUID()}`,
      actor: userId,
      ts: app.clock.now().getTime(),
      type: 'transfer',
      payload: { userId, asset, amount: value, from: 'spot', to: 'finance' },
    });
    expect(moved.ok).toBe(true);
  }
  return { token: u.token, userId, account: u.account, password: u.password };
}

/** A fresh session (after the manual clock moved past the token's life). */
export async function relogin(
  app: FastifyInstance,
  u: { account: string; password: string },
): Promise<string> {
  return (await loginOk(app, { username: u.account, password: u.password })).satoken;
}

export function finance(app: FastifyInstance, userId: string, asset = 'USDT') {
  const b = app.core.balance(userId, asset, 'finance');
  return { available: b.available, frozen: b.frozen };
}

export const DAY = 86_400_000;
