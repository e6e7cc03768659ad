// Seconds contracts over HTTP (docs/seconds.md): periods, the risk notice, placing with the entry tick,
// settlement by the job on the first stored tick at or after expiry (ticks injected into the tick record),
// the SETTLEMENT push, the order list with the evidence, the console (pool and exposure, audited period
// edits, pool moves), every refusal as a localized error that changes nothing, the off switches, and
// contracts that stay open across a restart settling on the ticks of their real expiry.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatAmount, parseAmount, sub } from '@coin/shared/money';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';
import { auditLog, marketTicks, secondsOrders } from '@/db/schema';
import { ManualClock } from '@/lib/clock';
import type { SecondsOrderView } from '@/modules/seconds/seconds-views';
import { AUTH_SUBPROTOCOL } from '@/realtime/realtime-plugin';
import {
  auth,
  bootstrapAdmin,
  call,
  createTestApp,
  dbSnapshot,
  expectError,
  registerAndLogin,
  type TestContext,
  tr,
} from './helpers';
import { baseUrl, openWs } from './realtime-ws-client';
import { credit, spot } from './wallet-kit';

const API = '/api/mjkj-web/coin';
const OVERRIDES = { SECONDS_SETTLE_INTERVAL_MS: '0', SECONDS_DEMO_POOL: '100000' };

interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

/** The next market step, `ms` later (the simulator stores one index tick per symbol per step). */
async function step(app: FastifyInstance, clock: ManualClock, ms = 1000): Promise<void> {
  clock.advance(ms);
  await app.market.step();
}

/** A tick written to the tick record as the market-data service would (the injected tick stream). */
async function injectTick(ctx: { db: TestContext['db'] }, time: number, price: string, symbol = 'btcusdt') {
  await ctx.db.insert(marketTicks).values({ symbol, time, price, source: 'median:feed-a,feed-b' });
}

function placeReq(app: FastifyInstance, token: string, body: Record<string, unknown>, lang = 'en') {
  return call<SecondsOrderView>(app, {
    method: 'POST',
    url: '/api/secondContractOrder/createSecondContractOrder',
    headers: { ...auth(token), lang },
    payload: body,
  });
}

function acknowledge(app: FastifyInstance, token: string, country = 'DE') {
  return call(app, {
    method: 'POST',
    url: `${API}/seconds/notice`,
    headers: auth(token),
    payload: { accept: true, country },
  });
}

async function trader(app: FastifyInstance, usdt = '10000', country: string | null = 'DE') {
  const u = await registerAndLogin(app);
  if (usdt !== '0') await credit(app, u.user.id, 'USDT', usdt);
  if (country !== null) expect((await acknowledge(app, u.token, country)).status).toBe(200);
  return { token: u.token, id: u.user.id as string };
}

function orders(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  return call<Page<SecondsOrderView>>(app, {
    method: 'POST',
    url: '/api/secondContractOrder/selectOrderList',
    headers: auth(token),
    payload: body,
  });
}

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp(OVERRIDES);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  admin = (await bootstrapAdmin(ctx.app)).token;
});
afterAll(async () => ctx.close());

describe('periods and rules', () => {
  it('lists the default periods with rate and limits', async () => {
    const res = await call<Array<Record<string, unknown>>>(ctx.app, {
      method: 'POST',
      url: '/api/period/list',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p) => [p.periodId, p.durationSec, p.rate, p.minStake, p.maxStake])).toEqual([
      ['30s', 30, '0.8', '10', '5000'],
      ['60s', 60, '0.85', '10', '10000'],
      ['120s', 120, '0.88', '10', '20000'],
      ['300s', 300, '0.9', '10', '50000'],
    ]);
    const rules = await call<Record<string, unknown>>(ctx.app, {
      method: 'GET',
      url: `${API}/open/seconds/rules`,
    });
    expect(rules.body.data).toMatchObject({
      enabled: true,
      asset: 'USDT',
      settleToleranceMs: 5000,
      entryMaxAgeMs: 5000,
    });
  });
});

