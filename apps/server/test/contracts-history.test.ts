// Contract history in SQL (docs/contracts.md "History"): the projection writes ended orders, positions
// (a liquidated one with the tick that liquidated it), trades and liquidations in batches; the history
// calls page them from SQL; the K-lines of the last price come from the trades; the operator view lists
// the recent liquidations; and all of it is still there after a restart on the same data.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { openDatabase } from '@/db/client';
import { contractFills, contractOrders, projectionCursors } from '@/db/schema';
import { ManualClock } from '@/lib/clock';
import { contractRowsOf, insertContractRows } from '@/projection/contract-rows';
import { auth, bootstrapAdmin, call, registerAndLogin, testConfig } from './helpers';
import { API, credit } from './wallet-kit';

interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}
interface Order {
  orderId: string;
  status: number;
  orderType: string;
  direction: number;
  filledQty: string;
}
interface Fill {
  tradeId: string;
  orderId: string;
  symbol: string;
  direction: number;
  role: string;
  price: string;
  qty: string;
  fee: string;
  feeAsset: string;
  pnl: string;
  liquidation: boolean;
}
interface Closed {
  positionId: string;
  status: string;
  qty: string;
  avgPrice: string;
  tickId: string | null;
  closeMark: string | null;
}

/** `units` / 10^places as a canonical decimal. */
function dec(units: bigint, places: number): string {
  const neg = units < 0n;
  const a = neg ? -units : units;
  const scale = 10n ** BigInt(places);
  const frac = (a % scale).toString().padStart(places, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${a / scale}${frac ? `.${frac}` : ''}`;
}

async function tempDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `t_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: base });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

