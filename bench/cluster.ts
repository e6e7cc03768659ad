// Order placement through the scale-out cluster (issue 19) against the embedded server, in the same run:
// (a) cluster: one core (ROLE=core, journal on the local NATS JetStream) and two gateways (ROLE=gateway),
//     autocannon driving both gateways at once (half the connections each);
// (b) embedded: the one-process server (ROLE=all, file journal with group commit), built in this process
//     as bench/spot-http.ts does (funds are credited through its app.core).
// The cluster's processes are the real src/main.ts; read models on a fresh PostgreSQL database per setup; every
// request is a distinct limit order (bench/spot-http-request.cjs), every answer a durable acknowledgement.
// Figures, not pass/fail. Run: cd bench && npx tsx cluster.ts
// BENCH_CLUSTER_SECONDS (default 10), BENCH_CLUSTER_CONNECTIONS (default 100, split over the gateways),
// BENCH_CLUSTER_USERS (default 10), BENCH_CLUSTER_PORT (default 19460: uses the next 10 ports),
// BENCH_CLUSTER_PG (default postgres://postgres@127.0.0.1:5432/postgres), NATS_URL (default nats://127.0.0.1:4222).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { connect, type NatsConnection } from 'nats';
import pg from 'pg';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import type { Command } from '@/core/types';
import { openDatabase } from '@/db/client';
import { sendCommand } from '@/journal/command-bus';

const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 100);
const USERS = Number(process.env.BENCH_CLUSTER_USERS ?? 10);
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 19460);
const PG_SERVER = process.env.BENCH_CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const WARMUP_SECONDS = 2;
const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url));
const setupRequest = fileURLToPath(new URL('./spot-http-request.cjs', import.meta.url));

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_SERVER });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const children: ChildProcess[] = [];

function server(name: string, port: number, env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), `bench-${name}-`)),
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret',
      DEV_OUTBOX_API: 'true',
      RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
      RATE_LIMIT_MONEY_PER_MINUTE: '100000000',
      RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
      RATE_LIMIT_CODE_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      CODE_RESEND_SECONDS: '0',
      MARKET_MAKER: 'false',
      MARKET_BACKFILL_HOURS: '0',
      EARN_DEMO: 'false',
      MARGIN_DEMO_POOLS: 'false',
      CONTENT_SEED: 'false',
      JOURNAL_GROUP_COMMIT: 'true',
      JOURNAL_LEASE_TTL_MS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is running at')) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${name} exited (${code}): ${out.slice(-2000)}`)));
  });
}

async function stopAll(): Promise<void> {
  await Promise.all(
    children.splice(0).map(
      (c) =>
        new Promise((resolve) => {
          if (c.exitCode !== null) return resolve(0);
          c.once('exit', resolve);
          c.kill('SIGTERM');
          setTimeout(() => c.kill('SIGKILL'), 8000).unref();
        }),
    ),
  );
}

async function post(url: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers.satoken = token;
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: Record<string, unknown> };
}

/** Registers USERS users through `url` and credits them through `credit`; returns their tokens. */
async function users(url: string, credit: (command: Command) => Promise<void>): Promise<string[]> {
  const tokens: string[] = [];
  const stamp = randomBytes(3).toString('hex');
  for (let i = 0; i < USERS; i++) {
    const account = `bc${stamp}x${i}`;
    const email = `${account}@example.com`;
    await post(url, `/api/user/sendEmailCode?email=${email}&type=register`);
    const outbox = (await (await fetch(`${url}/api/dev/outbox?target=${email}`)).json()) as {
      data: { body: string }[];
    };
    const code = /\b(\d{6})\b/.exec(outbox.data[0]?.body ?? '')?.[1];
    await post(url, '/api/user/register', {
      account,
      email,
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      code,
    });
    const login = await post(url, '/api/user/login', {
      type: 'account',
      username: account,
      password: 'Passw0rd!',
    });
    const token = String(login.data.satoken);
    const info = await post(url, '/api/user/getInfo', undefined, token);
    for (const [asset, amount] of [
      ['USDT', '10000000'],
      ['BTC', '1000'],
    ]) {
      await credit({
        id: `bench-credit:${randomUUID()}`,
        actor: 'system',
        ts: Date.now(),
        type: 'deposit.credit',
        payload: { userId: String(info.data.id), asset, amount, ref: 'bench' },
      } as Command);
    }
    tokens.push(token);
  }
  return tokens;
}

