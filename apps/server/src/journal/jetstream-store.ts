// The journal on a NATS JetStream stream (issue 19, DESIGN section 4): one message per command record,
// journal position `lsn` = stream sequence - 1, so the stream is the journal and any process can replay
// it. Every publish carries the expected last stream sequence: a writer whose view of the stream is stale
// (a fenced old leader) is refused by the server and can never append behind a newer writer's back.
// Snapshots go to a JetStream object store, in the file store's format (position, sha256, state JSON).
import { createHash } from 'node:crypto';
import {
  type ConnectionOptions,
  connect,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
  type ObjectStore,
  StorageType,
} from 'nats';
import type { JournalLog, JournalStore, RecoveredJournal } from './journal-store';
import { SNAPSHOTS_KEPT } from './journal-store';

export interface JetStreamJournalOptions {
  /** Stream name; the subject is `journal.<stream>` and the snapshot object store `<stream>_SNAPSHOTS`. */
  stream: string;
  /** Replicas of the stream and the object store (JetStream cluster). */
  replicas?: number;
  log?: JournalLog;
  /** How long one publish waits for its acknowledgement before the append fails (ms). */
  ackTimeoutMs?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function pad(lsn: number): string {
  return String(lsn).padStart(16, '0');
}

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

export function journalSubject(stream: string): string {
  return `journal.${stream}`;
}

export function snapshotBucket(stream: string): string {
  return `${stream}_SNAPSHOTS`;
}

const SNAPSHOT_OBJECT = /^snapshot-(\d{16})$/;

/** Raised once the store has refused or failed a write: the runtime stops taking commands (fail-stop). */
export class JournalFencedError extends Error {
  constructor(message: string) {
    super(`journal fenced: ${message}`);
    this.name = 'JournalFencedError';
  }
}

export async function connectJournal(
  servers: string,
  options: ConnectionOptions = {},
): Promise<NatsConnection> {
  return connect({
    servers: servers.split(',').map((s) => s.trim()),
    name: 'coin-core',
    maxReconnectAttempts: -1,
    ...options,
  });
}

export class JetStreamJournalStore implements JournalStore {
  readonly subject: string;
  private readonly js: JetStreamClient;
  private jsm: JetStreamManager | undefined;
  private objects: ObjectStore | undefined;
  /** The stream sequence of the last record this store knows to be stored (= its journal position). */
  private lastSeq = 0;
  private failure: Error | undefined;
  private resumeWith: RecoveredJournal | undefined;
  /** Awaited before each append; throws when this process may no longer write (the leader lease is lost). */
  fence: (() => Promise<void> | void) | undefined;

  constructor(
    readonly nc: NatsConnection,
    private readonly options: JetStreamJournalOptions,
  ) {
    this.subject = journalSubject(options.stream);
    this.js = nc.jetstream({ timeout: options.ackTimeoutMs ?? 5000 });
  }

  /** Creates the stream and the snapshot store when missing (idempotent). */
  async ensure(): Promise<void> {
    if (this.jsm !== undefined && this.objects !== undefined) return;
    const jsm = await this.nc.jetstreamManager();
    const { stream, replicas = 1 } = this.options;
    try {
      await jsm.streams.info(stream);
    } catch {
      await jsm.streams.add({
        name: stream,
        subjects: [this.subject],
        storage: StorageType.File,
        num_replicas: replicas,
        // The journal is the record: nothing expires, and a full stream refuses writes rather than dropping.
        max_msgs: -1,
        max_bytes: -1,
        max_age: 0,
        allow_direct: true,
      });
    }
    this.objects = await this.js.views.os(snapshotBucket(stream), {
      storage: StorageType.File,
      replicas,
    });
    this.jsm = jsm;
  }

  /** The stream's last sequence now (what a standby must have applied before it takes over). */
  async streamLastSeq(): Promise<number> {
    await this.ensure();
    const info = await (this.jsm as JetStreamManager).streams.info(this.options.stream);
    return info.state.last_seq;
  }

  /** Journal position this store appends at next (records stored so far, as far as it knows). */
  position(): number {
    return this.lastSeq;
  }

  /**
   * Makes the next recover() return this state without reading the stream: a standby that has tailed
   * the stream up to `lsn` takes over from its own current state.
   */
  resumeAt(lsn: number, snapshotJson: string): void {
    this.lastSeq = lsn;
    this.resumeWith = { snapshot: { lsn, json: snapshotJson }, records: [], fromLsn: lsn };
  }

  async recover(): Promise<RecoveredJournal> {
    await this.ensure();
    if (this.resumeWith !== undefined) {
      const resumed = this.resumeWith;
      this.resumeWith = undefined;
      return resumed;
    }
    const info = await (this.jsm as JetStreamManager).streams.info(this.options.stream);
    const last = info.state.last_seq;
    let snapshot: RecoveredJournal['snapshot'];
    for (const lsn of (await this.snapshotPositions()).reverse()) {
      if (lsn > last) {
        this.options.log?.warn(`journal: snapshot at ${lsn} is beyond the stream's end ${last}, ignored`);
        continue;
      }
      const json = await this.loadSnapshot(lsn);
      if (json !== undefined) {
        snapshot = { lsn, json };
        break;
      }
      this.options.log?.warn(`journal: ignoring invalid snapshot at ${lsn}`);
    }
    const fromLsn = snapshot?.lsn ?? 0;
    const firstSeq = info.state.messages === 0 ? last + 1 : info.state.first_seq;
    if (firstSeq > fromLsn + 1) {
      throw new Error(`journal: stream starts at ${firstSeq}, after the snapshot position ${fromLsn}`);
    }
    const records = await this.readRecords(fromLsn, last, last);
    this.lastSeq = last;
    if (snapshot !== undefined || records.length > 0) {
      this.options.log?.info(
        `journal: recovered snapshot at ${fromLsn} and ${records.length} records after it`,
      );
    }
    return { snapshot, records, fromLsn };
  }

