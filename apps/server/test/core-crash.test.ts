// Acceptance: kill -9 the process running the money core while a client loads it with wallet commands,
// restart it, re-send every command with the same ids: every acknowledged command returns its original
// result (same seq), none is applied twice, and the balances are exactly the expected totals.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountBalance, Command, CommandResult } from '@/core/types';
import { asRepeat } from './core-results';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/core-crash-child.ts', import.meta.url));

interface Child {
  proc: ChildProcess;
  /** The core's last seq right after recovery. */
  recoveredSeq: number;
  request(message: Record<string, unknown>): Promise<Record<string, unknown>>;
  exited: Promise<void>;
}

async function startChild(dir: string): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fixture, dir], {
    cwd: serverDir,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let n = 0;
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const ready = new Promise<number>((resolve, reject) => {
    proc.once('exit', (code, signal) => reject(new Error(`child exited early: ${code} ${signal}`)));
    proc.on('message', (m: Record<string, unknown>) => {
      if (m.ready === true) return resolve(m.lastSeq as number);
      const cb = waiting.get(m.n as number);
      waiting.delete(m.n as number);
      cb?.(m);
    });
  });
  const recoveredSeq = await ready;
  return {
    proc,
    recoveredSeq,
    exited,
    request: (message) =>
      new Promise((resolve, reject) => {
        const id = ++n;
        waiting.set(id, resolve);
        proc.send({ ...message, n: id }, (error) => error && reject(error));
      }),
  };
}

const children: Child[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of children.splice(0))
    if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const USERS = Array.from({ length: 20 }, (_, i) => `user${i}`);
const PER_USER = 150;

/**
 * After an opening deposit of 1000 each, every user gets PER_USER commands: deposits of 2.5, transfers of
 * 1 spot -> contract and withdrawal freezes of 1.25 + 0.05 fee. Their total never exceeds the opening
 * deposit, so none is rejected in any order, and the final balances are known exactly.
 */
function loadCommands(): Command[] {
  const out: Command[] = [];
  for (let i = 0; i < PER_USER; i++) {
    for (const userId of USERS) {
      const base = { actor: userId, ts: 1_700_000_000_000 + i };
      if (i % 3 === 0) {
        out.push({
          ...base,
          id: `dep-${userId}-${i}`,
          type: 'deposit.credit',
          payload: { userId, asset: 'USDT', amount: '2.5', ref: `tx-${i}` },
        });
      } else if (i % 3 === 1) {
        out.push({
          ...base,
          id: `tr-${userId}-${i}`,
          type: 'transfer',
          payload: { userId, asset: 'USDT', amount: '1', from: 'spot', to: 'contract' },
        });
      } else {
        out.push({
          ...base,
          id: `wd-${userId}-${i}`,
          type: 'withdraw.freeze',
          payload: { userId, asset: 'USDT', amount: '1.25', fee: '0.05', withdrawalId: `wd-${userId}-${i}` },
        });
      }
    }
  }
  return out;
}

async function submit(child: Child, command: Command): Promise<CommandResult> {
  const m = await child.request({ kind: 'submit', command });
  if (typeof m.error === 'string') throw new Error(m.error);
  return m.result as CommandResult;
}

describe('crash recovery (kill -9 under load)', () => {
  it('keeps every acknowledged command exactly once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'core-crash-'));
    dirs.push(dir);
    let child = await startChild(dir);
    children.push(child);

    const opening: Command[] = USERS.map((userId) => ({
      id: `open-${userId}`,
      actor: 'op:1',
      ts: 1_700_000_000_000,
      type: 'deposit.credit',
      payload: { userId, asset: 'USDT', amount: '1000', ref: 'open' },
    }));
    const acked = new Map<string, CommandResult>();
    for (const c of opening) acked.set(c.id, await submit(child, c));

    // 64 concurrent submitters; SIGKILL once 1200 load commands are acknowledged.
    const commands = loadCommands();
    let next = 0;
    let killed = false;
    const killAt = 1200;
    let loadAcked = 0;
    const worker = async () => {
      while (!killed && next < commands.length) {
        const c = commands[next++] as Command;
        const result = await submit(child, c).catch(() => undefined);
        if (result === undefined || killed) return; // an answer after the kill is not trusted
        acked.set(c.id, result);
        loadAcked += 1;
        if (loadAcked >= killAt && !killed) {
          killed = true;
          child.proc.kill('SIGKILL');
        }
      }
    };
    const crashed = child.exited;
    await Promise.race([Promise.all(Array.from({ length: 64 }, worker)), crashed]);
    await crashed;
    expect(child.proc.signalCode).toBe('SIGKILL');
    const sent = next;
    expect(loadAcked).toBeGreaterThanOrEqual(killAt);
    expect(sent).toBeLessThan(commands.length); // the kill really happened mid-load

    // Restart and re-send everything (opening deposits included) with the same ids, concurrently.
    child = await startChild(dir);
    children.push(child);
    // Everything acknowledged was recovered from the journal (possibly more: durable but not yet answered).
    const maxAckedSeq = Math.max(...[...acked.values()].map((r) => r.seq));
    expect(child.recoveredSeq).toBeGreaterThanOrEqual(maxAckedSeq);
    expect(child.recoveredSeq).toBeLessThanOrEqual(sent + opening.length);
    console.log(`crash test: sent ${sent}, acknowledged ${acked.size}, recovered ${child.recoveredSeq}`);
    const all = [...opening, ...commands];
    const results = new Map<string, CommandResult>();
    for (let i = 0; i < all.length; i += 256) {
      const wave = all.slice(i, i + 256);
      const rs = await Promise.all(wave.map((c) => submit(child, { ...c, ts: c.ts + 1 })));
      for (const [j, c] of wave.entries()) results.set(c.id, rs[j] as CommandResult);
    }

    for (const [id, first] of acked) expect(asRepeat(results.get(id)), id).toEqual(asRepeat(first));
    for (const [id, r] of results) expect(r.ok, id).toBe(true);
    // Each command took exactly one seq: nothing applied twice, nothing lost.
    const seqs = new Set([...results.values()].map((r) => r.seq));
    expect(seqs.size).toBe(all.length);

    const state = await child.request({ kind: 'inspect', users: USERS });
    expect(state.lastSeq).toBe(all.length);
    expect(state.violations).toEqual([]);
    const deposits = Math.ceil(PER_USER / 3);
    const transfers = Math.floor((PER_USER + 1) / 3);
    const freezes = Math.floor(PER_USER / 3);
    const balances = state.balances as Record<string, AccountBalance[]>;
    for (const userId of USERS) {
      const spot = 1000 * 100 + deposits * 250 - transfers * 100 - freezes * 130; // in hundredths
      expect(balances[userId]).toEqual([
        { asset: 'USDT', accountType: 'contract', available: String(transfers), frozen: '0' },
        {
          asset: 'USDT',
          accountType: 'spot',
          available: (spot / 100).toString(),
          frozen: ((freezes * 130) / 100).toString(),
        },
      ]);
    }
    expect(state.holds).toBe(USERS.length * freezes);
    child.proc.kill('SIGTERM');
    await child.exited;
  }, 120_000);
});
