// Public websocket fan-out benchmark (issue 5, DESIGN section 9): the real server (buildApp on an
// in-memory database) on loopback, a synthetic depth + trade source, N subscribers spread over K client
// processes (bench/fanout-client.ts, forked). Prints delivered messages/s, publish-to-receive latency
// percentiles, sequence gaps and slow-consumer drops. Goal: 5,000 subscribers, 10 depth updates/s each
// plus trades, >= 50,000 msg/s, p99 <= 50 ms, zero gaps. A measurement, not a pass/fail test.
//
// Run: cd bench && npx tsx fanout.ts [--subs 5000] [--procs 2] [--symbols 50] [--trades 2] [--seconds 15]
// (or the same names as env: FANOUT_SUBS, FANOUT_PROCS, FANOUT_SYMBOLS, FANOUT_TRADES, FANOUT_SECONDS).
import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';

function param(name: string, fallback: number): number {
  const flag = process.argv.indexOf(`--${name}`);
  const raw = flag >= 0 ? process.argv[flag + 1] : process.env[`FANOUT_${name.toUpperCase()}`];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const SUBS = param('subs', 5000);
const PROCS = param('procs', 2);
const SYMBOLS = param('symbols', 50);
/** Trades per second per symbol. */
const TRADES = param('trades', 2);
const SECONDS = param('seconds', 15);
const WARMUP_MS = 3000;
/** Source tick: every symbol's book changes each tick (50/s), coalesced by the server to 10 diffs/s. */
const SOURCE_TICK_MS = 20;

interface Report {
  kind: 'report';
  messages: number;
  depth: number;
  trades: number;
  gaps: number;
  closed: number;
  slowDropped: number;
  latency: number[];
}

function percentile(histogram: number[], total: number, p: number): number {
  const target = Math.ceil(total * p);
  let seen = 0;
  for (const [ms, n] of histogram.entries()) {
    seen += n;
    if (seen >= target) return ms;
  }
  return histogram.length - 1;
}

function waitFor<T>(child: ChildProcess, kind: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { kind: string; error?: string }) => {
      if (message.kind === 'error') reject(new Error(message.error));
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    JOURNAL_DIR: 'memory://',
    WS_MAX_SUBSCRIPTIONS: '64',
  });
  const database = await openDatabase({ pgliteDir: 'memory://' });
  // The database is closed after the app, so the market's final flush on close still has it.
  const app = await buildApp({ config, database, closeDatabase: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const url = `ws://127.0.0.1:${port}`;

  const symbols = Array.from({ length: SYMBOLS }, (_, i) => `B${String(i).padStart(3, '0')}USDT`);
  // Seed every book so diffs are realistic (a few levels per side, prices distinct per symbol).
  for (const symbol of symbols) {
    const book = app.depth.book(symbol);
    for (let level = 1; level <= 20; level += 1) {
      book.apply([
        { side: 'bid', price: String(1000 - level), qty: '1' },
        { side: 'ask', price: String(1000 + level), qty: '1' },
      ]);
    }
  }

  const workerPath = fileURLToPath(new URL('./fanout-client.ts', import.meta.url));
  const children = Array.from({ length: PROCS }, () =>
    fork(workerPath, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  const perProcess = Math.ceil(SUBS / PROCS);
  const connectStart = Date.now();
  await Promise.all(
    children.map((child, i) => {
      const ready = waitFor(child, 'ready');
      const count = Math.max(0, Math.min(perProcess, SUBS - i * perProcess));
      child.send({ kind: 'start', url, count, offset: i * perProcess, symbols });
      return ready;
    }),
  );
  const connectMs = Date.now() - connectStart;

  // Synthetic source: each tick changes one level per side of every symbol; trades at TRADES/s/symbol.
  let tick = 0;
  const tradeIds = new Map<string, number>();
  const tradeEvery = Math.max(1, Math.round(1000 / SOURCE_TICK_MS / TRADES));
  const sourceTick = () => {
    tick += 1;
    for (const [i, symbol] of symbols.entries()) {
      const level = 1 + ((tick + i) % 20);
      const qty = String(1 + ((tick * 7 + i) % 13));
      app.depth.book(symbol).apply([
        { side: 'bid', price: String(1000 - level), qty },
        { side: 'ask', price: String(1000 + level), qty },
      ]);
      if (tick % tradeEvery === i % tradeEvery) {
        const id = (tradeIds.get(symbol) ?? 0) + 1;
        tradeIds.set(symbol, id);
        app.realtime.publishTrade({
          id: String(id),
          symbol,
          price: String(1000 + level),
          qty: '0.1',
          side: 'buy',
          time: Date.now(),
        });
      }
    }
  };
  // Ticks are due by wall time: a late timer (busy machine) catches up instead of lowering the offered rate.
  const sourceStart = Date.now();
  const source = setInterval(() => {
    const due = Math.floor((Date.now() - sourceStart) / SOURCE_TICK_MS);
    for (let n = 0; tick < due && n < 50; n += 1) sourceTick();
  }, SOURCE_TICK_MS);

  await new Promise((r) => setTimeout(r, WARMUP_MS));
  for (const child of children) child.send({ kind: 'measure' });
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  const framesSent0 = app.realtime.publicHub.stats.framesSent;
  const tick0 = tick;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const reports = await Promise.all(
    children.map((child) => {
      const report = waitFor<Report>(child, 'report');
      child.send({ kind: 'report' });
      return report;
    }),
  );
  const elapsed = (Date.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const framesSent = app.realtime.publicHub.stats.framesSent - framesSent0;
  const ticks = tick - tick0;
  clearInterval(source);

  const total = reports.reduce((s, r) => s + r.messages, 0);
  const histogram = new Array<number>(reports[0]?.latency.length ?? 0).fill(0);
  for (const r of reports)
    for (const [ms, n] of r.latency.entries()) histogram[ms] = (histogram[ms] ?? 0) + n;
  const sum = (k: 'depth' | 'trades' | 'gaps' | 'closed' | 'slowDropped') =>
    reports.reduce((s, r) => s + r[k], 0);
  const expected = SUBS * (1000 / config.DEPTH_COALESCE_MS + TRADES);

  const line = (label: string, value: string) => console.log(`${label.padEnd(36)} ${value}`);
  console.log('\nfan-out benchmark (public websocket, loopback)');
  line(
    'machine',
    `${cpus().length} cores, load avg before end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  line(
    'setup',
    `${SUBS} subscribers over ${PROCS} client processes, ${SYMBOLS} symbols, DEPTH + TRADE each, trades ${TRADES}/s/symbol`,
  );
  line('connect + subscribe', `${connectMs} ms`);
  line('measured window', `${elapsed.toFixed(1)} s (after ${WARMUP_MS / 1000} s warm-up)`);
  line(
    'source',
    `${(ticks / elapsed).toFixed(1)} book changes/s per symbol (nominal ${1000 / SOURCE_TICK_MS}), depth diffs ${(sum('depth') / SUBS / elapsed).toFixed(1)}/s per subscriber`,
  );
  line('expected deliveries', `${expected.toFixed(0)} msg/s`);
  line(
    'delivered',
    `${(total / elapsed).toFixed(0)} msg/s (depth ${(sum('depth') / elapsed).toFixed(0)}, trades ${(sum('trades') / elapsed).toFixed(0)})`,
  );
  line('server frames written', `${(framesSent / elapsed).toFixed(0)} /s`);
  line(
    'latency publish->receive',
    `p50 ${percentile(histogram, total, 0.5)} ms, p99 ${percentile(histogram, total, 0.99)} ms, p99.9 ${percentile(histogram, total, 0.999)} ms, max ${percentile(histogram, total, 1)} ms`,
  );
  line('sequence gaps', String(sum('gaps')));
  line('connections closed (slow consumer)', `${sum('closed')} (${sum('slowDropped')})`);
  line('server process CPU', `${(((cpu.user + cpu.system) / 1e6 / elapsed) * 100).toFixed(0)} % of one core`);
  line('total run time', `${((Date.now() - started) / 1000).toFixed(1)} s`);

  for (const child of children) child.send({ kind: 'exit' });
  await app.close();
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