interface Figures {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Drives every url at once with CONNECTIONS split among them; figures summed (rate) and worst (p99). */
async function drive(urls: string[], tokens: string[], mid: number, seconds: number): Promise<Figures> {
  process.env.BENCH_SPOT_HTTP = JSON.stringify({
    tokens,
    symbol: 'btcusdt',
    mid,
    tick: 1,
    priceDecimals: 2,
    quantity: '0.001',
  });
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}/api/currency/order/submit`,
        method: 'POST',
        connections: Math.max(1, Math.floor(CONNECTIONS / urls.length)),
        duration: seconds,
        workers: 1,
        requests: [{ setupRequest } as unknown as autocannon.Request],
      }),
    ),
  );
  return {
    rps: results.reduce((s, r) => s + r.requests.average, 0),
    total: results.reduce((s, r) => s + r.requests.total, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((s, r) => s + r.non2xx + r.errors + r.timeouts, 0),
  };
}

async function index(url: string): Promise<number> {
  const cmp = (await (await fetch(`${url}/api/mjkj-web/coin/open/getPriceComparison/BTC_USDT`)).json()) as {
    data: { index: string };
  };
  return Math.round((Number(cmp.data.index) || 60_000) * 100);
}

async function clusterRun(): Promise<Figures> {
  const db = await freshDatabase();
  const stream = `BENCH_CLUSTER_${randomBytes(4).toString('hex')}`;
  const nc: NatsConnection = await connect({ servers: NATS_URL });
  try {
    const env = { DATABASE_URL: db.url, JOURNAL_URL: NATS_URL, JOURNAL_STREAM: stream };
    await server('core', PORT, { ...env, ROLE: 'core', JOURNAL_NODE_ID: 'bench-core' });
    const gateways = await Promise.all([
      server('gateway-1', PORT + 1, { ...env, ROLE: 'gateway' }),
      server('gateway-2', PORT + 2, { ...env, ROLE: 'gateway' }),
    ]);
    const tokens = await users(gateways[0] as string, async (command) => {
      const { result } = await sendCommand(nc, stream, command, {
        requestTimeoutMs: 5000,
        deadlineMs: 30_000,
      });
      if (!result.ok) throw new Error(`credit: ${result.error}`);
    });
    const mid = await index(gateways[0] as string);
    await drive(gateways, tokens, mid, WARMUP_SECONDS);
    return await drive(gateways, tokens, mid, SECONDS);
  } finally {
    await stopAll();
    const jsm = await nc.jetstreamManager();
    for (const name of [stream, `OBJ_${stream}_SNAPSHOTS`, `KV_${stream}_LEASE`]) {
      await jsm.streams.delete(name).catch(() => false);
    }
    await nc.close();
    await db.drop();
  }
}

/** The embedded server in this process (as bench/spot-http.ts runs it): the file journal, credits
 * through app.core (it has no NATS subject); autocannon runs in its worker thread. */
async function embeddedRun(): Promise<Figures> {
  const db = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-embedded-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
    DEV_OUTBOX_API: 'true',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
    RATE_LIMIT_MONEY_PER_MINUTE: '100000000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
    RATE_LIMIT_CODE_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    CODE_RESEND_SECONDS: '0',
    MARKET_MAKER: 'false',
    MARKET_BACKFILL_HOURS: '0',
    EARN_DEMO: 'false',
    MARGIN_DEMO_POOLS: 'false',
    CONTENT_SEED: 'false',
    JOURNAL_GROUP_COMMIT: 'true',
  });
  const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), databaseUrl: db.url });
  const app = await buildApp({ config, database });
  try {
    const url = await app.listen({ port: PORT + 5, host: '127.0.0.1' });
    const tokens = await users(url, async (command) => {
      const result = await app.core.submit(command);
      if (!result.ok) throw new Error(`credit: ${result.error}`);
    });
    const mid = await index(url);
    await drive([url], tokens, mid, WARMUP_SECONDS);
    return await drive([url], tokens, mid, SECONDS);
  } finally {
    await app.close();
    await db.drop();
  }
}

function fmt(n: number): string {
  return n.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

async function main(): Promise<void> {
  console.log(
    `order placement: ${CONNECTIONS} keep-alive connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up, ` +
      `${USERS} users, limit orders around the index (about a third cross)`,
  );
  const embedded = await embeddedRun();
  const cluster = await clusterRun();
  const row = (cells: Array<string | number>) =>
    cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart'](i === 0 ? 46 : 9)).join(' ');
  console.log(row(['run', 'orders/s', 'p50 ms', 'p99 ms', 'errors']));
  for (const [name, f] of [
    ['embedded: one process, file journal', embedded],
    ['cluster: 2 gateways -> core on JetStream', cluster],
  ] as const) {
    console.log(row([name, fmt(f.rps), f.p50.toFixed(1), f.p99.toFixed(1), f.errors]));
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  },
);
