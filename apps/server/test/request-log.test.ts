// Request logging at the default level: a person can read the log (no line per request), and failures are
// still written. First the controller on a bare Fastify instance, then the real server started as
// `npm start` starts it, with LOG_LEVEL=info.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController } from '@/lib/request-log';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

function logSink() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

async function appAt(level: string) {
  const sink = logSink();
  const app = Fastify({ logger: { level, stream: sink.stream }, logController: new RequestLogController() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/bad', async (_request, reply) => reply.status(400).send({ bad: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines: sink.lines };
}

describe('RequestLogController', () => {
  it('writes no line for successful, refused or unknown requests at info', async () => {
    const { app, lines } = await appAt('info');
    for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/bad' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.close();
    expect(lines.filter((l) => l.level < 40)).toEqual([]);
  });

  it('always writes a failed request at error level', async () => {
    const { app, lines } = await appAt('warn');
    const res = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(lines.some((l) => l.level === 50 && l.msg === 'request failed')).toBe(true);
  });

  it('keeps the per-request lines at debug', async () => {
    const { app, lines } = await appAt('debug');
    await app.inject({ method: 'GET', url: '/ok' });
    await app.close();
    expect(lines.filter((l) => l.level === 20).map((l) => l.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });
});

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

describe('the server at LOG_LEVEL=info', () => {
  it('logs start-up, not each request', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'coin-log-'));
    const port = await freePort();
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: '/nonexistent',
        APP_SECRET: 'log-test-secret-log-test-secret-000000',
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
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 90_000;
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
        const up = await fetch(`${base}/api/health`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const before = out.split('\n').filter((l) => l.trim()).length;
      for (let i = 0; i < 40; i++) {
        await fetch(`${base}/api/common/getCoinList`, { method: 'POST' });
        await fetch(`${base}/api/health`);
      }
      await fetch(`${base}/api/nowhere`);
      await new Promise((r) => setTimeout(r, 300));
      const requestLines = out
        .split('\n')
        .slice(before)
        .filter((l) => /incoming request|request completed|route not found/.test(l));
      expect(requestLines).toEqual([]);
    } finally {
      proc.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
