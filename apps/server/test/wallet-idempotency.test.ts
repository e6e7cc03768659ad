// Idempotency-Key across a crash: the core command id comes from (route, user, key), so a key whose SQL
// answer was never saved (the server died between reserving it and saving the answer) gets a definite
// answer on retry: the core's first result if the command was journaled, or the command applied now.
// Crashes are simulated by writing the state a kill -9 leaves: the SQL reservation without an answer,
// with or without the core command.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletIdempotency, walletWithdrawals } from '@/db/schema';
import { requestHash } from '@/modules/wallet/idempotency';
import { auth, b64, call, expectError } from './helpers';
import {
  createWalletApp,
  credit,
  FUND_PASSWORD,
  spot,
  TRX_ADDRESS,
  walletUser,
  withdraw,
  withdrawalKey,
} from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;

beforeAll(async () => {
  ctx = await createWalletApp();
  if (ctx.app.market.usdtPrice('BTC') === undefined) {
    ctx.clock.advance(1000);
    await ctx.app.market.step();
  }
});
afterAll(async () => {
  await ctx.close();
});

/** The SQL reservation a crash leaves behind: request hash stored, no answer. */
async function reserve(userId: string, route: string, key: string, body: unknown) {
  await ctx.db.insert(walletIdempotency).values({
    userId: BigInt(userId),
    route,
    key,
    requestHash: requestHash(body),
    createdAt: ctx.clock.now(),
  });
}

async function savedAnswer(userId: string, route: string, key: string) {
  const [row] = await ctx.db
    .select()
    .from(walletIdempotency)
    .where(
      and(
        eq(walletIdempotency.userId, BigInt(userId)),
        eq(walletIdempotency.route, route),
        eq(walletIdempotency.key, key),
      ),
    );
  return row?.response;
}

const transfer = (token: string, key: string, amount = '10') =>
  call<{ amount: string; balances: { from: { available: string }; to: { available: string } } }>(ctx.app, {
    method: 'POST',
    url: '/api/asset/transferFunds',
    headers: { ...auth(token), 'idempotency-key': key },
    payload: { coin: 'USDT', amount, from: '1', to: '2' },
  });

describe('Idempotency-Key across a crash', () => {
  it('answers a transfer the core applied before the crash, without moving money again', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    const body = { coin: 'USDT', amount: '10', from: 'spot', to: 'contract' };
    await reserve(u.userId, 'transfer', 'k-applied', body);
    // The core got the command (id derived from the key) before the kill.
    const applied = await ctx.app.core.submit({
      id: `transfer:${u.userId}:k-applied`,
      actor: u.userId,
      ts: ctx.clock.now().getTime(),
      type: 'transfer',
      payload: { userId: u.userId, asset: 'USDT', amount: '10', from: 'spot', to: 'contract' },
    });
    expect(applied.ok).toBe(true);
    const res = await transfer(u.token, 'k-applied');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.amount).toBe('10');
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('90');
    expect(ctx.app.core.balance(u.userId, 'USDT', 'contract').available).toBe('10');
    // The answer is now saved: a further retry returns it unchanged.
    expect(await savedAnswer(u.userId, 'transfer', 'k-applied')).toEqual(res.body.data);
    const again = await transfer(u.token, 'k-applied');
    expect(again.body.data).toEqual(res.body.data);
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('90');
    // Same key, different body: refused, nothing moves.
    expectError(await transfer(u.token, 'k-applied', '11'), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('90');
  });

  it('applies a reserved transfer the core never got, exactly once', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    await reserve(u.userId, 'transfer', 'k-lost', {
      coin: 'USDT',
      amount: '10',
      from: 'spot',
      to: 'contract',
    });
    const [a, b] = await Promise.all([transfer(u.token, 'k-lost'), transfer(u.token, 'k-lost')]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('90');
    expect(ctx.app.core.resultOf(`transfer:${u.userId}:k-lost`)?.ok).toBe(true);
  });

  it('keeps a refusal under its key (the core recorded it), and refuses another body', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '5');
    expectError(await transfer(u.token, 'k-poor'), 422, 'WALLET_INSUFFICIENT_BALANCE');
    await credit(ctx.app, u.userId, 'USDT', '100');
    // Same key after a top-up: the same answer (a new key is needed), nothing moves.
    expectError(await transfer(u.token, 'k-poor'), 422, 'WALLET_INSUFFICIENT_BALANCE');
    expectError(await transfer(u.token, 'k-poor', '1'), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('105');
    expect((await transfer(u.token, 'k-rich')).status).toBe(200);
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('95');
  });

  it('answers a swap applied before the crash with its first result, even after the price moved', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'BTC', '1');
    await reserve(u.userId, 'swap', 'k-swap', { from: 'BTC', to: 'USDT', amount: '0.1' });
    const applied = await ctx.app.core.submit({
      id: `swap:${u.userId}:k-swap`,
      actor: u.userId,
      ts: ctx.clock.now().getTime(),
      type: 'swap',
      payload: {
        userId: u.userId,
        fromAsset: 'BTC',
        toAsset: 'USDT',
        amount: '0.1',
        price: '12345.5',
        feeRate: '0.001',
        priceRef: 'old-quote',
        toDecimals: 6,
      },
    });
    expect(applied.ok).toBe(true);
    const usdtAfter = spot(ctx.app, u.userId, 'USDT').available;
    // 0.1 * 12345.5 = 1234.55; fee 1.23455 -> up 1.234550; credited 1233.31545
    expect(usdtAfter).toBe('1233.31545');
    const res = await call<{ credited: string; fee: string }>(ctx.app, {
      method: 'POST',
      url: '/api/texchange/currencyExchange',
      headers: { ...auth(u.token), 'idempotency-key': 'k-swap' },
      payload: { from: 'BTC', to: 'USDT', amount: '0.1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ credited: '1233.31545', fee: '1.23455' });
    expect(spot(ctx.app, u.userId, 'BTC').available).toBe('0.9');
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe(usdtAfter);
  });

  it('recovers a withdrawal frozen before the crash: one row, one hold, a definite answer', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    const publicKey = await withdrawalKey(ctx.app, u.token);
    const payload = { coin: 'USDT', address: TRX_ADDRESS, amount: '20', tradePwd: b64(FUND_PASSWORD) };
    const h = { 'idempotency-key': 'k-wd' };
    const first = await withdraw(ctx.app, u.token, publicKey, payload, h);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Turn it into what a kill -9 after the freeze leaves: the answer not saved.
    await ctx.db
      .update(walletIdempotency)
      .set({ response: null })
      .where(and(eq(walletIdempotency.userId, BigInt(u.userId)), eq(walletIdempotency.key, 'k-wd')));
    const retry = await withdraw(ctx.app, u.token, publicKey, payload, h);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '79', frozen: '21' });
    const rows = await ctx.db
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.userId, BigInt(u.userId)));
    expect(rows.map((r) => r.withdrawalId)).toEqual([`wd:${u.userId}:k-wd`]);
  });
});
