// Positions of one market and side indexed by their liquidation trigger (in ticks), so a mark tick visits
// only the positions it crosses: a sorted array with the next position to cross LAST (longs ascending,
// liquidated at marks <= their key; shorts descending, liquidated at marks >= their key). Insert and
// remove cost a binary search and one move of the entries after it (typed arrays, no allocation once
// grown); a tick that crosses k positions removes k entries from the end.

export class LiqIndex {
  private keys = new Float64Array(64);
  private ids = new Float64Array(64);
  private len = 0;

  /** longs: true (the highest key is crossed first). */
  constructor(private readonly longs: boolean) {}

  get size(): number {
    return this.len;
  }

  /** Position of (key, id) in the order (before = crossed later). */
  private position(key: number, id: number): number {
    let lo = 0;
    let hi = this.len;
    const asc = this.longs;
    const keys = this.keys;
    const ids = this.ids;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = keys[mid] as number;
      const before = asc
        ? k < key || (k === key && (ids[mid] as number) > id)
        : k > key || (k === key && (ids[mid] as number) > id);
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(key: number, id: number): void {
    if (this.len === this.keys.length) {
      const keys = new Float64Array(this.len * 2);
      keys.set(this.keys);
      this.keys = keys;
      const ids = new Float64Array(this.len * 2);
      ids.set(this.ids);
      this.ids = ids;
    }
    const at = this.position(key, id);
    if (at < this.len) {
      this.keys.copyWithin(at + 1, at, this.len);
      this.ids.copyWithin(at + 1, at, this.len);
    }
    this.keys[at] = key;
    this.ids[at] = id;
    this.len += 1;
  }

  remove(key: number, id: number): void {
    const last = this.len - 1;
    // The common case (a liquidation): the entry is the last one.
    const at = last >= 0 && this.ids[last] === id && this.keys[last] === key ? last : this.position(key, id);
    if (at > last || this.ids[at] !== id || this.keys[at] !== key)
      throw new Error(`liquidation index lost position ${id}`);
    if (at < last) {
      this.keys.copyWithin(at, at + 1, this.len);
      this.ids.copyWithin(at, at + 1, this.len);
    }
    this.len = last;
  }

  /** The id of the next position the mark `ticks` crosses, or -1. */
  crossed(ticks: number): number {
    const n = this.len;
    if (n === 0) return -1;
    const k = this.keys[n - 1] as number;
    return (this.longs ? ticks <= k : ticks >= k) ? (this.ids[n - 1] as number) : -1;
  }

  /** Every entry (tests, views). */
  *entries(): Generator<[number, number]> {
    for (let i = 0; i < this.len; i++) yield [this.keys[i] as number, this.ids[i] as number];
  }
}
