// The idempotency table's index: command id (a string) -> slot (a non-negative safe integer), in typed
// arrays. Open addressing with linear probing and backward-shift deletion, like spot/id-map.ts, but for
// string keys: a slot stores the key's 32-bit hash and its value, not the key. The owner keeps the key
// strings and resolves a candidate through `keyOf(value)`, so a miss (the common case: every new command
// is one) costs the hash of the id and one probe run over a flat array, and a set or a delete allocates
// nothing once the table is large enough. (A Map of hundreds of thousands of string keys missed and set
// through chains of heap entries, a cache miss each; it was a tenth of a spot order's time in the core.)
// Pure and deterministic: the hash is computed here, from the key's UTF-16 code units.
//
// Flooding: the hash is unseeded and ids are partly chosen by clients (an Idempotency-Key), so someone
// could craft ids that collide and turn every probe into a scan of thousands of slots. A probe run longer
// than `maxProbe` (honest ids stay far below it: a million order ids in the tests never reach it) moves
// the index into a Map, whose hash V8 seeds at random per process: the core then runs at about the speed
// it had with the Map before this index. Only speed changes: answers are the same in both forms.

const EMPTY = -1;
/** The longest probe run the table accepts before it moves into a Map. */
export const MAX_PROBE = 128;

/** FNV-1a over the key's code units, then a finalizer (murmur3's) so nearby ids spread. */
export function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

export class IdIndex {
  private hashes: Int32Array<ArrayBuffer>;
  /** The value of each used slot; EMPTY marks a free one. */
  private vals: Float64Array<ArrayBuffer>;
  private mask: number;
  private count = 0;
  /** The table never shrinks below its first size. */
  private readonly minSlots: number;
  /** Set once a probe run was too long: the entries live here from then on. */
  private map: Map<string, number> | undefined;

  /** `keyOf(value)` is the key a stored value belongs to (the owner's record of it). */
  constructor(
    private readonly keyOf: (value: number) => string,
    capacity = 1024,
    private readonly maxProbe = MAX_PROBE,
  ) {
    let n = 16;
    while (n < capacity * 2) n *= 2;
    this.hashes = new Int32Array(n);
    this.vals = new Float64Array(n).fill(EMPTY);
    this.mask = n - 1;
    this.minSlots = n;
  }

  get size(): number {
    return this.map === undefined ? this.count : this.map.size;
  }

  /** True once the entries moved into a Map (a probe run longer than maxProbe). */
  get degraded(): boolean {
    return this.map !== undefined;
  }

  /** Where `key` is, or where it would go (a free slot): the position in the arrays; -1 when the run
   * was too long (the entries have moved into the Map). */
  private find(key: string, h: number): number {
    const hashes = this.hashes;
    const vals = this.vals;
    const mask = this.mask;
    let i = h & mask;
    for (let steps = 0; ; steps++) {
      const v = vals[i] as number;
      if (v === EMPTY) return i;
      if (hashes[i] === h && this.keyOf(v) === key) return i;
      if (steps === this.maxProbe) {
        this.toMap();
        return -1;
      }
      i = (i + 1) & mask;
    }
  }

  private toMap(): void {
    const map = new Map<string, number>();
    for (let i = 0; i < this.vals.length; i++) {
      const v = this.vals[i] as number;
      if (v !== EMPTY) map.set(this.keyOf(v), v);
    }
    this.map = map;
    this.hashes = new Int32Array(0);
    this.vals = new Float64Array(0);
    this.count = 0;
  }

  /** The value of `key`, or undefined. */
  get(key: string): number | undefined {
    if (this.map === undefined) {
      const i = this.find(key, hashKey(key));
      if (i >= 0) {
        const v = this.vals[i] as number;
        return v === EMPTY ? undefined : v;
      }
    }
    return (this.map as Map<string, number>).get(key);
  }

  /** How many slots the table has (its memory is 12 bytes a slot); 0 once it moved into a Map. */
  get slots(): number {
    return this.vals.length;
  }

  /** Sets `key` to `value` (a non-negative safe integer); `keyOf(value)` must already give `key`. */
  set(key: string, value: number): void {
    if (this.map === undefined && (this.count + 1) * 2 > this.vals.length) this.resize(this.vals.length * 2);
    if (this.map === undefined) {
      const h = hashKey(key);
      const i = this.find(key, h);
      if (i >= 0) {
        if (this.vals[i] === EMPTY) this.count++;
        this.hashes[i] = h;
        this.vals[i] = value;
        return;
      }
    }
    (this.map as Map<string, number>).set(key, value);
  }

  /** Removes `key` when its value is `value` (an id used again since points elsewhere: kept). */
  deleteIf(key: string, value: number): boolean {
    if (this.map === undefined) {
      const i = this.find(key, hashKey(key));
      if (i >= 0) {
        if (this.vals[i] !== value) return false;
        this.removeAt(i);
        return true;
      }
    }
    const map = this.map as Map<string, number>;
    if (map.get(key) !== value) return false;
    map.delete(key);
    return true;
  }

  private removeAt(at: number): void {
    const hashes = this.hashes;
    const vals = this.vals;
    const mask = this.mask;
    // Backward shift: later entries of the probe run move into the hole when their home allows it.
    let hole = at;
    let j = (at + 1) & mask;
    for (;;) {
      const v = vals[j] as number;
      if (v === EMPTY) break;
      const h = hashes[j] as number;
      const home = h & mask;
      // The entry at j may fill the hole if its home is not cyclically in (hole, j].
      const movable = hole <= j ? home <= hole || home > j : home <= hole && home > j;
      if (movable) {
        hashes[hole] = h;
        vals[hole] = v;
        hole = j;
      }
      j = (j + 1) & mask;
    }
    vals[hole] = EMPTY;
    this.count--;
    // After a burst the window's ids leave and the table would keep its peak size (8M slots, 96 MB,
    // after 3M ids): at an eighth full it halves, to a quarter full, so a shrink and the next grow (at
    // half full) are a doubling of the entries apart and the rehashing stays amortized O(1) per id.
    if (this.count * 8 < vals.length && vals.length > this.minSlots) this.resize(vals.length / 2);
  }

  /** A copy that later changes of this one do not touch, resolving keys through `keyOf`. */
  clone(keyOf: (value: number) => string): IdIndex {
    const copy = new IdIndex(keyOf, this.minSlots / 2, this.maxProbe);
    if (this.map !== undefined) {
      copy.map = new Map(this.map);
      return copy;
    }
    copy.hashes = this.hashes.slice();
    copy.vals = this.vals.slice();
    copy.mask = this.mask;
    copy.count = this.count;
    return copy;
  }

  /** Rehashes into `n` slots (a power of two holding the entries at most half full). */
  private resize(n: number): void {
    const oldHashes = this.hashes;
    const oldVals = this.vals;
    const hashes = new Int32Array(n);
    const vals = new Float64Array(n).fill(EMPTY);
    const mask = n - 1;
    for (let i = 0; i < oldVals.length; i++) {
      const v = oldVals[i] as number;
      if (v === EMPTY) continue;
      const h = oldHashes[i] as number;
      // Keys are distinct: the first free slot from the home is the place.
      let j = h & mask;
      for (let steps = 0; vals[j] !== EMPTY; steps++) {
        if (steps === this.maxProbe) {
          this.toMap();
          return;
        }
        j = (j + 1) & mask;
      }
      hashes[j] = h;
      vals[j] = v;
    }
    this.hashes = hashes;
    this.vals = vals;
    this.mask = mask;
  }
}
