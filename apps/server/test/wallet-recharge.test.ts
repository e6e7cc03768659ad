// Uploads (magic bytes, size, owner-only download) and manual recharges with operator review: one
// approval up to the asset's dual-approval threshold, two different operators' above it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema';
import {
  createOperator,
  decideOperatorRequest,
  firstLogin,
  requestOperator,
  sponsorOf,
} from './console-helpers';
import { auth, b64, bootstrapAdmin, call, expectError, expectRejected, tr } from './helpers';
import {
  API,
  createWalletApp,
  credit,
  FUND_PASSWORD,
  multipart,
  pngBytes,
  spot,
  TRX_ADDRESS,
  upload,
  walletUser,
  withdraw,
  withdrawalKey,
} from './wallet-kit';

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let admin: string;

beforeAll(async () => {
  ctx = await createWalletApp({ UPLOAD_MAX_BYTES: '2048' });
  admin = (await bootstrapAdmin(ctx.app)).token;
});
afterAll(async () => {
  await ctx.close();
});

describe('uploads', () => {
  it('stores images by magic bytes under random names, served only to the owner or an operator', async () => {
    const a = await walletUser(ctx.app);
    const b = await walletUser(ctx.app);
    const bytes = pngBytes();
    // Declared type and name are ignored: the bytes decide.
    const res = await upload(ctx.app, a.token, bytes, 'application/octet-stream');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ contentType: 'image/png', size: bytes.length });
    expect(res.body.data.link).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.png$/);
    const get = (token?: string) =>
      ctx.app.inject({ method: 'GET', url: res.body.data.link, headers: token ? auth(token) : {} });
    const own = await get(a.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(own.rawPayload, bytes)).toBe(0);
    expect((await get(b.token)).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(404);
    expect((await get(admin)).statusCode).toBe(200);
    const cg = multipart('file', 'x.gif', 'image/gif', Buffer.from('GIF89a-some-bytes'));
    const cgRes = await call<{ link: string; contentType: string }>(ctx.app, {
      method: 'POST',
      url: '/api/mjkj-web/cgform-api/upload/file',
      headers: { ...auth(a.token), ...cg.headers },
      payload: cg.payload,
    });
    expect(cgRes.body.data.contentType).toBe('image/gif');
  });

  it('refuses non-images, oversize files, a missing file and anonymous uploads', async () => {
    const a = await walletUser(ctx.app);
    const html = await upload(
      ctx.app,
      a.token,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'image/png',
    );
    expectError(html, 415, 'UPLOAD_NOT_IMAGE');
    const big = await upload(ctx.app, a.token, Buffer.concat([pngBytes(), Buffer.alloc(4096)]));
    expectError(big, 413, 'UPLOAD_TOO_LARGE');
    const other = multipart('other', 'a.png', 'image/png', pngBytes());
    const missing = await call(ctx.app, {
      method: 'POST',
      url: '/api/common/upload/OSS',
      headers: { ...auth(a.token), ...other.headers },
      payload: other.payload,
    });
    expectError(missing, 400, 'UPLOAD_MISSING');
    const anon = multipart('file', 'a.png', 'image/png', pngBytes());
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/common/upload/OSS',
      headers: anon.headers,
      payload: anon.payload,
    });
    expect(res.status).toBe(401);
  });
});

