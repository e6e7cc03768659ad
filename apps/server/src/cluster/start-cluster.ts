// `npm run start:cluster` (issue 19, docs/operations.md "Cluster"): on this machine, against the local
// NATS JetStream and PostgreSQL, one core leader, one standby core, two gateways (each `src/main.ts` with
// ROLE=core or ROLE=gateway) and a small round-robin load balancer in front of the gateways. Prints the
// URLs; Ctrl-C stops everything. Each process is what a machine of a real cluster would run.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startBalancer } from './balancer';

const env = process.env;
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const base = Number(env.CLUSTER_PORT ?? 8080);
const host = env.HOST ?? '127.0.0.1';
const dataDir = env.DATA_DIR ?? join(serverDir, '..', '..', 'data', 'cluster');
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/coin_cluster';
const shared = {
  DATABASE_URL: databaseUrl,
  JOURNAL_URL: env.JOURNAL_URL ?? 'nats://127.0.0.1:4222',
  JOURNAL_STREAM: env.JOURNAL_STREAM ?? 'COIN_CLUSTER',
  // A full server's start can block its event loop for seconds on a busy machine (docs/operations.md).
  JOURNAL_LEASE_TTL_MS: env.JOURNAL_LEASE_TTL_MS ?? '10000',
  HOST: host,
  PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${base}`,
};

/** Creates the cluster's database when missing (the first core then migrates it). */
async function ensureDatabase(): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

const children: ChildProcess[] = [];

function start(name: string, port: number, extra: Record<string, string>): Promise<void> {
  const dir = join(dataDir, name);
  mkdirSync(dir, { recursive: true });
  // The node flags of `npm start` (apps/server/package.json): a 64 MB young generation, docs/running.md.
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...env, ...shared, ...extra, PORT: String(port), DATA_DIR: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve) => {
    const onLine = (chunk: Buffer) => {
      const text = chunk.toString();
      for (const line of text.split('\n'))
        if (line.trim() !== '') process.stdout.write(`[${name}] ${line}\n`);
      if (text.includes('is running at')) resolve();
    };
    child.stdout?.on('data', onLine);
    child.stderr?.on('data', onLine);
    child.on('exit', (code, signal) => process.stdout.write(`[${name}] exited (${code ?? signal})\n`));
  });
}

async function main(): Promise<void> {
  await ensureDatabase();
  const ports = { lb: base, coreA: base + 1, coreB: base + 2, g1: base + 11, g2: base + 12 };
  // The first core migrates the database and takes the lease; the others start once it runs.
  await start('core-a', ports.coreA, { ROLE: 'core', JOURNAL_NODE_ID: 'core-a' });
  void start('core-b', ports.coreB, { ROLE: 'core', JOURNAL_NODE_ID: 'core-b' });
  await Promise.all([
    start('gateway-1', ports.g1, { ROLE: 'gateway' }),
    start('gateway-2', ports.g2, { ROLE: 'gateway' }),
  ]);
  const balancer = await startBalancer(host, ports.lb, [
    { host, port: ports.g1 },
    { host, port: ports.g2 },
  ]);
  const at = (port: number) => `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  process.stdout.write(
    [
      '',
      '  Cluster running (docs/operations.md "Cluster"):',
      `  load balancer (web, API, websockets): ${at(ports.lb)}`,
      `  gateway-1: ${at(ports.g1)}   gateway-2: ${at(ports.g2)}`,
      `  core leader core-a: ${at(ports.coreA)}   standby core-b: ${at(ports.coreB)} (listens once leader)`,
      `  journal: ${shared.JOURNAL_URL} stream ${shared.JOURNAL_STREAM}   database: ${databaseUrl}`,
      '',
      '',
    ].join('\n'),
  );
  const stop = () => {
    balancer.close();
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(0), 11_000).unref();
    Promise.all(
      children.map(
        (c) => new Promise((resolve) => (c.exitCode !== null ? resolve(0) : c.once('exit', resolve))),
      ),
    ).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
});
