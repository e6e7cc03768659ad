// The money read models: one bill row per core command and user account it posted to (both fields' net
// changes and balances after the command), and the spot orders and trades (spot-rows.ts), all in one
// transaction per batch under one cursor. Events are queued as the core publishes them and written in
// batches; rows are unique by (seq, posting index) and a cursor records the last applied seq, so a
// repeated event is harmless.
//
// Catch-up: at start the projection subscribes first (live events are held back), then asks the core to
// regenerate the events after its SQL cursor (`core.eventsSince`) and writes them, then goes live. Commands
// applied while the server was down, or applied but not yet written when it was killed, get their bills;
// events seen twice (replayed and live) are skipped by seq, and rows are unique by (seq, idx) anyway.
//
// Failures (docs/money-core.md, "Bill projection failures"). A batch that cannot be written is retried
// with backoff; if it keeps failing it is split (bisected by command) to find the command(s) at fault.
// A command whose rows fail alone while the database takes other writes (a probe write succeeds) is a
// poison command: it is recorded in `projection_failures` with its events, the cursor moves past it in
// the same transaction, and every other command's bills keep landing. An operator retries it once the
// cause is fixed (projection-failures.ts). When everything fails (database down, or more than
// `maxConsecutiveDeadLetters` commands in a row) nothing is dead-lettered: the projection stalls and
// retries with growing backoff, and its lag grows visibly. Stopping aborts any retry wait.
import { add, formatAmount, parseAmount } from '@coin/shared/money';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AccountType, CoreEvent, MoneyCore, Posting } from '@/core/types';
import { bulkInsert } from '@/db/bulk-insert';
import type { Db } from '@/db/client';
import { projectionCursors, projectionFailures, walletBills } from '@/db/schema';
import { type ContractRows, contractRowCount, contractRowsOf, insertContractRows } from './contract-rows';
import { type EarnRows, earnRowsOf, insertEarnRows } from './earn-rows';
import { insertMarginRows, type MarginLoanInsert, marginRowsOf } from './margin-rows';
import { insertRebateRows, type RebateInsert, rebatePostings, rebateRowsOf } from './rebate-rows';
import { insertSecondsRows, secondsRowsOf } from './seconds-rows';
import { insertSpotRows, type SpotRows, spotRowsOf } from './spot-rows';

export const BILL_PROJECTION = 'wallet.bills';
const NUMERIC_ID = /^\d{1,19}$/;

type BillInsert = typeof walletBills.$inferInsert;

export interface ProjectionLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface BillProjectionOptions {
  /** Events per batch write. */
  batchSize?: number;
  /** Attempts of a failing batch (with backoff between them) before it is split to find the culprit. */
  batchAttempts?: number;
  /** First retry wait; it doubles per attempt up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** More dead letters in a row than this, with no bill row written in between, means the fault is not in
   * the commands: stop dead-lettering and stall (retry with backoff) instead. */
  maxConsecutiveDeadLetters?: number;
  /** Queued live events beyond this are dropped and re-read from the core later (catch-up), so a long
   * database outage cannot exhaust memory. */
  maxQueuedEvents?: number;
  /** How long close() waits for the final flush (a write already sent cannot be recalled). */
  closeTimeoutMs?: number;
  /** Unprojected commands older than this make the status report `projection_lagging`. */
  lagAlertMs?: number;
  now?: () => Date;
}

export type ProjectionProblem =
  | 'projection_failures'
  | 'projection_stalled'
  | 'projection_lagging'
  | 'projection_catch_up_failed';

