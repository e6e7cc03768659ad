// Shared by the cluster tests (issue 19): real server processes (`ROLE=core` and `ROLE=gateway`, the same
// src/main.ts as `npm start`) on the local NATS and PostgreSQL, a fresh database and stream per file,
// the API helpers over real HTTP, and a websocket depth client that resyncs like the web order book.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DepthSync } from '@coin/shared/depth-sync';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import WebSocket from 'ws';
import { NATS_URL } from './jetstream-helpers';

export const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** True when PostgreSQL answers at PG_URL; says why on the console when not. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.warn(`cluster tests SKIPPED: no PostgreSQL at ${PG_URL} (${String(error)})`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh database for one test file, and its removal. */
export async function clusterDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface ServerProcess {
  proc: ChildProcess;
  name: string;
  port: number;
  url: string;
  /** Resolves when the process prints its "is running" line (a standby core never does until leader). */
  running: Promise<void>;
  output(): string;
  kill9(): void;
}

/** Environment common to every process of a test cluster. */
export function clusterEnv(databaseUrl: string, stream: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    JOURNAL_URL: NATS_URL,
    JOURNAL_STREAM: stream,
    JOURNAL_LEASE_TTL_MS: '5000',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '/nonexistent',
    DEV_OUTBOX_API: 'true',
    APP_SECRET: 'test-secret-test-secret-test-secret-00',
    RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '10000',
    RATE_LIMIT_CODE_PER_MINUTE: '10000',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000',
    RATE_LIMIT_MONEY_PER_MINUTE: '1000000',
    CODE_RESEND_SECONDS: '0',
    MARKET_MAKER: 'false',
    MARKET_BACKFILL_HOURS: '0',
    EARN_DEMO: 'false',
    MARGIN_DEMO_POOLS: 'false',
    CONTENT_SEED: 'false',
    CHAIN_SIM_BLOCK_MS: '0',
    DEPTH_COALESCE_MS: '20',
  };
}

/** Starts src/main.ts (what `npm start` runs) with `env` on top of this process's environment. */
export function startServer(name: string, port: number, env: Record<string, string>): ServerProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), `${name}-`)) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const running = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is running at')) resolve();
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.on('exit', (code, signal) =>
      reject(new Error(`${name} exited (${code ?? signal}):\n${out.slice(-3000)}`)),
    );
  });
  running.catch(() => {});
  return {
    proc,
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    running,
    output: () => out,
    kill9: () => proc.kill('SIGKILL'),
  };
}

/** Stops a process (SIGTERM, then SIGKILL) and waits for its exit. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  const exited = new Promise((resolve) => server.proc.once('exit', resolve));
  server.proc.kill('SIGTERM');
  const timer = setTimeout(() => server.proc.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * A stand-in for a Fastify instance whose inject() goes over real HTTP to `baseUrl`, so the API helpers
 * of helpers.ts (registerAndLogin ...) run against a server process.
 */
export function httpApp(baseUrl: string): FastifyInstance {
  const inject = async (opts: InjectOptions) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.headers ?? {})) if (v !== undefined) headers[k] = String(v);
    let body: string | undefined;
    if (opts.payload !== undefined) {
      body = typeof opts.payload === 'string' ? opts.payload : JSON.stringify(opts.payload);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${baseUrl}${opts.url as string}`, {
      method: opts.method ?? 'GET',
      headers,
      body,
    });
    const text = await res.text();
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      json: () => JSON.parse(text) as unknown,
      body: text,
    };
  };
  return { inject } as unknown as FastifyInstance;
}

export interface DepthClient {
  sync: DepthSync;
  /** Diffs the client found not joining (each leads to a resync from a snapshot). */
  gaps: number;
  /** Times the client (re)connected and took a snapshot. */
  resyncs: number;
  /** The gateway it is connected to now. */
  current(): string;
  close(): void;
}

/**
 * A websocket depth client as the web order book is: subscribe, fetch the REST snapshot from the same
 * gateway, apply diffs with DepthSync; on a gap it takes a new snapshot; when the socket drops it moves
 * to the next gateway in `urls`, resets and resyncs.
 */
export function depthClient(urls: string[], symbol: string): DepthClient {
  const sync = new DepthSync();
  let closed = false;
  let at = 0;
  const state: DepthClient = {
    sync,
    gaps: 0,
    resyncs: 0,
    current: () => urls[at] as string,
    close: () => {
      closed = true;
      socket?.terminate();
    },
  };
  let socket: WebSocket | undefined;
  const snapshot = async (base: string) => {
    const res = await fetch(`${base}/api/mjkj-web/coin/open/depth/${symbol}?limit=1000`);
    const body = (await res.json()) as {
      data: { lastUpdateId: number; bids: [string, string][]; asks: [string, string][] };
    };
    if (sync.onSnapshot(body.data) === 'gap') state.gaps += 1;
    state.resyncs += 1;
  };
  const connect = () => {
    if (closed) return;
    const base = urls[at] as string;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/cluster-${randomBytes(4).toString('hex')}`);
    socket = ws;
    ws.on('open', () => {
      ws.send(JSON.stringify({ operation: 'subscribe', type: 'DEPTH', symbol }));
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as {
        type: string;
        data?: { U: number; u: number; b: [string, string][]; a: [string, string][] };
      };
      if (frame.type === 'ACK') void snapshot(base).catch(() => {});
      if (frame.type !== 'DEPTH' || frame.data === undefined) return;
      if (sync.onDiff(frame.data) === 'gap') {
        state.gaps += 1;
        void snapshot(base).catch(() => {});
      }
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (closed) return;
      // The gateway went away: diffs may be lost. Forget the book and resync on the next gateway.
      sync.reset();
      at = (at + 1) % urls.length;
      setTimeout(connect, 100);
    });
  };
  connect();
  return state;
}

/** Polls `check` until it is true (or throws after `timeoutMs`). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const end = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
