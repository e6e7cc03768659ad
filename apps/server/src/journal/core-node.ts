// A core process on the JetStream journal (issue 19): it recovers the state from the stream, then either
// holds the leader lease and runs the money core, or stays a standby that tails the stream, keeps its own
// state current and takes the lease when it lapses, continuing from the last stored command.
import type { NatsConnection } from 'nats';
import { MoneyState, type SnapshotData } from '@/core/money-state';
import type { Command } from '@/core/types';
import { connectJournal, JetStreamJournalStore } from './jetstream-store';
import type { JournalLog } from './journal-store';
import { LeaderLease } from './leader-lease';
import {
  type MoneyCoreRuntime,
  type OpenMoneyCoreOptions,
  openMoneyCore,
  sha256Hex,
  snapshotJson,
} from './money-core';

export interface CoreNodeOptions {
  nc: NatsConnection;
  stream: string;
  replicas?: number;
  leaseTtlMs: number;
  nodeId?: string;
  log?: JournalLog;
  /** Options of the money core once leader (the store is this node's). */
  core?: Omit<OpenMoneyCoreOptions, 'store' | 'dir'>;
  /** Called when the lease is lost while leader: the core has stopped taking commands. */
  onFenced?: (reason: string) => void;
}

export type CoreRole = 'standby' | 'leader' | 'fenced' | 'closed';

const silent: JournalLog = { info: () => {}, warn: () => {} };

export class CoreNode {
  readonly store: JetStreamJournalStore;
  readonly lease: LeaderLease;
  role: CoreRole = 'standby';
  /** The standby's state, current with the stream (the leader's state is `core.state`). */
  private state: MoneyState | undefined;
  private lsn = 0;
  private runtime: MoneyCoreRuntime | undefined;
  private readonly tailAbort = new AbortController();
  private tailing: Promise<void> | undefined;
  private tailError: unknown;
  private readonly log: JournalLog;
  private leaderWaiters: ((core: MoneyCoreRuntime) => void)[] = [];
  private leaderFailures: ((error: unknown) => void)[] = [];
  private poll: ReturnType<typeof setInterval> | undefined;
  private takingOver = false;

  constructor(private readonly options: CoreNodeOptions) {
    this.log = options.log ?? silent;
    this.store = new JetStreamJournalStore(options.nc, {
      stream: options.stream,
      replicas: options.replicas,
      log: this.log,
    });
    this.lease = new LeaderLease(options.nc, {
      stream: options.stream,
      nodeId: options.nodeId,
      ttlMs: options.leaseTtlMs,
      replicas: options.replicas,
      onLost: (reason) => this.fenced(reason),
    });
    this.store.fence = () => this.lease.ensureHeld();
  }

  /** Recovers, then takes the lease or starts tailing as a standby. Resolves once one of the two runs. */
  async start(): Promise<void> {
    const recovered = await this.store.recover();
    this.state =
      recovered.snapshot === undefined
        ? new MoneyState(sha256Hex)
        : MoneyState.fromSnapshot(JSON.parse(recovered.snapshot.json) as SnapshotData, sha256Hex);
    for (const record of recovered.records) this.state.apply(JSON.parse(record) as Command);
    this.lsn = recovered.fromLsn + recovered.records.length;
    if (await this.lease.tryAcquire()) {
      await this.becomeLeader();
      return;
    }
    this.log.info(`core ${this.lease.nodeId}: standby at journal position ${this.lsn}`);
    this.tailing = this.store
      .tail(this.lsn, (record, lsn) => this.applyTailed(record, lsn), this.tailAbort.signal)
      .catch((error: unknown) => {
        this.tailError = error;
        this.log.warn(`core standby tail stopped: ${String(error)}`);
      });
    const every = Math.max(100, Math.floor(this.options.leaseTtlMs / 4));
    this.poll = setInterval(() => void this.tryTakeOver(), every);
  }

  private applyTailed(record: string, lsn: number): boolean {
    if (lsn !== this.lsn) throw new Error(`standby: record at ${lsn}, expected ${this.lsn}`);
    (this.state as MoneyState).apply(JSON.parse(record) as Command);
    this.lsn += 1;
    return true;
  }

