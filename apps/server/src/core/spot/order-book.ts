// The matching engine's order book: price-time priority on integer ticks and lots, for one market.
// It knows nothing of money or users: orders are (id, owner, side, price in ticks, lots), and matching
// reports fills into reusable buffers. The spot part turns fills into postings; contract books can reuse
// it unchanged.
//
// Performance shape (the engine goals): orders live in struct-of-arrays pools (typed arrays, a
// free list, no allocation per operation once warm); id -> slot is an open-addressing
// table in typed arrays (id-map.ts), so cancel is O(1); each side
// keeps its price levels in a sorted array with the best level LAST, so the best price is O(1), removing
// an emptied best level is a pop, and inserting a level costs a binary search plus a short move near the
// top of the book; nothing depends on the number of orders resting at other levels. A level is a doubly
// linked FIFO of order slots. All numbers are safe integers (ticks, lots, ids, owners); the caller keeps
// them within Number.MAX_SAFE_INTEGER (the spot part bounds lots and prices).
//
// Self-trade prevention: when an incoming order meets a resting order of the same owner, the RESTING
// order is cancelled (reported in the STP buffer) and matching continues.

import { IdMap } from './id-map';

export const BUY = 0;
export const SELL = 1;
export type Side = typeof BUY | typeof SELL;

const NIL = -1;

function grownF64(a: Float64Array<ArrayBuffer>, size: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(size);
  b.set(a);
  return b;
}

function grownI32(a: Int32Array<ArrayBuffer>, size: number, fill = 0): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}

/** The reusable output of one `match` call. Valid until the next call. */
export class MatchResult {
  /** Number of fills. */
  fills = 0;
  makerId = new Float64Array(64);
  makerOwner = new Float64Array(64);
  priceTicks = new Float64Array(64);
  lots = new Float64Array(64);
  /** Lots the maker still has after this fill (0: fully filled and removed). */
  makerLeft = new Float64Array(64);
  /** Resting orders of the taker's own owner cancelled by self-trade prevention. */
  stp = 0;
  stpId = new Float64Array(16);
  stpLots = new Float64Array(16);
  stpPriceTicks = new Float64Array(16);

  reset(): void {
    this.fills = 0;
    this.stp = 0;
  }

  pushFill(id: number, owner: number, price: number, lots: number, left: number): void {
    const i = this.fills;
    if (i === this.makerId.length) {
      const n = i * 2;
      this.makerId = grownF64(this.makerId, n);
      this.makerOwner = grownF64(this.makerOwner, n);
      this.priceTicks = grownF64(this.priceTicks, n);
      this.lots = grownF64(this.lots, n);
      this.makerLeft = grownF64(this.makerLeft, n);
    }
    this.makerId[i] = id;
    this.makerOwner[i] = owner;
    this.priceTicks[i] = price;
    this.lots[i] = lots;
    this.makerLeft[i] = left;
    this.fills = i + 1;
  }

  pushStp(id: number, lots: number, price: number): void {
    const i = this.stp;
    if (i === this.stpId.length) {
      const n = i * 2;
      this.stpId = grownF64(this.stpId, n);
      this.stpLots = grownF64(this.stpLots, n);
      this.stpPriceTicks = grownF64(this.stpPriceTicks, n);
    }
    this.stpId[i] = id;
    this.stpLots[i] = lots;
    this.stpPriceTicks[i] = price;
    this.stp = i + 1;
  }
}

/** One side's levels: level slots sorted by price with the best last. */
class SideLevels {
  idx: Int32Array<ArrayBuffer> = new Int32Array(64);
  len = 0;
  /** Price in ticks -> level slot. */
  readonly byPrice = new IdMap(64);

  /** Ascending prices for bids (best = highest = last); descending for asks (best = lowest = last). */
  constructor(private readonly ascending: boolean) {}

