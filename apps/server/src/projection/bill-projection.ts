// The bills read model: one SQL row per user posting of every core command, with the balance of that
// field after the command. Events are queued as the core publishes them and written in batches;
// rows are unique by (seq, posting index) and a cursor records the last applied seq, so a repeated
// event is harmless.
//
// Catch-up: at start the projection subscribes first (live events are held back), then asks the core to
// regenerate the events after its SQL cursor (`core.eventsSince`) and writes them, then goes live. Commands
// applied while the server was down, or applied but not yet written when it was killed, get their bills;
// events seen twice (replayed and live) are skipped by seq, and rows are unique by (seq, idx) anyway.
import { sql } from 'drizzle-orm';
import type { AccountType, CoreEvent, MoneyCore } from '@/core/types';
import type { Db } from '@/db/client';
import { projectionCursors, walletBills } from '@/db/schema';

export const BILL_PROJECTION = 'wallet.bills';

type BillInsert = typeof walletBills.$inferInsert;

export interface ProjectionLog {
  warn(message: string): void;
}

export class BillProjection {
  private queue: CoreEvent[] = [];
  private running: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;
  private cursor = 0;
  /** While catching up, live events only queue; the drain starts when the catch-up is done. */
  private catchingUp = false;

  constructor(
    private readonly db: Db,
    private readonly log: ProjectionLog,
    private readonly batchSize = 500,
  ) {}

  async start(core: MoneyCore, now: Date): Promise<void> {
    await this.db
      .insert(projectionCursors)
      .values({ name: BILL_PROJECTION, seq: 0, updatedAt: now })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ seq: projectionCursors.seq })
      .from(projectionCursors)
      .where(sql`${projectionCursors.name} = ${BILL_PROJECTION}`);
    this.cursor = row?.seq ?? 0;
    // Subscribe before replaying, so nothing applied meanwhile falls between the replay and live events.
    this.catchingUp = true;
    this.unsubscribe = core.subscribe((events) => this.enqueue(events));
    try {
      await this.catchUp(core);
    } catch (err) {
      // E.g. journal files needed for the replay were pruned: start anyway (bills are a read model) and
      // make the gap visible.
      this.log.warn(`bill projection: catch-up from seq ${this.cursor} failed: ${String(err)}`);
    } finally {
      this.catchingUp = false;
      if (this.queue.length > 0) this.kick();
    }
  }

  /** Writes the events after the cursor that the core can regenerate, in batches. */
  async catchUp(core: MoneyCore): Promise<number> {
    let written = 0;
    for (;;) {
      const events = await core.eventsSince(this.cursor, this.batchSize);
      if (events.length === 0) return written;
      await this.write(events);
      written += events.length;
    }
  }

  stop(): void {
    this.unsubscribe?.();
  }

  private enqueue(events: readonly CoreEvent[]): void {
    this.queue.push(...events);
    if (!this.catchingUp) this.kick();
  }

  private kick(): void {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once everything published so far is written (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let a burst of commands accumulate into one batch.
    await new Promise((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      try {
        await this.write(batch);
      } catch (err) {
        this.log.warn(`bill projection write failed, retrying: ${String(err)}`);
        this.queue.unshift(...batch);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Whole seqs only: a command's postings and balance events stay in one batch. */
  private takeBatch(): CoreEvent[] {
    let end = Math.min(this.batchSize, this.queue.length);
    const lastSeq = this.queue[end - 1]?.seq;
    while (end < this.queue.length && this.queue[end]?.seq === lastSeq) end++;
    return this.queue.splice(0, end);
  }

  private async write(events: CoreEvent[]): Promise<void> {
    const balances = new Map<string, { available: string; frozen: string }>();
    for (const e of events) {
      if (e.type === 'balance') {
        balances.set(`${e.seq}|${e.userId}|${e.asset}|${e.accountType}`, e);
      }
    }
    const rows: BillInsert[] = [];
    let maxSeq = this.cursor;
    for (const e of events) {
      maxSeq = Math.max(maxSeq, e.seq);
      if (e.type !== 'postings' || e.seq <= this.cursor) continue;
      e.postings.forEach((p, idx) => {
        // Only numeric user ids map to SQL users (anything else would wedge the batch forever).
        if (p.account.kind !== 'user' || !/^\d{1,19}$/.test(p.account.userId)) return;
        const accountType: AccountType = p.account.accountType;
        const after = balances.get(`${e.seq}|${p.account.userId}|${p.asset}|${accountType}`);
        rows.push({
          seq: e.seq,
          idx,
          userId: BigInt(p.account.userId),
          asset: p.asset,
          accountType,
          field: p.field,
          delta: p.delta,
          balance: after ? after[p.field] : '0',
          billType: e.commandType,
          commandId: e.commandId,
          ref: e.ref,
          createdAt: new Date(e.ts),
        });
      });
    }
    if (maxSeq <= this.cursor && rows.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insert(walletBills)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing();
      }
      await tx
        .update(projectionCursors)
        .set({ seq: sql`greatest(${projectionCursors.seq}, ${maxSeq})`, updatedAt: new Date() })
        .where(sql`${projectionCursors.name} = ${BILL_PROJECTION}`);
    });
    this.cursor = maxSeq;
  }
}