  private async tryTakeOver(): Promise<void> {
    if (this.takingOver || this.role !== 'standby') return;
    this.takingOver = true;
    try {
      if (this.tailError !== undefined) throw this.tailError;
      if (!(await this.lease.tryAcquire())) return;
      if (this.poll !== undefined) clearInterval(this.poll);
      this.poll = undefined;
      // The old leader can no longer append (its lease is gone and its expected sequence would be
      // stale): read what it stored after the tail's last delivery, then stop tailing.
      this.tailAbort.abort();
      await this.tailing;
      const last = await this.store.streamLastSeq();
      if (last > this.lsn) {
        for (const record of await this.store.readRecords(this.lsn, last, last)) {
          this.applyTailed(record, this.lsn);
        }
      }
      await this.becomeLeader();
    } catch (error) {
      this.log.warn(`core takeover failed: ${String(error)}`);
      if (this.poll !== undefined) clearInterval(this.poll);
      this.poll = undefined;
      this.role = 'fenced';
      await this.lease.release();
      for (const fail of this.leaderFailures.splice(0)) fail(error);
    } finally {
      this.takingOver = false;
    }
  }

  private async becomeLeader(): Promise<void> {
    const state = this.state as MoneyState;
    // The money core starts from this node's current state (no re-reading of the stream).
    this.store.resumeAt(this.lsn, (await snapshotJson(state.snapshotPieces())).join(''));
    this.runtime = await openMoneyCore({
      ...this.options.core,
      dir: 'jetstream',
      store: this.store,
      log: this.log,
    });
    this.state = undefined;
    this.role = 'leader';
    this.log.info(`core ${this.lease.nodeId}: leader from journal position ${this.lsn}`);
    for (const resolve of this.leaderWaiters.splice(0)) resolve(this.runtime);
    this.leaderFailures = [];
  }

  private fenced(reason: string): void {
    if (this.role !== 'leader') return;
    this.role = 'fenced';
    this.log.warn(`core ${this.lease.nodeId}: leader lease lost (${reason}); no more commands`);
    this.options.onFenced?.(reason);
  }

  /** Resolves with the money core once this node is leader (at once if it already is). */
  leader(): Promise<MoneyCoreRuntime> {
    if (this.runtime !== undefined) return Promise.resolve(this.runtime);
    return new Promise((resolve, reject) => {
      this.leaderWaiters.push(resolve);
      this.leaderFailures.push(reject);
    });
  }

  /** Journal position applied (standby) or journaled and applied (leader). */
  position(): number {
    return this.runtime?.journalPosition() ?? this.lsn;
  }

  /** The state hash of this node's current state. */
  stateHash(): string {
    return this.runtime?.stateHash() ?? (this.state as MoneyState).stateHash();
  }

  /** Resolves once the standby has applied up to `lsn` (or rejects after `timeoutMs`). */
  async caughtUp(lsn: number, timeoutMs = 10_000): Promise<void> {
    const until = performance.now() + timeoutMs;
    while (this.position() < lsn) {
      if (performance.now() > until) throw new Error(`standby at ${this.position()}, not at ${lsn}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Closes the core (if leader) and releases the lease so a standby takes over at once. */
  async close(): Promise<void> {
    if (this.role === 'closed') return;
    this.role = 'closed';
    if (this.poll !== undefined) clearInterval(this.poll);
    this.tailAbort.abort();
    await this.tailing;
    await this.runtime?.close();
    await this.lease.release();
    for (const fail of this.leaderFailures.splice(0)) fail(new Error('core node closed'));
  }

  /** Stops without releasing the lease (what a crash looks like to the others; tests). */
  async abandon(): Promise<void> {
    this.role = 'closed';
    if (this.poll !== undefined) clearInterval(this.poll);
    this.lease.abandon();
    this.tailAbort.abort();
    await this.tailing;
  }
}

export interface ReplicatedCoreOptions extends Omit<CoreNodeOptions, 'nc'> {
  /** nats://host:port, or a comma list of a cluster's servers. */
  url: string;
  /** Called as this process starts waiting as a standby (the lease is held by another core). */
  onStandby?: (holder: string | undefined) => void;
}

/**
 * Connects to NATS, recovers, and resolves once this process is the leader (a standby waits here,
 * tailing, until the lease lapses). `close` stops the core, releases the lease and closes the connection.
 */
export async function openReplicatedCore(
  options: ReplicatedCoreOptions,
): Promise<{ core: MoneyCoreRuntime; node: CoreNode; close(): Promise<void> }> {
  const nc = await connectJournal(options.url);
  const node = new CoreNode({ ...options, nc });
  try {
    await node.start();
    if (node.role === 'standby') options.onStandby?.((await node.lease.holder())?.nodeId);
    const core = await node.leader();
    return {
      core,
      node,
      close: async () => {
        await node.close();
        await nc.drain();
      },
    };
  } catch (error) {
    await node.close().catch(() => {});
    await nc.close();
    throw error;
  }
}