export interface ProjectionStatus {
  name: string;
  /** The last seq written (or recorded as a failure). */
  cursor: number;
  /** The core's last seq (accepted or refused command). */
  lastSeq: number;
  /** Commands the core has sequenced that are not projected yet (0 when nothing is pending: refused
   * commands after the cursor have no rows). */
  lag: number;
  /** Age of the oldest command not projected yet, from its command time; null when none is pending or
   * it is not known without reading the journal (during catch-up). */
  oldestUnprojectedAgeMs: number | null;
  /** Open dead letters (projection_failures with status open). */
  openFailures: number;
  /** Everything is failing: the projection retries with backoff, since this time. */
  stalledSince: string | null;
  catchingUp: boolean;
  /** The catch-up could not regenerate events (e.g. journal files pruned): there may be a gap. */
  catchUpError: string | null;
  /** The last write error (operators only: it may name tables and values). */
  lastError: string | null;
  problems: ProjectionProblem[];
}

const DEFAULTS = {
  batchSize: 2000,
  batchAttempts: 3,
  backoffMs: 200,
  maxBackoffMs: 30_000,
  maxConsecutiveDeadLetters: 10,
  maxQueuedEvents: 200_000,
  closeTimeoutMs: 5_000,
  lagAlertMs: 60_000,
} as const;

/** A readable, bounded error text: the database's own message first (drizzle wraps it in "Failed query"). */
export function describeError(err: unknown): string {
  if (err instanceof Error) {
    // The wrapper's message repeats the whole SQL statement: the cause (with PostgreSQL's detail) says it.
    const source = err.cause instanceof Error ? err.cause : err;
    const detail = (source as { detail?: unknown }).detail;
    const text = typeof detail === 'string' && detail ? `${source.message}: ${detail}` : source.message;
    return text.slice(0, 1000);
  }
  return String(err).slice(0, 1000);
}

/** Sum of two canonical decimals (a second posting to the same field in one command: a sweep's fills). */
function sum(a: string, b: string): string {
  return formatAmount(add(parseAmount(a), parseAmount(b)));
}

/**
 * The bill rows of the commands in `events` with seq > afterSeq: per command, one row per user account
 * (user, asset, account type) and bill type, in the order of the account's first posting, with each
 * field's net change (null when the command did not post to it) and its balance after the command (the
 * command's balance event). `idx` is the account's last posting index (unique with seq).
 */
export function billRowsOf(events: readonly CoreEvent[], afterSeq: number): BillInsert[] {
  const balances = new Map<string, { available: string; frozen: string }>();
  for (const e of events) {
    if (e.type === 'balance') balances.set(`${e.seq}|${e.userId}|${e.asset}|${e.accountType}`, e);
  }
  const rows: BillInsert[] = [];
  // Rebate postings (core/referral) are typed as such, not as the command that charged the fee.
  const rebates = rebatePostings(events);
  // The current command's rows and their accounts' balances after it (a command touches a few accounts:
  // found by a scan).
  const mine: BillInsert[] = [];
  const owners: string[] = [];
  const after: ({ available: string; frozen: string } | undefined)[] = [];
  for (const e of events) {
    if (e.type !== 'postings' || e.seq <= afterSeq) continue;
    mine.length = 0;
    owners.length = 0;
    after.length = 0;
    const createdAt = new Date(e.ts);
    for (let idx = 0; idx < e.postings.length; idx++) {
      const p = e.postings[idx] as Posting;
      // Only numeric user ids map to SQL users (anything else would fail the insert).
      if (p.account.kind !== 'user' || !NUMERIC_ID.test(p.account.userId)) continue;
      const userId = p.account.userId;
      const accountType: AccountType = p.account.accountType;
      const billType = rebates?.has(`${e.seq}|${idx}`) ? 'referral.rebate' : e.commandType;
      let at = 0;
      while (at < mine.length) {
        const r = mine[at] as BillInsert;
        if (
          r.asset === p.asset &&
          r.accountType === accountType &&
          r.billType === billType &&
          owners[at] === userId
        )
          break;
        at++;
      }
      if (at === mine.length) {
        const row: BillInsert = {
          seq: e.seq,
          idx,
          userId: BigInt(userId),
          asset: p.asset,
          accountType,
          availableDelta: null,
          availableBalance: null,
          frozenDelta: null,
          frozenBalance: null,
          billType,
          commandId: e.commandId,
          ref: e.ref,
          createdAt,
        };
        mine.push(row);
        owners.push(userId);
        after.push(balances.get(`${e.seq}|${userId}|${p.asset}|${accountType}`));
        rows.push(row);
      }
      const row = mine[at] as BillInsert;
      const balance = after[at];
      row.idx = idx;
      if (p.field === 'available') {
        row.availableDelta = row.availableDelta == null ? p.delta : sum(row.availableDelta, p.delta);
        row.availableBalance = balance ? balance.available : '0';
      } else {
        row.frozenDelta = row.frozenDelta == null ? p.delta : sum(row.frozenDelta, p.delta);
        row.frozenBalance = balance ? balance.frozen : '0';
      }
    }
  }
  return rows;
}

