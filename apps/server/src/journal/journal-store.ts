// Where the journal and the snapshots live. The runtime (money-core.ts) only needs this small interface,
// so the embedded files below and the in-memory store for tests could be joined by a NATS JetStream
// store at scale (DESIGN section 4) without touching the core or the sequencer.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeRecords, encodeRecord } from './record-codec';

export interface JournalLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface RecoveredJournal {
  /** The newest valid snapshot (the state JSON) and the journal position it covers. */
  snapshot?: { lsn: number; json: string };
  /** Command JSON records after the snapshot, in journal order; the first one has position `fromLsn`. */
  records: string[];
  fromLsn: number;
}

export interface JournalStore {
  /** Reads the newest snapshot and the records after it; drops a torn tail. Called once, before append. */
  recover(): Promise<RecoveredJournal>;
  /** Appends command JSON records; resolves only when they are durable (one fdatasync for all). */
  append(records: readonly string[]): Promise<void>;
  /** Starts a new segment at journal position `lsn` (called when a snapshot at `lsn` is taken). */
  roll(lsn: number): Promise<void>;
  /** Stores a snapshot of the state after `lsn` records atomically (the JSON whole, or as chunks). */
  writeSnapshot(lsn: number, json: string | readonly string[]): Promise<void>;
  /** Positions of the retained snapshots, ascending (for replays of past events). */
  snapshotPositions(): Promise<number[]>;
  /** The state JSON of the snapshot at `lsn`, or undefined when it is missing or fails its checksum. */
  loadSnapshot(lsn: number): Promise<string | undefined>;
  /** The durable records at positions [fromLsn, toLsn); throws if any of them is not retained. */
  readRecords(fromLsn: number, toLsn: number): Promise<string[]>;
  close(): Promise<void>;
}

export const MEMORY_JOURNAL = 'memory://';

/** Keeps everything in memory: for tests, where durability is not the point (all records are kept). */
export class MemoryJournalStore implements JournalStore {
  readonly records: string[] = [];
  readonly snapshots: { lsn: number; json: string }[] = [];

  async recover(): Promise<RecoveredJournal> {
    const snapshot = this.snapshots.at(-1);
    const fromLsn = snapshot?.lsn ?? 0;
    return { snapshot, records: this.records.slice(fromLsn), fromLsn };
  }

  async append(records: readonly string[]): Promise<void> {
    this.records.push(...records);
  }

  async roll(): Promise<void> {}

  async writeSnapshot(lsn: number, json: string | readonly string[]): Promise<void> {
    // Only the newest matters for recovery; older ones would just hold memory.
    this.snapshots.splice(0, this.snapshots.length, {
      lsn,
      json: typeof json === 'string' ? json : json.join(''),
    });
  }

  async snapshotPositions(): Promise<number[]> {
    return this.snapshots.map((s) => s.lsn);
  }

  async loadSnapshot(lsn: number): Promise<string | undefined> {
    return this.snapshots.find((s) => s.lsn === lsn)?.json;
  }

  async readRecords(fromLsn: number, toLsn: number): Promise<string[]> {
    if (toLsn > this.records.length) throw new Error(`journal: no records up to ${toLsn}`);
    return this.records.slice(fromLsn, toLsn);
  }

  async close(): Promise<void> {}
}

/** Segments are opened for appending with O_DSYNC: a write returns only once its data is durable.
 * (Where the platform has no O_DSYNC, e.g. Windows, append() syncs explicitly instead.) */
const DSYNC = (constants as { O_DSYNC?: number }).O_DSYNC ?? 0;
const APPEND_DURABLE = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | DSYNC;

/** Newest snapshot files kept (older ones are deleted after a new one is in place). */
export const SNAPSHOTS_KEPT = 5;

const SEGMENT = /^segment-(\d{16})\.log$/;
const SNAPSHOT = /^snapshot-(\d{16})\.json$/;

function pad(lsn: number): string {
  return String(lsn).padStart(16, '0');
}

export function segmentName(lsn: number): string {
  return `segment-${pad(lsn)}.log`;
}

