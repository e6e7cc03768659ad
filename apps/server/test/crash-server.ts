// The real server as a child process (npx tsx src/main.ts on a temp DATA_DIR, always the embedded PGlite)
// and plain HTTP helpers, for the kill -9 crash tests (core-crash-http, spot-crash-http).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
export const API = '/api/mjkj-web/coin';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  errorCode?: string;
}

export async function freePort(): Promise<number> {
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

export interface Server {
  proc: ChildProcess;
  base: string;
  exited: Promise<void>;
  output: () => string;
}

export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<Server> {
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
      ...env,
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

export async function api<T = unknown>(
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

export async function registerAndLogin(base: string, account: string): Promise<string> {
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

export async function login(base: string, account: string): Promise<string> {
  const res = await api<{ satoken: string }>(base, 'POST', '/api/user/login', {
    body: { type: 'account', username: account, password: 'Passw0rd!' },
  });
  if (res.body.code !== 200) throw new Error(`login: ${JSON.stringify(res.body)}`);
  return res.body.data.satoken;
}
