import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API, api, freePort, login, registerAndLogin, type Server, startServer } from './crash-server';

// The book holds only the test's orders; demo deposits big enough to trade with.
const SPOT_ENV = { MARKET_MAKER: 'false', DEMO_DEPOSIT_MAX_USDT: '1000000' };

import { openMoneyCore } from '@/journal/money-core';

interface SpotOrder {
  id: string;
  side: 'buy' | 'sell';
  price: string | null;
  quantity: string | null;
  filledQty: string;
  status: 0 | 1 | 2;
}
interface Page<T> {
  records: T[];
  total: number;
}

/** A canonical decimal as 18-place atoms (exact). */
function atoms(v: string): bigint {
  const negative = v.startsWith('-');
  const [int = '0', frac = ''] = (negative ? v.slice(1) : v).split('.');
  const a = BigInt(int) * 10n ** 18n + BigInt(frac.padEnd(18, '0'));
  return negative ? -a : a;
}
const ONE = 10n ** 18n;

async function wallet(base: string, token: string) {
  const res = await api<{
    base: { available: string; frozen: string };
    quote: { available: string; frozen: string };
  }>(base, 'GET', `${API}/wallet/get/btc/usdt`, { token });
  return res.body.data;
}

/** Every page of a paged order list. */
async function allPages<T>(fetchPage: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const p = await fetchPage(page);
    out.push(...p.records);
    if (p.records.length === 0 || out.length >= p.total) return out;
  }
}

const servers: Server[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0))
    if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const USERS = 4;
const WORKERS_PER_USER = 2;
const FUND_USDT = '2000';
const FUND_BTC = '0.05';
const KILL_AT = 120;

