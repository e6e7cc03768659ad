// Contract K-lines on the public websocket and the risk notice / country switches (docs/contracts.md
// "K-lines" and "Risk notice and countries", docs/realtime.md): MARK_KLINE bars folded from the marks of
// stored ticks, CONTRACT_KLINE pushes after a contract trade (the bar open/contract/kline serves), the mark
// bars over HTTP, and per-user notice and refusal by the user's country.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAccess } from '@/modules/contracts/contract-access';
import { auth, call, expectError, registerAndLogin } from './helpers';
import { baseUrl, openWs } from './realtime-ws-client';
import { API, createWalletApp, credit } from './wallet-kit';

describe('contractAccess (pure)', () => {
  const base = { notice: true, noticeCountries: [] as string[], blockedCountries: [] as string[] };
  it('shows the notice everywhere when no country is listed, nowhere when switched off', () => {
    expect(contractAccess(base, 'FR')).toEqual({
      available: true,
      reason: null,
      riskNotice: true,
      country: 'FR',
    });
    expect(contractAccess(base, null).riskNotice).toBe(true);
    expect(contractAccess({ ...base, notice: false }, 'FR').riskNotice).toBe(false);
  });
  it('limits the notice to the listed countries; an unknown country sees it', () => {
    const c = { ...base, noticeCountries: ['DE', 'GB'] };
    expect(contractAccess(c, 'de').riskNotice).toBe(true);
    expect(contractAccess(c, 'FR').riskNotice).toBe(false);
    expect(contractAccess(c, null).riskNotice).toBe(true);
    expect(contractAccess({ ...c, notice: false }, 'DE').riskNotice).toBe(false);
  });
  it('refuses the blocked countries whatever the notice says', () => {
    const c = { ...base, blockedCountries: ['US'] };
    expect(contractAccess(c, 'us')).toEqual({
      available: false,
      reason: 'country',
      riskNotice: false,
      country: 'US',
    });
    expect(contractAccess(c, null).available).toBe(true);
  });
});

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let url: string;
const countries = new Map<string, string>();

async function toContract(userId: string, amount: string) {
  await credit(ctx.app, userId, 'USDT', amount);
  const r = await ctx.app.core.submit({
    id: `test-transfer:${randomUUID()}`,
    actor: userId,
    ts: ctx.clock.now().getTime(),
    type: 'transfer',
    payload: { userId, asset: 'USDT', amount, from: 'spot', to: 'contract' },
  });
  expect(r.ok).toBe(true);
}
async function step() {
  ctx.clock.advance(1000);
  await ctx.app.market.step();
  await ctx.app.contracts.pass();
}

