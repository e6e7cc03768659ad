// The money core at run time: one sequencer in front of the pure state machine (../core/money-state.ts).
// Commands are journaled first and applied after they are durable, in journal order, so replaying the
// journal recomputes every result exactly (DESIGN section 3). With group commit the commands that arrive
// within a short window (and while the previous batch is being synced) share one write and one fdatasync.
import * as crypto from 'node:crypto';
import { MoneyState, type SnapshotData } from '@/core/money-state';
import type { Command, CommandResult, CoreEvent, MoneyCore } from '@/core/types';
import {
  FileJournalStore,
  type JournalLog,
  type JournalStore,
  MEMORY_JOURNAL,
  MemoryJournalStore,
} from './journal-store';
import { MoneyStateReads } from './state-reads';

export interface OpenMoneyCoreOptions {
  /** Folder of the journal segments and snapshots, or 'memory://' to keep everything in memory. */
  dir: string;
  /** Share one fdatasync among the commands of a batch (true), or sync every command alone (false). */
  groupCommit?: boolean;
  /** How long the first command of a batch waits for company before the batch is written. */
  batchWindowMs?: number;
  /** Take a snapshot after this many journal records, or after a quarter as many as the idempotency table
   * holds when that is more (0 = never). */
  snapshotEvery?: number;
  log?: JournalLog;
  /** A custom store (tests, or a replicated journal); overrides `dir`. */
  store?: JournalStore;
  /**
   * The runtime's clock (ms). A command whose ts is more than MAX_FUTURE_MS ahead of it is refused before
   * the journal: the core's own clock is the newest command time, and one command from the far future
   * would make every later one stale.
   */
  now?: () => number;
}

/** How far ahead of the runtime's clock a command's ts may be. */
export const MAX_FUTURE_MS = 60_000;

/** The MoneyCore plus read access to the state machine (invariant checks, admin views, benchmarks). */
export interface MoneyCoreRuntime extends MoneyCore {
  readonly state: MoneyState;
  /** Number of journal records applied (commands, including retries and rejected ones). */
  journalPosition(): number;
  /** Resolves when the snapshot being written (if any) is on disk. */
  snapshotSettled(): Promise<void>;
}

/** One-shot hashing (node >= 20.12) skips the Hash object; the same digest either way. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

export function sha256Hex(input: string): string {
  return oneShot !== undefined
    ? oneShot('sha256', input, 'hex')
    : crypto.createHash('sha256').update(input).digest('hex');
}

/** A snapshot waits for at least (idempotency entries / this) records (see maybeSnapshot). */
export const SNAPSHOT_TABLE_SHARE = 4;

/** Idempotency entries per JSON slice; the event loop runs between slices. */
const SNAPSHOT_SLICE = 4096;

/**
 * JSON.stringify of the whole snapshot, as chunks whose concatenation is exactly that text, built a
 * slice of the idempotency table at a time with the event loop running in between.
 */
