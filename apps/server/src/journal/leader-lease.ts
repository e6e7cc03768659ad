// One active core (issue 19): a lease in a JetStream KV bucket. The bucket's TTL is the lease's: the
// entry disappears when its holder stops renewing, and every write carries the revision it expects
// (create = "no entry", renew = "my last revision"), so two processes can never both hold it. The holder
// also checks its own monotonic clock: once a renewal is overdue it treats the lease as lost before the
// server does, so a paused process that wakes up never writes as leader (the journal's
// expected-last-sequence check is the second fence).
import { hostname } from 'node:os';
import { type KV, type NatsConnection, StorageType } from 'nats';

export interface LeaderLeaseOptions {
  /** The journal stream's name; the bucket is `<stream>_LEASE`. */
  stream: string;
  /** This process's name in the lease. */
  nodeId?: string;
  /** The lease lapses this long after the last renewal (ms). */
  ttlMs: number;
  replicas?: number;
  /** Called once when the lease is lost (renewal refused or overdue). */
  onLost?: (reason: string) => void;
}

export const LEASE_KEY = 'leader';

export function leaseBucket(stream: string): string {
  return `${stream}_LEASE`;
}

export function defaultNodeId(): string {
  return `${hostname()}-${process.pid}`;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface LeaseHolder {
  nodeId: string;
  since: number;
}

export class LeaderLease {
  readonly nodeId: string;
  private kv: KV | undefined;
  private revision: number | undefined;
  /** performance.now() of the last successful create or renewal. */
  private renewedAt = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private lostReason: string | undefined;
  private renewal: Promise<void> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: LeaderLeaseOptions,
  ) {
    this.nodeId = options.nodeId ?? defaultNodeId();
  }

  private async bucket(): Promise<KV> {
    if (this.kv === undefined) {
      this.kv = await this.nc.jetstream().views.kv(leaseBucket(this.options.stream), {
        ttl: this.options.ttlMs,
        history: 1,
        storage: StorageType.File,
        replicas: this.options.replicas ?? 1,
      });
    }
    return this.kv;
  }

  /** Who holds the lease now (undefined when nobody does). */
  async holder(): Promise<LeaseHolder | undefined> {
    const entry = await (await this.bucket()).get(LEASE_KEY);
    if (entry === null || entry.operation !== 'PUT' || entry.value.length === 0) return undefined;
    return JSON.parse(decoder.decode(entry.value)) as LeaseHolder;
  }

  /** Takes the lease if nobody holds it; true when this process now holds it (and renews it). */
  async tryAcquire(): Promise<boolean> {
    if (this.held()) return true;
    const kv = await this.bucket();
    const value = encoder.encode(JSON.stringify({ nodeId: this.nodeId, since: Date.now() }));
    try {
      // create() expects no live entry (none, or a deleted or expired one): exactly one racer wins.
      this.revision = await kv.create(LEASE_KEY, value);
    } catch {
      return false;
    }
    this.renewedAt = performance.now();
    this.lostReason = undefined;
    const every = Math.max(100, Math.floor(this.options.ttlMs / 3));
    this.timer = setInterval(() => void this.renew().catch(() => {}), every);
    this.timer.unref?.();
    return true;
  }

  /** Whether this process holds the lease by its own clock (a renewal within the last TTL, minus a margin). */
  held(): boolean {
    return (
      this.revision !== undefined &&
      this.lostReason === undefined &&
      performance.now() - this.renewedAt < this.options.ttlMs * 0.8
    );
  }

  /**
   * Resolves when the lease is held, else throws: the journal calls it before each append. When the
   * local renewal is overdue (a busy event loop delayed the timer) it renews first: the server's revision
   * check says whether the lease is still ours, and only a refused renewal loses it for good.
   */
  async ensureHeld(): Promise<void> {
    if (this.held()) return;
    if (this.revision !== undefined && this.lostReason === undefined) await this.renew();
    if (!this.held()) {
      throw new Error(`leader lease not held by ${this.nodeId} (${this.lostReason ?? 'renewal overdue'})`);
    }
  }

  private renew(): Promise<void> {
    this.renewal ??= this.renewOnce().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private async renewOnce(): Promise<void> {
    if (this.revision === undefined || this.lostReason !== undefined) return;
    try {
      const kv = await this.bucket();
      const value = encoder.encode(JSON.stringify({ nodeId: this.nodeId, since: Date.now() }));
      const started = performance.now();
      this.revision = await kv.update(LEASE_KEY, value, this.revision);
      this.renewedAt = started;
    } catch (error) {
      // A wrong revision means the entry expired or someone else holds it now: lost for good. Anything
      // else (a timeout) is retried at the next tick; meanwhile held() turns false once overdue.
      const text = String(error);
      if (/wrong last sequence|revision|expected/i.test(text)) this.lose(`renewal refused: ${text}`);
    }
  }

  private lose(reason: string): void {
    if (this.lostReason !== undefined && this.timer === undefined) return;
    this.lostReason = reason;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.options.onLost?.(reason);
  }

  /** Stops renewing and deletes the entry if still ours, so a standby takes over at once. */
  async release(): Promise<void> {
    const revision = this.revision;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.lostReason ??= 'released';
    this.revision = undefined;
    if (revision === undefined) return;
    try {
      await (await this.bucket()).delete(LEASE_KEY, { previousSeq: revision });
    } catch {
      // Expired or taken meanwhile: nothing of ours to delete.
    }
  }

  /** Stops renewing without deleting (a crash, as the others see it: the lease lapses after its TTL). */
  abandon(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.lostReason ??= 'abandoned';
  }
}