describe('spot crash recovery of the real server (kill -9 while users trade over HTTP)', () => {
  it('keeps every acknowledged order and fill, conserves the money, and frozen equals open holds', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spot-crash-http-'));
    dirs.push(dataDir);
    const port = await freePort();
    let server = await startServer(dataDir, port, SPOT_ENV);
    servers.push(server);
    const base = server.base;

    const rules = (
      await api<Array<{ priceDecimals: number; qtyDecimals: number; minQty: string; minNotional: string }>>(
        base,
        'GET',
        `${API}/open/spotRules?symbol=btcusdt`,
      )
    ).body.data[0];
    if (rules === undefined) throw new Error('no btcusdt market');
    const index = Number(
      (await api<{ index: string }>(base, 'GET', `${API}/open/getPriceComparison/BTC_USDT`)).body.data.index,
    );
    const tick = 10 ** -rules.priceDecimals;
    const mid = Math.round(index / tick);
    const lots = Math.max(
      Math.round(Number(rules.minQty) * 10 ** rules.qtyDecimals),
      Math.ceil(((1.5 * Number(rules.minNotional)) / index) * 10 ** rules.qtyDecimals),
    );
    const quantity = (lots / 10 ** rules.qtyDecimals).toFixed(rules.qtyDecimals).replace(/\.?0+$/, '');
    const priceOf = (ticks: number) => (ticks * tick).toFixed(rules.priceDecimals).replace(/\.?0+$/, '');

    const accounts = Array.from({ length: USERS }, (_, i) => `spotcrash${i}${Date.now().toString(36)}`);
    const tokens: string[] = [];
    for (const a of accounts) tokens.push(await registerAndLogin(base, a));
    for (const token of tokens) {
      for (const [coin, amount] of [
        ['USDT', FUND_USDT],
        ['BTC', FUND_BTC],
      ] as const) {
        const dep = await api(base, 'POST', `${API}/assets/demoDeposit`, { token, body: { coin, amount } });
        expect(dep.body.code, JSON.stringify(dep.body)).toBe(200);
      }
    }
    for (const token of tokens) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const w = await wallet(base, token);
        if (w.quote.available === FUND_USDT && w.base.available === FUND_BTC) break;
        if (Date.now() > deadline) throw new Error(`demo deposits not credited: ${JSON.stringify(w)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    // Orders acknowledged (2xx) with their state in the answer; cancels acknowledged.
    const acked = new Map<string, { user: number; order: SpotOrder }>();
    const cancelled = new Set<string>();
    const openOf: string[][] = Array.from({ length: USERS }, () => []);
    let sent = 0;
    let killed = false;
    const worker = async (user: number, lane: number) => {
      const token = tokens[user] ?? '';
      for (let k = 0; !killed && k < 400; k++) {
        sent++;
        const mine = openOf[user] as string[];
        if (k % 4 === 3 && mine.length > 0) {
          const id = mine.splice(Math.floor(Math.random() * mine.length), 1)[0] as string;
          const res = await api<SpotOrder>(base, 'POST', `/api/currency/order/cancelOrder?id=${id}`, {
            token,
          }).catch(() => undefined);
          if (res === undefined || killed) return;
          if (res.status === 200 && res.body.code === 200) cancelled.add(id);
          continue;
        }
        const n = k * WORKERS_PER_USER + lane;
        const buy = (n + user) % 2 === 0;
        // -2..+2 ticks around the mid, mirrored for sells: about half of the orders cross.
        const offset = (n % 5) - 2;
        const body = {
          symbol: 'btcusdt',
          side: buy ? 'buy' : 'sell',
          type: 'limit',
          price: priceOf(mid + (buy ? offset : -offset)),
          quantity,
        };
        const res = await api<SpotOrder>(base, 'POST', '/api/currency/order/submit', {
          token,
          headers: { 'idempotency-key': `o-${user}-${lane}-${k}` },
          body,
        }).catch(() => undefined);
        if (res === undefined || killed) return;
        if (res.status === 200 && res.body.code === 200) {
          acked.set(res.body.data.id, { user, order: res.body.data });
          if (res.body.data.status === 0) mine.push(res.body.data.id);
        }
        if (acked.size >= KILL_AT && !killed) {
          killed = true;
          server.proc.kill('SIGKILL');
        }
      }
    };
    const workers = Array.from({ length: USERS * WORKERS_PER_USER }, (_, i) =>
      worker(i % USERS, Math.floor(i / USERS)),
    );
    await Promise.race([Promise.all(workers), server.exited]);
    await server.exited;
    expect(server.proc.signalCode).toBe('SIGKILL');
    const ackedFills = [...acked.values()].filter((a) => atoms(a.order.filledQty) > 0n).length;

    server = await startServer(dataDir, port, SPOT_ENV);
    servers.push(server);
    const fresh: string[] = [];
    for (const a of accounts) fresh.push(await login(server.base, a));

    // The projection catches up after the restart: wait until every acknowledged order is in the history.
    const finals = new Map<string, SpotOrder>();
    const deadline = Date.now() + 30_000;
    for (;;) {
      finals.clear();
      for (const token of fresh) {
        const rows = await allPages((page) =>
          api<Page<SpotOrder>>(server.base, 'POST', `${API}/entrust/getEntrustLogCurrency`, {
            token,
            body: { symbol: 'btcusdt', current: page, size: 100 },
          }).then((r) => r.body.data),
        );
        for (const o of rows) finals.set(o.id, o);
      }
      if ([...acked.keys()].every((id) => finals.has(id)) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const missing = [...acked.keys()].filter((id) => !finals.has(id));
    expect(missing).toEqual([]);

    // States at least as advanced as acknowledged; acknowledged cancels are cancelled.
    const rank = (s: number) => (s === 0 ? 0 : 1);
    for (const [id, { order }] of acked) {
      const now = finals.get(id) as SpotOrder;
      expect(rank(now.status), id).toBeGreaterThanOrEqual(rank(order.status));
      if (order.status !== 0) expect(now.status, id).toBe(order.status);
      expect(atoms(now.filledQty) >= atoms(order.filledQty), id).toBe(true);
    }
    for (const id of cancelled) expect(finals.get(id)?.status, id).toBe(2);

    // Every fill of an order is listed, and they add up to its filled quantity (so the acknowledged ones too).
    for (const [id, { user }] of acked) {
      const now = finals.get(id) as SpotOrder;
      if (atoms(now.filledQty) === 0n) continue;
      const fills = await api<Array<{ qty: string }>>(
        server.base,
        'GET',
        `${API}/entrust/transaction/details/${id}`,
        {
          token: fresh[user] ?? '',
        },
      );
      const sum = fills.body.data.reduce((s, f) => s + atoms(f.qty), 0n);
      expect(sum, id).toBe(atoms(now.filledQty));
    }

    // The recent-trades list (memory: the stored trades up to the bars' trade cursor, then the journal's
    // later ones) is the newest stored trades, once the projection has written them all: no trade the
    // kill left out of the stored bars or trades is missing from it, none is there twice.
    const tape = (
      await api<{ trades: Array<{ price: string; qty: string; time: number; side: string }> }>(
        server.base,
        'GET',
        `${API}/open/transaction/btc/usdt`,
      )
    ).body.data.trades.map((t) => [t.price, t.qty, t.time, t.side]);
    expect(tape.length).toBeGreaterThan(0);
    let all: Array<[string, string, number, string]> = [];
    let stored: unknown[] = [];
    for (const until = Date.now() + 30_000; ; ) {
      const trades = new Map<string, [string, string, number, string]>();
      for (const token of fresh) {
        const fills = await allPages((page) =>
          api<
            Page<{ tradeId: string; role: string; side: string; price: string; qty: string; time: string }>
          >(server.base, 'GET', `${API}/entrust/get/myExchangeLog/btcusdt?current=${page}&size=100`, {
            token,
          }).then((r) => r.body.data),
        );
        for (const f of fills)
          if (f.role === 'taker') trades.set(f.tradeId, [f.price, f.qty, Date.parse(f.time), f.side]);
      }
      const seqOf = (id: string) => id.split('-').map(Number) as [number, number];
      all = [...trades.entries()]
        .sort(([a], [b]) => seqOf(b)[0] - seqOf(a)[0] || seqOf(b)[1] - seqOf(a)[1])
        .map(([, t]) => t);
      stored = all.slice(0, tape.length);
      if (JSON.stringify(stored) === JSON.stringify(tape) || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(tape).toEqual(stored);
    // The 1m bars hold every trade of their minute (the bars were written at most every 5 s before the
    // kill; the trades after their cursor come back from the journal): at least the traded volume (the
    // first traded minute may also hold simulated index volume from before the first trade), and the
    // newest bar closes at the newest trade's price.
    const minuteBars = (
      await api<{ bars: Array<{ time: number; close: string; volume: string }> }>(
        server.base,
        'GET',
        `${API}/open/kline/btcusdt/1m?limit=10`,
      )
    ).body.data.bars;
    const traded = new Map<number, bigint>();
    for (const [, qty, time] of all) {
      const minute = time - (time % 60_000);
      traded.set(minute, (traded.get(minute) ?? 0n) + atoms(qty));
    }
    for (const [minute, volume] of traded) {
      const bar = minuteBars.find((b) => b.time === minute);
      expect(bar, `1m bar at ${minute}`).toBeDefined();
      expect(atoms(bar?.volume ?? '0') >= volume, `volume of the 1m bar at ${minute}`).toBe(true);
    }
    expect(minuteBars.at(-1)?.close).toBe(all[0]?.[0]);

    // Frozen == the holds of the open orders (in the core, no lag), per user and asset.
    for (const token of fresh) {
      const open = await allPages((page) =>
        api<Page<SpotOrder>>(
          server.base,
          'GET',
          `${API}/entrust/entrustlog/btcusdt/current/${page}?size=100`,
          {
            token,
          },
        ).then((r) => r.body.data),
      );
      let usdt = 0n;
      let btc = 0n;
      for (const o of open) {
        const left = atoms(o.quantity ?? '0') - atoms(o.filledQty);
        if (o.side === 'buy') usdt += (atoms(o.price ?? '0') * left) / ONE;
        else btc += left;
      }
      const w = await wallet(server.base, token);
      expect(atoms(w.quote.frozen)).toBe(usdt);
      expect(atoms(w.base.frozen)).toBe(btc);
    }

    server.proc.kill('SIGTERM');
    await server.exited;
    // Conservation on the recovered journal: users plus fee accounts hold exactly what was deposited, per
    // asset; the ledger sums to zero over users and system accounts; frozen == holds everywhere.
    const core = await openMoneyCore({ dir: join(dataDir, 'journal'), snapshotEvery: 0 });
    try {
      expect(core.state.invariantViolations()).toEqual([]);
      for (const [asset, funded] of [
        ['USDT', FUND_USDT],
        ['BTC', FUND_BTC],
      ] as const) {
        let held = 0n;
        for (const a of core.state.userAccounts()) if (a.asset === asset) held += a.available + a.frozen;
        for (const s of core.state.systemAccounts())
          if (s.asset === asset && (s.name === 'fee_revenue' || s.name === 'security_fund'))
            held += s.balance;
        expect(held, asset).toBe(BigInt(USERS) * atoms(funded));
      }
    } finally {
      await core.close();
    }
    console.log(
      `spot http crash test: ${sent} requests sent, ${acked.size} orders (${ackedFills} with fills) and ` +
        `${cancelled.size} cancels acknowledged before the kill; all found after the restart`,
    );
  }, 120_000);
});