export function snapshotName(lsn: number): string {
  return `snapshot-${pad(lsn)}.json`;
}

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

/**
 * Append-only segment files `segment-<first position>.log` plus `snapshot-<position>.json` files in one
 * folder. A snapshot file is `<position>\n<sha256 of the state JSON>\n<state JSON>`, written to a temporary
 * file, fsynced and renamed, so a crash leaves either the old or the new snapshot, never half of one.
 */
export class FileJournalStore implements JournalStore {
  private handle: FileHandle | undefined;

  constructor(
    private readonly dir: string,
    private readonly log: JournalLog,
  ) {}

  private async listSegments(): Promise<{ name: string; lsn: number }[]> {
    const names = await readdir(this.dir);
    return names
      .flatMap((n) => {
        const m = SEGMENT.exec(n);
        return m?.[1] === undefined ? [] : [{ name: n, lsn: Number(m[1]) }];
      })
      .sort((a, b) => a.lsn - b.lsn);
  }

  async snapshotPositions(): Promise<number[]> {
    const names = await readdir(this.dir);
    return names
      .flatMap((n) => {
        const m = SNAPSHOT.exec(n);
        return m?.[1] === undefined ? [] : [Number(m[1])];
      })
      .sort((a, b) => a - b);
  }

  async loadSnapshot(lsn: number): Promise<string | undefined> {
    return (await this.readSnapshot(snapshotName(lsn), lsn))?.json;
  }

  async readRecords(fromLsn: number, toLsn: number): Promise<string[]> {
    const segments = await this.listSegments();
    const first = segments.findLastIndex((s) => s.lsn <= fromLsn);
    if (first === -1 && fromLsn < toLsn) throw new Error(`journal: no segment holds position ${fromLsn}`);
    const out: string[] = [];
    let position: number | undefined;
    for (const seg of segments.slice(Math.max(first, 0))) {
      if (seg.lsn >= toLsn) break;
      if (position !== undefined && seg.lsn !== position) {
        throw new Error(`journal: gap before ${seg.name} (expected position ${position})`);
      }
      // The last segment may be growing; a partly written batch at its end is beyond toLsn (not applied).
      const decoded = decodeRecords(await readFile(join(this.dir, seg.name)));
      for (const [j, record] of decoded.records.entries()) {
        const at = seg.lsn + j;
        if (at >= fromLsn && at < toLsn) out.push(record);
      }
      position = seg.lsn + decoded.records.length;
    }
    if (out.length !== Math.max(0, toLsn - fromLsn)) {
      throw new Error(`journal: records ${fromLsn}..${toLsn} are not all retained (found ${out.length})`);
    }
    return out;
  }

  async recover(): Promise<RecoveredJournal> {
    await mkdir(this.dir, { recursive: true });
    const names = await readdir(this.dir);
    const segments = names
      .flatMap((n) => {
        const m = SEGMENT.exec(n);
        return m?.[1] === undefined ? [] : [{ name: n, lsn: Number(m[1]) }];
      })
      .sort((a, b) => a.lsn - b.lsn);
    const snapshots = names
      .flatMap((n) => {
        const m = SNAPSHOT.exec(n);
        return m?.[1] === undefined ? [] : [{ name: n, lsn: Number(m[1]) }];
      })
      .sort((a, b) => b.lsn - a.lsn);

    let snapshot: RecoveredJournal['snapshot'];
    for (const s of snapshots) {
      const loaded = await this.readSnapshot(s.name, s.lsn);
      if (loaded !== undefined) {
        snapshot = loaded;
        break;
      }
      this.log.warn(`journal: ignoring invalid snapshot ${s.name}`);
    }
    const fromLsn = snapshot?.lsn ?? 0;

    // Segments wholly before the snapshot are kept on disk (for audit) but not read.
    const firstNeeded = segments.findLastIndex((s) => s.lsn <= fromLsn);
    const needed = segments.slice(Math.max(firstNeeded, 0));
    const records: string[] = [];
    let position: number | undefined;
    for (const [i, seg] of needed.entries()) {
      const path = join(this.dir, seg.name);
      const decoded = decodeRecords(await readFile(path));
      const isLast = i === needed.length - 1;
      if (position !== undefined && seg.lsn !== position) {
        throw new Error(`journal: gap before ${seg.name} (expected position ${position})`);
      }
      if (decoded.droppedBytes > 0) {
        if (!isLast)
          throw new Error(`journal: corrupt record inside ${seg.name}, not at the end of the journal`);
        // Only the last batch can be torn, and it was never acknowledged (acks follow its fdatasync).
        this.log.warn(`journal: dropping a torn tail of ${decoded.droppedBytes} bytes in ${seg.name}`);
        await truncate(path, decoded.validBytes);
      }
      for (const [j, record] of decoded.records.entries()) {
        if (seg.lsn + j >= fromLsn) records.push(record);
      }
      position = seg.lsn + decoded.records.length;
    }
    if (position !== undefined && position < fromLsn) {
      throw new Error(`journal: segments end at ${position}, before the snapshot at ${fromLsn}`);
    }
    const last = needed.at(-1);
    if (last === undefined || last.lsn > fromLsn + records.length) await this.roll(fromLsn + records.length);
    else this.handle = await open(join(this.dir, last.name), APPEND_DURABLE);
    if (snapshot !== undefined || records.length > 0) {
      this.log.info(`journal: recovered snapshot at ${fromLsn} and ${records.length} records after it`);
    }
    return { snapshot, records, fromLsn };
  }

