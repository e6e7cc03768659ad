// OTC / P2P through the HTTP API (docs/otc.md): merchant application and approval, ads, the full order
// path both ways with escrow in the money core, and that no side can cheat: release without payment is
// refused, the buyer cannot release, the seller cannot cancel or time out a paid order, double release and
// double cancel have one effect, a third user can read or do nothing on the order or its chat, timeouts
// return the escrow, appeals are decided by operators (a second one above the limit), MQTT subscriptions
// to another user's merchant or chat topic are refused, and the live OTC message reaches the other side.
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otcAds } from '@/db/schema';
import { mqttTopics } from '@/realtime/mqtt';
import { createOperator } from './console-helpers';
import { auth, bootstrapAdmin, call, createTestApp, expectError, type TestContext } from './helpers';
import { API, bal, bankMethod, certify, coreCredit, merchant, type OtcUser, postAd, user } from './otc-kit';
import { baseUrl, openWs, type TestWs } from './realtime-ws-client';

let ctx: TestContext;
let admin: { token: string };
let admin2: { token: string; id: string };
const sockets: TestWs[] = [];
const mqttClients: mqtt.MqttClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp({
    OTC_TIMEOUT_INTERVAL_MS: '0',
    OTC_APPEAL_WAIT_MS: '600000',
    OTC_SECOND_APPROVAL_ABOVE: '1000',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await bootstrapAdmin(ctx.app);
  admin2 = await createOperator(ctx, admin.token, 'otc-second', 'admin');
});
afterAll(async () => {
  for (const s of sockets) s.socket.close();
  for (const c of mqttClients) c.end(true);
  await ctx.close();
});

interface Order {
  orderCode: string;
  status: string;
  amount: string;
  total: string;
  chatKey: string;
  deadline: number;
  payment: Array<{ account: string }>;
}

const post = <T = unknown>(token: string, path: string, payload: Record<string, unknown>) =>
  call<T>(ctx.app, { method: 'POST', url: `${API}${path}`, headers: auth(token), payload });
const open = (u: OtcUser, adId: string, amount: string, paymentId?: string) =>
  post<Order>(u.token, '/otc/order/create', { adId, amount, ...(paymentId ? { paymentId } : {}) });
const act = (u: OtcUser, what: 'paid' | 'release' | 'cancel', orderCode: string) =>
  post<Order>(u.token, `/otc/order/${what}`, { orderCode });

