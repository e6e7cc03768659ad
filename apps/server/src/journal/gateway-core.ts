// The money core as a gateway sees it (ROLE=gateway, issue 19): the same MoneyCore interface every area
// uses, with a different transport. Commands go to the core leader over NATS (command-bus.ts); reads and
// events come from this process's replica of the state, which tails the JetStream journal and applies
// each stored command with the same pure state machine. Because the core is deterministic, the replica's
// events (depth changes, trades, orders, balances) are exactly the leader's, with the same seq, and only
// for commands the journal has stored; the areas' feeds (depth books, hubs, MQTT) run unchanged on them.
import type { NatsConnection } from 'nats';
import { MoneyState, type SnapshotData } from '@/core/money-state';
import type { Command, CommandResult, CoreEvent, MoneyCore } from '@/core/types';
import { sendCommand } from './command-bus';
import { connectJournal, JetStreamJournalStore } from './jetstream-store';
import type { JournalLog } from './journal-store';
import { type EventReplay, replayEventsSince, sha256Hex } from './money-core';
import { MoneyStateReads } from './state-reads';

export interface GatewayCoreOptions {
  /** nats://host:port (or a comma list of a cluster's servers). */
  url: string;
  stream: string;
  log?: JournalLog;
  /** One request's timeout (ms). */
  requestTimeoutMs?: number;
  /** How long a command may wait for a leader (ms); longer than a failover (lease TTL + takeover). */
  deadlineMs?: number;
}

const silent: JournalLog = { info: () => {}, warn: () => {} };

/**
 * Non-zero while a gateway replica hands journal events to its listeners. Work they do for everyone
 * outside the process (publishing to an external MQTT broker) is done once, by the core leader, which
 * sees the same events: the realtime plugin skips it then (docs/realtime.md "External broker").
 */
export const replicaDispatch = { depth: 0 };

export class GatewayCore extends MoneyStateReads implements MoneyCore {
  private lsn: number;
  /** The replay the last eventsSince call left, resumed by the next one (money-core.ts). */
  private replay: EventReplay | undefined;
  private readonly listeners = new Set<(events: readonly CoreEvent[]) => void>();
  private readonly positionWaiters: { lsn: number; resolve: () => void }[] = [];
  private readonly tailAbort = new AbortController();
  private tailing: Promise<void> | undefined;
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly store: JetStreamJournalStore,
    state: MoneyState,
    lsn: number,
    private readonly options: GatewayCoreOptions,
    private readonly log: JournalLog,
  ) {
    super(state);
    this.lsn = lsn;
  }

  /** Connects, recovers the state from the stream (newest snapshot + records) and starts tailing it. */
  static async open(options: GatewayCoreOptions): Promise<GatewayCore> {
    const log = options.log ?? silent;
    const nc = await connectJournal(options.url, { name: 'coin-gateway' });
    try {
      const store = new JetStreamJournalStore(nc, { stream: options.stream, log });
      const recovered = await store.recover();
      const state =
        recovered.snapshot === undefined
          ? new MoneyState(sha256Hex)
          : MoneyState.fromSnapshot(JSON.parse(recovered.snapshot.json) as SnapshotData, sha256Hex);
      for (const record of recovered.records) state.apply(JSON.parse(record) as Command);
      const core = new GatewayCore(
        nc,
        store,
        state,
        recovered.fromLsn + recovered.records.length,
        options,
        log,
      );
      core.startTail();
      log.info(`gateway: replica at journal position ${core.lsn}`);
      return core;
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  /** Tails the stream from the replica's position; restarts after a failure (a NATS reconnect). */
  private startTail(): void {
    this.tailing = (async () => {
      while (!this.closed) {
        try {
          await this.store.tail(
            this.lsn,
            (record, lsn) => this.applyTailed(record, lsn),
            this.tailAbort.signal,
          );
        } catch (error) {
          if (this.closed) return;
          this.log.warn(`gateway: journal tail stopped (${String(error)}); resuming`);
        }
        if (!this.closed) await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
  }

  private applyTailed(record: string, lsn: number): boolean {
    if (this.closed) return false;
    if (lsn !== this.lsn) throw new Error(`gateway: record at ${lsn}, expected ${this.lsn}`);
    const { result, fresh } = this.state.apply(JSON.parse(record) as Command);
    this.lsn += 1;
    if (fresh && result.ok && result.events.length > 0) this.publish(result.events);
    for (let i = this.positionWaiters.length - 1; i >= 0; i--) {
      const waiter = this.positionWaiters[i];
      if (waiter !== undefined && waiter.lsn <= this.lsn) {
        this.positionWaiters.splice(i, 1);
        waiter.resolve();
      }
    }
    return true;
  }

  private publish(events: readonly CoreEvent[]): void {
    replicaDispatch.depth += 1;
    try {
      for (const listener of this.listeners) {
        try {
          listener(events);
        } catch (error) {
          this.log.warn(`gateway core listener failed: ${String(error)}`);
        }
      }
    } finally {
      replicaDispatch.depth -= 1;
    }
  }

  /** Resolves once the replica has applied up to `lsn` (false after `timeoutMs`). */
  caughtUp(lsn: number, timeoutMs = 5000): Promise<boolean> {
    if (this.lsn >= lsn) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const i = this.positionWaiters.indexOf(waiter);
        if (i >= 0) this.positionWaiters.splice(i, 1);
        resolve(false);
      }, timeoutMs);
      const waiter = {
        lsn,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      this.positionWaiters.push(waiter);
    });
  }

  /**
   * Sends the command to the leader and answers once this replica has applied it too, so a read after
   * the answer (a balance, an open order) sees the command, as on the leader.
   */
  async submit(command: Command): Promise<CommandResult> {
    if (this.closed) throw new Error('money core is closed');
    const c = command as unknown as { id?: unknown } | null;
    if (typeof c !== 'object' || c === null || typeof c.id !== 'string' || c.id.length === 0) {
      return { ok: false, seq: this.state.lastSeq(), commandId: '', error: 'INVALID_COMMAND' };
    }
    const known = this.state.lookup(command);
    if (known !== undefined) return known;
    const { result, position } = await sendCommand(this.nc, this.options.stream, command, {
      requestTimeoutMs: this.options.requestTimeoutMs ?? 5000,
      deadlineMs: this.options.deadlineMs ?? 30_000,
    });
    if (!(await this.caughtUp(position))) {
      this.log.warn(`gateway: replica at ${this.lsn}, behind the leader's ${position} after a command`);
    }
    return result;
  }

  journalPosition(): number {
    return this.lsn;
  }

  /** As the leader does (money-core.ts): replays retained records on a scratch state. */
  async eventsSince(seq: number, limit: number): Promise<CoreEvent[]> {
    if (seq >= this.state.lastSeq()) {
      this.replay = undefined;
      return [];
    }
    const upTo = this.lsn;
    const resume = this.replay;
    this.replay = undefined;
    const { events, replay } = await replayEventsSince(
      this.store,
      (from, to) => this.store.readRecords(from, to, upTo),
      upTo,
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

  stateHash(): string {
    return this.state.stateHash();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.tailAbort.abort();
    await this.tailing;
    for (const waiter of this.positionWaiters.splice(0)) waiter.resolve();
    this.listeners.clear();
    await this.nc.drain().catch(() => {});
  }
}