describe('placing, settlement and the evidence', () => {
  it('a 30 s rise: stake frozen, entry tick stored, settled on the first tick at or after expiry, pushed, listed', async () => {
    const { app, clock } = ctx;
    const u = await trader(app);
    const ws = await openWs(`${baseUrl(app)}/ws/coin/${u.id}`, [AUTH_SUBPROTOCOL, u.token]);
    await step(app, clock);
    const latest = app.market.latest('BTCUSDT');
    const placed = await placeReq(app, u.token, {
      symbol: 'btc',
      direction: 'rise',
      periodId: '30s',
      quantity: '100',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.msg).toBe(tr('en', 'success.secondsOrderPlaced'));
    const order = placed.body.data;
    const now = clock.now().getTime();
    expect(order).toMatchObject({
      symbol: 'btcusdt',
      pair: 'BTC/USDT',
      direction: 'rise',
      quantity: '100',
      payout: '80',
      status: 'open',
      entryPrice: latest?.price,
      entryTime: latest?.time,
      entryTickId: `btcusdt:${latest?.time}`,
      entrySources: ['simulator'],
      expiresAt: now + 30_000,
      exitPrice: null,
    });
    expect(spot(app, u.id, 'USDT')).toEqual({ available: '9900', frozen: '100' });
    // The entry tick is in the tick record under its time.
    const entryTicks = await call<Array<{ time: number; price: string }>>(app, {
      method: 'GET',
      url: order.entryTickUrl,
    });
    expect(entryTicks.body.data).toEqual([
      { time: order.entryTime, price: order.entryPrice, source: 'simulator' },
    ]);

    // A tick one second before expiry is not the exit; the injected one 300 ms after expiry is.
    await step(app, clock, 28_000);
    const exitPrice = (Number(order.entryPrice) + 1).toString();
    await injectTick(ctx, order.expiresAt + 300, exitPrice);
    clock.advance(2500);
    await app.seconds.settleDue();
    const pushed = await ws.next((f) => f.type === 'SETTLEMENT');
    expect(pushed.data).toMatchObject({
      product: 'seconds',
      id: order.id,
      status: 'won',
      profit: '80',
      exitPrice,
      exitTime: order.expiresAt + 300,
      exitTickId: `btcusdt:${order.expiresAt + 300}`,
      exitSources: ['feed-a', 'feed-b'],
    });
    expect(spot(app, u.id, 'USDT')).toEqual({ available: '10080', frozen: '0' });
    // Listed at once (before the projection has it) and after, with the same evidence.
    const listed = await orders(app, u.token);
    expect(listed.body.data.records[0]).toMatchObject({
      id: order.id,
      status: 'won',
      exitPrice,
      entryPrice: order.entryPrice,
    });
    await app.wallet.projection.idle();
    const [row] = await ctx.db
      .select()
      .from(secondsOrders)
      .where(eq(secondsOrders.id, BigInt(order.id)));
    expect(row).toMatchObject({
      status: 'won',
      exitTickId: `btcusdt:${order.expiresAt + 300}`,
      entryTickId: order.entryTickId,
    });
    const fromSql = await orders(app, u.token, { status: 'settled' });
    expect(fromSql.body.data.total).toBe(1);
    expect(fromSql.body.data.records[0]).toEqual(listed.body.data.records[0]);
    // The evidence link lists the ticks around expiry: the exit tick is the first at or after it.
    const evidence = await call<Array<{ time: number; price: string }>>(app, {
      method: 'GET',
      url: order.evidenceUrl,
    });
    const after = evidence.body.data.filter((t) => t.time >= order.expiresAt);
    expect(after[0]).toEqual({
      time: order.expiresAt + 300,
      price: exitPrice,
      source: 'median:feed-a,feed-b',
    });
    ws.close();
  });

  it('loss and draw move exactly the stake (fall direction), and paging lists open before settled', async () => {
    const { app, clock } = ctx;
    const u = await trader(app);
    await step(app, clock);
    const a = (
      await placeReq(app, u.token, { symbol: 'btcusdt', direction: 'fall', periodId: '30s', quantity: '50' })
    ).body.data;
    const b = (
      await placeReq(app, u.token, { symbol: 'BTC/USDT', direction: 'fall', periodId: '30s', quantity: '20' })
    ).body.data;
    const c = (
      await placeReq(app, u.token, { symbol: 'btc', direction: 'rise', periodId: '60s', quantity: '10' })
    ).body.data;
    expect(spot(app, u.id, 'USDT')).toEqual({ available: '9920', frozen: '80' });
    const poolBefore = app.core.systemBalance('seconds_pool', 'USDT');
    // Same entry tick for a and b: one exit tick above it (fall loses), then check a draw with another user.
    await injectTick(ctx, a.expiresAt, (Number(a.entryPrice) + 5).toString());
    clock.advance(31_000);
    await app.seconds.settleDue();
    expect(spot(app, u.id, 'USDT')).toEqual({ available: '9920', frozen: '10' });
    expect(app.core.systemBalance('seconds_pool', 'USDT')).toBe((Number(poolBefore) + 70).toString());
    const page1 = await orders(app, u.token, { size: 2 });
    expect(page1.body.data.total).toBe(3);
    expect(page1.body.data.records.map((o) => [o.id, o.status, o.profit])).toEqual([
      [c.id, 'open', '0'],
      [b.id, 'lost', '-20'],
    ]);
    const page2 = await orders(app, u.token, { size: 2, current: 2 });
    expect(page2.body.data.records.map((o) => [o.id, o.status, o.profit])).toEqual([[a.id, 'lost', '-50']]);
    const open = await orders(app, u.token, { status: 'open' });
    expect(open.body.data.records.map((o) => o.id)).toEqual([c.id]);

    const d = await trader(app);
    await step(app, clock);
    const dOrder = (
      await placeReq(app, d.token, { symbol: 'eth', direction: 'rise', periodId: '30s', quantity: '33' })
    ).body.data;
    await injectTick(ctx, dOrder.expiresAt + 1, dOrder.entryPrice, 'ethusdt');
    clock.advance(31_000);
    await app.seconds.settleDue();
    const settled = (await orders(app, d.token)).body.data.records[0];
    expect(settled).toMatchObject({ status: 'draw', profit: '0', exitPrice: dOrder.entryPrice });
    expect(spot(app, d.id, 'USDT')).toEqual({ available: '10000', frozen: '0' });
  });

  it('voids a contract without a tick within the tolerance and returns the stake', async () => {
    const { app, clock } = ctx;
    const u = await trader(app);
    await step(app, clock);
    const o = (
      await placeReq(app, u.token, { symbol: 'sol', direction: 'rise', periodId: '30s', quantity: '10' })
    ).body.data;
    // No tick stored from expiry on: nothing happens until tolerance + grace have passed.
    clock.advance(30_000 + 5_000 + 1_000);
    await app.seconds.settleDue();
    expect(spot(app, u.id, 'USDT')).toEqual({ available: '9990', frozen: '10' });
    clock.advance(2_000);
    await app.seconds.settleDue();
    const listed = (await orders(app, u.token)).body.data.records[0];
    expect(listed).toMatchObject({ id: o.id, status: 'void', exitPrice: null, exitTime: null, profit: '0' });
    expect(spot(app, u.id, 'USDT')).toEqual({ available: '10000', frozen: '0' });
  });

  it('answers a retry with the same Idempotency-Key with the first contract', async () => {
    const { app, clock } = ctx;
    const u = await trader(app);
    await step(app, clock);
    const body = { symbol: 'btc', direction: 'rise', periodId: '60s', quantity: '10' };
    const first = await call<SecondsOrderView>(app, {
      method: 'POST',
      url: '/api/secondContractOrder/createSecondContractOrder',
      headers: { ...auth(u.token), 'idempotency-key': 'k-1' },
      payload: body,
    });
    await step(app, clock);
    const again = await call<SecondsOrderView>(app, {
      method: 'POST',
      url: '/api/secondContractOrder/createSecondContractOrder',
      headers: { ...auth(u.token), 'idempotency-key': 'k-1' },
      payload: body,
    });
    expect(again.body.data).toEqual(first.body.data);
    expect(spot(app, u.id, 'USDT')).toEqual({ available: '9990', frozen: '10' });
  });
});

describe('refusals change nothing', () => {
  it('fraction quantity, unknown period or coin, stake outside limits, no notice, insufficient balance, stale price', async () => {
    const { app, clock } = ctx;
    const rich = await trader(app);
    const poor = await trader(app, '20');
    const fresh = await trader(app, '1000', null);
    await step(app, clock);
    const base = { symbol: 'btc', direction: 'rise', periodId: '30s', quantity: '10' };
    const cases: Array<
      [{ token: string }, Record<string, unknown>, number, string, Record<string, string>?]
    > = [
      [rich, { quantity: '10.5' }, 422, 'SECONDS_QUANTITY_NOT_INTEGER'],
      [rich, { quantity: '12.0' }, 422, 'SECONDS_QUANTITY_NOT_INTEGER'],
      [rich, { periodId: '7s' }, 404, 'SECONDS_PERIOD_UNKNOWN'],
      [rich, { symbol: 'zzz' }, 404, 'SECONDS_SYMBOL_UNKNOWN'],
      [rich, { quantity: '9' }, 422, 'SECONDS_STAKE_OUT_OF_RANGE', { min: '10', max: '5000' }],
      [rich, { quantity: '5001' }, 422, 'SECONDS_STAKE_OUT_OF_RANGE', { min: '10', max: '5000' }],
      [poor, { quantity: '30' }, 422, 'SECONDS_INSUFFICIENT_BALANCE'],
      [fresh, {}, 409, 'SECONDS_NOTICE_REQUIRED'],
    ];
    await app.wallet.projection.idle();
    const before = await dbSnapshot(ctx.db);
    const balances = () => [rich, poor, fresh].map((u) => spot(app, (u as { id: string }).id, 'USDT'));
    const held = balances();
    const open = app.core.seconds().openCount();
    for (const lang of ['en', 'zh'] as const) {
      for (const [u, change, status, code, vars] of cases) {
        const res = await placeReq(app, u.token, { ...base, ...change }, lang);
        expect(res.status, JSON.stringify(res.body)).toBe(status);
        expect(res.body).toMatchObject({ code: status, errorCode: code, data: null });
        expect(res.body.msg).toBe(tr(lang, `errors.${code}`, vars ?? {}));
      }
    }
    expect((await placeReq(app, rich.token, { ...base, quantity: '10.5' })).body.msg).toBe(
      'Quantity must be an integer',
    );
    const badDirection = await placeReq(app, rich.token, { ...base, direction: 'up' });
    expect(badDirection.body.errorCode).toBe('VALIDATION_FAILED');
    // Stale index: no tick for more than 5 s.
    clock.advance(6000);
    expectError(await placeReq(app, rich.token, base), 503, 'SECONDS_PRICE_UNAVAILABLE');
    expect(balances()).toEqual(held);
    expect(app.core.seconds().openCount()).toBe(open);
    expect(await dbSnapshot(ctx.db)).toBe(before);
  });

  it('the pool cannot cover a new order: refused until the pool is funded', async () => {
    const { app, clock } = ctx;
    const u = await trader(app);
    const overview = async () =>
      (
        await call<{ pool: Array<{ asset: string; balance: string; exposure: string; free: string }> }>(app, {
          method: 'GET',
          url: '/api/admin/seconds',
          headers: auth(admin),
        })
      ).body.data.pool.find((p) => p.asset === 'USDT');
    const start = await overview();
    expect(Number(start?.balance)).toBeGreaterThan(0);
    // Leave 79.999 free: a 100 USDT order needs 80.
    const out = formatAmount(sub(parseAmount(start?.free ?? '0'), parseAmount('79.999')));
    const moved = await call(app, {
      method: 'POST',
      url: '/api/admin/seconds/pool',
      headers: auth(admin),
      payload: { direction: 'out', amount: out },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await overview())?.free).toBe('79.999');
    await step(app, clock);
    const held = spot(app, u.id, 'USDT');
    expectError(
      await placeReq(app, u.token, { symbol: 'btc', direction: 'rise', periodId: '30s', quantity: '100' }),
      409,
      'SECONDS_POOL_INSUFFICIENT',
    );
    expect(spot(app, u.id, 'USDT')).toEqual(held);
    // Taking more out than is free is refused too.
    expectError(
      await call(app, {
        method: 'POST',
        url: '/api/admin/seconds/pool',
        headers: auth(admin),
        payload: { direction: 'out', amount: '80' },
      }),
      409,
      'SECONDS_POOL_INSUFFICIENT',
    );
    const back = await call(app, {
      method: 'POST',
      url: '/api/admin/seconds/pool',
      headers: auth(admin),
      payload: { direction: 'in', amount: out },
    });
    expect(back.status).toBe(200);
    expect(
      (await placeReq(app, u.token, { symbol: 'btc', direction: 'rise', periodId: '30s', quantity: '100' }))
        .status,
    ).toBe(200);
    const after = await overview();
    expect(Number(after?.exposure)).toBeGreaterThanOrEqual(80);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'seconds.pool.move'))
      .orderBy(auditLog.id);
    expect(audit.map((a) => (a.payload as { direction: string }).direction)).toEqual(['out', 'in']);
  });

  it('switched off in the platform settings: refused, nothing changes; on again: placed', async () => {
    const { app, clock } = ctx;
    const u = await trader(app);
    const settings = await call<Array<{ key: string; value: { features: Record<string, boolean> } }>>(app, {
      method: 'GET',
      url: '/api/admin/settings',
      headers: auth(admin),
    });
    const platform = settings.body.data.find((s) => s.key === 'platform')?.value;
    if (!platform) throw new Error('no platform settings');
    const put = (seconds: boolean) =>
      call(app, {
        method: 'PUT',
        url: '/api/admin/settings/platform',
        headers: auth(admin),
        payload: { ...platform, features: { ...platform.features, seconds } },
      });
    expect((await put(false)).status).toBe(200);
    await step(app, clock);
    const before = spot(app, u.id, 'USDT');
    expectError(
      await placeReq(
        app,
        u.token,
        { symbol: 'btc', direction: 'rise', periodId: '30s', quantity: '10' },
        'ja',
      ),
      403,
      'SECONDS_DISABLED',
      'ja',
    );
    const notice = await call<{ available: boolean; reason: string }>(app, {
      method: 'GET',
      url: `${API}/seconds/notice`,
      headers: auth(u.token),
    });
    expect(notice.body.data).toMatchObject({ available: false, reason: 'disabled' });
    expect(spot(app, u.id, 'USDT')).toEqual(before);
    expect((await put(true)).status).toBe(200);
    expect(
      (await placeReq(app, u.token, { symbol: 'btc', direction: 'rise', periodId: '30s', quantity: '10' }))
        .status,
    ).toBe(200);
  });

  it('stores the acknowledgement with its time; the first declared country stays', async () => {
    const { app, clock } = ctx;
    const u = await trader(app, '0', null);
    const before = await call<{ reason: string; notice: { acknowledged: boolean } }>(app, {
      method: 'GET',
      url: `${API}/seconds/notice`,
      headers: auth(u.token),
    });
    expect(before.body.data).toMatchObject({ reason: 'notice', notice: { acknowledged: false } });
    expect(
      (
        await call(app, {
          method: 'POST',
          url: `${API}/seconds/notice`,
          headers: auth(u.token),
          payload: { accept: false, country: 'DE' },
        })
      ).body.errorCode,
    ).toBe('VALIDATION_FAILED');
    const at = clock.now().getTime();
    expect((await acknowledge(app, u.token, 'FR')).status).toBe(200);
    clock.advance(1000);
    await acknowledge(app, u.token, 'US');
    const after = await call<{
      available: boolean;
      notice: { acknowledged: boolean; acknowledgedAt: number; country: string };
    }>(app, {
      method: 'GET',
      url: `${API}/seconds/notice`,
      headers: auth(u.token),
    });
    expect(after.body.data).toMatchObject({
      available: true,
      notice: { acknowledged: true, acknowledgedAt: at + 1000, country: 'FR' },
    });
  });
});