/** Inserts bill rows in chunks; a row already there (same seq and idx) is left alone. */
export async function insertBillRows(db: Pick<Db, 'insert'>, rows: BillInsert[]): Promise<void> {
  await bulkInsert(db, walletBills, rows, 'on conflict do nothing', 1000);
}

/** Every read-model row of the commands in `events` after `afterSeq`: bills, spot orders and trades. */
export interface ReadModelRows {
  bills: BillInsert[];
  spot: SpotRows;
  seconds: ReturnType<typeof secondsRowsOf>;
  earn: EarnRows;
  /** Referral rebates (modules/identity reads them). */
  rebates: RebateInsert[];
  /** Margin loans' latest states (docs/margin.md). */
  margin: MarginLoanInsert[];
  /** Contract orders, trades, positions, liquidations, funding (docs/contracts.md). */
  contracts: ContractRows;
}

export function readModelRowsOf(events: readonly CoreEvent[], afterSeq: number): ReadModelRows {
  return {
    bills: billRowsOf(events, afterSeq),
    spot: spotRowsOf(events, afterSeq),
    seconds: secondsRowsOf(events, afterSeq),
    earn: earnRowsOf(events, afterSeq),
    rebates: rebateRowsOf(events, afterSeq),
    margin: marginRowsOf(events, afterSeq),
    contracts: contractRowsOf(events, afterSeq),
  };
}

export function readModelRowCount(rows: ReadModelRows): number {
  return (
    rows.bills.length +
    rows.spot.orders.length +
    rows.spot.trades.length +
    rows.seconds.length +
    rows.earn.orders.length +
    rows.earn.loans.length +
    rows.rebates.length +
    rows.margin.length +
    contractRowCount(rows.contracts)
  );
}

/**
 * Writes the rows (inside the caller's transaction); a row already written is left alone. The statements
 * (one per table and chunk, each for different rows) are sent together, not one after the other's answer:
 * the client runs them in order on the transaction's connection, and a batch waits for one round trip
 * instead of one per statement (on the PGlite thread, each was a turn of the busy request thread's event
 * loop). If one fails, the transaction is aborted, the later ones fail too, and the first error is the one
 * thrown.
 */
export async function insertReadModelRows(db: Pick<Db, 'insert'>, rows: ReadModelRows): Promise<void> {
  await Promise.all(readModelWrites(db, rows));
}

function readModelWrites(db: Pick<Db, 'insert'>, rows: ReadModelRows): Promise<void>[] {
  const writes = [
    insertBillRows(db, rows.bills),
    insertSpotRows(db, rows.spot),
    insertSecondsRows(db, rows.seconds),
    insertEarnRows(db, rows.earn),
    insertContractRows(db, rows.contracts),
  ];
  if (rows.rebates.length > 0) writes.push(insertRebateRows(db, rows.rebates));
  if (rows.margin.length > 0) writes.push(insertMarginRows(db, rows.margin));
  return writes;
}