describe('contract history', () => {
  it('projects orders, positions, trades and liquidations to SQL, pages them and keeps them across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contracts-history-'));
    const sqlDb = await tempDatabase();
    const config = testConfig({ DATA_DIR: dir, JOURNAL_DIR: join(dir, 'journal') });
    const open = () => openDatabase({ databaseUrl: sqlDb.url, pgliteDir: join(dir, 'pglite') });
    const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
    const get = <T>(app: FastifyInstance, url: string, token: string) =>
      call<T>(app, { method: 'GET', url, headers: auth(token) });
    try {
      const first = await buildApp({ config, database: await open(), clock });
      await first.ready();
      await first.market.step();
      await first.contracts.pass();
      const ua = await registerAndLogin(first);
      const ub = await registerAndLogin(first);
      const a = { token: ua.token, id: ua.user.id as string };
      const b = { token: ub.token, id: ub.user.id as string };
      const c = { token: (await registerAndLogin(first)).token };
      for (const u of [a, b]) {
        await credit(first, u.id, 'USDT', '10000');
        const r = await first.core.submit({
          id: `test-transfer:${randomUUID()}`,
          actor: u.id,
          ts: clock.now().getTime(),
          type: 'transfer',
          payload: { userId: u.id, asset: 'USDT', amount: '10000', from: 'spot', to: 'contract' },
        });
        expect(r.ok).toBe(true);
      }
      const index = Math.round(Number(first.core.contracts().market('btcusdt')?.mark));
      const p = String(index);
      const submit = (token: string, body: Record<string, unknown>) =>
        call<Order>(first, {
          method: 'POST',
          url: '/api/contract/order/submit',
          headers: auth(token),
          payload: { symbol: 'btcusdt', ...body },
        });
      // A cancelled order, then a 20x long against a resting short.
      const far = await submit(b.token, {
        direction: 2,
        type: 'limit',
        price: String(index * 2),
        quantity: '0.01',
      });
      await call(first, {
        method: 'POST',
        url: `/api/contract/order/canCelOrder?id=${far.body.data.orderId}`,
        headers: auth(b.token),
      });
      const short = await submit(b.token, { direction: 2, type: 'limit', price: p, quantity: '0.1' });
      const buy = await submit(a.token, { direction: 1, type: 'market', quantity: '0.1', leverage: 20 });
      expect(buy.body.data.status).toBe(1);
      const [pos] = first.contracts.service.positions(BigInt(a.id));
      const liq = Math.floor(Number(pos?.liquidationPrice));
      const cover = await submit(b.token, {
        direction: 4,
        type: 'limit',
        price: String(liq - 5),
        quantity: '0.1',
      });
      // The mark crosses the long's liquidation price on a recorded tick.
      clock.advance(1000);
      const time = clock.now().getTime();
      const ticked = await first.core.submit({
        id: `test-tick:btcusdt:${time}`,
        actor: 'system:contracts',
        ts: time,
        type: 'contract.tick',
        payload: {
          symbol: 'btcusdt',
          tick: { id: `BTCUSDT:${time}`, time, price: String(liq - 1), sources: ['test'] },
        },
      });
      expect(ticked.ok).toBe(true);
      expect(first.contracts.service.positions(BigInt(a.id))).toHaveLength(0);
      await first.wallet.projection.idle();

      const check = async (app: FastifyInstance) => {
        const orders = await get<Page<Order>>(
          app,
          '/api/contract/order/list?status=1&size=1&current=1',
          a.token,
        );
        expect(orders.status, JSON.stringify(orders.body)).toBe(200);
        expect(orders.body.data.total).toBe(2);
        expect(orders.body.data.records).toHaveLength(1);
        // Newest first: the liquidation's order, then the opening market order.
        expect(orders.body.data.records[0]).toMatchObject({
          orderType: 'liquidation',
          direction: 3,
          status: 1,
        });
        const second = await get<Page<Order>>(
          app,
          `${API}/entrust/entrustlogContract/BTC_USDT/history/2?size=1`,
          a.token,
        );
        expect(second.body.data.records[0]).toMatchObject({
          orderId: buy.body.data.orderId,
          orderType: 'market',
        });
        const bHistory = await get<Page<Order>>(
          app,
          `${API}/entrust/entrustlogContract/all/history/1`,
          b.token,
        );
        expect(bHistory.body.data.records.map((o) => o.status)).toContain(2);
        const closed = await get<Page<Closed>>(app, '/api/contract/position/history', a.token);
        expect(closed.body.data.total).toBe(1);
        expect(closed.body.data.records[0]).toMatchObject({
          positionId: pos?.positionId,
          status: 'liquidated',
          qty: '0.1',
          avgPrice: p,
          tickId: `BTCUSDT:${time}`,
        });
        // Nobody else sees a's history: b's own short, closed by the liquidation's fill, only.
        const ofB = await get<Page<Closed>>(app, '/api/contract/position/history', b.token);
        expect(ofB.body.data.records.map((r) => [r.status, r.positionId === pos?.positionId])).toEqual([
          ['closed', false],
        ]);
        // Own fills: one per side of each trade, newest first, with exact fees (maker 0.02 %, taker
        // 0.05 % of 0.1 x price) and realized profit; the liquidation's fill flagged, without fee.
        const P = BigInt(index);
        const L = BigInt(liq - 5);
        const fillsOfA = await get<Page<Fill>>(app, '/api/contract/order/fills', a.token);
        expect(fillsOfA.status, JSON.stringify(fillsOfA.body)).toBe(200);
        expect(fillsOfA.body.data.total).toBe(2);
        expect(fillsOfA.body.data.records).toMatchObject([
          {
            orderId: `-${pos?.positionId}`,
            symbol: 'btcusdt',
            direction: 3,
            role: 'taker',
            price: String(liq - 5),
            qty: '0.1',
            fee: '0',
            feeAsset: 'USDT',
            pnl: dec(L - P, 1),
            liquidation: true,
          },
          {
            orderId: buy.body.data.orderId,
            direction: 1,
            role: 'taker',
            price: p,
            qty: '0.1',
            fee: dec(P * 50n, 6),
            pnl: '0',
            liquidation: false,
          },
        ]);
        const fillsOfB = await get<Page<Fill>>(app, '/api/contract/order/fills?symbol=BTC_USDT', b.token);
        expect(fillsOfB.body.data.records).toMatchObject([
          {
            orderId: cover.body.data.orderId,
            direction: 4,
            role: 'maker',
            price: String(liq - 5),
            fee: dec(L * 20n, 6),
            pnl: dec(P - L, 1),
            liquidation: false,
          },
          { orderId: short.body.data.orderId, direction: 2, role: 'maker', price: p, fee: dec(P * 20n, 6) },
        ]);
        // The same trade on both sides: one trade id, a taker and a maker.
        expect(fillsOfB.body.data.records[1]?.tradeId).toBe(fillsOfA.body.data.records[1]?.tradeId);
        const page2 = await get<Page<Fill>>(app, '/api/contract/order/fills?size=1&current=2', b.token);
        expect(page2.body.data).toMatchObject({ total: 2, current: 2, size: 1 });
        expect(page2.body.data.records.map((f) => f.orderId)).toEqual([short.body.data.orderId]);
        const other = await get<Page<Fill>>(app, '/api/contract/order/fills', c.token);
        expect(other.body.data).toMatchObject({ total: 0, records: [] });
        const anon = await call(app, { method: 'GET', url: '/api/contract/order/fills' });
        expect(anon.status).toBe(401);
        const bars = await call<{ bars: { time: number; open: string; close: string; volume: string }[] }>(
          app,
          {
            method: 'GET',
            url: `${API}/open/contract/kline/BTCUSDT/1m`,
          },
        );
        expect(bars.status, JSON.stringify(bars.body)).toBe(200);
        const volume = bars.body.data.bars.reduce((s, x) => s + Number(x.volume), 0);
        expect(volume).toBeCloseTo(0.2, 9);
        expect(bars.body.data.bars[0]?.open).toBe(p);
        expect(bars.body.data.bars.at(-1)?.close).toBe(String(liq - 5));
        const bad = await call(app, { method: 'GET', url: `${API}/open/contract/kline/BTCUSDT/7m` });
        expect(bad.status).toBe(400);
        const admin = await bootstrapAdmin(app).catch(() => undefined);
        return admin;
      };
      const admin = await check(first);
      const view = await call<{
        liquidations: { userId: string; tickId: string }[];
        markets: { symbol: string; longPositions: number }[];
      }>(first, { method: 'GET', url: '/api/admin/contracts', headers: { satoken: admin?.token ?? '' } });
      expect(view.status, JSON.stringify(view.body)).toBe(200);
      expect(view.body.data.liquidations[0]).toMatchObject({ userId: a.id, tickId: `BTCUSDT:${time}` });
      // The mark bars of the passes so far, written to SQL when the server closes.
      const markBars = first.contracts.klines.markBars('btcusdt', '1m', 10);
      expect(markBars.length).toBeGreaterThan(0);
      await first.close();

      // Rebuild: the fills written again from the journal (cursor back to 0) are the same rows.
      const fillRows = async () => {
        const d = await open();
        try {
          return await d.db.select().from(contractFills).orderBy(contractFills.tradeId, contractFills.role);
        } finally {
          await d.close();
        }
      };
      const written = await fillRows();
      expect(written).toHaveLength(4);
      {
        const d = await open();
        await d.db.delete(contractFills);
        await d.db.update(projectionCursors).set({ seq: 0 });
        await d.close();
      }

      const second = await buildApp({ config, database: await open(), clock });
      await second.ready();
      try {
        await second.wallet.projection.idle();
        await check(second);
        // The mark chart continues from the stored bars (no pass has run in this process yet).
        const marks = await call<{ bars: unknown[] }>(second, {
          method: 'GET',
          url: `${API}/open/contract/kline/btcusdt/1m?price=mark&limit=10`,
        });
        expect(marks.body.data.bars).toEqual(markBars);
      } finally {
        await second.close();
      }
      expect(await fillRows()).toEqual(written);
    } finally {
      await sqlDb.drop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('keeps a closed position entry price and size, and skips what is already written', () => {
    const position = {
      positionId: '7000',
      userId: '5',
      symbol: 'btcusdt',
      side: 'long' as const,
      mode: 'isolated' as const,
      leverage: 10,
      qty: '0.2',
      entryValue: '2000',
      avgPrice: '10000',
      margin: '200',
      closing: '0',
      realizedPnl: '0',
      takeProfit: null,
      stopLoss: null,
      liquidationPrice: '9100',
      openedTs: 1,
      ts: 1,
    };
    const rows = contractRowsOf(
      [
        { type: 'contract.position', seq: 10, position },
        { type: 'contract.position', seq: 11, position: { ...position, qty: '0', avgPrice: '0', ts: 2 } },
        {
          type: 'contract.position',
          seq: 12,
          position: { ...position, positionId: '7001', userId: 'not-sql' },
        },
      ],
      9,
    );
    expect(rows.positions).toHaveLength(1);
    expect(rows.positions[0]).toMatchObject({
      maxQty: '0.2',
      avgPrice: '10000',
      qty: '0',
      status: 'closed',
      seq: 11,
    });
    expect(contractRowsOf([{ type: 'contract.position', seq: 10, position }], 10).positions).toEqual([]);
  });

  it('keeps a stop trigger when the order it placed is written in a later batch', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contracts-stop-rows-'));
    const d = await openDatabase({ pgliteDir: join(dir, 'pglite') });
    try {
      const base = {
        type: 'contract.order' as const,
        orderId: '40',
        userId: '5',
        symbol: 'btcusdt',
        direction: 1 as const,
        quantity: '0.1',
        filledQty: '0',
        filledValue: '0',
        fee: '0',
        leverage: 10,
        profit: '0',
        createdTs: 1,
      };
      const stop = { ...base, seq: 40, orderType: 'trigger' as const, price: null, status: 'open' as const };
      await insertContractRows(
        d.db,
        contractRowsOf([{ ...stop, triggerPrice: '9100', triggerType: 'market', ts: 1 }], 39),
      );
      const fired = {
        ...base,
        seq: 41,
        orderType: 'market' as const,
        price: null,
        filledQty: '0.1',
        filledValue: '910',
        fee: '0.455',
        status: 'filled' as const,
        ts: 2,
      };
      await insertContractRows(d.db, contractRowsOf([fired], 40));
      const [row] = await d.db.select().from(contractOrders);
      expect(row).toMatchObject({ orderType: 'market', status: 1, seq: 41, triggerType: 'market' });
      expect(Number(row?.triggerPrice)).toBe(9100);
      // Placed and fired in one batch: the same row.
      const both = contractRowsOf(
        [{ ...stop, triggerPrice: '9100', triggerType: 'market', ts: 1 }, fired],
        39,
      ).orders;
      expect(both).toMatchObject([{ orderType: 'market', triggerPrice: '9100', triggerType: 'market' }]);
    } finally {
      await d.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes one fill row per SQL user side of a trade or an auto-deleveraging close, the liquidation flag on the liquidated side only', () => {
    const side = (orderId: string, userId: string, direction: 1 | 2 | 3 | 4, fee: string, pnl: string) => ({
      orderId,
      userId,
      direction,
      fee,
      pnl,
    });
    const rows = contractRowsOf(
      [
        {
          type: 'contract.trade',
          seq: 20,
          tradeId: '20-1',
          symbol: 'btcusdt',
          price: '9000',
          qty: '0.1',
          takerSide: 'sell',
          maker: side('15', '7', 4, '0.18', '100'),
          taker: side('-7000', '5', 3, '0', '-100'),
          liquidation: true,
          ts: 5,
        },
        {
          type: 'contract.trade',
          seq: 21,
          tradeId: '21-1',
          symbol: 'btcusdt',
          price: '9001',
          qty: '0.2',
          takerSide: 'buy',
          maker: side('16', 'house', 2, '0.36', '0'),
          taker: side('21', '5', 1, '0.9', '0'),
          liquidation: false,
          ts: 6,
        },
        {
          type: 'contract.adl',
          seq: 22,
          tradeId: '22-adl1',
          symbol: 'btcusdt',
          price: '8900',
          qty: '0.3',
          liquidated: side('-7001', '5', 3, '0', '-30'),
          counterparty: side('adl-7002', '8', 4, '0', '30'),
          ts: 7,
        },
      ],
      19,
    );
    expect(
      rows.fills.map((f) => [
        f.tradeId,
        f.role,
        f.userId,
        f.orderId,
        f.direction,
        f.fee,
        f.pnl,
        f.liquidation,
      ]),
    ).toEqual([
      ['20-1', 'maker', 7n, '15', 4, '0.18', '100', false],
      ['20-1', 'taker', 5n, '-7000', 3, '0', '-100', true],
      ['21-1', 'taker', 5n, '21', 1, '0.9', '0', false],
      // An auto-deleveraging close: both users' fills, no public trade.
      ['22-adl1', 'taker', 5n, '-7001', 3, '0', '-30', true],
      ['22-adl1', 'adl', 8n, 'adl-7002', 4, '0', '30', false],
    ]);
    expect(rows.trades).toHaveLength(2);
  });
});