describe('manual recharge', () => {
  async function submitted(amount = '123.45') {
    const u = await walletUser(ctx.app);
    const up = await upload(ctx.app, u.token, pngBytes());
    const res = await call<{ id: string; orderNo: string; status: number }>(ctx.app, {
      method: 'POST',
      url: '/api/recharge/submit',
      headers: { ...auth(u.token), lang: 'en' },
      payload: { coin: 'USDT', amount, screenshot: up.body.data.link },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('Info submitted and under review');
    expect(res.body.data.status).toBe(0);
    return { u, id: res.body.data.id, link: up.body.data.link };
  }
  const decide = (id: string, action: 'approve' | 'reject') =>
    call<{ status: number; screenshot: string; account: string; reason: string | null }>(ctx.app, {
      method: 'POST',
      url: `/api/admin/recharges/${id}/${action}`,
      headers: auth(admin),
      payload: action === 'reject' ? { reason: 'no payment received' } : {},
    });

  it('approve credits once via deposit.credit; the queue shows the screenshot and account', async () => {
    const { u, id, link } = await submitted();
    const q = await call<{
      records: Array<{ id: string; screenshot: string; account: string; source: string }>;
    }>(ctx.app, {
      method: 'GET',
      url: '/api/admin/recharges?status=0',
      headers: auth(admin),
    });
    expect(q.body.data.records.find((r) => r.id === id)).toMatchObject({
      screenshot: link,
      account: u.account,
      source: 'manual',
    });
    const [a, b] = await Promise.all([decide(id, 'approve'), decide(id, 'approve')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '123.45', frozen: '0' });
    expectError(await decide(id, 'reject'), 409, 'RECHARGE_STATE');
    const log = await call<{ records: Array<{ status: number; amount: string }> }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getRechargeLog`,
      headers: auth(u.token),
      payload: { current: 1, size: 10, type: '1' },
    });
    expect(log.body.data.records[0]).toMatchObject({ status: 1, amount: '123.45' });
  });

  it('reject records the reason and credits nothing', async () => {
    const { u, id } = await submitted('5');
    const r = await decide(id, 'reject');
    expect(r.body.data).toMatchObject({ status: 2, reason: 'no payment received' });
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '0', frozen: '0' });
    expectError(await decide(id, 'approve'), 409, 'RECHARGE_STATE');
    expectError(await decide('424242', 'approve'), 404, 'RECHARGE_NOT_FOUND');
  });

  it("validates input; a screenshot must be the caller's own upload; records are private", async () => {
    const a = await walletUser(ctx.app);
    const b = await walletUser(ctx.app);
    const aUpload = await upload(ctx.app, a.token, pngBytes());
    const req = { method: 'POST' as const, url: '/api/recharge/submit', headers: auth(b.token) };
    const bUpload = await upload(ctx.app, b.token, pngBytes());
    const link = bUpload.body.data.link;
    await expectRejected(
      ctx,
      { ...req, payload: { coin: 'USDT', amount: 'ten', screenshot: link } },
      'amount',
      'validation.numeric',
    );
    await expectRejected(
      ctx,
      { ...req, payload: { coin: 'USDT', amount: '10' } },
      'screenshot',
      'validation.required',
    );
    await expectRejected(
      ctx,
      { ...req, payload: { coin: 'USDT', amount: '10', screenshot: aUpload.body.data.link } },
      'screenshot',
      'validation.invalid',
    );
    await expectRejected(
      ctx,
      { ...req, payload: { coin: 'BTC', amount: '0.000000001', screenshot: link } },
      'amount',
      'validation.tooManyDecimals',
    );
    const { id } = await submitted('7');
    const bLog = await call<{ total: number }>(ctx.app, {
      method: 'POST',
      url: `${API}/assets/getRechargeLog`,
      headers: auth(b.token),
      payload: {},
    });
    expect(bLog.body.data.total).toBe(0);
    expect(id).toBeTruthy();
  });
});

interface QueueRow {
  id: string;
  status: number;
  dualApproval: boolean;
  awaitingSecondApproval: boolean;
  firstReviewer: string | null;
  firstReviewerName: string | null;
  reviewer: string | null;
  reviewerName: string | null;
}

describe('manual recharge above the dual-approval threshold (USDT: 10000)', () => {
  let rev1: { token: string; id: string };
  let rev2: { token: string; id: string };
  beforeAll(async () => {
    rev1 = await createOperator(ctx, admin, 'recharge_rev1', 'reviewer');
    rev2 = await createOperator(ctx, admin, 'recharge_rev2', 'reviewer');
  });

  async function submit(amount: string) {
    const u = await walletUser(ctx.app);
    const up = await upload(ctx.app, u.token, pngBytes());
    const res = await call<{ id: string }>(ctx.app, {
      method: 'POST',
      url: '/api/recharge/submit',
      headers: auth(u.token),
      payload: { coin: 'USDT', amount, screenshot: up.body.data.link },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { u, id: res.body.data.id };
  }
  const approve = (token: string, id: string) =>
    call<QueueRow>(ctx.app, {
      method: 'POST',
      url: `/api/admin/recharges/${id}/approve`,
      headers: { ...auth(token), lang: 'en' },
      payload: {},
    });
  const reject = (token: string, id: string) =>
    call<QueueRow>(ctx.app, {
      method: 'POST',
      url: `/api/admin/recharges/${id}/reject`,
      headers: auth(token),
      payload: { reason: 'not received' },
    });
  const userStatus = async (token: string) =>
    (
      await call<{ records: Array<{ status: number }> }>(ctx.app, {
        method: 'POST',
        url: `${API}/assets/getRechargeLog`,
        headers: auth(token),
        payload: { current: 1, size: 10, type: '1' },
      })
    ).body.data.records[0]?.status;

  it('exactly at the threshold one approval credits', async () => {
    const { u, id } = await submit('10000');
    const res = await approve(rev1.token, id);
    expect(res.body.msg).toBe(tr('en', 'success.reviewDone'));
    expect(res.body.data).toMatchObject({ status: 1, dualApproval: false, firstReviewer: null });
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('10000');
  });

  it('above it the first approval credits nothing; a different operator credits exactly once', async () => {
    const { u, id } = await submit('10000.01');
    const seq = ctx.app.core.lastSeq();
    const first = await approve(admin, id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.msg).toBe(tr('en', 'success.firstApprovalRecorded'));
    expect(first.body.data).toMatchObject({
      status: 0,
      dualApproval: true,
      awaitingSecondApproval: true,
      firstReviewer: '1',
      firstReviewerName: 'admin',
      reviewer: null,
    });
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('0');
    expect(ctx.app.core.lastSeq()).toBe(seq);
    // The user's record stays under review; the queue shows the first approval.
    expect(await userStatus(u.token)).toBe(0);
    const queue = await call<{ records: QueueRow[] }>(ctx.app, {
      method: 'GET',
      url: '/api/admin/recharges?status=0',
      headers: auth(rev1.token),
    });
    expect(queue.body.data.records.find((r) => r.id === id)).toMatchObject({
      awaitingSecondApproval: true,
      firstReviewerName: 'admin',
    });
    // The same person never gives both approvals.
    expectError(await approve(admin, id), 403, 'APPROVAL_SAME_OPERATOR');
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('0');
    // Two different operators' second approvals at the same time: one credit.
    const [x, y] = await Promise.all([approve(rev1.token, id), approve(rev2.token, id)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect([x, y].find((r) => r.status === 409)?.body.errorCode).toBe('RECHARGE_STATE');
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '10000.01', frozen: '0' });
    expect(ctx.app.core.lastSeq()).toBe(seq + 1);
    expect(await userStatus(u.token)).toBe(1);
    const winner = x.status === 200 ? x : y;
    expect(winner.body.msg).toBe(tr('en', 'success.reviewDone'));
    expect(winner.body.data).toMatchObject({
      status: 1,
      awaitingSecondApproval: false,
      firstReviewerName: 'admin',
    });
    // Audited: the first approval, then the crediting one naming the first approver.
    const audit = await ctx.db.select().from(auditLog);
    const mine = audit.filter((r) => (r.payload as { id?: string }).id === id);
    expect(mine.map((r) => r.action)).toEqual(['wallet.recharge.firstApproval', 'wallet.recharge.approve']);
    expect(mine[0]).toMatchObject({
      actorId: '1',
      payload: expect.objectContaining({ dualApprovalAbove: '10000' }),
    });
    expect(mine[1]?.payload).toMatchObject({ firstApprovedBy: '1' });
    expectError(await approve(rev2.token, id), 409, 'RECHARGE_STATE');
  });

  it('either operator may reject after the first approval; nothing is credited', async () => {
    const one = await submit('25000');
    expect((await approve(rev1.token, one.id)).body.data.awaitingSecondApproval).toBe(true);
    expect((await reject(rev1.token, one.id)).body.data).toMatchObject({ status: 2, reason: 'not received' });
    const two = await submit('25000');
    await approve(rev1.token, two.id);
    expect((await reject(rev2.token, two.id)).body.data.status).toBe(2);
    expectError(await approve(rev2.token, two.id), 409, 'RECHARGE_STATE');
    expect(spot(ctx.app, one.u.userId, 'USDT').available).toBe('0');
    expect(spot(ctx.app, two.u.userId, 'USDT').available).toBe('0');
    expect(await userStatus(two.u.token)).toBe(2);
  });

  it('the second approval follows the approval rule: not the first admin’s solo-created account', async () => {
    const sponsor = await sponsorOf(ctx.app, admin);
    const { u, id } = await submit('99999');
    await approve(admin, id);
    expectError(await approve(sponsor.token, id), 403, 'APPROVAL_LINKED_OPERATOR');
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('0');
    expect((await approve(rev1.token, id)).status).toBe(200);
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('99999');
  });
});

describe('review queues and the cooling-off', () => {
  it('a new reviewer approves no recharge and no withdrawal until the cooling-off ends', async () => {
    const sponsor = await sponsorOf(ctx.app, admin);
    const req = await requestOperator(ctx.app, sponsor.token, 'green_reviewer', 'reviewer');
    await decideOperatorRequest(ctx.app, admin, req.body.data.id, 'approve');
    const fresh = await firstLogin(ctx.app, 'green_reviewer');

    const u = await walletUser(ctx.app);
    const up = await upload(ctx.app, u.token, pngBytes());
    const recharge = await call<{ id: string }>(ctx.app, {
      method: 'POST',
      url: '/api/recharge/submit',
      headers: auth(u.token),
      payload: { coin: 'USDT', amount: '5', screenshot: up.body.data.link },
    });
    await credit(ctx.app, u.userId, 'USDT', '100');
    const key = await withdrawalKey(ctx.app, u.token);
    const w = await withdraw(ctx.app, u.token, key, {
      coin: 'USDT',
      address: TRX_ADDRESS,
      amount: '20',
      tradePwd: b64(FUND_PASSWORD),
    });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    const wid = (w.body.data as { id: string }).id;
    for (const url of [
      `/api/admin/recharges/${recharge.body.data.id}/approve`,
      `/api/admin/withdrawals/${wid}/approve`,
    ]) {
      const res = await call(ctx.app, { method: 'POST', url, headers: auth(fresh), payload: {} });
      expect(res.status, url).toBe(403);
      expect(res.body.errorCode).toBe('APPROVAL_COOLING_OFF');
    }
    expect(spot(ctx.app, u.userId, 'USDT')).toEqual({ available: '79', frozen: '21' });
    ctx.clock.advance(ctx.app.services.operators.coolingOffHours * 3_600_000);
    const ok = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/recharges/${recharge.body.data.id}/approve`,
      headers: auth(fresh),
      payload: {},
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(spot(ctx.app, u.userId, 'USDT').available).toBe('84');
  });
});
