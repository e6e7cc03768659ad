// Spot orders over HTTP (issue 11): the real server (buildApp on a temporary PGlite DATA_DIR, journal on
// disk with group commit on, so every answer is a durable acknowledgement; market timer on as `npm start`
// has it, the demo market maker off so the book holds only the bench's orders) and a bare Fastify app with
// one trivial POST route in the same process. autocannon drives each from a worker thread with
// keep-alive connections; every request is a distinct limit order (bench/spot-http-request.cjs: users in
// turn, buy and sell alternating, prices stepping around the mid so about a third cross and trade). The
// order run is paired with a bare run just before it and read as a ratio to it (the machine is shared).
// Figures, not pass/fail (DESIGN section 9). Run: cd bench && npx tsx --max-semi-space-size=64 spot-http.ts
// (the node flag of `npm start`, apps/server/package.json; the run prints the young generation it had).
// BENCH_SPOT_HTTP_SECONDS (default 10), BENCH_SPOT_HTTP_CONNECTIONS (default 100), BENCH_SPOT_HTTP_USERS
// (default 20), BENCH_HTTP_PORT (default 0: any free ports; else the server takes it, the bare app the next),
// BENCH_SPOT_HTTP_RATE (default 0: unthrottled; else requests per second for both runs).
// BENCH_SPOT_HTTP_PG (a PostgreSQL server URL, e.g. postgres://postgres@127.0.0.1:5432/postgres): the read
// models go to a fresh database created there (and dropped after) instead of the embedded PGlite (which
// runs on its own worker thread, as with npm start).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';
import type { OutgoingMessage } from '@/modules/verification/sender';

const SECONDS = Number(process.env.BENCH_SPOT_HTTP_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_SPOT_HTTP_CONNECTIONS ?? 100);
const USERS = Number(process.env.BENCH_SPOT_HTTP_USERS ?? 20);
const BASE_PORT = Number(process.env.BENCH_HTTP_PORT ?? 0);
const PG_SERVER = process.env.BENCH_SPOT_HTTP_PG;
/** A fixed request rate for both runs (0: as fast as the server answers); CPU per order at a rate the
 * machine sustains is steadier than throughput when comparing two builds on a busy machine. */
const RATE = Number(process.env.BENCH_SPOT_HTTP_RATE ?? 0);

/** A fresh database on PG_SERVER; returns its URL and how to drop it. */
async function freshPgDatabase(server: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_spot_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
const WARMUP_SECONDS = 2;
const SYMBOL = 'btcusdt';
const GOAL = { ordersPerSecond: 10_000, p99Ms: 15 } as const;
const setupRequest = fileURLToPath(new URL('./spot-http-request.cjs', import.meta.url));

interface Figures {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  busyUs: number;
  /** CPU time of the whole process (main thread, autocannon worker, PGlite thread) per request. */
  cpuUs: number;
  /** Main-thread garbage collection pauses per request. */
  gcUs: number;
  threads: ThreadSplit | undefined;
}

/**
 * CPU time (µs) of each thread of this process, from /proc/self/task/<tid>/stat (Linux; utime + stime in
 * 10 ms clock ticks): empty where /proc cannot be read. Node names no threads, so the bench tells them
 * apart by what it knows: the main thread's id is the process id, and a thread that did not exist before
 * a drive() is autocannon's worker (one new worker per run).
 */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        // after "pid (comm) ": state is field 3, utime 14 and stime 15 (man 5 proc)
        out.set(tid, (Number(fields[11]) + Number(fields[12])) * 10_000);
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    // not Linux
  }
  return out;
}

/** Where a run's CPU went, per request (µs): see threadCpu. */
interface ThreadSplit {
  main: number;
  /** The busiest other thread that existed before the run: the PGlite thread when it is embedded. */
  busiestOther: number;
  /** Threads started during the run: autocannon's worker. */
  loadGenerator: number;
  /** Everything else: V8's GC and compiler threads, libuv's pool (journal writes and fsyncs). */
  rest: number;
}

function split(
  before: Map<string, number>,
  after: Map<string, number>,
  requests: number,
): ThreadSplit | undefined {
  if (after.size === 0) return undefined;
  const per = (us: number) => us / Math.max(1, requests);
  const main = String(process.pid);
  let mainUs = 0;
  let generator = 0;
  const others: number[] = [];
  for (const [tid, us] of after) {
    const old = before.get(tid);
    if (tid === main) mainUs = us - (old ?? 0);
    else if (old === undefined) generator += us;
    else others.push(us - old);
  }
  others.sort((a, b) => b - a);
  const busiest = others[0] ?? 0;
  const rest = others.slice(1).reduce((a, b) => a + b, 0);
  return { main: per(mainUs), busiestOther: per(busiest), loadGenerator: per(generator), rest: per(rest) };
}

/** Sum of the main thread's GC pauses (ms) since the observer started. */
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
}).observe({ entryTypes: ['gc'] });