/** Consecutive events of one seq form one command. */
function byCommand(events: readonly CoreEvent[]): CoreEvent[][] {
  const groups: CoreEvent[][] = [];
  let current: CoreEvent[] = [];
  for (const e of events) {
    if (current.length > 0 && current[0]?.seq !== e.seq) {
      groups.push(current);
      current = [];
    }
    current.push(e);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function commandOf(events: readonly CoreEvent[]): { seq: number; commandId: string; commandType: string } {
  const postings = events.find((e) => e.type === 'postings');
  return {
    seq: events[0]?.seq ?? 0,
    commandId: postings?.type === 'postings' ? postings.commandId : '',
    commandType: postings?.type === 'postings' ? postings.commandType : 'unknown',
  };
}

export class BillProjection {
  private readonly opts: Required<Omit<BillProjectionOptions, 'now'>>;
  private readonly now: () => Date;
  private core: MoneyCore | undefined;
  private queue: CoreEvent[] = [];
  private inFlight: CoreEvent[] | undefined;
  private running: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;
  private cursor = 0;
  /** Catch-up reads events from the core (after the cursor); live takes them from the queue. */
  private phase: 'catch-up' | 'live' = 'live';
  private started: (() => void) | undefined;
  /** close(): flush what is queued, but a failure ends the drain instead of being retried. */
  private stopping = false;
  /** stop(): write nothing more. */
  private stopped = false;
  private wake: (() => void) | undefined;
  private openFailures = 0;
  private consecutiveDeadLetters = 0;
  private stalledSince: Date | undefined;
  private stallRounds = 0;
  private catchUpError: string | undefined;
  private lastError: string | undefined;
  /** Rows this process wrote, and batches it found already written by another projector (tests, ops). */
  writtenRows = 0;
  skippedBatches = 0;

  constructor(
    private readonly db: Db,
    private readonly log: ProjectionLog,
    options: BillProjectionOptions = {},
  ) {
    const { now, ...rest } = options;
    this.opts = { ...DEFAULTS, ...rest };
    this.now = now ?? (() => new Date());
  }

  get name(): string {
    return BILL_PROJECTION;
  }

  /** Catches up from the SQL cursor and goes live. Resolves when the catch-up is done, or as soon as the
   * projection stalls (a database that takes no writes must not hold up the server's start). */
  async start(core: MoneyCore, now: Date): Promise<void> {
    const readCursor = async () => {
      const [row] = await this.db
        .select({ seq: projectionCursors.seq })
        .from(projectionCursors)
        .where(eq(projectionCursors.name, BILL_PROJECTION));
      return row?.seq;
    };
    // Read first: a start with the row in place needs no write (the database may be refusing writes).
    let cursor = await readCursor();
    if (cursor === undefined) {
      await this.db
        .insert(projectionCursors)
        .values({ name: BILL_PROJECTION, seq: 0, updatedAt: now })
        .onConflictDoNothing();
      cursor = (await readCursor()) ?? 0;
    }
    this.cursor = cursor;
    await this.refreshOpenFailures();
    this.core = core;
    this.phase = 'catch-up';
    const started = new Promise<void>((resolve) => {
      this.started = resolve;
    });
    // Subscribe before replaying, so nothing applied meanwhile falls between the replay and live events.
    this.unsubscribe = core.subscribe((events) => this.enqueue(events));
    this.kick();
    await started;
  }

  /** Stops writing at once (the process is going away without a flush; catch-up covers the rest). */
  stop(): void {
    this.stopped = true;
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.releaseStart();
    this.wake?.();
  }

  /**
   * Shutdown: writes what is queued if the database takes it, without retrying a failure, and returns
   * within `closeTimeoutMs` even if a write hangs. Whatever is left unwritten is caught up at the next start.
   */
  async close(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.releaseStart();
    this.wake?.();
    const running = this.running;
    if (running) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), this.opts.closeTimeoutMs);
      });
      const outcome = await Promise.race([running.then(() => 'done' as const), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        this.log.error(
          { projection: BILL_PROJECTION, cursor: this.cursor },
          `bill projection: a write did not finish within ${this.opts.closeTimeoutMs} ms at shutdown; ` +
            'closing anyway (the next start catches up from the cursor)',
        );
      }
    }
    this.stopped = true;
  }

  /** Resolves once everything published so far is written or recorded as failed (tests). Waits while
   * the projection is stalled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Re-reads the number of open failures (after an operator retried or dismissed one). */
  async refreshOpenFailures(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(projectionFailures)
      .where(and(eq(projectionFailures.projection, BILL_PROJECTION), eq(projectionFailures.status, 'open')));
    this.openFailures = row?.n ?? 0;
    return this.openFailures;
  }

  /** From memory only: cheap enough for every health request. */
  status(): ProjectionStatus {
    const lastSeq = Math.max(this.core?.lastSeq() ?? this.cursor, this.cursor);
    const pending =
      this.running !== undefined || this.queue.length > 0 || this.phase === 'catch-up' || !!this.stalledSince;
    const isPending = (e: CoreEvent) => e.type === 'postings' && e.seq > this.cursor;
    const oldest = this.inFlight?.find(isPending) ?? this.queue.find(isPending);
    const oldestAge = oldest?.type === 'postings' ? Math.max(0, this.now().getTime() - oldest.ts) : null;
    const problems: ProjectionProblem[] = [];
    if (this.openFailures > 0) problems.push('projection_failures');
    if (this.stalledSince) problems.push('projection_stalled');
    if (oldestAge !== null && oldestAge > this.opts.lagAlertMs) problems.push('projection_lagging');
    if (this.catchUpError) problems.push('projection_catch_up_failed');
    return {
      name: BILL_PROJECTION,
      cursor: this.cursor,
      lastSeq,
      lag: pending ? lastSeq - this.cursor : 0,
      oldestUnprojectedAgeMs: oldestAge,
      openFailures: this.openFailures,
      stalledSince: this.stalledSince?.toISOString() ?? null,
      catchingUp: this.phase === 'catch-up',
      catchUpError: this.catchUpError ?? null,
      lastError: this.lastError ?? null,
      problems,
    };
  }

  private enqueue(events: readonly CoreEvent[]): void {
    if (this.queue.length + events.length > this.opts.maxQueuedEvents) {
      // Far behind (e.g. a long outage): keep memory bounded and read these back from the core later.
      this.queue = [];
      this.phase = 'catch-up';
    } else {
      this.queue.push(...events);
    }
    this.kick();
  }

  private kick(): void {
    if (this.stopped) return;
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
      // Events published between the drain's last look at the queue and here would otherwise wait for
      // the next command.
      if (this.queue.length > 0 && !this.stopping) this.kick();
    });
  }

  private releaseStart(): void {
    this.started?.();
    this.started = undefined;
  }

  private async drain(): Promise<void> {
    // Let a burst of commands accumulate into one batch.
    await new Promise((r) => setImmediate(r));
    while (!this.stopped) {
      const batch = await this.nextBatch();
      if (batch === undefined) break;
      this.inFlight = batch;
      const done = await this.project(batch);
      this.inFlight = undefined;
      if (done) {
        if (this.stalledSince) {
          this.log.warn(
            { projection: BILL_PROJECTION, cursor: this.cursor },
            `bill projection: writing again after a stall since ${this.stalledSince.toISOString()}`,
          );
        }
        this.stalledSince = undefined;
        this.stallRounds = 0;
        continue;
      }
      // In catch-up the batch is read again from the core; live events go back to the queue's head.
      if (this.phase === 'live') this.queue.unshift(...batch);
      if (this.stopping) break;
      this.stallRounds += 1;
      this.stalledSince ??= this.now();
      // A database that takes no writes must not hold up the server's start: go on stalled.
      this.releaseStart();
      const wait = this.backoff(this.opts.batchAttempts + this.stallRounds - 1);
      this.log.error(
        {
          projection: BILL_PROJECTION,
          cursor: this.cursor,
          lag: this.status().lag,
          stalledSince: this.stalledSince.toISOString(),
          err: this.lastError,
        },
        `bill projection stalled at seq ${this.cursor + 1}: no writes succeed (${this.lastError ?? 'unknown'}); ` +
          `retrying in ${wait} ms`,
      );
      await this.pause(wait);
    }
  }

  private async nextBatch(): Promise<CoreEvent[] | undefined> {
    if (this.phase === 'catch-up') {
      try {
        const events = this.core ? await this.core.eventsSince(this.cursor, this.opts.batchSize) : [];
        if (events.length > 0) return events;
      } catch (err) {
        // E.g. journal files needed for the replay were pruned: go live anyway (bills are a read model)
        // and make the gap visible.
        this.catchUpError = describeError(err);
        this.log.error(
          { projection: BILL_PROJECTION, cursor: this.cursor, err: this.catchUpError },
          `bill projection: catch-up from seq ${this.cursor} failed: ${this.catchUpError}`,
        );
      }
      this.phase = 'live';
      this.releaseStart();
    }
    // Events already written (replayed by the catch-up, or part of a batch that was retried) are skipped.
    const firstNew = this.queue.findIndex((e) => e.seq > this.cursor);
    this.queue.splice(0, firstNew === -1 ? this.queue.length : firstNew);
    if (this.queue.length === 0) return undefined;
    return this.takeBatch();
  }

  /** Whole seqs only: a command's postings and balance events stay in one batch. */
  private takeBatch(): CoreEvent[] {
    let end = Math.min(this.opts.batchSize, this.queue.length);
    const lastSeq = this.queue[end - 1]?.seq;
    while (end < this.queue.length && this.queue[end]?.seq === lastSeq) end++;
    return this.queue.splice(0, end);
  }

  /**
   * Writes a batch, retrying a failure with backoff and then isolating the failing command(s). False when
   * the failure looks systemic (nothing was dead-lettered; the caller waits and tries again).
   */
  private async project(batch: CoreEvent[]): Promise<boolean> {
    let lastErr: unknown;
    for (let attempt = 1; attempt <= this.opts.batchAttempts; attempt++) {
      try {
        await this.write(batch);
        return true;
      } catch (err) {
        lastErr = err;
        this.lastError = describeError(err);
        if (this.stopping) return false;
        if (attempt < this.opts.batchAttempts && this.stallRounds === 0) {
          this.log.warn(
            {
              projection: BILL_PROJECTION,
              fromSeq: batch[0]?.seq,
              toSeq: batch.at(-1)?.seq,
              attempt,
              err: this.lastError,
            },
            `bill projection: writing seqs ${batch[0]?.seq}..${batch.at(-1)?.seq} failed (attempt ${attempt}), retrying: ${this.lastError}`,
          );
        }
        // While stalled, one attempt per round: the round's own backoff is the wait.
        if (this.stallRounds > 0) break;
        if (attempt < this.opts.batchAttempts) {
          await this.pause(this.backoff(attempt));
          if (this.stopping) return false;
        }
      }
    }
    return this.isolate(byCommand(batch), lastErr);
  }

  /** Bisects a failing run of commands: the halves that write are written, a lone failing command is
   * dead-lettered. False as soon as a failure looks systemic. */
  private async isolate(commands: CoreEvent[][], err: unknown): Promise<boolean> {
    if (this.stopping) return false;
    const [only] = commands;
    if (commands.length === 1 && only) return this.deadLetter(only, err);
    const mid = Math.ceil(commands.length / 2);
    for (const half of [commands.slice(0, mid), commands.slice(mid)]) {
      if (this.stopping) return false;
      try {
        await this.write(half.flat());
      } catch (halfErr) {
        this.lastError = describeError(halfErr);
        if (!(await this.isolate(half, halfErr))) return false;
      }
    }
    return true;
  }

  /** Records one command's failure and moves the cursor past it, if the fault is really the command's. */
  private async deadLetter(events: CoreEvent[], err: unknown): Promise<boolean> {
    const command = commandOf(events);
    if (command.seq <= this.cursor) return true;
    // A database that takes no writes at all is not this command's fault.
    if (!(await this.probe())) return false;
    // The batch failed several times, but this command alone was tried at most once: make sure.
    try {
      await this.write(events);
      return true;
    } catch (again) {
      err = again;
      this.lastError = describeError(again);
    }
    if (this.consecutiveDeadLetters >= this.opts.maxConsecutiveDeadLetters) {
      this.log.error(
        { projection: BILL_PROJECTION, ...command, err: this.lastError },
        `bill projection: ${this.consecutiveDeadLetters} commands in a row failed; not recording more ` +
          `failures (the cause is not in the commands), stalling at seq ${command.seq}`,
      );
      return false;
    }
    const error = describeError(err);
    const now = this.now();
    let failureId: string | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(projectionFailures)
          .values({
            projection: BILL_PROJECTION,
            seq: command.seq,
            commandId: command.commandId,
            commandType: command.commandType,
            events,
            error,
            createdAt: now,
            lastAttemptAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: projectionFailures.id });
        failureId = row?.id.toString();
        await this.advanceCursor(tx, command.seq, now);
      });
    } catch (recordErr) {
      this.lastError = describeError(recordErr);
      return false;
    }
    this.cursor = command.seq;
    this.consecutiveDeadLetters += 1;
    if (failureId !== undefined) this.openFailures += 1;
    this.log.error(
      { projection: BILL_PROJECTION, ...command, failureId, err: error },
      `bill projection: command seq ${command.seq} (${command.commandType} ${command.commandId}) cannot be ` +
        `written; recorded as projection failure ${failureId ?? '(already recorded)'} and skipped so other ` +
        `bills continue; retry it in the console once the cause is fixed: ${error}`,
    );
    return true;
  }

  /** A write that involves no bill rows: does the database take writes at all? */
  private async probe(): Promise<boolean> {
    try {
      await this.db
        .update(projectionCursors)
        .set({ updatedAt: this.now() })
        .where(eq(projectionCursors.name, BILL_PROJECTION));
      return true;
    } catch (err) {
      this.lastError = describeError(err);
      return false;
    }
  }

  private async advanceCursor(tx: Pick<Db, 'update'>, seq: number, now: Date): Promise<void> {
    await tx
      .update(projectionCursors)
      .set({ seq: sql`greatest(${projectionCursors.seq}, ${seq})`, updatedAt: now })
      .where(eq(projectionCursors.name, BILL_PROJECTION));
  }

  /**
   * Writes a batch's rows and moves the cursor in one transaction. The cursor row is locked first and the
   * rows are taken after the cursor as stored, not as this process last saw it: with several projector
   * processes on one database (the cluster, docs/operations.md) they take turns on that row, and one that
   * finds its batch already written by another writes nothing (`skippedBatches`).
   */
  private async write(events: CoreEvent[]): Promise<void> {
    let maxSeq = this.cursor;
    for (const e of events) if (e.seq > maxSeq) maxSeq = e.seq;
    if (maxSeq <= this.cursor) return;
    const written = await this.db.transaction(async (tx) => {
      const [stored] = await tx
        .select({ seq: projectionCursors.seq })
        .from(projectionCursors)
        .where(eq(projectionCursors.name, BILL_PROJECTION))
        .for('update');
      const after = Math.max(this.cursor, stored?.seq ?? 0);
      if (after >= maxSeq) return undefined;
      const rows = readModelRowsOf(events, after);
      // The rows and the cursor move in one round trip (insertReadModelRows).
      await Promise.all([...readModelWrites(tx, rows), this.advanceCursor(tx, maxSeq, this.now())]);
      return readModelRowCount(rows);
    });
    this.cursor = maxSeq;
    if (written === undefined) {
      this.skippedBatches += 1;
      return;
    }
    this.writtenRows += written;
    if (written > 0) this.consecutiveDeadLetters = 0;
  }

  private backoff(attempt: number): number {
    return Math.min(this.opts.maxBackoffMs, this.opts.backoffMs * 2 ** Math.max(0, attempt - 1));
  }

  /** A retry wait that stop() and close() cut short. */
  private pause(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      // Never what keeps the process alive.
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }
}
