// Test setup for OTC: certified users with payment methods, approved merchants, balances on the merchant
// account (set through the core; not under test here).
import { randomUUID } from 'node:crypto';
import { KYC_STATUS } from '@coin/shared/identity-schemas';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '@/db/client';
import { kycSubmissions } from '@/db/schema';
import { auth, call, registerAndLogin } from './helpers';

export const API = '/api/mjkj-web/coin';
export const NAME = 'Li Lei';

export interface OtcUser {
  token: string;
  id: string;
  account: string;
}

export async function user(app: FastifyInstance): Promise<OtcUser> {
  const u = await registerAndLogin(app);
  return { token: u.token, id: u.user.id, account: u.account };
}

/** Passed primary and advanced certifications (rows as an operator's approval leaves them). */
export async function certify(db: Db, userId: string, at: Date) {
  const base = { userId: BigInt(userId), status: KYC_STATUS.passed, createdAt: at, reviewedAt: at };
  await db.insert(kycSubmissions).values([
    { ...base, level: 'primary', name: NAME, country: 'CN', cardType: 'idCard' },
    { ...base, level: 'advanced', front: 'f.png', back: 'b.png', hold: 'h.png' },
  ]);
}

export async function bankMethod(app: FastifyInstance, userId: string): Promise<string> {
  const p = await app.identity.bank.addPayment(BigInt(userId), {
    kind: 'bank',
    holderName: NAME,
    bankName: 'ICBC',
    branchName: undefined,
    account: `62220202${Math.floor(Math.random() * 1e11)
      .toString()
      .padStart(11, '0')}`,
  });
  return p.id;
}

export async function coreCredit(
  app: FastifyInstance,
  userId: string,
  asset: string,
  amount: string,
  to: 'spot' | 'merchant' = 'spot',
) {
  const ts = app.clock.now().getTime();
  const r = await app.core.submit({
    id: `test-credit:${randomUUID()}`,
    actor: 'system',
    ts,
    type: 'deposit.credit',
    payload: { userId, asset, amount, ref: 'test' },
  });
  expect(r.ok).toBe(true);
  if (to === 'merchant') {
    const t = await app.core.submit({
      id: `test-transfer:${randomUUID()}`,
      actor: userId,
      ts,
      type: 'transfer',
      payload: { userId, asset, amount, from: 'spot', to: 'merchant' },
    });
    expect(t.ok).toBe(true);
  }
}

/** A certified user who applied and was approved by `adminToken`, with a bank payment method. */
export async function merchant(app: FastifyInstance, db: Db, adminToken: string) {
  const u = await user(app);
  await certify(db, u.id, app.clock.now());
  const paymentId = await bankMethod(app, u.id);
  const applied = await call<{ id: string }>(app, {
    method: 'POST',
    url: `${API}/merchant/apply`,
    headers: auth(u.token),
    payload: { nickname: `m-${u.id}` },
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  const approved = await call(app, {
    method: 'POST',
    url: `/api/admin/otc/merchants/${applied.body.data.id}/decide`,
    headers: auth(adminToken),
    payload: { approve: true },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { ...u, merchantId: applied.body.data.id, paymentId };
}

export function bal(app: FastifyInstance, userId: string, asset: string, type: 'spot' | 'merchant' = 'spot') {
  const b = app.core.balance(userId, asset, type);
  return `${b.available}/${b.frozen}`;
}

export async function postAd(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  const r = await call<{ id: string; remaining: string }>(app, {
    method: 'POST',
    url: `${API}/merchant/ad/save`,
    headers: auth(token),
    payload: {
      asset: 'USDT',
      fiat: 'CNY',
      priceType: 'fixed',
      price: '7.2',
      minFiat: '10',
      maxFiat: '100000',
      timeLimitMin: 15,
      terms: 'Pay from an account in your own name.',
      ...body,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}
