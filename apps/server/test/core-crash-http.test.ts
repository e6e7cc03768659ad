// Acceptance on the real server: `kill -9` the server (npx tsx src/main.ts, temp DATA_DIR) while clients
// load it with transfers over HTTP with Idempotency-Key, restart it, retry every request with the same key:
// every request gets a definite answer (acknowledged ones their original answer), none is applied twice,
// and the balances are exactly the sum of the transfers.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const API = '/api/mjkj-web/coin';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  errorCode?: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

interface Server {
  proc: ChildProcess;
  base: string;
  exited: Promise<void>;
  output: () => string;
}

async function startServer(dataDir: string, port: number): Promise<Server> {
  // Always the embedded PGlite in the temp DATA_DIR, even when the suite runs against PostgreSQL.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      DEV_OUTBOX_API: 'true',
      APP_SECRET: 'crash-test-secret-crash-test-secret-00',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
      RATE_LIMIT_CODE_PER_MINUTE: '100000',
      RATE_LIMIT_GLOBAL_PER_MINUTE: '10000000',
      RATE_LIMIT_MONEY_PER_MINUTE: '10000000',
      CODE_RESEND_SECONDS: '0',
      CHAIN_SIM_BLOCK_MS: '50',
      MARKET_BACKFILL_HOURS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { proc, base, exited, output: () => out };
}

async function api<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'user-agent': UA,
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { satoken: opts.token } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function registerAndLogin(base: string, account: string): Promise<string> {
  const email = `${account}@example.com`;
  const password = 'Passw0rd!';
  const sent = await api(
    base,
    'POST',
    `/api/user/sendEmailCode?email=${encodeURIComponent(email)}&type=register`,
  );
  if (sent.body.code !== 200) throw new Error(`send code: ${JSON.stringify(sent.body)}`);
  const outbox = await api<Array<{ body: string }>>(
    base,
    'GET',
    `/api/dev/outbox?target=${encodeURIComponent(email)}`,
  );
  const code = /\b(\d{6})\b/.exec(outbox.body.data[0]?.body ?? '')?.[1];
  const reg = await api(base, 'POST', '/api/user/register', {
    body: { account, email, password, confirmPassword: password, code },
  });
  if (reg.body.code !== 200) throw new Error(`register: ${JSON.stringify(reg.body)}`);
  return login(base, account);
}

async function login(base: string, account: string): Promise<string> {
  const res = await api<{ satoken: string }>(base, 'POST', '/api/user/login', {
    body: { type: 'account', username: account, password: 'Passw0rd!' },
  });
  if (res.body.code !== 200) throw new Error(`login: ${JSON.stringify(res.body)}`);
  return res.body.data.satoken;
}

async function usdt(base: string, token: string, type: '1' | '2'): Promise<string> {
  const res = await api<{ list: Array<{ coin: string; available: string }> }>(
    base,
    'GET',
    `${API}/assets/getMyBalance?type=${type}&coin=USDT`,
    { token },
  );
  return res.body.data.list.find((c) => c.coin === 'USDT')?.available ?? 'missing';
}

const servers: Server[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0))
    if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const USERS = 4;
const PER_USER = 60;
const FUNDING = 1000;