describe('console', () => {
  it('edits a period (validated, audited); the new terms apply to new orders only', async () => {
    const { app, clock } = ctx;
    const put = (periodId: string, body: Record<string, unknown>) =>
      call(app, {
        method: 'PUT',
        url: `/api/admin/seconds/periods/${periodId}`,
        headers: auth(admin),
        payload: body,
      });
    const good = { durationSec: 45, rate: '0.75', minStake: '5', maxStake: '500', enabled: true, sort: 5 };
    const before = await dbSnapshot(ctx.db);
    for (const [body, field] of [
      [{ ...good, minStake: '600' }, 'maxStake'],
      [{ ...good, rate: '11' }, 'rate'],
      [{ ...good, rate: '0.1234567' }, 'rate'],
      [{ ...good, durationSec: 2 }, 'durationSec'],
      [{ ...good, minStake: '1.5' }, 'minStake'],
      [{ ...good, winRate: '1' }, 'winRate'],
    ] as const) {
      const res = await put('45s', body);
      expect(res.body.errorCode, JSON.stringify(res.body)).toBe('VALIDATION_FAILED');
      expect(res.body.errors?.[0]?.field).toBe(field);
    }
    expect(await dbSnapshot(ctx.db)).toBe(before);
    expect(app.core.seconds().period('45s')).toBeUndefined();
    // Not for other roles or users.
    const u = await trader(app);
    const asUser = await call(app, {
      method: 'PUT',
      url: '/api/admin/seconds/periods/45s',
      headers: auth(u.token),
      payload: good,
    });
    expect([401, 403]).toContain(asUser.status);

    expect((await put('45s', good)).status).toBe(200);
    const listed = await call<Array<{ periodId: string }>>(app, { method: 'POST', url: '/api/period/list' });
    expect(listed.body.data.map((p) => p.periodId)).toContain('45s');
    await step(app, clock);
    const placed = await placeReq(app, u.token, {
      symbol: 'btc',
      direction: 'rise',
      periodId: '45s',
      quantity: '100',
    });
    expect(placed.body.data).toMatchObject({ rate: '0.75', payout: '75', durationSec: 45 });
    // Raising the rate does not change the open contract; disabling refuses new orders.
    expect((await put('45s', { ...good, rate: '0.9', enabled: false })).status).toBe(200);
    expectError(
      await placeReq(app, u.token, { symbol: 'btc', direction: 'rise', periodId: '45s', quantity: '100' }),
      409,
      'SECONDS_PERIOD_DISABLED',
    );
    expect(app.core.seconds().openOrder(placed.body.data.id)?.payout).toBe('75');
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'seconds.period.save'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.payload).toMatchObject({
      periodId: '45s',
      before: { rate: '0.75', enabled: true },
      after: { rate: '0.9', enabled: false },
    });
    const overview = await call<{ periods: Array<{ periodId: string }>; openContracts: number }>(app, {
      method: 'GET',
      url: '/api/admin/seconds',
      headers: auth(admin),
    });
    expect(overview.body.data.periods.map((p) => p.periodId)).toContain('45s');
    expect(overview.body.data.openContracts).toBe(app.core.seconds().openCount());
  });
});