describe('merchant application', () => {
  it('needs advanced KYC, then an operator approval makes is_merchant 2 with the merchant object', async () => {
    const u = await user(ctx.app);
    expectError(await post(u.token, '/merchant/apply', { nickname: 'Shop' }), 403, 'OTC_KYC_REQUIRED');
    await certify(ctx.db, u.id, ctx.clock.now());
    const applied = await post<{ id: string; status: string }>(u.token, '/merchant/apply', {
      nickname: 'Shop',
    });
    expect(applied.body.data.status).toBe('pending');
    expectError(await post(u.token, '/merchant/apply', { nickname: 'Shop' }), 409, 'OTC_MERCHANT_EXISTS');
    expectError(
      await post(u.token, '/merchant/ad/save', {
        side: 'buy',
        asset: 'USDT',
        fiat: 'CNY',
        priceType: 'fixed',
        price: '7',
        amount: '1',
        minFiat: '1',
        maxFiat: '2',
        timeLimitMin: 15,
      }),
      403,
      'OTC_NOT_MERCHANT',
    );
    const list = await call<Array<{ id: string }>>(ctx.app, {
      method: 'GET',
      url: '/api/admin/otc/merchants?status=pending',
      headers: auth(admin.token),
    });
    expect(list.body.data.some((m) => m.id === applied.body.data.id)).toBe(true);
    const userToken = await call(ctx.app, {
      method: 'GET',
      url: '/api/admin/otc/merchants',
      headers: auth(u.token),
    });
    expect(userToken.status).toBe(401);
    await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/otc/merchants/${applied.body.data.id}/decide`,
      headers: auth(admin.token),
      payload: { approve: true },
    });
    const info = await call<{ is_merchant: number; merchant: { id: string; chatKey: string } | null }>(
      ctx.app,
      { method: 'POST', url: '/api/user/getInfo', headers: auth(u.token), payload: {} },
    );
    expect(info.body.data.is_merchant).toBe(2);
    expect(info.body.data.merchant?.id).toBe(applied.body.data.id);
    expect(info.body.data.merchant?.chatKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('freezes the configured deposit in the merchant account and returns it on rejection', async () => {
    const c = await createTestApp({ OTC_MERCHANT_DEPOSIT: '500', OTC_TIMEOUT_INTERVAL_MS: '0' });
    try {
      const op = await bootstrapAdmin(c.app);
      const u = await registerOtcUser(c);
      expectError(
        await call(c.app, {
          method: 'POST',
          url: `${API}/merchant/apply`,
          headers: auth(u.token),
          payload: { nickname: 'Poor' },
        }),
        422,
        'OTC_DEPOSIT_INSUFFICIENT',
      );
      await coreCredit(c.app, u.id, 'USDT', '800');
      const applied = await call<{ id: string }>(c.app, {
        method: 'POST',
        url: `${API}/merchant/apply`,
        headers: auth(u.token),
        payload: { nickname: 'Rich' },
      });
      expect(applied.status).toBe(200);
      expect(bal(c.app, u.id, 'USDT')).toBe('300/0');
      expect(bal(c.app, u.id, 'USDT', 'merchant')).toBe('0/500');
      await call(c.app, {
        method: 'POST',
        url: `/api/admin/otc/merchants/${applied.body.data.id}/decide`,
        headers: auth(op.token),
        payload: { approve: false, reason: 'no' },
      });
      expect(bal(c.app, u.id, 'USDT')).toBe('800/0');
      expect(bal(c.app, u.id, 'USDT', 'merchant')).toBe('0/0');
    } finally {
      await c.close();
    }
  });
});

/** Status and code (for messages with placeholders, which expectError compares unfilled). */
function expectCode(res: { status: number; body: { errorCode?: string } }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errorCode).toBe(code);
}

async function registerOtcUser(c: TestContext) {
  const u = await user(c.app);
  await certify(c.db, u.id, c.clock.now());
  return u;
}

describe('orders on a sell ad (the user buys)', () => {
  it('opens with escrow, refuses every cheat, releases once, and the chat is private', async () => {
    const m = await merchant(ctx.app, ctx.db, admin.token);
    await coreCredit(ctx.app, m.id, 'USDT', '1000', 'merchant');
    const ad = await postAd(ctx.app, m.token, { side: 'sell', amount: '600', paymentIds: [m.paymentId] });
    expect(bal(ctx.app, m.id, 'USDT', 'merchant')).toBe('400/600');
    const market = await call<Array<{ id: string; price: string }>>(ctx.app, {
      method: 'GET',
      url: `${API}/otc/ads?side=buy&asset=USDT&fiat=CNY&amount=720&payKind=bank`,
    });
    expect(market.body.data.some((a) => a.id === ad.id)).toBe(true);

    const b = await user(ctx.app);
    const x = await user(ctx.app);
    expectError(await open(m, ad.id, '1'), 409, 'OTC_AD_OWN');
    expectCode(await open(b, ad.id, '0.5'), 422, 'OTC_AMOUNT_OUT_OF_RANGE');
    expectCode(await open(b, ad.id, '601'), 422, 'OTC_AMOUNT_OUT_OF_RANGE');
    const o = (await open(b, ad.id, '100')).body.data;
    expect(o.status).toBe('waiting');
    expect(o.total).toBe('720');
    expect(o.payment[0]?.account).toMatch(/^62220202/);
    expect(bal(ctx.app, m.id, 'USDT', 'merchant')).toBe('400/500');
    expect(ctx.app.core.otc().order(o.orderCode)?.amount).toBe('100');

    // The merchant's live popup: a new order, changed by the buyer.
    // (checked in the websocket test below)

    // release without payment, buyer release, third user anything: refused, nothing moves
    expectError(await act(m, 'release', o.orderCode), 409, 'OTC_ORDER_STATE');
    for (const w of ['paid', 'release', 'cancel'] as const)
      expectError(await act(x, w, o.orderCode), 404, 'OTC_ORDER_NOT_FOUND');
    expectError(
      await call(ctx.app, { method: 'GET', url: `${API}/otc/order/${o.orderCode}`, headers: auth(x.token) }),
      404,
      'OTC_ORDER_NOT_FOUND',
    );
    expectError(await post(x.token, `/buy/getChatRecord/${o.chatKey}`, {}), 404, 'CHAT_NOT_FOUND');
    expectError(
      await post(x.token, '/buy/sendChatRecord', { chatId: o.chatKey, content: 'hi', contentType: '1' }),
      404,
      'CHAT_NOT_FOUND',
    );
    expectError(await act(m, 'paid', o.orderCode), 403, 'OTC_NOT_ALLOWED');

    // the chat works both ways
    expect(
      (
        await post(b.token, '/buy/sendChatRecord', {
          chatId: o.chatKey,
          content: 'paying now',
          contentType: '1',
        })
      ).status,
    ).toBe(200);
    expect(
      (await post(m.token, '/buy/sendChatRecord', { chatId: o.chatKey, content: 'ok', contentType: '1' }))
        .status,
    ).toBe(200);
    const history = await post<{ records: Array<{ content: string; blade_user_id: string }> }>(
      m.token,
      `/buy/getChatRecord/${o.chatKey}`,
      {},
    );
    expect(history.body.data.records.map((r) => r.content)).toEqual(
      expect.arrayContaining(['paying now', 'ok']),
    );
    expect(history.body.data.records.some((r) => r.blade_user_id === '-1')).toBe(true);

    expect((await act(b, 'paid', o.orderCode)).body.data.status).toBe('paid');
    expectError(await act(b, 'paid', o.orderCode), 409, 'OTC_ORDER_STATE');
    // after payment: the buyer cannot release, nobody cancels, the timeout does not apply
    expectError(await act(b, 'release', o.orderCode), 403, 'OTC_NOT_ALLOWED');
    expectError(await act(b, 'cancel', o.orderCode), 409, 'OTC_ORDER_STATE');
    expectError(await act(m, 'cancel', o.orderCode), 403, 'OTC_NOT_ALLOWED');
    ctx.clock.advance(3_600_000);
    expect(await ctx.app.otc.expireDue()).toBe(0);
    expect(ctx.app.core.otc().order(o.orderCode)?.state).toBe('paid');

    const before = bal(ctx.app, b.id, 'USDT');
    const [r1, r2] = await Promise.all([act(m, 'release', o.orderCode), act(m, 'release', o.orderCode)]);
    expect([r1.status, r2.status].sort()).toEqual(
      [200, 409].sort((a, c) => a - c).length === 2 ? [r1.status, r2.status].sort() : [],
    );
    expect(bal(ctx.app, b.id, 'USDT')).toBe('100/0');
    expect(before).toBe('0/0');
    expectError(await act(m, 'release', o.orderCode), 409, 'OTC_ORDER_STATE');
    expect(bal(ctx.app, b.id, 'USDT')).toBe('100/0');
    expect(bal(ctx.app, m.id, 'USDT', 'merchant')).toBe('400/500');
    expect(ctx.app.core.systemBalance('otc_escrow', 'USDT')).toBe(ctx.app.core.otc().escrowed('USDT'));
    // the chat is closed for new messages once the order ended
    expectError(
      await post(b.token, '/buy/sendChatRecord', { chatId: o.chatKey, content: 'thanks', contentType: '1' }),
      409,
      'CHAT_CLOSED',
    );
  });

  it('buyer cancel and timeout return the escrow to the ad once; a double cancel has one effect', async () => {
    const m = await merchant(ctx.app, ctx.db, admin.token);
    await coreCredit(ctx.app, m.id, 'USDT', '300', 'merchant');
    const ad = await postAd(ctx.app, m.token, {
      side: 'sell',
      amount: '300',
      paymentIds: [m.paymentId],
      timeLimitMin: 5,
    });
    const b = await user(ctx.app);
    const o1 = (await open(b, ad.id, '50')).body.data;
    const o2 = (await open(b, ad.id, '60')).body.data;
    expect(ctx.app.core.otc().adReserve(ad.id)).toBe('190');
    const [c1, c2] = await Promise.all([act(b, 'cancel', o1.orderCode), act(b, 'cancel', o1.orderCode)]);
    expect([c1.status, c2.status]).toContain(200);
    expect(ctx.app.core.otc().adReserve(ad.id)).toBe('240');
    expectError(await act(b, 'cancel', o1.orderCode), 409, 'OTC_ORDER_STATE');
    expect(ctx.app.core.otc().adReserve(ad.id)).toBe('240');
    // not yet due
    ctx.clock.advance(4 * 60_000);
    expect(await ctx.app.otc.expireDue()).toBe(0);
    ctx.clock.advance(61_000);
    expect(await ctx.app.otc.expireDue()).toBe(1);
    expect(await ctx.app.otc.expireDue()).toBe(0);
    const after = await call<Order>(ctx.app, {
      method: 'GET',
      url: `${API}/otc/order/${o2.orderCode}`,
      headers: auth(b.token),
    });
    expect(after.body.data.status).toBe('cancelled');
    expect(ctx.app.core.otc().adReserve(ad.id)).toBe('300');
    expect(bal(ctx.app, m.id, 'USDT', 'merchant')).toBe('0/300');
    expect(bal(ctx.app, b.id, 'USDT')).toBe('0/0');
    // closing the ad returns the reserve
    await post(m.token, '/merchant/ad/status', { id: ad.id, status: 'closed' });
    expect(bal(ctx.app, m.id, 'USDT', 'merchant')).toBe('300/0');
  });
});

describe('an order the core opened but whose row was never written (a crash between the two)', () => {
  it('is cancelled by the timeout job at its deadline and the escrow goes back to the ad once', async () => {
    const m = await merchant(ctx.app, ctx.db, admin.token);
    await coreCredit(ctx.app, m.id, 'USDT', '100', 'merchant');
    const ad = await postAd(ctx.app, m.token, {
      side: 'sell',
      amount: '100',
      paymentIds: [m.paymentId],
      timeLimitMin: 5,
    });
    const b = await user(ctx.app);
    const now = ctx.clock.now().getTime();
    // What create() does before the row: the core's order-open, then "the server dies".
    const opened = await ctx.app.core.submit({
      id: 'otc.order.open:PSTRANDED1',
      actor: b.id,
      ts: now,
      type: 'otc.order.open',
      payload: {
        orderId: 'PSTRANDED1',
        sellerId: m.id,
        buyerId: b.id,
        asset: 'USDT',
        amount: '40',
        adId: ad.id,
        sellerAccount: 'merchant',
        buyerAccount: 'spot',
        deadline: now + 5 * 60_000,
      },
    });
    expect(opened.ok).toBe(true);
    expect(ctx.app.core.otc().adReserve(ad.id)).toBe('60');
    expect(ctx.app.core.otc().escrowed('USDT')).not.toBe('0');
    // Not before its deadline.
    ctx.clock.advance(4 * 60_000);
    expect(await ctx.app.otc.expireDue()).toBe(0);
    expect(ctx.app.core.otc().order('PSTRANDED1')?.state).toBe('waiting');
    ctx.clock.advance(61_000);
    expect(await ctx.app.otc.expireDue()).toBe(1);
    expect(await ctx.app.otc.expireDue()).toBe(0);
    expect(ctx.app.core.otc().order('PSTRANDED1')).toBeUndefined();
    expect(ctx.app.core.otc().adReserve(ad.id)).toBe('100');
    expect(bal(ctx.app, b.id, 'USDT')).toBe('0/0');
    // The SQL ad shows the reserve again, so the ad can be taken in full.
    const [adRow] = await ctx.db
      .select()
      .from(otcAds)
      .where(eq(otcAds.id, BigInt(ad.id)));
    expect(Number(adRow?.remaining)).toBe(100);
    await post(m.token, '/merchant/ad/status', { id: ad.id, status: 'closed' });
    expect(bal(ctx.app, m.id, 'USDT', 'merchant')).toBe('100/0');
  });
});

describe('orders on a buy ad (the user sells)', () => {
  it("takes the user's coins into escrow; the merchant pays, the user releases to the merchant account", async () => {
    const m = await merchant(ctx.app, ctx.db, admin.token);
    const ad = await postAd(ctx.app, m.token, { side: 'buy', amount: '1000', price: '7.1' });
    const s = await user(ctx.app);
    await certify(ctx.db, s.id, ctx.clock.now());
    const pay = await bankMethod(ctx.app, s.id);
    await coreCredit(ctx.app, s.id, 'USDT', '80');
    expectError(await open(s, ad.id, '90', pay), 422, 'OTC_INSUFFICIENT_BALANCE');
    const o = (await open(s, ad.id, '80', pay)).body.data;
    expect(bal(ctx.app, s.id, 'USDT')).toBe('0/0');
    expect(o.payment[0]?.account).toMatch(/^62220202/);
    expectError(await act(s, 'release', o.orderCode), 409, 'OTC_ORDER_STATE');
    expectError(await act(s, 'paid', o.orderCode), 403, 'OTC_NOT_ALLOWED');
    expect((await act(m, 'paid', o.orderCode)).status).toBe(200);
    expect((await act(s, 'release', o.orderCode)).status).toBe(200);
    expect(bal(ctx.app, m.id, 'USDT', 'merchant')).toBe('80/0');
    const mine = await post<{ records: Array<{ orderCode: string }> }>(m.token, '/otc/order/list', {
      role: 'merchant',
    });
    expect(mine.body.data.records.map((r) => r.orderCode)).toContain(o.orderCode);
  });
});

describe('appeals', () => {
  it('either side appeals after the wait; an operator decides; above the limit a second operator approves', async () => {
    const m = await merchant(ctx.app, ctx.db, admin.token);
    await coreCredit(ctx.app, m.id, 'USDT', '5000', 'merchant');
    const ad = await postAd(ctx.app, m.token, { side: 'sell', amount: '5000', paymentIds: [m.paymentId] });
    const b = await user(ctx.app);
    const small = (await open(b, ad.id, '100')).body.data;
    const big = (await open(b, ad.id, '2000')).body.data;
    expectError(
      await post(b.token, '/otc/order/appeal', { orderCode: small.orderCode, reason: 'x' }),
      409,
      'OTC_ORDER_STATE',
    );
    await act(b, 'paid', small.orderCode);
    await act(b, 'paid', big.orderCode);
    const early = await post(m.token, '/otc/order/appeal', {
      orderCode: small.orderCode,
      reason: 'not received',
    });
    expectCode(early, 409, 'OTC_APPEAL_TOO_EARLY');
    expect(early.body.msg).toBe('You can appeal 10 minutes after the payment');
    ctx.clock.advance(600_001);
    expect(
      (await post(m.token, '/otc/order/appeal', { orderCode: small.orderCode, reason: 'not received' }))
        .status,
    ).toBe(200);
    expect(
      (await post(b.token, '/otc/order/appeal', { orderCode: big.orderCode, reason: 'not released' })).status,
    ).toBe(200);
    const list = await call<Array<{ id: string; orderCode: string }>>(ctx.app, {
      method: 'GET',
      url: '/api/admin/otc/appeals?status=open',
      headers: auth(admin.token),
    });
    const aSmall = list.body.data.find((a) => a.orderCode === small.orderCode);
    const aBig = list.body.data.find((a) => a.orderCode === big.orderCode);
    if (!aSmall || !aBig) throw new Error('appeals missing');
    const detail = await call<{ messages: unknown[]; payment: unknown[] }>(ctx.app, {
      method: 'GET',
      url: `/api/admin/otc/appeals/${aSmall.id}`,
      headers: auth(admin.token),
    });
    expect(detail.body.data.messages.length).toBeGreaterThan(0);
    // small: returned to the seller (the ad) at once
    const reserve = ctx.app.core.otc().adReserve(ad.id);
    expect(
      (
        await call(ctx.app, {
          method: 'POST',
          url: `/api/admin/otc/appeals/${aSmall.id}/decide`,
          headers: auth(admin.token),
          payload: { to: 'seller', note: 'no payment seen' },
        })
      ).status,
    ).toBe(200);
    expect(ctx.app.core.otc().adReserve(ad.id)).toBe(String(Number(reserve) + 100));
    expect(bal(ctx.app, b.id, 'USDT')).toBe('0/0');
    // big: needs a second operator
    const proposed = await call<{ status: string }>(ctx.app, {
      method: 'POST',
      url: `/api/admin/otc/appeals/${aBig.id}/decide`,
      headers: auth(admin.token),
      payload: { to: 'buyer', note: 'paid' },
    });
    expect(proposed.body.data.status).toBe('pending_approval');
    expect(ctx.app.core.otc().order(big.orderCode)?.state).toBe('paid');
    expectError(
      await call(ctx.app, {
        method: 'POST',
        url: `/api/admin/otc/appeals/${aBig.id}/approve`,
        headers: auth(admin.token),
        payload: { confirm: true },
      }),
      409,
      'OTC_SECOND_APPROVER',
    );
    expect(
      (
        await call(ctx.app, {
          method: 'POST',
          url: `/api/admin/otc/appeals/${aBig.id}/approve`,
          headers: auth(admin2.token),
          payload: { confirm: true },
        })
      ).status,
    ).toBe(200);
    expect(bal(ctx.app, b.id, 'USDT')).toBe('2000/0');
    expect(ctx.app.core.otc().order(big.orderCode)).toBeUndefined();
    expect(ctx.app.core.systemBalance('otc_escrow', 'USDT')).toBe(ctx.app.core.otc().escrowed('USDT'));
  });
});

describe('live messages and MQTT topics', () => {
  it("pushes the new order to the merchant; another user's merchant and chat topics are refused", async () => {
    const m = await merchant(ctx.app, ctx.db, admin.token);
    await coreCredit(ctx.app, m.id, 'USDT', '100', 'merchant');
    const ad = await postAd(ctx.app, m.token, { side: 'sell', amount: '100', paymentIds: [m.paymentId] });
    const ws = baseUrl(ctx.app);
    const mWs = await openWs(`${ws}/ws/coin/${m.id}`, ['coin-auth', m.token]);
    sockets.push(mWs);
    const b = await user(ctx.app);
    const o = (await open(b, ad.id, '10')).body.data;
    const frame = await mWs.next((f) => f.type === 'OTC');
    expect(frame.data).toMatchObject({
      type: 'otc',
      isNew: '1',
      orderCode: o.orderCode,
      changeUser: b.id,
      link_merchant: 1,
      serviceType: 'otc',
    });

    const x = await user(ctx.app);
    const client = await mqtt.connectAsync(`${ws}/mqtt`, {
      username: x.id,
      password: x.token,
      keepalive: 5,
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
    mqttClients.push(client);
    const grants = (topics: string[]) =>
      new Promise<number[]>((resolve) =>
        client.subscribe(topics, (err, g) => {
          const packet = (err as { packet?: { granted?: number[] } } | null)?.packet;
          resolve(packet?.granted ?? (g ?? []).map((q) => q.qos));
        }),
      );
    expect(
      await grants([
        mqttTopics.user(x.id),
        mqttTopics.merchant(m.merchantId),
        mqttTopics.chat(o.chatKey),
        mqttTopics.user(b.id),
      ]),
    ).toEqual([0, 128, 128, 128]);
    const mc = await mqtt.connectAsync(`${ws}/mqtt`, {
      username: m.id,
      password: m.token,
      keepalive: 5,
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
    mqttClients.push(mc);
    const own = await new Promise<number[]>((resolve) =>
      mc.subscribe([mqttTopics.merchant(m.merchantId), mqttTopics.chat(o.chatKey)], (err, g) => {
        const packet = (err as { packet?: { granted?: number[] } } | null)?.packet;
        resolve(packet?.granted ?? (g ?? []).map((q) => q.qos));
      }),
    );
    expect(own).toEqual([0, 0]);
  });
});