export async function snapshotJson(pieces: ReturnType<MoneyState['snapshotPieces']>): Promise<string[]> {
  const head = JSON.stringify(pieces.head);
  const chunks = [`${head.slice(0, -1)},"idempotency":[`];
  let slice: unknown[] = [];
  let first = true;
  const emit = () => {
    if (slice.length === 0) return;
    const text = JSON.stringify(slice);
    chunks.push(first ? text.slice(1, -1) : `,${text.slice(1, -1)}`);
    first = false;
    slice = [];
  };
  for (const entry of pieces.idempotency) {
    slice.push(entry);
    if (slice.length === SNAPSHOT_SLICE) {
      emit();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  emit();
  chunks.push(']}');
  return chunks;
}

interface Pending {
  line: string;
  command: Command;
  resolve(result: CommandResult): void;
  reject(error: unknown): void;
}

/** Upper bound of one journaled command (JSON characters). */
export const MAX_COMMAND_CHARS = 16_384;

const silentLog: JournalLog = { info: () => {}, warn: () => {} };

export async function openMoneyCore(options: OpenMoneyCoreOptions): Promise<MoneyCoreRuntime> {
  const log = options.log ?? silentLog;
  const store =
    options.store ??
    (options.dir === MEMORY_JOURNAL ? new MemoryJournalStore() : new FileJournalStore(options.dir, log));
  const recovered = await store.recover();
  const state =
    recovered.snapshot === undefined
      ? new MoneyState(sha256Hex)
      : MoneyState.fromSnapshot(JSON.parse(recovered.snapshot.json) as SnapshotData, sha256Hex);
  for (const record of recovered.records) state.apply(JSON.parse(record) as Command);
  const runtime = new Sequencer(state, store, recovered.fromLsn + recovered.records.length, {
    groupCommit: options.groupCommit ?? true,
    batchWindowMs: options.batchWindowMs ?? 2,
    snapshotEvery: options.snapshotEvery ?? 10_000,
    log,
    now: options.now ?? Date.now,
  });
  return runtime;
}

class Sequencer extends MoneyStateReads implements MoneyCoreRuntime {
  private pending: Pending[] = [];
  private writing = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failure: unknown;
  private closing = false;
  private drained: (() => void) | undefined;
  private snapshotWrite: Promise<void> = Promise.resolve();
  private lastSnapshotLsn: number;
  private readonly listeners = new Set<(events: readonly CoreEvent[]) => void>();
  /** The replay the last eventsSince call left (replayEventsSince), resumed by the next one. */
  private replay: EventReplay | undefined;

  constructor(
    state: MoneyState,
    private readonly store: JournalStore,
    private lsn: number,
    private readonly opts: {
      groupCommit: boolean;
      batchWindowMs: number;
      snapshotEvery: number;
      log: JournalLog;
      now: () => number;
    },
  ) {
    super(state);
    this.lastSnapshotLsn = lsn;
  }

  submit(command: Command): Promise<CommandResult> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.closing) return Promise.reject(new Error('money core is closed'));
    const c = command as unknown as { id?: unknown } | null;
    if (typeof c !== 'object' || c === null || typeof c.id !== 'string' || c.id.length === 0) {
      return Promise.resolve({
        ok: false,
        seq: this.state.lastSeq(),
        commandId: '',
        error: 'INVALID_COMMAND',
      });
    }
    // A retry of an applied command is answered from the idempotency table: it is already durable.
    const known = this.state.lookup(command);
    if (known !== undefined) return Promise.resolve(known);
    if (typeof command.ts === 'number' && command.ts > this.opts.now() + MAX_FUTURE_MS) {
      return Promise.resolve({
        ok: false,
        seq: this.state.lastSeq(),
        commandId: command.id,
        error: 'INVALID_COMMAND',
      });
    }
    let line: string;
    try {
      line = JSON.stringify(command);
      // Real commands are a few hundred bytes; a huge one is junk and must not bloat the journal.
      if (line.length > MAX_COMMAND_CHARS) throw new Error('command too large');
    } catch {
      return Promise.resolve({
        ok: false,
        seq: this.state.lastSeq(),
        commandId: command.id,
        error: 'INVALID_COMMAND',
      });
    }
    // Apply exactly what the journal holds, so a replay sees the same command the live core saw.
    const journaled = JSON.parse(line) as Command;
    return new Promise<CommandResult>((resolve, reject) => {
      this.pending.push({ line, command: journaled, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.writing || this.timer !== undefined) return;
    const wait = this.opts.groupCommit ? this.opts.batchWindowMs : 0;
    if (wait <= 0) {
      // No window: the batch is what arrived before the event loop comes round (and, under load, what
      // arrived while the previous batch was being written).
      const immediate = setImmediate(() => {
        this.timer = undefined;
        void this.flush();
      });
      this.timer = immediate as unknown as ReturnType<typeof setTimeout>;
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private async flush(): Promise<void> {
    this.writing = true;
    let batch: Pending[] = [];
    try {
      while (this.pending.length > 0) {
        batch = this.opts.groupCommit ? this.pending.splice(0) : this.pending.splice(0, 1);
        await this.store.append(batch.map((p) => p.line));
        const results: CommandResult[] = [];
        const events: CoreEvent[] = [];
        for (const p of batch) {
          const { result, fresh } = this.state.apply(p.command);
          this.lsn += 1;
          results.push(result);
          if (fresh && result.ok) events.push(...result.events);
        }
        this.publish(events);
        for (const [i, p] of batch.entries()) p.resolve(results[i] as CommandResult);
        batch = [];
        await this.maybeSnapshot();
      }
    } catch (error) {
      // A failed write or sync leaves the file's durability unknown: stop taking commands (fail-stop);
      // a restart recovers from what is really on disk.
      this.failure = error;
      this.opts.log.warn(`money core stopped: ${String(error)}`);
      for (const p of [...batch, ...this.pending.splice(0)]) p.reject(error);
    } finally {
      this.writing = false;
      if (this.pending.length > 0 && this.failure === undefined) this.schedule();
      else this.drained?.();
    }
  }

  private publish(events: CoreEvent[]): void {
    if (events.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch (error) {
        this.opts.log.warn(`money core listener failed: ${String(error)}`);
      }
    }
  }

  private async maybeSnapshot(): Promise<void> {
    const every = this.opts.snapshotEvery;
    if (every <= 0) return;
    // A snapshot's cost grows with the state, most of it the idempotency table (a sustained spot burst
    // fills the 5-minute window by the million ids). The next one comes after `every` records or after a
    // quarter as many records as the table holds, whichever is more: each record pays for at most about
    // four ids' worth of snapshots (~1 µs each) however large the table grows (with a fixed cadence,
    // 6,000 orders a second would ask for more than the thread has), and a recovery replays at most that many.
    const due = Math.max(every, Math.floor(this.state.idempotencySize() / SNAPSHOT_TABLE_SHARE));
    if (this.lsn - this.lastSnapshotLsn < due) return;
    const lsn = this.lsn;
    this.lastSnapshotLsn = lsn;
    // Taken now (the state at lsn); turned into JSON in slices between later commands.
    const pieces = this.state.snapshotPieces();
    await this.store.roll(lsn);
    // Writing the snapshot does not hold up commands; a crash before it lands just replays more.
    this.snapshotWrite = this.snapshotWrite
      .then(async () => this.store.writeSnapshot(lsn, await snapshotJson(pieces)))
      .catch((error: unknown) => this.opts.log.warn(`snapshot at ${lsn} failed: ${String(error)}`));
  }

  snapshotSettled(): Promise<void> {
    return this.snapshotWrite;
  }

  /** Events after `seq`, replayed on a scratch state (replayEventsSince); the live state is not touched. A
   * call that asks for the events after the last one's resumes its replay. */
  async eventsSince(seq: number, limit: number): Promise<CoreEvent[]> {
    if (seq >= this.state.lastSeq()) {
      this.replay = undefined; // caught up: the scratch state is not needed any more
      return [];
    }
    // Taken out while in use: a concurrent call starts its own replay.
    const resume = this.replay;
    this.replay = undefined;
    const { events, replay } = await replayEventsSince(
      this.store,
      (from, to) => this.store.readRecords(from, to),
      this.lsn,
      seq,
      limit,
      resume,
    );
    this.replay = replay;
    return events;
  }

  subscribe(listener: (events: readonly CoreEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  lastSeq(): number {
    return this.state.lastSeq();
  }

  journalPosition(): number {
    return this.lsn;
  }

  stateHash(): string {
    return this.state.stateHash();
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      clearImmediate(this.timer as unknown as ReturnType<typeof setImmediate>);
      this.timer = undefined;
      if (this.pending.length > 0) void this.flush();
    }
    if (this.writing) await new Promise<void>((resolve) => (this.drained = resolve));
    await this.snapshotWrite;
    await this.store.close();
    this.listeners.clear();
  }
}

/**
 * A replay kept between `eventsSince` calls (the projection's catch-up asks for the next batch after the
 * seq it just wrote): the scratch state, the next record to apply and the records read ahead. Without it
 * every batch started again from a snapshot and re-read and re-applied every record up to its seq, so a
 * catch-up of n commands cost O(n^2) (issue 11: a projection that fell behind never caught up).
 */
export interface EventReplay {
  state: MoneyState;
  /** The position of the next record to apply. */
  nextLsn: number;
  /** Records read ahead, from `nextLsn` on. */
  records: string[];
  /** Index in `records` of the record at `nextLsn`. */
  at: number;
}

/**
 * Re-applies journal records on a scratch state from the newest retained snapshot whose seq is at or before
 * `seq` (or from the journal's start) and keeps the events after `seq`, reading records only up to `upTo`
 * (what the live state has applied). Shared by the core runtime and a gateway's replica (gateway-core.ts).
 *
 * With `resume` (the replay a previous call left), the replay goes on from where it stopped when it has
 * not applied any command after `seq` (its last seq is at or before `seq`): the same records applied in the
 * same order give the same events. Otherwise, or if the records it needs are no longer retained, it starts
 * again from a snapshot. Returns the events and the replay to pass to the next call.
 */
export async function replayEventsSince(
  store: Pick<JournalStore, 'snapshotPositions' | 'loadSnapshot'>,
  readRecords: (fromLsn: number, toLsn: number) => Promise<string[]>,
  upTo: number,
  seq: number,
  limit: number,
  resume?: EventReplay,
): Promise<{ events: CoreEvent[]; replay: EventReplay }> {
  if (resume !== undefined && resume.state.lastSeq() <= seq && resume.nextLsn <= upTo) {
    try {
      return await continueReplay(resume, readRecords, upTo, seq, limit);
    } catch {
      // E.g. the records after the replay's position were pruned since: start again from a snapshot.
    }
  }
  let scratch: MoneyState | undefined;
  let fromLsn = 0;
  const positions = (await store.snapshotPositions()).filter((l) => l <= upTo).reverse();
  for (const lsn of positions) {
    const json = await store.loadSnapshot(lsn);
    // The snapshot JSON starts with version and seq (insertion order of MoneyState.snapshot()).
    const head = json === undefined ? undefined : /^\{"version":\d+,"seq":(\d+)/.exec(json);
    if (json === undefined || head?.[1] === undefined || Number(head[1]) > seq) continue;
    scratch = MoneyState.fromSnapshot(JSON.parse(json) as SnapshotData, sha256Hex);
    fromLsn = lsn;
    break;
  }
  const replay: EventReplay = {
    state: scratch ?? new MoneyState(sha256Hex),
    nextLsn: fromLsn,
    records: [],
    at: 0,
  };
  return continueReplay(replay, readRecords, upTo, seq, limit);
}

async function continueReplay(
  replay: EventReplay,
  readRecords: (fromLsn: number, toLsn: number) => Promise<string[]>,
  upTo: number,
  seq: number,
  limit: number,
): Promise<{ events: CoreEvent[]; replay: EventReplay }> {
  const events: CoreEvent[] = [];
  while (events.length < limit && replay.nextLsn < upTo) {
    if (replay.at >= replay.records.length) {
      // Read everything up to `upTo` at once (segments are read whole anyway).
      replay.records = await readRecords(replay.nextLsn, upTo);
      replay.at = 0;
      if (replay.records.length === 0) break;
    }
    const record = replay.records[replay.at] as string;
    replay.at += 1;
    replay.nextLsn += 1;
    const { result, fresh } = replay.state.apply(JSON.parse(record) as Command);
    if (fresh && result.ok && result.seq > seq) events.push(...result.events);
  }
  return { events, replay };
}