beforeAll(async () => {
  ctx = await createWalletApp({
    CONTRACTS_RISK_NOTICE_COUNTRIES: 'DE',
    CONTRACTS_BLOCKED_COUNTRIES: 'US',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(ctx.app);
  // The identity area's certified country, as app.ts wires it; the test decides it per user.
  ctx.app.contracts.useCountrySource(async (userId) => countries.get(userId.toString()));
  await ctx.app.market.step();
  await ctx.app.contracts.pass();
});
afterAll(async () => ctx.close());

describe('contract K-lines live', () => {
  it('pushes mark-price bars from the ticks and serves them over HTTP', async () => {
    const c = await openWs(`${url}/ws/mark-1`);
    c.send({ operation: 'subscribe', type: 'MARK_KLINE', symbol: 'btc_usdt', interval: '1m' });
    expect((await c.next((f) => f.type === 'ACK')).stream).toBe('MARK_KLINE:BTCUSDT:1m');
    // The open bar at subscribe, then the bar after the next tick (the mark it produced).
    await c.next((f) => f.type === 'MARK_KLINE');
    const from = c.frames.length;
    await step();
    const mark = ctx.app.core.contracts().market('btcusdt')?.mark as string;
    const frame = await c.next((f) => f.type === 'MARK_KLINE', 3000, from);
    expect(frame).toMatchObject({ symbol: 'BTCUSDT', interval: '1m' });
    expect(frame.data).toMatchObject({
      symbol: 'BTCUSDT',
      interval: '1m',
      close: mark,
      price: 'mark',
      volume: '0',
    });
    const rest = await call<{ price: string; bars: { close: string; time: number }[] }>(ctx.app, {
      method: 'GET',
      url: `${API}/open/contract/kline/btcusdt/1m?price=mark&limit=5`,
    });
    expect(rest.status).toBe(200);
    expect(rest.body.data.price).toBe('mark');
    expect(rest.body.data.bars.at(-1)?.close).toBe(mark);
    // A new subscriber gets the open bar at once.
    const d = await openWs(`${url}/ws/mark-2`);
    d.send({ operation: 'subscribe', type: 'MARK_KLINE', symbol: 'BTCUSDT', interval: '5m' });
    expect((await d.next((f) => f.type === 'MARK_KLINE')).data).toMatchObject({
      interval: '5m',
      close: mark,
    });
    // Interval required; an unknown type is refused as before.
    d.send({ operation: 'subscribe', type: 'CONTRACT_KLINE', symbol: 'BTCUSDT' });
    expect((await d.next((f) => f.type === 'ERROR')).code).toBe('WS_BAD_MESSAGE');
    c.close();
    d.close();
  });

  it('pushes the last-price bar after a contract trade', async () => {
    const seller = await registerAndLogin(ctx.app);
    const buyer = await registerAndLogin(ctx.app);
    await toContract(seller.user.id, '10000');
    await toContract(buyer.user.id, '10000');
    const c = await openWs(`${url}/ws/last-1`);
    c.send({ operation: 'subscribe', type: 'CONTRACT_KLINE', symbol: 'BTCUSDT', interval: '1m' });
    await c.next((f) => f.type === 'ACK');
    const price = String(Math.round(Number(ctx.app.core.contracts().market('btcusdt')?.mark)));
    const sell = await call(ctx.app, {
      method: 'POST',
      url: `${API}/entrust/contract/open/BTC_USDT`,
      headers: auth(seller.token),
      payload: { direction: 2, type: 'limit', price, quantity: '0.01', leverage: 10 },
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    const buy = await call(ctx.app, {
      method: 'POST',
      url: '/api/contract/order/submit',
      headers: auth(buyer.token),
      payload: { symbol: 'btcusdt', direction: 1, type: 'market', quantity: '0.01', leverage: 10 },
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const frame = await c.next((f) => f.type === 'CONTRACT_KLINE');
    expect(frame.data).toMatchObject({
      symbol: 'BTCUSDT',
      interval: '1m',
      close: price,
      volume: '0.01',
      price: 'last',
    });
    const rest = await call<{ bars: { close: string }[] }>(ctx.app, {
      method: 'GET',
      url: `${API}/open/contract/kline/btcusdt/1m`,
    });
    expect(rest.body.data.bars.at(-1)?.close).toBe(price);
    c.close();
  });
});

describe('risk notice and country switches', () => {
  const markets = (token?: string) =>
    call<{ riskNotice: boolean; available: boolean; unavailableReason: string | null }>(ctx.app, {
      method: 'GET',
      url: `${API}/open/contract/markets?type=usdt`,
      ...(token ? { headers: auth(token) } : {}),
    });

  it('answers the switch for the requesting user', async () => {
    expect((await markets()).body.data).toMatchObject({ riskNotice: true, available: true });
    const fr = await registerAndLogin(ctx.app);
    countries.set(fr.user.id, 'FR');
    expect((await markets(fr.token)).body.data).toMatchObject({ riskNotice: false, available: true });
    const de = await registerAndLogin(ctx.app);
    countries.set(de.user.id, 'DE');
    expect((await markets(de.token)).body.data).toMatchObject({ riskNotice: true, available: true });
    const uncertified = await registerAndLogin(ctx.app);
    expect((await markets(uncertified.token)).body.data.riskNotice).toBe(true);
  });

  it('refuses orders where contracts are not offered, localized, changing nothing', async () => {
    const us = await registerAndLogin(ctx.app);
    countries.set(us.user.id, 'US');
    await toContract(us.user.id, '1000');
    expect((await markets(us.token)).body.data).toMatchObject({
      available: false,
      unavailableReason: 'country',
      riskNotice: false,
    });
    const before = ctx.app.core.balancesOf(us.user.id);
    const body = { symbol: 'btcusdt', direction: 1, type: 'market', quantity: '0.01', leverage: 10 };
    for (const lang of ['en', 'zh'] as const) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/contract/order/submit',
        headers: { ...auth(us.token), lang },
        payload: body,
      });
      expectError(res, 403, 'CONTRACT_COUNTRY_BLOCKED', lang);
    }
    const open = await call(ctx.app, {
      method: 'POST',
      url: `${API}/entrust/contract/open/BTC_USDT`,
      headers: auth(us.token),
      payload: { direction: 1, type: 'market', quantity: '0.01' },
    });
    expectError(open, 403, 'CONTRACT_COUNTRY_BLOCKED');
    expect(ctx.app.core.balancesOf(us.user.id)).toEqual(before);
    expect(ctx.app.core.contracts().openOrdersOf(us.user.id)).toEqual([]);
  });
});
