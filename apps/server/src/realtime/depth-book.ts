// Aggregated price levels per symbol for the public depth stream (Binance design, docs/realtime.md).
// The book source (the spot matching engine, later) calls apply() with ABSOLUTE level quantities; each
// call is one update id. Changes are coalesced per window into one diff {U, u, b, a} per symbol, and
// REST snapshots carry lastUpdateId so clients can join the stream without losing a change.
import { assert } from '@coin/shared/assert';
import type { DepthDiff, DepthLevel } from '@coin/shared/depth-sync';
import { formatAmount, parseAmount, tryParseAmount } from '@coin/shared/money';

export interface LevelChange {
  side: 'bid' | 'ask';
  /** Decimal string > 0. */
  price: string;
  /** Absolute quantity now resting at that price; '0' removes the level. */
  qty: string;
}

export interface DepthBookSnapshot {
  symbol: string;
  lastUpdateId: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface DepthDiffMessage extends DepthDiff {
  symbol: string;
  b: DepthLevel[];
  a: DepthLevel[];
}

interface Level {
  atoms: bigint;
  qty: string;
}

interface PendingDiff {
  U: number;
  b: Map<string, string>;
  a: Map<string, string>;
}

export class DepthBook {
  private readonly bids = new Map<string, Level>();
  private readonly asks = new Map<string, Level>();
  private updateId = 0;
  private pending: PendingDiff | undefined;

  constructor(
    readonly symbol: string,
    private readonly onDirty: (book: DepthBook) => void = () => {},
  ) {}

  lastUpdateId(): number {
    return this.updateId;
  }

  /**
   * Applies one batch of level changes as one update id and returns it. Invalid input changes nothing.
   * `id` makes the update id the caller's (the core's seq of the command that changed the book, so every
   * process that follows the journal numbers the book's updates alike, docs/realtime.md); the diff then
   * covers ids from the previous update id + 1 to `id`. Without it the id is the previous one + 1.
   */
  apply(changes: readonly LevelChange[], id?: number): number {
    // Every change is checked and put in canonical form before any is applied.
    const bids: [string, string][] = [];
    const asks: [string, string][] = [];
    for (const change of changes) {
      const price = tryParseAmount(change.price);
      const qty = tryParseAmount(change.qty);
      assert(price.ok && price.value > 0n, `depth ${this.symbol}: bad price ${change.price}`);
      assert(qty.ok && qty.value >= 0n, `depth ${this.symbol}: bad qty ${change.qty}`);
      assert(change.side === 'bid' || change.side === 'ask', `depth ${this.symbol}: bad side`);
      (change.side === 'bid' ? bids : asks).push([formatAmount(price.value), formatAmount(qty.value)]);
    }
    return this.update(bids, asks, id);
  }

  /**
   * apply() for the money core's own levels (a spot.depth event): prices and absolute quantities already
   * in canonical decimal form (the core writes them so), taken as they are; only a new price level's
   * text is parsed, once, for the snapshot's order. `id` is the core's seq, as with apply().
   */
  applyCanonical(
    bids: readonly (readonly [string, string])[],
    asks: readonly (readonly [string, string])[],
    id: number,
  ): number {
    return this.update(bids, asks, id);
  }

  /** One update id for canonical levels of both sides (apply's contract for `id`). */
  private update(
    bids: readonly (readonly [string, string])[],
    asks: readonly (readonly [string, string])[],
    id: number | undefined,
  ): number {
    if (!this.pending) this.pending = { U: this.updateId + 1, b: new Map(), a: new Map() };
    this.updateId = id === undefined ? this.updateId + 1 : Math.max(id, this.updateId);
    setLevels(this.bids, this.pending.b, bids);
    setLevels(this.asks, this.pending.a, asks);
    this.onDirty(this);
    return this.updateId;
  }

  /** The coalesced diff since the last call, or undefined when nothing changed. */
  takeDiff(): DepthDiffMessage | undefined {
    const pending = this.pending;
    if (!pending) return undefined;
    this.pending = undefined;
    return {
      symbol: this.symbol,
      U: pending.U,
      u: this.updateId,
      b: [...pending.b.entries()],
      a: [...pending.a.entries()],
    };
  }

