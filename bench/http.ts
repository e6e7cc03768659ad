// HTTP throughput of the hot read paths (DESIGN section 8: settings, coin lists and user info are served
// from memory). The real server (buildApp on a temporary PGlite DATA_DIR, market timer on, the demo catalogue
// and simulated back-fill as `npm start` has) and a bare Fastify app with one trivial route run in this
// process; autocannon drives each from a worker thread, so load generation does not share the servers' event
// loop. Each route is paired with a run of the bare route just before it, the machine's ceiling at that
// moment, and read as a ratio to it: on a shared machine absolute figures swing by a factor of two from one
// minute to the next, the ratios much less. "busy us" is the servers' main-thread time per request (event
// loop utilization), the cost that such noise blurs least. Figures, not pass/fail (DESIGN section 9).
// Run: cd bench && npx tsx http.ts
// BENCH_HTTP_SECONDS (default 8) per run, BENCH_HTTP_CONNECTIONS (default 50), BENCH_HTTP_PORT (default 0:
// any free ports; else the server takes it and the bare app the next one), BENCH_HTTP_ONLY (a substring of
// the route names: only those routes, each still paired with a bare run).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';
import type { OutgoingMessage } from '@/modules/verification/sender';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 50);
const BASE_PORT = Number(process.env.BENCH_HTTP_PORT ?? 0);
const ONLY = process.env.BENCH_HTTP_ONLY;
const WARMUP_SECONDS = 1;

/** The goals of the hardening issue: share of the bare route's rate, and p99 at CONNECTIONS. */
const GOAL = { public: 0.5, authenticated: 0.25, p99Ms: 20 } as const;

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  kind: 'bare' | 'public' | 'authenticated';
  headers?: Record<string, string>;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Main-thread (server) busy time per request: the cost that the shared machine's noise blurs least. */
  busyUs: number;
}

async function drive(url: string, target: Target, seconds: number): Promise<Figures> {
  const before = performance.eventLoopUtilization();
  const result = await autocannon({
    url: `${url}${target.path}`,
    method: target.method,
    headers: target.headers ?? {},
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
  });
  const loop = performance.eventLoopUtilization(before);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    busyUs: (loop.active * 1000) / Math.max(1, result.requests.total),
  };
}

async function measure(url: string, target: Target): Promise<Figures> {
  await drive(url, target, WARMUP_SECONDS);
  return drive(url, target, SECONDS);
}

function row(cells: Array<string | number>, widths: number[]): string {
  return cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart'](widths[i] ?? 10)).join(' ');
}

async function startBare(port: number) {
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  const url = await bare.listen({ port, host: '127.0.0.1' });
  return { bare, url };
}

async function startServer(port: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-http-'));
  const codes = new Map<string, string>();
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent',
    // Request logs would measure the log sink; warnings and errors still print.
    LOG_LEVEL: 'warn',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
    // One client address sends every request: the per-address limits would answer 429 within a second.
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000',
    CODE_RESEND_SECONDS: '0',
  });
  const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
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

  // A user with a session, for the authenticated route.
  const account = `bench${Date.now() % 1e8}`;
  const email = `${account}@example.com`;
  const sent = await fetch(`${url}/api/user/sendEmailCode?email=${email}&type=register`, { method: 'POST' });
  if (!sent.ok) throw new Error(`sendEmailCode: ${sent.status} ${await sent.text()}`);
  const register = await fetch(`${url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      account,
      email,
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
      code: codes.get(email),
    }),
  });
  if (!register.ok) throw new Error(`register: ${register.status} ${await register.text()}`);
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'account', username: account, password: 'Passw0rd!' }),
  });
  const token = ((await login.json()) as { data?: { satoken?: string } }).data?.satoken;
  if (!token) throw new Error('login gave no token');
  return {
    app,
    url,
    token,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  console.log(
    `HTTP hot paths: ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up; ` +
      'each route is paired with a bare-route run just before it',
  );
  const { bare, url: bareUrl } = await startBare(BASE_PORT === 0 ? 0 : BASE_PORT + 1);
  const server = await startServer(BASE_PORT);
  const bareTarget: Target = { name: 'bare Fastify GET /', method: 'GET', path: '/', kind: 'bare' };
  const targets: Target[] = [
    { name: 'GET /api/health', method: 'GET', path: '/api/health', kind: 'public' },
    { name: 'POST /api/common/getCoinList', method: 'POST', path: '/api/common/getCoinList', kind: 'public' },
    { name: 'GET /platform/dev/config.js', method: 'GET', path: '/platform/dev/config.js', kind: 'public' },
    {
      name: 'POST /api/common/getAllSetting',
      method: 'POST',
      path: '/api/common/getAllSetting',
      kind: 'public',
    },
    {
      name: 'POST /api/user/getInfo (auth)',
      method: 'POST',
      path: '/api/user/getInfo',
      kind: 'authenticated',
      headers: { satoken: server.token },
    },
  ];

  const widths = [32, 8, 8, 7, 7, 8, 8, 8, 6, 8];
  console.log(
    row(
      ['route', 'req/s', 'bare', 'share', 'goal', 'p50 ms', 'p99 ms', 'busy us', 'non2xx', 'verdict'],
      widths,
    ),
  );
  let missed = 0;
  for (const target of targets.filter((t) => !ONLY || t.name.includes(ONLY))) {
    const reference = await measure(bareUrl, bareTarget);
    const f = await measure(server.url, target);
    const goal = target.kind === 'authenticated' ? GOAL.authenticated : GOAL.public;
    const share = f.rps / reference.rps;
    const met = share >= goal && f.p99 < GOAL.p99Ms && f.non2xx === 0 && f.errors === 0;
    if (!met) missed++;
    console.log(
      row(
        [
          target.name,
          f.rps.toFixed(0),
          reference.rps.toFixed(0),
          `${(share * 100).toFixed(0)}%`,
          `${goal * 100}%`,
          f.p50.toFixed(1),
          `${f.p99.toFixed(1)}${reference.p99 >= GOAL.p99Ms ? '*' : ''}`,
          f.busyUs.toFixed(0),
          f.non2xx + f.errors,
          met ? 'met' : 'MISSED',
        ],
        widths,
      ),
    );
  }
  console.log(
    `goals: share of the bare route's req/s as listed, p99 < ${GOAL.p99Ms} ms, no errors; ` +
      `${missed === 0 ? 'all met' : `${missed} missed`}. ` +
      "* = the bare route's own p99 was over the limit in its paired run (machine noise).",
  );
  await server.close();
  await bare.close();
}

await main();