describe('crash recovery of the real server (kill -9 under HTTP load)', () => {
  it('answers every key after the restart and applies each transfer exactly once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'core-crash-http-'));
    dirs.push(dataDir);
    const port = await freePort();
    let server = await startServer(dataDir, port);
    servers.push(server);
    const base = server.base;

    const accounts = Array.from({ length: USERS }, (_, i) => `crash${i}${Date.now().toString(36)}`);
    const tokens: string[] = [];
    for (const a of accounts) tokens.push(await registerAndLogin(base, a));
    for (const token of tokens) {
      const dep = await api(base, 'POST', `${API}/assets/demoDeposit`, {
        token,
        body: { coin: 'USDT', amount: String(FUNDING) },
      });
      expect(dep.body.code, JSON.stringify(dep.body)).toBe(200);
    }
    // The simulated chain credits after its confirmations (one block every 50 ms here).
    for (const token of tokens) {
      const deadline = Date.now() + 30_000;
      while ((await usdt(base, token, '1')) !== String(FUNDING)) {
        if (Date.now() > deadline) throw new Error('demo deposit not credited');
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    const jobs = Array.from({ length: USERS * PER_USER }, (_, i) => ({ user: i % USERS, key: `tr-${i}` }));
    const transfer = (srvBase: string, token: string, key: string) =>
      api(srvBase, 'POST', '/api/asset/transferFunds', {
        token,
        headers: { 'idempotency-key': key },
        body: { coin: 'USDT', amount: '1', from: '1', to: '2' },
      });
    const acked = new Map<string, Envelope>();
    let next = 0;
    let killed = false;
    const killAt = 100;
    const worker = async () => {
      while (!killed && next < jobs.length) {
        const job = jobs[next++];
        if (job === undefined) return;
        const res = await transfer(base, tokens[job.user] ?? '', job.key).catch(() => undefined);
        if (res === undefined || killed) return;
        if (res.status === 200 && res.body.code === 200) acked.set(job.key, res.body);
        if (acked.size >= killAt && !killed) {
          killed = true;
          server.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.race([Promise.all(Array.from({ length: 32 }, worker)), server.exited]);
    await server.exited;
    expect(server.proc.signalCode).toBe('SIGKILL');
    expect(next).toBeLessThan(jobs.length);

    server = await startServer(dataDir, port);
    servers.push(server);
    const fresh: string[] = [];
    for (const a of accounts) fresh.push(await login(server.base, a));

    const final = new Map<string, { status: number; body: Envelope }>();
    for (let i = 0; i < jobs.length; i += 32) {
      const wave = jobs.slice(i, i + 32);
      const rs = await Promise.all(wave.map((j) => transfer(server.base, fresh[j.user] ?? '', j.key)));
      for (const [k, j] of wave.entries()) final.set(j.key, rs[k] as { status: number; body: Envelope });
    }
    for (const [key, first] of acked) {
      expect(final.get(key)?.status, key).toBe(200);
      expect(final.get(key)?.body.data, key).toEqual(first.data);
    }
    // Every key gets a definite answer after the restart, in flight at the kill or never sent: the core
    // command id comes from the key, so the retry returns the journaled result or applies it now. The
    // funding covers every transfer, so every answer is a success.
    const notOk = [...final.entries()].filter(([, r]) => r.status !== 200 || r.body.code !== 200);
    expect(notOk.map(([key, r]) => `${key}: ${r.status} ${r.body.errorCode ?? ''}`)).toEqual([]);
    expect(final.size).toBe(jobs.length);
    for (const [u, token] of fresh.entries()) {
      // Each key moved exactly 1 USDT exactly once: the balances are the exact sum of the transfers.
      const mine = jobs.filter((j) => j.user === u).length;
      expect(await usdt(server.base, token, '2')).toBe(String(mine));
      expect(await usdt(server.base, token, '1')).toBe(String(FUNDING - mine));
    }
    // A second retry of every key changes nothing and answers the same.
    for (let i = 0; i < jobs.length; i += 32) {
      const wave = jobs.slice(i, i + 32);
      const rs = await Promise.all(wave.map((j) => transfer(server.base, fresh[j.user] ?? '', j.key)));
      for (const [k, j] of wave.entries())
        expect(rs[k]?.body.data, j.key).toEqual(final.get(j.key)?.body.data);
    }
    for (const [u, token] of fresh.entries()) {
      expect(await usdt(server.base, token, '2')).toBe(String(jobs.filter((j) => j.user === u).length));
    }
    // Bills: two postings per transfer (spot -1, contract +1), each exactly once, including the transfers
    // applied before the kill whose bills were not written yet (the projection catches up at start).
    for (const [u, token] of fresh.entries()) {
      const want = 2 * jobs.filter((j) => j.user === u).length;
      const deadline = Date.now() + 30_000;
      let total = -1;
      while (total !== want && Date.now() < deadline) {
        const bills = await api<{ total: number }>(server.base, 'POST', `${API}/assets/getMyBill`, {
          token,
          body: { type: 'transfer', size: 1 },
        });
        total = bills.body.data.total;
        if (total !== want) await new Promise((r) => setTimeout(r, 200));
      }
      expect(total).toBe(want);
    }
    console.log(
      `http crash test: sent ${next}, acknowledged ${acked.size} before the kill, all ${jobs.length} answered after it`,
    );
    server.proc.kill('SIGTERM');
    await server.exited;
  }, 240_000);
});
