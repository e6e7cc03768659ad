// Uploads (magic bytes, size, owner-only download) and manual recharges with operator review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, bootstrapAdmin, call, expectError, expectRejected } from './helpers';
import { API, createWalletApp, multipart, pngBytes, spot, upload, walletUser } from './wallet-kit';

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
