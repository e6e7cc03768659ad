// The matching engine (core/spot/order-book.ts) against a naive reference matcher on random command
// sequences (fast-check): identical fills, self-trade cancellations and books after every step; the book
// is never left crossed; fills plus the remainder always equal the incoming quantity.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdMap } from '@/core/spot/id-map';
import { BUY, OrderBook, SELL, type Side } from '@/core/spot/order-book';

interface RefOrder {
  id: number;
  owner: number;
  side: Side;
  price: number;
  lots: number;
  time: number;
}

/** Price-time priority by brute force: every step scans all resting orders. */
class ReferenceBook {
  orders: RefOrder[] = [];
  private time = 0;

  private bestOpposite(side: Side, limit: number): RefOrder | undefined {
    let best: RefOrder | undefined;
    for (const o of this.orders) {
      if (o.side === side) continue;
      if (side === BUY ? o.price > limit : o.price < limit) continue;
      if (
        best === undefined ||
        (side === BUY ? o.price < best.price : o.price > best.price) ||
        (o.price === best.price && o.time < best.time)
      )
        best = o;
    }
    return best;
  }

  match(side: Side, limit: number, lots: number, owner: number, maxCost = Number.POSITIVE_INFINITY) {
    const fills: [number, number, number, number][] = [];
    const stp: [number, number][] = [];
    let remaining = lots;
    let budget = maxCost;
    while (remaining > 0) {
      const o = this.bestOpposite(side, limit);
      if (o === undefined) break;
      if (o.owner === owner) {
        stp.push([o.id, o.lots]);
        this.orders = this.orders.filter((x) => x !== o);
        continue;
      }
      let q = Math.min(remaining, o.lots);
      if (budget !== Number.POSITIVE_INFINITY) q = Math.min(q, Math.floor(budget / o.price));
      if (q <= 0) break;
      budget -= q * o.price;
      remaining -= q;
      o.lots -= q;
      fills.push([o.id, o.price, q, o.lots]);
      if (o.lots === 0) this.orders = this.orders.filter((x) => x !== o);
    }
    return { remaining, fills, stp };
  }

  rest(id: number, owner: number, side: Side, price: number, lots: number) {
    this.orders.push({ id, owner, side, price, lots, time: this.time++ });
  }

  cancel(id: number): number {
    const o = this.orders.find((x) => x.id === id);
    this.orders = this.orders.filter((x) => x.id !== id);
    return o?.lots ?? 0;
  }

  /** Levels best first, with lots per level; and each order's place in its queue. */
  levels(side: Side): [number, number][] {
    const by = new Map<number, number>();
    for (const o of this.orders) if (o.side === side) by.set(o.price, (by.get(o.price) ?? 0) + o.lots);
    return [...by.entries()].sort((a, b) => (side === BUY ? b[0] - a[0] : a[0] - b[0]));
  }

  queue(side: Side): number[] {
    return this.orders
      .filter((o) => o.side === side)
      .sort((a, b) =>
        a.price === b.price ? a.time - b.time : side === BUY ? b.price - a.price : a.price - b.price,
      )
      .map((o) => o.id);
  }
}

type Op =
  | { kind: 'limit'; side: Side; price: number; lots: number; owner: number; tif: 'GTC' | 'IOC' | 'POST' }
  | { kind: 'market'; side: Side; lots: number; owner: number; budget: number | null }
  | { kind: 'cancel'; pick: number };