  /** Position where a level of `price` belongs (binary search over level prices). */
  position(price: number, levelPrice: Float64Array): number {
    let lo = 0;
    let hi = this.len;
    const asc = this.ascending;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = levelPrice[this.idx[mid] as number] as number;
      if (asc ? p < price : p > price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(at: number, level: number): void {
    if (this.len === this.idx.length) this.idx = grownI32(this.idx, this.len * 2);
    if (at < this.len) this.idx.copyWithin(at + 1, at, this.len);
    this.idx[at] = level;
    this.len += 1;
  }

  remove(at: number): void {
    if (at < this.len - 1) this.idx.copyWithin(at, at + 1, this.len);
    this.len -= 1;
  }
}

export class OrderBook {
  // ---- order slots ----
  private oId: Float64Array<ArrayBuffer>;
  private oOwner: Float64Array<ArrayBuffer>;
  private oLots: Float64Array<ArrayBuffer>;
  private oNext: Int32Array<ArrayBuffer>;
  private oPrev: Int32Array<ArrayBuffer>;
  private oLevel: Int32Array<ArrayBuffer>;
  private oFree: Int32Array<ArrayBuffer>;
  private oFreeTop = 0;
  private readonly slotOf: IdMap;

  // ---- level slots ----
  private lPrice: Float64Array<ArrayBuffer>;
  private lTotal: Float64Array<ArrayBuffer>;
  private lHead: Int32Array<ArrayBuffer>;
  private lTail: Int32Array<ArrayBuffer>;
  private lCount: Int32Array<ArrayBuffer>;
  private lSide: Int32Array<ArrayBuffer>;
  private lFree: Int32Array<ArrayBuffer>;
  private lFreeTop = 0;

  private readonly sides: [SideLevels, SideLevels] = [new SideLevels(true), new SideLevels(false)];
  readonly result = new MatchResult();

  constructor(capacity = 1024, levelCapacity = 256) {
    this.oId = new Float64Array(capacity);
    this.oOwner = new Float64Array(capacity);
    this.oLots = new Float64Array(capacity);
    this.oNext = new Int32Array(capacity);
    this.oPrev = new Int32Array(capacity);
    this.oLevel = new Int32Array(capacity);
    this.oFree = new Int32Array(capacity);
    for (let i = capacity - 1; i >= 0; i--) this.oFree[this.oFreeTop++] = i;
    this.slotOf = new IdMap(capacity);
    this.lPrice = new Float64Array(levelCapacity);
    this.lTotal = new Float64Array(levelCapacity);
    this.lHead = new Int32Array(levelCapacity);
    this.lTail = new Int32Array(levelCapacity);
    this.lCount = new Int32Array(levelCapacity);
    this.lSide = new Int32Array(levelCapacity);
    this.lFree = new Int32Array(levelCapacity);
    for (let i = levelCapacity - 1; i >= 0; i--) this.lFree[this.lFreeTop++] = i;
  }

  get size(): number {
    return this.slotOf.size;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** Lots still resting for an order, or 0 when it is not in the book. */
  lotsOf(id: number): number {
    const s = this.slotOf.get(id);
    return s < 0 ? 0 : (this.oLots[s] as number);
  }

  /** Best bid (BUY) or best ask (SELL) in ticks, or NaN when that side is empty. */
  best(side: Side): number {
    const levels = this.sides[side];
    return levels.len === 0 ? Number.NaN : (this.lPrice[levels.idx[levels.len - 1] as number] as number);
  }

  /** Total lots resting at a price on one side (0 when there is no level). */
  levelLots(side: Side, priceTicks: number): number {
    const level = this.sides[side].byPrice.get(priceTicks);
    return level < 0 ? 0 : (this.lTotal[level] as number);
  }

  /** The best `n` levels of a side as [priceTicks, lots], best first. */
  depth(side: Side, n: number): [number, number][] {
    const levels = this.sides[side];
    const out: [number, number][] = [];
    for (let i = levels.len - 1; i >= 0 && out.length < n; i--) {
      const l = levels.idx[i] as number;
      out.push([this.lPrice[l] as number, this.lTotal[l] as number]);
    }
    return out;
  }

  /** Whether an order of `side` at `limitTicks` would take liquidity (post-only check). */
  crosses(side: Side, limitTicks: number): boolean {
    const best = this.best(side === BUY ? SELL : BUY);
    if (Number.isNaN(best)) return false;
    return side === BUY ? best <= limitTicks : best >= limitTicks;
  }

  /**
   * Whether `lots` can be filled entirely at `limitTicks` or better, not counting the owner's own resting
   * orders (self-trade prevention would cancel them, not fill them), within `maxCost` (sum of ticks x lots).
   */
  fillable(
    side: Side,
    limitTicks: number,
    lots: number,
    owner: number,
    maxCost = Number.POSITIVE_INFINITY,
  ): boolean {
    const opposite = this.sides[side === BUY ? SELL : BUY];
    let need = lots;
    let budget = maxCost;
    for (let i = opposite.len - 1; i >= 0; i--) {
      const level = opposite.idx[i] as number;
      const price = this.lPrice[level] as number;
      if (side === BUY ? price > limitTicks : price < limitTicks) return false;
      for (let s = this.lHead[level] as number; s !== NIL; s = this.oNext[s] as number) {
        if (this.oOwner[s] === owner) continue;
        let q = Math.min(need, this.oLots[s] as number);
        if (budget !== Number.POSITIVE_INFINITY) q = Math.min(q, Math.floor(budget / price));
        if (q <= 0) return false;
        need -= q;
        budget -= q * price;
        if (need === 0) return true;
      }
    }
    return false;
  }

  /**
   * Matches an incoming order against the opposite side at `limitTicks` or better (use Infinity / 0 for
   * no limit), for up to `lots`, spending at most `maxCost` (sum of ticks x lots, for market buys by
   * quote amount; keep it below 2^52). Fills and STP cancellations go to `this.result`. Returns the lots
   * not filled.
   */
  match(
    side: Side,
    limitTicks: number,
    lots: number,
    owner: number,
    maxCost = Number.POSITIVE_INFINITY,
  ): number {
    const out = this.result;
    out.reset();
    const oppositeSide: Side = side === BUY ? SELL : BUY;
    const opposite = this.sides[oppositeSide];
    let remaining = lots;
    let budget = maxCost;
    const limited = budget !== Number.POSITIVE_INFINITY;
    let stopped = false;
    while (remaining > 0 && opposite.len > 0 && !stopped) {
      const level = opposite.idx[opposite.len - 1] as number;
      const price = this.lPrice[level] as number;
      if (side === BUY ? price > limitTicks : price < limitTicks) break;
      let slot = this.lHead[level] as number;
      while (slot !== NIL && remaining > 0) {
        const next = this.oNext[slot] as number;
        const makerLots = this.oLots[slot] as number;
        if (this.oOwner[slot] === owner) {
          out.pushStp(this.oId[slot] as number, makerLots, price);
          this.unlink(slot, level);
          slot = next;
          continue;
        }
        let q = remaining < makerLots ? remaining : makerLots;
        if (limited) {
          let affordable = Math.floor(budget / price);
          if (affordable * price > budget) affordable -= 1;
          if (affordable < q) q = affordable;
          if (q <= 0) {
            // Not one more lot affordable here, and prices only get worse from here on.
            stopped = true;
            break;
          }
          budget -= q * price;
        }
        remaining -= q;
        const left = makerLots - q;
        out.pushFill(this.oId[slot] as number, this.oOwner[slot] as number, price, q, left);
        if (left === 0) {
          this.unlink(slot, level);
        } else {
          this.oLots[slot] = left;
          this.lTotal[level] = (this.lTotal[level] as number) - q;
          // The maker keeps lots, so the taker is done here: filled, or its budget cannot pay one more lot
          // (it must not go on past this maker, e.g. cancelling its owner's orders further back by STP).
          if (remaining > 0) stopped = true;
          break;
        }
        slot = next;
      }
      // Either the level emptied (and was dropped: the loop reads the next best) or we are done.
    }
    return remaining;
  }

  /** Rests an order at the tail of its price level (time priority). The id must be new. */
  rest(id: number, owner: number, side: Side, priceTicks: number, lots: number): void {
    if (this.oFreeTop === 0) this.growOrders();
    const slot = this.oFree[--this.oFreeTop] as number;
    const levels = this.sides[side];
    let level = levels.byPrice.get(priceTicks);
    if (level < 0) {
      level = this.newLevel(side, priceTicks);
      levels.insert(levels.position(priceTicks, this.lPrice), level);
      levels.byPrice.set(priceTicks, level);
    }
    this.oId[slot] = id;
    this.oOwner[slot] = owner;
    this.oLots[slot] = lots;
    this.oLevel[slot] = level;
    this.oNext[slot] = NIL;
    const tail = this.lTail[level] as number;
    this.oPrev[slot] = tail;
    if (tail === NIL) this.lHead[level] = slot;
    else this.oNext[tail] = slot;
    this.lTail[level] = slot;
    this.lCount[level] = (this.lCount[level] as number) + 1;
    this.lTotal[level] = (this.lTotal[level] as number) + lots;
    this.slotOf.set(id, slot);
  }

  /** Removes an order; returns its remaining lots, or 0 when it is not in the book. */
  cancel(id: number): number {
    const slot = this.slotOf.get(id);
    if (slot < 0) return 0;
    const lots = this.oLots[slot] as number;
    this.unlink(slot, this.oLevel[slot] as number);
    return lots;
  }

  /** Price of a resting order in ticks (NaN when absent). */
  priceOf(id: number): number {
    const slot = this.slotOf.get(id);
    return slot < 0 ? Number.NaN : (this.lPrice[this.oLevel[slot] as number] as number);
  }

  /** Side of a resting order (undefined when absent). */
  sideOf(id: number): Side | undefined {
    const slot = this.slotOf.get(id);
    return slot < 0 ? undefined : (this.lSide[this.oLevel[slot] as number] as Side);
  }

  /** Every resting order of a side, best level first, each level in time priority. */
  *orders(side: Side): Generator<{ id: number; owner: number; priceTicks: number; lots: number }> {
    const levels = this.sides[side];
    for (let i = levels.len - 1; i >= 0; i--) {
      const level = levels.idx[i] as number;
      for (let s = this.lHead[level] as number; s !== NIL; s = this.oNext[s] as number) {
        yield {
          id: this.oId[s] as number,
          owner: this.oOwner[s] as number,
          priceTicks: this.lPrice[level] as number,
          lots: this.oLots[s] as number,
        };
      }
    }
  }

  private unlink(slot: number, level: number): void {
    const prev = this.oPrev[slot] as number;
    const next = this.oNext[slot] as number;
    if (prev === NIL) this.lHead[level] = next;
    else this.oNext[prev] = next;
    if (next === NIL) this.lTail[level] = prev;
    else this.oPrev[next] = prev;
    this.lCount[level] = (this.lCount[level] as number) - 1;
    this.lTotal[level] = (this.lTotal[level] as number) - (this.oLots[slot] as number);
    this.slotOf.delete(this.oId[slot] as number);
    this.oFree[this.oFreeTop++] = slot;
    if (this.lCount[level] === 0) this.dropLevel(level);
  }

  private newLevel(side: Side, price: number): number {
    if (this.lFreeTop === 0) this.growLevels();
    const level = this.lFree[--this.lFreeTop] as number;
    this.lPrice[level] = price;
    this.lTotal[level] = 0;
    this.lHead[level] = NIL;
    this.lTail[level] = NIL;
    this.lCount[level] = 0;
    this.lSide[level] = side;
    return level;
  }

  private dropLevel(level: number): void {
    const side = this.lSide[level] as Side;
    const levels = this.sides[side];
    const price = this.lPrice[level] as number;
    // The emptied level is nearly always the best one (matching), else find it.
    const last = levels.len - 1;
    const at = levels.idx[last] === level ? last : levels.position(price, this.lPrice);
    levels.remove(at);
    levels.byPrice.delete(price);
    this.lFree[this.lFreeTop++] = level;
  }

  private growOrders(): void {
    const old = this.oId.length;
    const n = old * 2;
    this.oId = grownF64(this.oId, n);
    this.oOwner = grownF64(this.oOwner, n);
    this.oLots = grownF64(this.oLots, n);
    this.oNext = grownI32(this.oNext, n);
    this.oPrev = grownI32(this.oPrev, n);
    this.oLevel = grownI32(this.oLevel, n);
    this.oFree = grownI32(this.oFree, n);
    for (let i = n - 1; i >= old; i--) this.oFree[this.oFreeTop++] = i;
  }

  private growLevels(): void {
    const old = this.lPrice.length;
    const n = old * 2;
    this.lPrice = grownF64(this.lPrice, n);
    this.lTotal = grownF64(this.lTotal, n);
    this.lHead = grownI32(this.lHead, n);
    this.lTail = grownI32(this.lTail, n);
    this.lCount = grownI32(this.lCount, n);
    this.lSide = grownI32(this.lSide, n);
    this.lFree = grownI32(this.lFree, n);
    for (let i = n - 1; i >= old; i--) this.lFree[this.lFreeTop++] = i;
  }
}
