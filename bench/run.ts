// Benchmarks print figures; they are not pass/fail tests (DESIGN section 9). Run: npm run bench (this file,
// then wallet-journal, fanout, http, spot-engine, spot-core and spot-http; see docs/running.md "Benchmarks").
import { performance } from 'node:perf_hooks';
import { add, formatAmount, parseAmount } from '@coin/shared/money';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';
import { hashPassword, verifyPassword } from '@/lib/passwords';

function report(name: string, ops: number, ms: number, unit = 'ops/s'): void {
  console.log(
    `${name.padEnd(44)} ${((ops / ms) * 1000).toFixed(0).padStart(10)} ${unit}   (${ops} in ${ms.toFixed(0)} ms)`,
  );
}

async function money(): Promise<void> {
  const inputs = Array.from({ length: 1000 }, (_, i) => `${i * 7919}.${String(i).padStart(8, '0')}`);
  const n = 200_000;
  let acc = parseAmount('0');
  const t0 = performance.now();
  for (let i = 0; i < n; i++) acc = add(acc, parseAmount(inputs[i % inputs.length] ?? '0', 8));
  report('money: parseAmount + add', n, performance.now() - t0);
  const t1 = performance.now();
  let len = 0;
  for (let i = 0; i < n; i++) len += formatAmount(acc, 8).length;
  report('money: formatAmount', n, performance.now() - t1);
  if (len === 0) throw new Error('unreachable');
}

async function passwords(): Promise<void> {
  const n = 10;
  const t0 = performance.now();
  let hash = '';
  for (let i = 0; i < n; i++) hash = await hashPassword(`Passw0rd!${i}`);
  const ms = performance.now() - t0;
  console.log(`${'argon2id hash (19 MiB, t=2)'.padEnd(44)} ${(ms / n).toFixed(1).padStart(10)} ms each`);
  const t1 = performance.now();
  for (let i = 0; i < n; i++) await verifyPassword(hash, 'wrong');
  console.log(
    `${'argon2id verify'.padEnd(44)} ${((performance.now() - t1) / n).toFixed(1).padStart(10)} ms each`,
  );
}

async function api(): Promise<void> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DEV_OUTBOX_API: 'true',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '10000000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '10000000',
    CODE_RESEND_SECONDS: '0',
    // Measure the API alone: no journal files in DATA_DIR, no price ticks or back-fill, no block timer.
    JOURNAL_DIR: 'memory://',
    MARKET_TICK_MS: '0',
    MARKET_BACKFILL_HOURS: '0',
    CHAIN_SIM_BLOCK_MS: '0',
  });
  const database = await openDatabase({ pgliteDir: 'memory://', databaseUrl: process.env.DATABASE_URL });
  const app = await buildApp({ config, database });
  await app.ready();
  const email = `bench${Date.now()}@example.com`;
  await app.inject({ method: 'POST', url: `/api/user/sendEmailCode?email=${email}&type=register` });
  const outbox = (await app.inject({ method: 'GET', url: `/api/dev/outbox?target=${email}` })).json();
  const code = /\d{6}/.exec(outbox.data[0].body)?.[0];
  const account = `bench${Date.now() % 1e8}`;
  await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { account, email, password: 'Passw0rd!', confirmPassword: 'Passw0rd!', code },
  });
  const login = (
    await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { type: 'account', username: account, password: 'Passw0rd!' },
    })
  ).json();
  const token = login.data.satoken as string;

  const n = 2000;
  let t0 = performance.now();
  for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url: '/api/health' });
  report(`api (${database.kind}): GET /api/health`, n, performance.now() - t0, 'req/s');
  t0 = performance.now();
  for (let i = 0; i < n; i++)
    await app.inject({ method: 'POST', url: '/api/user/getInfo', headers: { satoken: token } });
  report(`api (${database.kind}): POST /api/user/getInfo (auth)`, n, performance.now() - t0, 'req/s');
  const logins = 20;
  t0 = performance.now();
  for (let i = 0; i < logins; i++) {
    await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { type: 'account', username: account, password: 'Passw0rd!' },
    });
  }
  report(`api (${database.kind}): POST /api/user/login`, logins, performance.now() - t0, 'req/s');
  await app.close();
}

await money();
await passwords();
await api();