describe('configuration switches', () => {
  it('SECONDS_ENABLED=false refuses everything; a blocked country is refused, others are not', async () => {
    const off = await createTestApp({ ...OVERRIDES, SECONDS_ENABLED: 'false' });
    try {
      const u = await trader(off.app, '1000', null);
      expectError(await acknowledge(off.app, u.token), 403, 'SECONDS_DISABLED');
      await step(off.app, off.clock);
      expectError(
        await placeReq(off.app, u.token, {
          symbol: 'btc',
          direction: 'rise',
          periodId: '30s',
          quantity: '10',
        }),
        403,
        'SECONDS_DISABLED',
      );
      expect(spot(off.app, u.id, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    } finally {
      await off.close();
    }
    const blocked = await createTestApp({ ...OVERRIDES, SECONDS_BLOCKED_COUNTRIES: 'US, ca' });
    try {
      const us = await trader(blocked.app, '1000', 'US');
      const de = await trader(blocked.app, '1000', 'DE');
      await step(blocked.app, blocked.clock);
      const body = { symbol: 'btc', direction: 'fall', periodId: '30s', quantity: '10' };
      expectError(await placeReq(blocked.app, us.token, body, 'fr'), 403, 'SECONDS_COUNTRY_BLOCKED', 'fr');
      expect(spot(blocked.app, us.id, 'USDT')).toEqual({ available: '1000', frozen: '0' });
      expect((await placeReq(blocked.app, de.token, body)).status).toBe(200);
    } finally {
      await blocked.close();
    }
  });
});

describe('restart', () => {
  it('contracts open across a restart settle on the ticks of their real expiry (or are void without one)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seconds-restart-'));
    const baseUrlEnv = process.env.DATABASE_URL;
    let databaseUrl: string | undefined;
    let dropDatabase = async () => {};
    if (baseUrlEnv) {
      const name = `t_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const c = new pg.Client({ connectionString: baseUrlEnv });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      const url = new URL(baseUrlEnv);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const d = new pg.Client({ connectionString: baseUrlEnv });
        await d.connect();
        await d.query(`drop database if exists ${name} with (force)`);
        await d.end();
      };
    }
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      DEV_OUTBOX_API: 'true',
      APP_SECRET: 'test-secret-test-secret-test-secret-00',
      CODE_RESEND_SECONDS: '0',
      DATA_DIR: dir,
      JOURNAL_DIR: join(dir, 'journal'),
      MARKET_TICK_MS: '0',
      MARKET_BACKFILL_HOURS: '0',
      MARKET_MAKER: 'false',
      LIABILITIES_CHECK_MS: '0',
      ...OVERRIDES,
    });
    const open = () => openDatabase({ databaseUrl, pgliteDir: join(dir, 'pglite') });
    const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
    try {
      const first = await buildApp({ config, database: await open(), clock });
      await first.ready();
      const u = await trader(first);
      await step(first, clock);
      const place = (periodId: string) =>
        placeReq(first, u.token, { symbol: 'btc', direction: 'rise', periodId, quantity: '100' }).then(
          (r) => r.body.data,
        );
      const a = await place('30s');
      await step(first, clock, 3000);
      const b = await place('30s');
      const c = await place('60s');
      const hash = first.core.stateHash();
      await first.close();

      // Down from here. A market-data feeder elsewhere keeps storing ticks: one 200 ms after a's expiry,
      // none within b's tolerance.
      const feeder = await open();
      const aExit = (Number(a.entryPrice) + 10).toString();
      await feeder.db
        .insert(marketTicks)
        .values({ symbol: 'btcusdt', time: a.expiresAt + 200, price: aExit, source: 'simulator' });
      await feeder.close();

      clock.advance(45_000);
      const second = await buildApp({ config, database: await open(), clock });
      await second.ready();
      try {
        expect(second.core.seconds().openCount()).toBe(3);
        // The core state came back exactly (from its journal), before the job did anything.
        expect(second.core.stateHash()).toBe(hash);
        await second.seconds.settleDue();
        const list = async () =>
          (await orders(second, u.token)).body.data.records.reduce<Record<string, SecondsOrderView>>(
            (m, o) => Object.assign(m, { [o.id]: o }),
            {},
          );
        let byId = await list();
        expect(byId[a.id]).toMatchObject({
          status: 'won',
          exitTime: a.expiresAt + 200,
          exitPrice: aExit,
          profit: '80',
        });
        // b's first tick at or after expiry is the one of the restart, 9+ s late: void, stake back.
        expect(byId[b.id]).toMatchObject({ status: 'void', exitTime: null, profit: '0' });
        expect(byId[c.id]).toMatchObject({ status: 'open' });
        expect(spot(second, u.id, 'USDT')).toEqual({ available: '9980', frozen: '100' });
        // c expires after the restart and settles on the live tick stream.
        await step(second, clock, c.expiresAt - clock.now().getTime() + 400);
        await second.seconds.settleDue();
        byId = await list();
        const exitTick = second.market.latest('BTCUSDT');
        expect(byId[c.id]).toMatchObject({ exitTime: c.expiresAt + 400, exitPrice: exitTick?.price });
        expect(['won', 'lost', 'draw']).toContain(byId[c.id]?.status);
        expect(second.core.seconds().openCount()).toBe(0);
        expect(second.core.balance(u.id, 'USDT', 'spot').frozen).toBe('0');
      } finally {
        await second.close();
      }
    } finally {
      await dropDatabase();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
