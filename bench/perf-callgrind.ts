// Repeatable cost of the core path for profiling work on a noisy machine (not part of `npm run bench`):
//   node --import tsx perf-callgrind.ts write FILE N     writes the seeded spot workload of spot-core.ts
//   valgrind --tool=callgrind --smc-check=all node bundle.mjs run FILE M
// applies the setup and the first 12,000 commands, then M more; the difference of two runs' instruction
// counts (M and 0) divided by M is the instructions per command. The counts are not repeatable run to run
// (V8 tiers code up on timing and background compilation, which valgrind serialises: the same bundle gave
// 74k and 129k instructions per command on 2026-11-27), so take several runs of each build or prefer
// perf-ab.mjs. `applyWorkload` is exported so that two bundles (before and after a change) can be timed
// alternately in one process.
import { readFileSync, writeFileSync } from 'node:fs';
import { MoneyState } from '@/core/money-state';
import type { Command } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';
import { generate, setupCommands } from './spot-core';

const WARM = 12_000;

/** Applies the setup, WARM commands, then `m` more; returns the CPU microseconds of the last `m`. */
export function applyWorkload(setup: Command[], spot: Command[], m: number): number {
  const state = new MoneyState(sha256Hex);
  for (const c of setup) state.apply(c);
  for (let i = 0; i < WARM; i++) state.apply(spot[i] as Command);
  const cpu0 = process.cpuUsage();
  let ok = 0;
  for (let i = WARM; i < WARM + m; i++) if (state.apply(spot[i] as Command).result.ok) ok++;
  const cpu = process.cpuUsage(cpu0);
  if (ok !== m) throw new Error(`${m - ok} commands refused`);
  return cpu.user + cpu.system;
}

const [mode, file, count] = process.argv.slice(2);
if (mode === 'write') {
  writeFileSync(file as string, JSON.stringify({ setup: setupCommands(), spot: generate(Number(count)) }));
} else if (mode === 'run') {
  const { setup, spot } = JSON.parse(readFileSync(file as string, 'utf8')) as {
    setup: Command[];
    spot: Command[];
  };
  applyWorkload(setup, spot, Number(count));
}
