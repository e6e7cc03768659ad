// Encrypted withdrawals, fund password, review (approve / reject / cancel exactly once), ownership.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, walletWithdrawals } from '@/db/schema';
import { auth, b64, bootstrapAdmin, call, expectError, registerAndLogin } from './helpers';
import {
  API,
  BTC_ADDRESS,
  createWalletApp,
  credit,
  EVM_ADDRESS,
  encryptFor,
  FUND_PASSWORD,
  spot,
  TRX_ADDRESS,
  walletUser,
  withdraw,
  withdrawalKey,
} from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let admin: string;
let publicKey: string;

beforeAll(async () => {
  ctx = await createWalletApp();
  admin = (await bootstrapAdmin(ctx.app)).token;
  const u = await walletUser(ctx.app);
  publicKey = await withdrawalKey(ctx.app, u.token);
});
afterAll(async () => {
  await ctx.close();
});

const usdt = (amount: string, extra: Record<string, unknown> = {}) => ({
  coin: 'USDT',
  address: TRX_ADDRESS,
  amount,
  tradePwd: b64(FUND_PASSWORD),
  ...extra,
});

describe('withdrawal submit', () => {
  it('freezes amount + fee and records a row under review', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    const res = await withdraw(ctx.app, u.token, publicKey, usdt('20.5'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      coin: 'USDT',
      amount: '20.5',
      fee: '1',
      total: '21.5',
      status: 0,
      network: 'TRC20',
    });
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '78.5', frozen: '21.5' });
    const log = await call<{ records: Array<{ status: number; address: string; total: string }> }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getWithdrawalLog`,
      headers: auth(u.token),
      payload: { current: 1, size: 10 },
    });
    expect(log.body.data.records).toEqual([
      expect.objectContaining({ status: 0, address: TRX_ADDRESS, total: '21.5' }),
    ]);
    // The other path is the same service.
    const res2 = await call(ctx.app, {
      method: 'POST',
      url: '/api/withdraw/submit',
      headers: auth(u.token),
      payload: encryptFor(publicKey, usdt('10', { network: 'ERC20', address: EVM_ADDRESS })),
    });
    expect(res2.status, JSON.stringify(res2.body)).toBe(200);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '67.5', frozen: '32.5' });
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'BTC', '1');
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [
        { coin: 'BTC', address: BTC_ADDRESS, amount: '0.123456789', tradePwd: b64(FUND_PASSWORD) },
        400,
        'VALIDATION_FAILED',
        'amount',
      ],
      [
        { coin: 'BTC', address: BTC_ADDRESS, amount: '1e3', tradePwd: b64(FUND_PASSWORD) },
        400,
        'VALIDATION_FAILED',
        'amount',
      ],
      [
        { coin: 'BTC', address: BTC_ADDRESS, tradePwd: b64(FUND_PASSWORD) },
        400,
        'VALIDATION_FAILED',
        'amount',
      ],
      [
        { coin: 'BTC', address: EVM_ADDRESS, amount: '0.1', tradePwd: b64(FUND_PASSWORD) },
        400,
        'WALLET_ADDRESS_INVALID',
        'address',
      ],
      [
        { coin: 'BTC', address: BTC_ADDRESS, amount: '0.0001', tradePwd: b64(FUND_PASSWORD) },
        422,
        'WALLET_AMOUNT_TOO_SMALL',
        'amount',
      ],
      [
        { coin: 'BTC', address: BTC_ADDRESS, amount: '2', tradePwd: b64(FUND_PASSWORD) },
        422,
        'WALLET_INSUFFICIENT_BALANCE',
      ],
      [
        { coin: 'BTC', address: BTC_ADDRESS, amount: '0.1', tradePwd: b64('wrong-pass') },
        422,
        'FUND_PASSWORD_WRONG',
        'tradePwd',
      ],
      [
        { coin: 'BTC', address: BTC_ADDRESS, amount: '0.1', tradePwd: '%%%' },
        400,
        'VALIDATION_FAILED',
        'tradePwd',
      ],
      [
        { coin: 'XYZ', address: BTC_ADDRESS, amount: '0.1', tradePwd: b64(FUND_PASSWORD) },
        404,
        'WALLET_ASSET_UNKNOWN',
        'coin',
      ],
      [
        { coin: 'BTC', address: BTC_ADDRESS, amount: '0.1', tradePwd: b64(FUND_PASSWORD), x: 1 },
        400,
        'VALIDATION_FAILED',
        'x',
      ],
    ];
    for (const [payload, status, code, field] of cases) {
      const res = await withdraw(ctx.app, u.token, publicKey, payload);
      expect(res.status, JSON.stringify([payload, res.body])).toBe(status);
      expect(res.body.errorCode).toBe(code);
      if (field) expect(res.body.errors?.[0]?.field).toBe(field);
    }
    // Not decryptable: a body for another key, a tampered ciphertext, plain JSON.
    const good = encryptFor(publicKey, usdt('1'));
    const tampered = {
      ...good,
      data: Buffer.from(Buffer.from(good.data, 'base64').map((b, i) => (i === 0 ? b ^ 1 : b))).toString(
        'base64',
      ),
    };
    for (const payload of [tampered, { ...good, iv: b64('short') }]) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: `${API}/assets/withdrawal`,
        headers: auth(u.token),
        payload,
      });
      expectError(res, 400, 'WITHDRAW_DECRYPT_FAILED');
    }
    const plain = await call(ctx.app, {
      method: 'POST',
      url: `${API}/assets/withdrawal`,
      headers: auth(u.token),
      payload: usdt('1'),
    });
    expect(plain.status).toBe(400);
    expect(spot(ctx.app, u.userId, 'BTC')).toEqual({ available: '1', frozen: '0' });
    expect(
      (
        await ctx.db
          .select()
          .from(walletWithdrawals)
          .where(eq(walletWithdrawals.userId, BigInt(u.userId)))
      ).length,
    ).toBe(0);
  });

  it('needs a fund password and locks after 5 wrong ones', async () => {
    const bare = await registerAndLogin(ctx.app);
    const res = await withdraw(ctx.app, bare.token, publicKey, usdt('10'));
    expectError(res, 409, 'FUND_PASSWORD_NOT_SET');
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    for (let i = 0; i < 5; i++) {
      const wrong = await withdraw(ctx.app, u.token, publicKey, usdt('10', { tradePwd: b64('nope-nope') }));
      expect(wrong.body.errorCode).toBe('FUND_PASSWORD_WRONG');
    }
    const locked = await withdraw(ctx.app, u.token, publicKey, usdt('10'));
    expectError(locked, 429, 'FUND_PASSWORD_LOCKED');
    ctx.clock.advance(15 * 60_000 + 1);
    const ok = await withdraw(ctx.app, u.token, publicKey, usdt('10'));
    expect(ok.status).toBe(200);
  });

  it('replays an Idempotency-Key instead of freezing twice', async () => {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    const h = { 'idempotency-key': 'wd-key-1' };
    const a = await withdraw(ctx.app, u.token, publicKey, usdt('30'), h);
    const b = await withdraw(ctx.app, u.token, publicKey, usdt('30'), h);
    expect(a.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '69', frozen: '31' });
    const c = await withdraw(ctx.app, u.token, publicKey, usdt('31'), h);
    expectError(c, 409, 'IDEMPOTENCY_KEY_REUSED');
  });
});

describe('review and cancel', () => {
  async function pending(amount = '50') {
    const u = await walletUser(ctx.app);
    await credit(ctx.app, u.userId, 'USDT', '100');
    const res = await withdraw(ctx.app, u.token, publicKey, usdt(amount));
    expect(res.status).toBe(200);
    return { u, id: (res.body.data as { id: string }).id };
  }
  const decide = (id: string, action: 'approve' | 'reject', token = admin) =>
    call<{ status: number; txid: string | null; simulated: boolean; account: string }>(ctx.app, {
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/${action}`,
      headers: auth(token),
      payload: action === 'reject' ? { reason: 'address on a sanctions list' } : {},
    });

  it('approve pays out amount to clearing and splits the fee 90/10', async () => {
    const fundBefore = ctx.app.core.systemBalance('security_fund', 'USDT');
    const { u, id } = await pending();
    const res = await decide(id, 'approve');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe(1);
    expect(res.body.data.simulated).toBe(true);
    expect(res.body.data.txid).toMatch(/^sim-[0-9a-f]{40}$/);
    expect(res.body.data.account).toBe(u.account);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '49', frozen: '0' });
    // Bills: one row per event with its net effect, the available and frozen parts as details.
    await ctx.app.wallet.projection.idle();
    const bills = await call<{
      records: Array<{ billType: string; delta: string; available: unknown; frozen: unknown }>;
      total: number;
    }>(ctx.app, { method: 'POST', url: `${API}/assets/getMyBill`, headers: auth(u.token), payload: {} });
    expect(bills.body.data.records.map((b) => [b.billType, b.delta, b.available, b.frozen])).toEqual([
      ['withdraw.complete', '-51', null, { delta: '-51', balance: '0' }],
      ['withdraw.freeze', '0', { delta: '-51', balance: '49' }, { delta: '51', balance: '51' }],
      ['deposit.credit', '100', { delta: '100', balance: '100' }, null],
    ]);
    expect(bills.body.data.total).toBe(3);
    const { parseAmount, sub, formatAmount } = await import('@coin/shared/money');
    expect(
      formatAmount(
        sub(parseAmount(ctx.app.core.systemBalance('security_fund', 'USDT')), parseAmount(fundBefore)),
      ),
    ).toBe('0.1');
    // A second decision of any kind is refused and changes nothing.
    expectError(await decide(id, 'reject'), 409, 'WALLET_WITHDRAW_STATE');
    expectError(await decide(id, 'approve'), 409, 'WALLET_WITHDRAW_STATE');
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '49', frozen: '0' });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'wallet.withdrawal.approve'));
    expect(audits.some((a) => (a.payload as { id: string }).id === id)).toBe(true);
  });

  it('reject releases exactly once; approve after reject is refused', async () => {
    const { u, id } = await pending();
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '49', frozen: '51' });
    const [r1, r2] = await Promise.all([decide(id, 'reject'), decide(id, 'reject')]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '100', frozen: '0' });
    expectError(await decide(id, 'approve'), 409, 'WALLET_WITHDRAW_STATE');
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '100', frozen: '0' });
    const log = await call<{ records: Array<{ status: number; reason: string }> }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getWithdrawalLog`,
      headers: auth(u.token),
      payload: {},
    });
    expect(log.body.data.records[0]).toMatchObject({ status: 2, reason: 'address on a sanctions list' });
  });

  it('a payout that reverted on chain: an operator returns the funds once; nothing else is released', async () => {
    const { u, id } = await pending();
    const release = (wid: string, token = admin) =>
      call<{ status: number; reason: string }>(ctx.app, {
        method: 'POST',
        url: `/api/admin/withdrawals/${wid}/release`,
        headers: auth(token),
        payload: {},
      });
    // Under review: not a reverted payout.
    expectError(await release(id), 409, 'WALLET_WITHDRAW_STATE');
    // As the chain custody leaves it: approved and sending, then final with the reason chain.reverted.
    await ctx.db
      .update(walletWithdrawals)
      .set({ status: 4, reviewer: 'op-test' })
      .where(eq(walletWithdrawals.id, BigInt(id)));
    // Still confirming: refused.
    expectError(await release(id), 409, 'WALLET_WITHDRAW_STATE');
    const [row] = await ctx.db
      .select()
      .from(walletWithdrawals)
      .where(eq(walletWithdrawals.id, BigInt(id)));
    if (!row) throw new Error('no row');
    await ctx.app.wallet.withdrawals.completePayout(row.withdrawalId, `0x${'ab'.repeat(32)}`, 'reverted');
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '49', frozen: '51' });
    // A user token cannot; an unknown id is 404.
    expect((await release(id, u.token)).status).toBe(401);
    expectError(await release('999999'), 404, 'WALLET_WITHDRAW_NOT_FOUND');
    const [a, b] = await Promise.all([release(id), release(id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '100', frozen: '0' });
    expect(ctx.app.core.holdOf(row.withdrawalId)).toBeUndefined();
    const log = await call<{ records: Array<{ status: number; reason: string }> }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getWithdrawalLog`,
      headers: auth(u.token),
      payload: {},
    });
    expect(log.body.data.records[0]).toMatchObject({ status: 2, reason: 'chain.reverted' });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'wallet.withdrawal.releaseReverted'));
    expect(audits.filter((x) => (x.payload as { id: string }).id === id)).toHaveLength(1);
  });

  it('approve racing reject: exactly one wins', async () => {
    const { u, id } = await pending();
    const [a, r] = await Promise.all([decide(id, 'approve'), decide(id, 'reject')]);
    expect([a.status, r.status].sort()).toEqual([200, 409]);
    const s = spot(ctx.app, u.userId, 'USDT');
    expect(s.frozen).toBe('0');
    expect(['49', '100']).toContain(s.available);
  });

  it('the owner may cancel while under review, once; others cannot', async () => {
    const { u, id } = await pending();
    const other = await walletUser(ctx.app);
    const cancel = (token: string) =>
      call(ctx.app, { method: 'POST', url: `${API}/assets/cancelWithdrawal/${id}`, headers: auth(token) });
    expectError(await cancel(other.token), 404, 'WALLET_WITHDRAW_NOT_FOUND');
    const otherLog = await call<{ total: number }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getWithdrawalLog`,
      headers: auth(other.token),
      payload: {},
    });
    expect(otherLog.body.data.total).toBe(0);
    const ok = await cancel(u.token);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ id, status: 3 });
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '100', frozen: '0' });
    expectError(await cancel(u.token), 409, 'WALLET_WITHDRAW_STATE');
    expectError(await decide(id, 'approve'), 409, 'WALLET_WITHDRAW_STATE');
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '100', frozen: '0' });
  });

  it('a cancel repeated with its Idempotency-Key gets the first result; the key is bound to that id', async () => {
    const { u, id } = await pending();
    const cancel = (withdrawalId: string, key: string) =>
      call(ctx.app, {
        method: 'POST',
        url: `${API}/assets/cancelWithdrawal/${withdrawalId}`,
        headers: { ...auth(u.token), 'idempotency-key': key },
      });
    const first = await cancel(id, 'cancel-key-1');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ id, status: 3 });
    const again = await cancel(id, 'cancel-key-1');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '100', frozen: '0' });
    // Without the key (or with a new one) a second cancel is still refused: it is cancelled already.
    expectError(await cancel(id, 'cancel-key-2'), 409, 'WALLET_WITHDRAW_STATE');
    // The same key for another withdrawal is a reuse.
    const other = await withdraw(ctx.app, u.token, publicKey, usdt('20'));
    const otherId = (other.body.data as { id: string }).id;
    expectError(await cancel(otherId, 'cancel-key-1'), 409, 'IDEMPOTENCY_KEY_REUSED');
    // A refused cancel frees its key: the state error above did not stick to cancel-key-2.
    expect((await cancel(otherId, 'cancel-key-2')).status).toBe(200);
  });

  it('operator routes refuse user tokens and anonymous calls; the queue lists rows with accounts', async () => {
    const { u, id } = await pending();
    for (const url of ['/api/admin/withdrawals', '/api/admin/recharges']) {
      expect((await call(ctx.app, { method: 'GET', url, headers: auth(u.token) })).status).toBe(401);
      expect((await call(ctx.app, { method: 'GET', url })).status).toBe(401);
    }
    expect((await decide(id, 'approve', u.token)).status).toBe(401);
    const q = await call<{ records: Array<{ id: string; account: string; status: number }> }>(ctx.app, {
      method: 'GET',
      url: '/api/admin/withdrawals?status=0&current=1&size=100',
      headers: auth(admin),
    });
    expect(q.status).toBe(200);
    expect(q.body.data.records.find((r) => r.id === id)).toMatchObject({ account: u.account, status: 0 });
    const missingReason = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/withdrawals/${id}/reject`,
      headers: auth(admin),
      payload: {},
    });
    expect(missingReason.status).toBe(400);
    expect(missingReason.body.errors?.[0]?.field).toBe('reason');
    expectError(await decide('999999', 'approve'), 404, 'WALLET_WITHDRAW_NOT_FOUND');
  });
});