const side = fc.constantFrom<Side>(BUY, SELL);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 7,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      side,
      price: fc.integer({ min: 95, max: 105 }),
      lots: fc.integer({ min: 1, max: 30 }),
      owner: fc.integer({ min: 1, max: 4 }),
      tif: fc.constantFrom('GTC' as const, 'GTC' as const, 'IOC' as const, 'POST' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side,
      lots: fc.integer({ min: 1, max: 60 }),
      owner: fc.integer({ min: 1, max: 4 }),
      budget: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

describe('order book against a reference matcher', () => {
  it("a budget that runs out on a maker stops there: no STP of the owner's orders further back", () => {
    // Found by the property below: bids 103 x 2 (owner 2) then 103 x 1 (owner 1); owner 1 sells 2 lots
    // with a budget of 103 (one lot). It fills one lot of the first bid and must not reach its own order.
    const book = new OrderBook(4, 2);
    book.rest(1, 2, BUY, 103, 2);
    book.rest(2, 1, BUY, 103, 1);
    expect(book.match(SELL, 0, 2, 1, 103)).toBe(1);
    expect(book.result.fills).toBe(1);
    expect(book.result.stp).toBe(0);
    expect([...book.orders(BUY)].map((o) => [o.id, o.lots])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('gives identical fills, cancellations and books on random sequences', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 300 }), (ops) => {
        // A small initial capacity makes the pools grow during the run.
        const book = new OrderBook(4, 2);
        const ref = new ReferenceBook();
        let nextId = 1;
        const live = new Set<number>();
        for (const o of ops) {
          if (o.kind === 'cancel') {
            const ids = [...live];
            const id = ids.length === 0 ? 999_999 : (ids[o.pick % ids.length] as number);
            expect(book.cancel(id)).toBe(ref.cancel(id));
            live.delete(id);
          } else if (o.kind === 'limit' && o.tif === 'POST' && book.crosses(o.side, o.price)) {
            // Post-only would take: refused, nothing changes.
            const best = ref.levels(o.side === BUY ? SELL : BUY)[0]?.[0];
            expect(best !== undefined && (o.side === BUY ? best <= o.price : best >= o.price)).toBe(true);
          } else {
            const limit = o.kind === 'limit' ? o.price : o.side === BUY ? Number.POSITIVE_INFINITY : 0;
            const budget = o.kind === 'market' && o.budget !== null ? o.budget : Number.POSITIVE_INFINITY;
            const left = book.match(o.side, limit, o.lots, o.owner, budget);
            const expected = ref.match(o.side, limit, o.lots, o.owner, budget);
            const r = book.result;
            const fills = Array.from({ length: r.fills }, (_, i) => [
              r.makerId[i],
              r.priceTicks[i],
              r.lots[i],
              r.makerLeft[i],
            ]);
            const stp = Array.from({ length: r.stp }, (_, i) => [r.stpId[i], r.stpLots[i]]);
            expect(fills).toEqual(expected.fills);
            expect(stp).toEqual(expected.stp);
            expect(left).toBe(expected.remaining);
            // Fills plus the remainder are the incoming quantity.
            expect(fills.reduce((s, f) => s + (f[2] as number), 0) + left).toBe(o.lots);
            for (let i = 0; i < r.fills; i++) if (r.makerLeft[i] === 0) live.delete(r.makerId[i] as number);
            for (let i = 0; i < r.stp; i++) live.delete(r.stpId[i] as number);
            if (o.kind === 'limit' && o.tif !== 'IOC' && left > 0) {
              const id = nextId++;
              book.rest(id, o.owner, o.side, o.price, left);
              ref.rest(id, o.owner, o.side, o.price, left);
              live.add(id);
            }
          }
          expect(book.depth(BUY, 100)).toEqual(ref.levels(BUY));
          expect(book.depth(SELL, 100)).toEqual(ref.levels(SELL));
          expect([...book.orders(BUY)].map((x) => x.id)).toEqual(ref.queue(BUY));
          expect([...book.orders(SELL)].map((x) => x.id)).toEqual(ref.queue(SELL));
          expect(book.size).toBe(live.size);
          // Never left crossed.
          const bid = book.best(BUY);
          const ask = book.best(SELL);
          if (!Number.isNaN(bid) && !Number.isNaN(ask)) expect(bid).toBeLessThan(ask);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fillable agrees with what a match would fill (FOK pre-check)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            side,
            price: fc.integer({ min: 95, max: 105 }),
            lots: fc.integer({ min: 1, max: 9 }),
            owner: fc.integer({ min: 1, max: 3 }),
          }),
          { maxLength: 40 },
        ),
        side,
        fc.integer({ min: 95, max: 105 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 3 }),
        (resting, s, limit, lots, owner) => {
          const book = new OrderBook();
          let id = 1;
          for (const o of resting) {
            const rest = book.match(o.side, o.price, o.lots, o.owner);
            if (rest > 0) book.rest(id++, o.owner, o.side, o.price, rest);
          }
          const can = book.fillable(s, limit, lots, owner);
          const left = book.match(s, limit, lots, owner);
          expect(can).toBe(left === 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('IdMap (the book id -> slot table)', () => {
  it('behaves like a Map under random sets and deletes, across growth and wrap-around', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.boolean(),
            fc.oneof(fc.integer({ min: 0, max: 64 }), fc.maxSafeNat()),
            fc.integer({ min: 0, max: 1000 }),
          ),
          { maxLength: 400 },
        ),
        (ops) => {
          const map = new IdMap(2);
          const ref = new Map<number, number>();
          for (const [put, id, v] of ops) {
            if (put) {
              map.set(id, v);
              ref.set(id, v);
            } else {
              expect(map.delete(id)).toBe(ref.delete(id));
            }
            expect(map.size).toBe(ref.size);
          }
          for (const [, id] of ops) expect(map.get(id)).toBe(ref.get(id) ?? -1);
          for (const [id, v] of ref) expect(map.get(id)).toBe(v);
          expect(map.get(-1)).toBe(-1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
