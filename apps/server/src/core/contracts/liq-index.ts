// Positions of one market and side indexed by their liquidation trigger (in ticks), so a mark tick visits
// only the positions it crosses: a sorted array with the next position to cross LAST (longs ascending,
// liquidated at marks <= their key; shorts descending, liquidated at marks >= their key). Insert and
// remove cost a binary search and one move; a tick that crosses k positions pops k entries.

export class LiqIndex {
  private keys: number[] = [];
  private ids: number[] = [];

  /** longs: true (the highest key is crossed first). */
  constructor(private readonly longs: boolean) {}

  get size(): number {
    return this.keys.length;
  }

  /** Position of (key, id) in the order (before = crossed later). */
  private position(key: number, id: number): number {
    let lo = 0;
    let hi = this.keys.length;
    const asc = this.longs;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const k = this.keys[mid] as number;
      const before = asc
        ? k < key || (k === key && (this.ids[mid] as number) > id)
        : k > key || (k === key && (this.ids[mid] as number) > id);
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(key: number, id: number): void {
    const at = this.position(key, id);
    this.keys.splice(at, 0, key);
    this.ids.splice(at, 0, id);
  }

  remove(key: number, id: number): void {
    const at = this.position(key, id);
    if (this.ids[at] !== id || this.keys[at] !== key)
      throw new Error(`liquidation index lost position ${id}`);
    this.keys.splice(at, 1);
    this.ids.splice(at, 1);
  }

  /** The id of the next position the mark `ticks` crosses, or -1. */
  crossed(ticks: number): number {
    const n = this.keys.length;
    if (n === 0) return -1;
    const k = this.keys[n - 1] as number;
    return (this.longs ? ticks <= k : ticks >= k) ? (this.ids[n - 1] as number) : -1;
  }

  /** Every entry (tests, views). */
  *entries(): Generator<[number, number]> {
    for (let i = 0; i < this.keys.length; i++) yield [this.keys[i] as number, this.ids[i] as number];
  }
}
