// A map from order ids (non-negative safe integers) to pool slots (small integers) in typed arrays: open
// addressing with linear probing and backward-shift deletion (no tombstones), so set, get and delete
// allocate nothing once the table is large enough, and nothing is left for the garbage collector. The
// order book's id -> slot index (a Map there churned its hash table under constant insert and delete).

const EMPTY = -1;

export class IdMap {
  private keys: Float64Array<ArrayBuffer>;
  private vals: Int32Array<ArrayBuffer>;
  private mask: number;
  private count = 0;

  constructor(capacity = 1024) {
    let n = 16;
    while (n < capacity * 2) n *= 2;
    this.keys = new Float64Array(n).fill(EMPTY);
    this.vals = new Int32Array(n);
    this.mask = n - 1;
  }

  get size(): number {
    return this.count;
  }

  private slotFor(id: number): number {
    // Mix the low and high 32 bits (ids may exceed 2^32).
    const lo = id >>> 0;
    const hi = (id / 4294967296) >>> 0;
    return Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) & this.mask;
  }

  /** The slot of `id`, or -1. */
  get(id: number): number {
    if (!(id >= 0)) return -1;
    const keys = this.keys;
    let i = this.slotFor(id);
    for (;;) {
      const k = keys[i] as number;
      if (k === id) return this.vals[i] as number;
      if (k === EMPTY) return -1;
      i = (i + 1) & this.mask;
    }
  }

  has(id: number): boolean {
    return this.get(id) !== -1;
  }

  /** Sets `id` (>= 0) to `value` (>= 0). */
  set(id: number, value: number): void {
    if (!(id >= 0 && Number.isSafeInteger(id))) throw new Error(`IdMap: bad id ${id}`);
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    let i = this.slotFor(id);
    for (;;) {
      const k = keys[i] as number;
      if (k === id) {
        this.vals[i] = value;
        return;
      }
      if (k === EMPTY) {
        keys[i] = id;
        this.vals[i] = value;
        this.count++;
        return;
      }
      i = (i + 1) & this.mask;
    }
  }

  delete(id: number): boolean {
    if (!(id >= 0)) return false;
    const keys = this.keys;
    const mask = this.mask;
    let i = this.slotFor(id);
    for (;;) {
      const k = keys[i] as number;
      if (k === EMPTY) return false;
      if (k === id) break;
      i = (i + 1) & mask;
    }
    // Backward shift: move later entries of the probe run into the hole when their home allows it.
    let hole = i;
    let j = (i + 1) & mask;
    for (;;) {
      const k = keys[j] as number;
      if (k === EMPTY) break;
      const home = this.slotFor(k);
      // The entry at j may fill the hole if its home is not cyclically in (hole, j].
      const movable = hole <= j ? home <= hole || home > j : home <= hole && home > j;
      if (movable) {
        keys[hole] = k;
        this.vals[hole] = this.vals[j] as number;
        hole = j;
      }
      j = (j + 1) & mask;
    }
    keys[hole] = EMPTY;
    this.count--;
    return true;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldVals = this.vals;
    const n = oldKeys.length * 2;
    this.keys = new Float64Array(n).fill(EMPTY);
    this.vals = new Int32Array(n);
    this.mask = n - 1;
    this.count = 0;
    for (let i = 0; i < oldKeys.length; i++) {
      const k = oldKeys[i] as number;
      if (k !== EMPTY) this.set(k, oldVals[i] as number);
    }
  }
}