  private async readSnapshot(name: string, lsn: number): Promise<{ lsn: number; json: string } | undefined> {
    try {
      const text = await readFile(join(this.dir, name), 'utf8');
      const first = text.indexOf('\n');
      const second = text.indexOf('\n', first + 1);
      if (first === -1 || second === -1) return undefined;
      const json = text.slice(second + 1);
      if (Number(text.slice(0, first)) !== lsn || text.slice(first + 1, second) !== sha256(json))
        return undefined;
      return { lsn, json };
    } catch {
      return undefined;
    }
  }

  /** Each write returns once its bytes are on disk (O_DSYNC): one trip to the I/O thread per batch
   * instead of a write and then an fdatasync. */
  async append(records: readonly string[]): Promise<void> {
    const handle = this.handle;
    if (handle === undefined) throw new Error('journal: not open');
    const buffer = Buffer.from(records.map(encodeRecord).join(''), 'utf8');
    let offset = 0;
    while (offset < buffer.length) {
      const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset);
      offset += bytesWritten;
    }
    if (DSYNC === 0) await handle.datasync();
  }

  async roll(lsn: number): Promise<void> {
    const next = await open(join(this.dir, segmentName(lsn)), APPEND_DURABLE);
    await next.sync();
    await this.syncDir();
    const previous = this.handle;
    this.handle = next;
    await previous?.close();
  }

  async writeSnapshot(lsn: number, json: string | readonly string[]): Promise<void> {
    const name = snapshotName(lsn);
    const tmp = join(this.dir, `${name}.tmp`);
    const chunks = typeof json === 'string' ? [json] : json;
    // Hashed and written a chunk at a time, the event loop running in between (a snapshot may be large).
    const hash = createHash('sha256');
    for (const chunk of chunks) {
      hash.update(chunk, 'utf8');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const handle = await open(tmp, 'w');
    try {
      // writeFile writes all of it (looping over short writes) from the current position.
      await handle.writeFile(`${lsn}\n${hash.digest('hex')}\n`, 'utf8');
      for (const chunk of chunks) await handle.writeFile(chunk, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, join(this.dir, name));
    await this.syncDir();
    // Older snapshots are checkpoints, not records (the segments are the record, all kept): keep a few
    // for replays of past events (eventsSince), drop the rest so a long-running server's disk stays flat.
    const positions = await this.snapshotPositions();
    for (const old of positions.slice(0, Math.max(0, positions.length - SNAPSHOTS_KEPT))) {
      await rm(join(this.dir, snapshotName(old)), { force: true });
    }
  }

  private async syncDir(): Promise<void> {
    const d = await open(this.dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  }

  async close(): Promise<void> {
    await this.handle?.close();
    this.handle = undefined;
  }
}
