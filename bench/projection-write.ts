// The read-model writes of spot trading on the embedded database (issue 11): a seeded spot workload
// (bench/spot-core.ts, users renamed to numeric ids so every row is written) is applied to a MoneyState
// once, and its events are projected by the real BillProjection into a fresh PGlite database on its own
// thread (as `npm start` runs it), in full batches (the projection trailing the core, as under load).
// Prints rows/s and CPU per command: the whole process, the main thread (row building, statement text,
// messages), and the rest (the PGlite thread, plus a little GC/libuv). Figures, not pass/fail.
// Run: cd bench && npx tsx projection-write.ts   (BENCH_PROJ_ORDERS, default 20,000 spot commands;
// BENCH_PROJ_RUNS, default 2 fresh databases)
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { MoneyState } from '@/core/money-state';
import type { Command, CoreEvent, MoneyCore } from '@/core/types';
import { openDatabase } from '@/db/client';
import { sha256Hex } from '@/journal/money-core';
import { BillProjection } from '@/projection/bill-projection';
import { generate, setupCommands } from './spot-core';

const ORDERS = Number(process.env.BENCH_PROJ_ORDERS ?? 20_000);
const RUNS = Number(process.env.BENCH_PROJ_RUNS ?? 2);

/** `u12` -> `1000012` wherever a user id appears (actor, payload.userId). */
function numericUsers(cmd: Command): Command {
  const id = (v: unknown) =>
    typeof v === 'string' && /^u\d+$/.test(v) ? String(1_000_000 + Number(v.slice(1))) : v;
  const payload = { ...(cmd.payload as Record<string, unknown>) };
  if ('userId' in payload) payload.userId = id(payload.userId);
  return { ...cmd, actor: id(cmd.actor) as string, payload } as Command;
}

/** Every event of the workload, in seq order, and the number of spot commands. */
function workload(): { events: CoreEvent[]; spotCommands: number; setupSeq: number } {
  const state = new MoneyState(sha256Hex);
  const events: CoreEvent[] = [];
  let setupSeq = 0;
  for (const cmd of setupCommands().map(numericUsers)) {
    const r = state.apply(cmd).result;
    if (!r.ok) throw new Error(`setup ${cmd.type}: ${r.error}`);
    events.push(...r.events);
    setupSeq = r.seq;
  }
  const spot = generate(ORDERS).map(numericUsers);
  for (const cmd of spot) {
    const r = state.apply(cmd).result;
    if (!r.ok) throw new Error(`${cmd.type}: ${r.error}`);
    events.push(...r.events);
  }
  return { events, spotCommands: spot.length, setupSeq };
}

/** CPU time (user + system, µs) of the calling thread, from /proc (Linux). */
function threadCpuMicros(): number {
  // Synchronous: an asynchronous read would run on a libuv pool thread and report that thread.
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / 100; // USER_HZ
}

function processCpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** A core that hands the projection events: nothing to catch up, everything published live. */
function fakeCore(lastSeq: number): MoneyCore & { publish(events: readonly CoreEvent[]): void } {
  let listener: ((events: readonly CoreEvent[]) => void) | undefined;
  return {
    eventsSince: async () => [],
    subscribe(l: (events: readonly CoreEvent[]) => void) {
      listener = l;
      return () => {
        listener = undefined;
      };
    },
    lastSeq: () => lastSeq,
    publish(events: readonly CoreEvent[]) {
      for (let i = 0; i < events.length; i += 1000) listener?.(events.slice(i, i + 1000));
    },
  } as unknown as MoneyCore & { publish(events: readonly CoreEvent[]): void };
}

async function run(events: CoreEvent[], spotCommands: number, setupSeq: number) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-projection-'));
  const database = await openDatabase({ pgliteDir: dir, pgliteThread: true });
  try {
    // Experiments: statements run on the fresh database before the projection starts (e.g. drop an index).
    for (const statement of (process.env.BENCH_PROJ_SQL ?? '').split(';')) {
      if (statement.trim() !== '') await database.db.execute(sql.raw(statement));
    }
    const lastSeq = events.at(-1)?.seq ?? 0;
    const core = fakeCore(lastSeq);
    const log = { warn: console.warn, error: console.error };
    const projection = new BillProjection(database.db, log, {
      maxQueuedEvents: events.length + 1,
      ...(process.env.BENCH_PROJ_BATCH ? { batchSize: Number(process.env.BENCH_PROJ_BATCH) } : {}),
    });
    await projection.start(core, new Date());
    // The setup commands (deposits) first, not timed.
    const firstSpot = events.findIndex((e) => e.seq > setupSeq);
    core.publish(events.slice(0, firstSpot));
    await projection.idle();
    const rowsBefore = projection.writtenRows;
    const wall0 = performance.now();
    const proc0 = processCpuMicros();
    const main0 = threadCpuMicros();
    core.publish(events.slice(firstSpot));
    await projection.idle();
    const main1 = threadCpuMicros();
    const proc1 = processCpuMicros();
    const ms = performance.now() - wall0;
    const rows = projection.writtenRows - rowsBefore;
    const proc = proc1 - proc0;
    const main = main1 - main0;
    if (projection.status().cursor !== lastSeq) throw new Error('projection did not reach the last seq');
    await projection.close();
    return { ms, rows, proc, main, other: proc - main, spotCommands };
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const t0 = performance.now();
const { events, spotCommands, setupSeq } = workload();
console.log(
  `workload: ${spotCommands} spot commands, ${events.length} events (${(performance.now() - t0).toFixed(0)} ms to build)`,
);
for (let i = 0; i < RUNS; i++) {
  const r = await run(events, spotCommands, setupSeq);
  const per = (us: number) => (us / r.spotCommands).toFixed(1);
  console.log(
    `run ${i + 1}: ${r.rows} rows in ${r.ms.toFixed(0)} ms (${Math.round((r.rows / r.ms) * 1000)} rows/s, ` +
      `${Math.round((r.spotCommands / r.ms) * 1000)} commands/s); CPU per spot command: process ${per(r.proc)} µs, ` +
      `main thread ${per(r.main)} µs, other threads (PGlite) ${per(r.other)} µs; ` +
      `rows per command ${(r.rows / r.spotCommands).toFixed(2)}`,
  );
}
