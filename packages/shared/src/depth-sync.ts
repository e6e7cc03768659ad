// Client side of the depth protocol (Binance design, docs/realtime.md): a REST snapshot with lastUpdateId
// plus ws diffs covering update ids U..u with ABSOLUTE level quantities. Pure state, no IO, so the web
// order book and the server's acceptance test run the same code.
import { formatAmount, parseAmount } from './money';

export type DepthLevel = readonly [price: string, qty: string];

export interface DepthDiff {
  U: number;
  u: number;
  b: readonly DepthLevel[];
  a: readonly DepthLevel[];
}

export interface DepthSnapshot {
  lastUpdateId: number;
  bids: readonly DepthLevel[];
  asks: readonly DepthLevel[];
}

/**
 * - buffered: no usable snapshot yet; kept for when it arrives.
 * - dropped: already contained in the snapshot (u <= lastUpdateId).
 * - applied: the book moved forward.
 * - gap: ids are missing; the book was discarded, fetch a new snapshot (needsSnapshot() is true).
 */
export type DepthDiffResult = 'buffered' | 'dropped' | 'applied' | 'gap';

/** Buffered diffs kept while waiting for a snapshot; older ones are discarded (a gap follows, then a resync). */
const MAX_BUFFERED = 10_000;

/** Canonical price key, so '100.50' from one side and '100.5' from another are the same level. */
function priceKey(price: string): string {
  return formatAmount(parseAmount(price));
}

export class DepthSync {
  private readonly bids = new Map<string, string>();
  private readonly asks = new Map<string, string>();
  /** Last update id reflected in the book; undefined while waiting for a snapshot. */
  private lastId: number | undefined;
  /** True until the first diff after a snapshot is applied (that one may overlap the snapshot). */
  private afterSnapshot = false;
  private buffer: DepthDiff[] = [];

  needsSnapshot(): boolean {
    return this.lastId === undefined;
  }

  lastUpdateId(): number | undefined {
    return this.lastId;
  }

  /** Forget everything (e.g. the websocket reconnected: diffs may have been lost). */
  reset(): void {
    this.clearBook();
    this.buffer = [];
  }

  onDiff(diff: DepthDiff): DepthDiffResult {
    if (this.lastId === undefined) {
      this.buffer.push(diff);
      if (this.buffer.length > MAX_BUFFERED) this.buffer.shift();
      return 'buffered';
    }
    return this.step(diff);
  }

  /** Installs a snapshot and replays the buffered diffs; 'gap' means this snapshot cannot be joined. */
  onSnapshot(snapshot: DepthSnapshot): 'live' | 'gap' {
    this.bids.clear();
    this.asks.clear();
    for (const [price, qty] of snapshot.bids) this.setLevel(this.bids, price, qty);
    for (const [price, qty] of snapshot.asks) this.setLevel(this.asks, price, qty);
    this.lastId = snapshot.lastUpdateId;
    this.afterSnapshot = true;
    const pending = this.buffer;
    this.buffer = [];
    for (const [index, diff] of pending.entries()) {
      if (this.step(diff) === 'gap') {
        // step() kept the failing diff; keep the later ones too, a newer snapshot may join them.
        this.buffer.push(...pending.slice(index + 1));
        return 'gap';
      }
    }
    return 'live';
  }

  /** Bids best (highest) first. */
  bidLevels(limit = Number.POSITIVE_INFINITY): DepthLevel[] {
    return sortedLevels(this.bids, 'desc', limit);
  }

  /** Asks best (lowest) first. */
  askLevels(limit = Number.POSITIVE_INFINITY): DepthLevel[] {
    return sortedLevels(this.asks, 'asc', limit);
  }

  private step(diff: DepthDiff): DepthDiffResult {
    const last = this.lastId;
    if (last === undefined) return this.onDiff(diff);
    if (diff.u <= last) return 'dropped';
    const joins = this.afterSnapshot ? diff.U <= last + 1 : diff.U === last + 1;
    if (!joins) {
      this.clearBook();
      this.buffer = [diff];
      return 'gap';
    }
    for (const [price, qty] of diff.b) this.setLevel(this.bids, price, qty);
    for (const [price, qty] of diff.a) this.setLevel(this.asks, price, qty);
    this.lastId = diff.u;
    this.afterSnapshot = false;
    return 'applied';
  }

  private clearBook(): void {
    this.bids.clear();
    this.asks.clear();
    this.lastId = undefined;
    this.afterSnapshot = false;
  }

  private setLevel(side: Map<string, string>, price: string, qty: string): void {
    const key = priceKey(price);
    const amount = parseAmount(qty);
    if (amount === 0n) side.delete(key);
    else side.set(key, formatAmount(amount));
  }
}

function sortedLevels(side: Map<string, string>, order: 'asc' | 'desc', limit: number): DepthLevel[] {
  const keyed = [...side.entries()].map(([price, qty]) => ({
    atoms: parseAmount(price) as bigint,
    price,
    qty,
  }));
  keyed.sort((x, y) => {
    const c = x.atoms < y.atoms ? -1 : x.atoms > y.atoms ? 1 : 0;
    return order === 'asc' ? c : -c;
  });
  return keyed.slice(0, limit).map(({ price, qty }) => [price, qty] as const);
}