async function drive(url: string, seconds: number): Promise<Figures> {
  const before = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const gc0 = gcMs;
  const threads0 = threadCpu();
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    ...(RATE > 0 ? { overallRate: RATE } : {}),
    requests: [{ setupRequest } as unknown as autocannon.Request],
  });
  const loop = performance.eventLoopUtilization(before);
  const cpu = process.cpuUsage(cpu0);
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    busyUs: (loop.active * 1000) / Math.max(1, result.requests.total),
    cpuUs: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
    gcUs: ((gcMs - gc0) * 1000) / Math.max(1, result.requests.total),
    threads: split(threads0, threadCpu(), result.requests.total),
  };
}

async function startServer(port: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-spot-http-'));
  const codes = new Map<string, string>();
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
    // One client address sends everything; the per-user money limit would answer 429 at once.
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
    RATE_LIMIT_MONEY_PER_MINUTE: '100000000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
    RATE_LIMIT_CODE_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    CODE_RESEND_SECONDS: '0',
    JOURNAL_GROUP_COMMIT: 'true',
    // npm start's default unless set for an experiment.
    ...(process.env.JOURNAL_BATCH_WINDOW_MS
      ? { JOURNAL_BATCH_WINDOW_MS: process.env.JOURNAL_BATCH_WINDOW_MS }
      : {}),
    MARKET_MAKER: 'false',
  });
  const pgDb = PG_SERVER ? await freshPgDatabase(PG_SERVER) : undefined;
  const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), databaseUrl: pgDb?.url });
  console.log(`read models: ${pgDb ? 'PostgreSQL (BENCH_SPOT_HTTP_PG)' : 'embedded PGlite'}`);
  // npm start runs with --max-semi-space-size=64 (a young generation of 2 x 64 MB instead of 2 x 16 MB).
  const semi = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].find((a) =>
    a.startsWith('--max-semi-space-size'),
  );
  console.log(
    `node ${semi ?? 'without --max-semi-space-size'}${semi === '--max-semi-space-size=64' ? ' (as npm start)' : ' (npm start runs with --max-semi-space-size=64)'}`,
  );
  const app = await buildApp({
    config,
    database,
    sender: {
      send: async (m: OutgoingMessage) => {
        const code = /\b(\d{6})\b/.exec(m.body)?.[1];
        if (code) codes.set(m.target, code);
      },
    },
  });
  await app.services.operators.bootstrap(config.ADMIN_USERNAME);
  const url = await app.listen({ port, host: '127.0.0.1' });

  const post = async (path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data?: { satoken?: string } };
  };
  const credit = async (userId: string, asset: string, amount: string) => {
    const r = await app.core.submit({
      id: `bench-credit:${randomUUID()}`,
      actor: 'system',
      ts: app.clock.now().getTime(),
      type: 'deposit.credit',
      payload: { userId, asset, amount, ref: 'bench' },
    });
    if (!r.ok) throw new Error(`credit ${asset}: ${r.error}`);
  };
  // Users with sessions and plenty of both assets (registration hashes passwords: a few at a time).
  const tokens: string[] = [];
  const stamp = Date.now() % 1e7;
  for (let i = 0; i < USERS; i += 5) {
    const batch = Array.from({ length: Math.min(5, USERS - i) }, async (_, k) => {
      const account = `sb${stamp}x${i + k}`;
      const email = `${account}@example.com`;
      await post(`/api/user/sendEmailCode?email=${email}&type=register`);
      await post('/api/user/register', {
        account,
        email,
        password: 'Passw0rd!',
        confirmPassword: 'Passw0rd!',
        code: codes.get(email),
      });
      const login = await post('/api/user/login', {
        type: 'account',
        username: account,
        password: 'Passw0rd!',
      });
      const token = login.data?.satoken;
      if (!token) throw new Error('login gave no token');
      const info = (await (
        await fetch(`${url}/api/user/getInfo`, { method: 'POST', headers: { satoken: token } })
      ).json()) as { data: { id: string | number } };
      const userId = String(info.data.id);
      for (let c = 0; c < 10; c++) await credit(userId, 'USDT', '1000000');
      for (let c = 0; c < 10; c++) await credit(userId, 'BTC', '100');
      return token;
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return {
    app,
    url,
    tokens,
    close: async () => {
      await app.close(); // closes the database too
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function fmt(n: number): string {
  return n.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

async function main(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.post('/', async (request) => ({ ok: true, got: (request.body as { side?: string }).side }));
  const bareUrl = await bare.listen({ port: BASE_PORT === 0 ? 0 : BASE_PORT + 1, host: '127.0.0.1' });
  const server = await startServer(BASE_PORT);

  const rulesRes = await fetch(`${server.url}/api/mjkj-web/coin/open/spotRules?symbol=${SYMBOL}`);
  const rules = ((await rulesRes.json()) as { data: Array<Record<string, string | number>> }).data[0];
  if (rules === undefined) throw new Error(`no spot market ${SYMBOL}`);
  const cmp = (await (
    await fetch(`${server.url}/api/mjkj-web/coin/open/getPriceComparison/BTC_USDT`)
  ).json()) as { data: { index: string } };
  const priceDecimals = Number(rules.priceDecimals);
  const qtyDecimals = Number(rules.qtyDecimals);
  const index = Number(cmp.data.index) || 60_000;
  const mid = Math.round(index * 10 ** priceDecimals);
  // A quantity worth about twice the minimum order value, on the lot.
  const lots = Math.max(
    Math.ceil(Number(rules.minQty) * 10 ** qtyDecimals),
    Math.ceil(((2 * Number(rules.minNotional)) / index) * 10 ** qtyDecimals),
  );
  const quantity = (lots / 10 ** qtyDecimals).toFixed(qtyDecimals).replace(/\.?0+$/, '');
  process.env.BENCH_SPOT_HTTP = JSON.stringify({
    tokens: server.tokens,
    symbol: SYMBOL,
    mid,
    tick: 1,
    priceDecimals,
    quantity,
  });
  console.log(
    `spot orders over HTTP: POST /api/currency/order/submit, ${CONNECTIONS} keep-alive connections, ` +
      `${SECONDS} s after ${WARMUP_SECONDS} s warm-up, ${USERS} users; limit orders of ${quantity} BTC around ` +
      `${(mid / 10 ** priceDecimals).toFixed(priceDecimals)}; journal group commit on (durable acks)`,
  );

  await drive(bareUrl, WARMUP_SECONDS);
  const reference = await drive(bareUrl, SECONDS);
  await drive(`${server.url}/api/currency/order/submit`, WARMUP_SECONDS);
  const f = await drive(`${server.url}/api/currency/order/submit`, SECONDS);
  // How far the SQL read models (bill projection: bills, spot orders and trades) trail the core right
  // after the run, and how long they take to catch up (they are written off the acknowledgement path).
  const lagAtEnd = server.app.wallet.projection.status();
  const caughtUp = performance.now();
  while (server.app.wallet.projection.status().lag > 0 && performance.now() - caughtUp < 60_000) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const catchUpMs = performance.now() - caughtUp;
  const widths = [34, 9, 8, 8, 8, 8, 8, 8];
  const row = (cells: Array<string | number>) =>
    cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart'](widths[i] ?? 10)).join(' ');
  console.log(row(['run', 'req/s', 'p50 ms', 'p99 ms', 'busy us', 'cpu us', 'gc us', 'non2xx']));
  console.log(
    row([
      'bare Fastify POST / (reference)',
      fmt(reference.rps),
      reference.p50.toFixed(1),
      reference.p99.toFixed(1),
      reference.busyUs.toFixed(0),
      reference.cpuUs.toFixed(0),
      reference.gcUs.toFixed(0),
      reference.non2xx + reference.errors,
    ]),
  );
  console.log(
    row([
      'POST /api/currency/order/submit',
      fmt(f.rps),
      f.p50.toFixed(1),
      f.p99.toFixed(1),
      f.busyUs.toFixed(0),
      f.cpuUs.toFixed(0),
      f.gcUs.toFixed(0),
      f.non2xx + f.errors,
    ]),
  );
  const t = f.threads;
  if (t !== undefined) {
    const server = t.main + t.busiestOther + t.rest;
    console.log(
      `CPU per order by thread (µs): main ${t.main.toFixed(0)}, ${PG_SERVER ? 'busiest other' : 'PGlite'} ` +
        `${t.busiestOther.toFixed(0)}, GC/compiler/libuv threads ${t.rest.toFixed(0)}, autocannon ` +
        `${t.loadGenerator.toFixed(0)}; the server's own ${server.toFixed(0)} µs would allow about ` +
        `${fmt(2e6 / Math.max(1, server))} orders/s on 2 cores without the load generator (derived, not measured)`,
    );
  }
  const met = f.rps >= GOAL.ordersPerSecond && f.p99 <= GOAL.p99Ms && f.non2xx + f.errors === 0;
  console.log(
    `orders ${fmt(f.total)} in ${SECONDS} s, ${((f.rps / reference.rps) * 100).toFixed(1)} % of the bare route; ` +
      `goal >= ${fmt(GOAL.ordersPerSecond)} orders/s, p99 <= ${GOAL.p99Ms} ms, no errors: ${met ? 'met' : 'MISSED'}`,
  );
  console.log(
    `read models: ${fmt(lagAtEnd.lag)} commands behind the core at the end of the run, caught up ` +
      `${catchUpMs.toFixed(0)} ms later${lagAtEnd.catchingUp ? ' (the projection was re-reading the journal)' : ''}`,
  );
  await server.close();
  await bare.close();
}

await main();