  async append(records: readonly string[]): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    try {
      await this.fence?.();
    } catch (error) {
      this.failure = new JournalFencedError(String(error instanceof Error ? error.message : error));
      throw this.failure;
    }
    const base = this.lastSeq;
    // Pipelined: all publishes leave at once and the server stores them in order; each expects the one
    // before it, so if any other writer got in between, this and every later one of the batch is refused.
    const acks = await Promise.allSettled(
      records.map((record, i) =>
        this.js.publish(this.subject, encoder.encode(record), { expect: { lastSequence: base + i } }),
      ),
    );
    for (const [i, ack] of acks.entries()) {
      if (ack.status === 'rejected' || ack.value.seq !== base + i + 1 || ack.value.duplicate) {
        const why =
          ack.status === 'rejected'
            ? String(ack.reason)
            : `stored at ${ack.value.seq}, expected ${base + i + 1}`;
        // Some records of the batch may be stored and others not: the outcome is for the stream to say,
        // and this process must stop (a restart or a standby recovers from what is really stored).
        this.failure = new JournalFencedError(`append at ${base + i + 1} refused: ${why}`);
        throw this.failure;
      }
    }
    this.lastSeq = base + records.length;
  }

  /** The stream is one continuous log: nothing to roll. */
  async roll(): Promise<void> {}

  async writeSnapshot(lsn: number, json: string | readonly string[]): Promise<void> {
    await this.ensure();
    const chunks = typeof json === 'string' ? [json] : json;
    const hash = createHash('sha256');
    for (const chunk of chunks) {
      hash.update(chunk, 'utf8');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const body = `${lsn}\n${hash.digest('hex')}\n${chunks.join('')}`;
    const objects = this.objects as ObjectStore;
    // An object store put replaces the object only once all its chunks are stored.
    await objects.putBlob({ name: `snapshot-${pad(lsn)}` }, encoder.encode(body));
    const positions = await this.snapshotPositions();
    for (const old of positions.slice(0, Math.max(0, positions.length - SNAPSHOTS_KEPT))) {
      await objects.delete(`snapshot-${pad(old)}`);
    }
  }

  async snapshotPositions(): Promise<number[]> {
    await this.ensure();
    const list = await (this.objects as ObjectStore).list();
    return list
      .flatMap((o) => {
        const m = o.deleted ? null : SNAPSHOT_OBJECT.exec(o.name);
        return m?.[1] === undefined ? [] : [Number(m[1])];
      })
      .sort((a, b) => a - b);
  }

  async loadSnapshot(lsn: number): Promise<string | undefined> {
    await this.ensure();
    try {
      const blob = await (this.objects as ObjectStore).getBlob(`snapshot-${pad(lsn)}`);
      if (blob === null) return undefined;
      const text = decoder.decode(blob);
      const first = text.indexOf('\n');
      const second = text.indexOf('\n', first + 1);
      if (first === -1 || second === -1) return undefined;
      const json = text.slice(second + 1);
      if (Number(text.slice(0, first)) !== lsn || text.slice(first + 1, second) !== sha256(json))
        return undefined;
      return json;
    } catch {
      return undefined;
    }
  }

  /** Records at positions [fromLsn, toLsn), read with an ordered consumer from stream sequence fromLsn+1. */
  async readRecords(fromLsn: number, toLsn: number, known = this.lastSeq): Promise<string[]> {
    if (toLsn > known) throw new Error(`journal: no records up to ${toLsn}`);
    if (toLsn <= fromLsn) return [];
    await this.ensure();
    const out: string[] = [];
    await this.tail(fromLsn, (record, lsn) => {
      out.push(record);
      return lsn + 1 < toLsn;
    });
    if (out.length !== toLsn - fromLsn) {
      throw new Error(`journal: records ${fromLsn}..${toLsn} are not all retained (found ${out.length})`);
    }
    return out;
  }

  /**
   * Delivers the records from position `fromLsn` on, in order, to `onRecord` (which gets the record and
   * its position) until it returns false or `signal` aborts. New records are delivered as they are stored.
   */
  async tail(
    fromLsn: number,
    onRecord: (record: string, lsn: number) => boolean,
    signal?: AbortSignal,
  ): Promise<void> {
    await this.ensure();
    const consumer = await this.js.consumers.get(this.options.stream, {
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: fromLsn + 1,
      // (No subject filter: the stream has the one subject, and a filter equal to it stalls the consumer.)
    });
    const messages = await consumer.consume({ max_messages: 1024 });
    const stop = () => messages.stop();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      if (signal?.aborted) return;
      let expected = fromLsn + 1;
      for await (const m of messages) {
        if (m.seq !== expected) throw new Error(`journal: gap in the stream at ${expected} (got ${m.seq})`);
        expected += 1;
        if (!onRecord(decoder.decode(m.data), m.seq - 1)) break;
      }
    } finally {
      signal?.removeEventListener('abort', stop);
      messages.stop();
      await consumer.delete().catch(() => {});
    }
  }

  /** Leaves the connection open (it may be shared with the lease); see closeConnection. */
  async close(): Promise<void> {}
}