  snapshot(limit: number): DepthBookSnapshot {
    return {
      symbol: this.symbol,
      lastUpdateId: this.updateId,
      bids: topLevels(this.bids, 'desc', limit),
      asks: topLevels(this.asks, 'asc', limit),
    };
  }
}

function setLevels(
  side: Map<string, Level>,
  pending: Map<string, string>,
  levels: readonly (readonly [string, string])[],
): void {
  for (let i = 0; i < levels.length; i++) {
    const [price, qty] = levels[i] as readonly [string, string];
    if (qty === '0') side.delete(price);
    else {
      const level = side.get(price);
      if (level !== undefined) level.qty = qty;
      else side.set(price, { atoms: parseAmount(price), qty });
    }
    pending.set(price, qty);
  }
}

function topLevels(side: Map<string, Level>, order: 'asc' | 'desc', limit: number): DepthLevel[] {
  const levels = [...side.entries()];
  levels.sort(([, x], [, y]) => {
    const c = x.atoms < y.atoms ? -1 : x.atoms > y.atoms ? 1 : 0;
    return order === 'asc' ? c : -c;
  });
  return levels.slice(0, limit).map(([price, level]) => [price, level.qty] as const);
}

/**
 * All books, and the one timer that flushes their coalesced diffs. Decorated as `app.depth`; the spot
 * engine feeds it through book(symbol).apply(...). The timer runs only while books keep changing.
 */
export class DepthRegistry {
  private readonly books = new Map<string, DepthBook>();
  /** The phase slot of each book: books flush in different slices of the window, not all at once. */
  private readonly slotOf = new Map<DepthBook, number>();
  private readonly dirty = new Set<DepthBook>();
  private readonly slots: number;
  private timer: NodeJS.Timeout | undefined;
  private turn = 0;
  private idleTurns = 0;
  private readonly listeners = new Set<(diff: DepthDiffMessage) => void>();
  private closed = false;

  constructor(private readonly coalesceMs: number) {
    // Up to 10 slices of at least 10 ms each: one burst of every symbol's diff per window would delay
    // the last subscriber of the last symbol by the whole fan-out time.
    this.slots = Math.max(1, Math.min(10, Math.floor(coalesceMs / 10)));
  }

  book(symbol: string): DepthBook {
    let book = this.books.get(symbol);
    if (!book) {
      book = new DepthBook(symbol, (b) => this.markDirty(b));
      this.books.set(symbol, book);
      this.slotOf.set(book, this.books.size % this.slots);
    }
    return book;
  }

  /** The book if it exists (snapshots of unknown symbols must not create books). */
  find(symbol: string): DepthBook | undefined {
    return this.books.get(symbol);
  }

  symbols(): string[] {
    return [...this.books.keys()];
  }

  onDiff(listener: (diff: DepthDiffMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Emits pending diffs now: all of them, or only those of one phase slot (the timer's turn). */
  flush(slot?: number): void {
    for (const book of [...this.dirty]) {
      if (slot !== undefined && this.slotOf.get(book) !== slot) continue;
      this.dirty.delete(book);
      const diff = book.takeDiff();
      if (!diff) continue;
      for (const listener of this.listeners) listener(diff);
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private markDirty(book: DepthBook): void {
    this.dirty.add(book);
    this.idleTurns = 0;
    if (this.timer || this.closed) return;
    // A steady cadence (each book at most one diff per window, like Binance's 100 ms stream) while
    // anything changes; the timer stops after a whole window without changes.
    this.timer = setInterval(() => {
      this.turn = (this.turn + 1) % this.slots;
      if (this.dirty.size === 0) {
        this.idleTurns += 1;
        if (this.idleTurns >= this.slots) {
          clearInterval(this.timer);
          this.timer = undefined;
        }
        return;
      }
      this.flush(this.turn);
    }, this.coalesceMs / this.slots);
  }
}
