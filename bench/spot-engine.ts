// The matching engine alone (issue 11): our order book (apps/server/src/core/spot/order-book.ts) against the
// npm package nodejs-order-book on the SAME pre-generated workload, in one run. Figures, not pass/fail
// (DESIGN section 9). Run: cd bench && npx tsx spot-engine.ts
//
// Workload (seeded PRNG, generated once per resting target before any timing): the book is first filled to
// the resting target with passive limit orders (not timed), then BENCH_ENGINE_OPS operations (default 1M):
// ~70 % limit orders near the mid, ~25 % cancels of orders live at that moment, ~5 % market orders. Limit
// orders are passive (resting a few ticks off the mid) or, when the book is above its target, aggressive
// (crossing by a few ticks with a larger size), which keeps the resting count around the target. Every
// order has its own owner, so self-trade prevention never triggers (the peer runs without STP). Prices
// and sizes are integers (ticks, lots) for both engines.
//
// Latency: a second pass over the same workload on a fresh book times every operation alone with
// process.hrtime.bigint() (the timer's own cost, measured and printed, is included in each sample).
import { performance } from 'node:perf_hooks';
import { OrderBook as PeerBook } from 'nodejs-order-book';
import { BUY, OrderBook, SELL, type Side } from '@/core/spot/order-book';

const OPS = Number(process.env.BENCH_ENGINE_OPS ?? 1_000_000);
const TARGETS = (process.env.BENCH_ENGINE_RESTING ?? '10000,50000').split(',').map(Number);
const OURS_RUNS = 3;
const GOAL = { opsAt10k: 1_500_000, ratioAt10k: 10, opsAt50k: 1_000_000, p99Us: 5 } as const;

const LIMIT = 0;
const CANCEL = 1;
const MARKET = 2;
const MID = 1_000_000;

/** mulberry32: small, fast, seeded. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Workload {
  /** Operations [0, prefill) fill the book (not timed); [prefill, length) are measured. */
  prefill: number;
  length: number;
  kind: Uint8Array;
  side: Uint8Array;
  price: Float64Array;
  lots: Float64Array;
  /** Limit orders: the new order's id; cancels: the id to cancel; market orders: unused. */
  id: Float64Array;
  /** The same ids as strings, for the peer (made before timing). */
  idText: string[];
}

/** Generates the workload, tracking live orders with our book (the same rules as the peer). */
function generate(target: number, ops: number, seed: number): Workload {
  const rnd = prng(seed);
  const length = target + ops;
  const w: Workload = {
    prefill: target,
    length,
    kind: new Uint8Array(length),
    side: new Uint8Array(length),
    price: new Float64Array(length),
    lots: new Float64Array(length),
    id: new Float64Array(length),
    idText: new Array<string>(length),
  };
  const book = new OrderBook(target * 2, 4096);
  // Live ids in a dense array with swap-remove (position map), for uniform picks of a live order.
  const live: number[] = [];
  const at = new Map<number, number>();
  const drop = (id: number) => {
    const i = at.get(id);
    if (i === undefined) return;
    const last = live.pop() as number;
    if (last !== id) {
      live[i] = last;
      at.set(last, i);
    }
    at.delete(id);
  };
  const spread = Math.max(20, Math.round(target / 40));
  let nextId = 1;
  for (let i = 0; i < length; i++) {
    let kind: number;
    if (i < target) kind = LIMIT;
    else {
      const r = rnd();
      kind = r < 0.7 ? LIMIT : r < 0.95 ? CANCEL : MARKET;
      if (kind === CANCEL && live.length === 0) kind = LIMIT;
    }
    const side: Side = rnd() < 0.5 ? BUY : SELL;
    w.kind[i] = kind;
    w.side[i] = side;
    if (kind === CANCEL) {
      const id = live[Math.floor(rnd() * live.length)] as number;
      w.id[i] = id;
      w.idText[i] = String(id);
      book.cancel(id);
      drop(id);
      continue;
    }
    let price: number;
    let lots: number;
    if (kind === MARKET) {
      price = side === BUY ? Number.POSITIVE_INFINITY : 0;
      lots = 1 + Math.floor(rnd() * 20);
    } else {
      // Above the target, a limit order is aggressive more often (it takes liquidity); below, passive.
      const excess = (live.length - target) / target;
      const aggressive = i >= target && rnd() < Math.min(0.9, Math.max(0.05, 0.3 + excess * 8));
      const offset = Math.floor(rnd() * rnd() * spread);
      if (aggressive) {
        price = side === BUY ? MID + 1 + (offset % 4) : MID - 1 - (offset % 4);
        lots = 5 + Math.floor(rnd() * 40);
      } else {
        price = side === BUY ? MID - 1 - offset : MID + 1 + offset;
        lots = 1 + Math.floor(rnd() * 10);
      }
      const id = nextId++;
      w.id[i] = id;
      w.idText[i] = String(id);
    }
    w.price[i] = price;
    w.lots[i] = lots;
    const id = w.id[i] as number;
    const left = book.match(side, price, lots, kind === MARKET ? 0 : id);
    const r = book.result;
    for (let f = 0; f < r.fills; f++) if ((r.makerLeft[f] as number) === 0) drop(r.makerId[f] as number);
    if (kind === LIMIT && left > 0) {
      book.rest(id, id, side, price, left);
      at.set(id, live.length);
      live.push(id);
    }
  }
  return w;
}

interface Totals {
  fills: number;
  volume: number;
  cancelled: number;
  resting: number;
}

function runOurs(w: Workload, from: number, to: number, book: OrderBook, t: Totals): void {
  const { kind, side, price, lots, id } = w;
  const r = book.result;
  for (let i = from; i < to; i++) {
    const k = kind[i] as number;
    if (k === CANCEL) {
      if (book.cancel(id[i] as number) > 0) t.cancelled++;
      continue;
    }
    const s = side[i] as Side;
    const q = lots[i] as number;
    const oid = id[i] as number;
    const left = book.match(s, price[i] as number, q, oid);
    t.fills += r.fills;
    t.volume += q - left;
    if (k === LIMIT && left > 0) book.rest(oid, oid, s, price[i] as number, left);
  }
}

function runPeer(w: Workload, from: number, to: number, book: PeerBook, t: Totals): void {
  const { kind, side, price, lots, idText } = w;
  for (let i = from; i < to; i++) {
    const k = kind[i] as number;
    const s = side[i] === BUY ? 'buy' : 'sell';
    if (k === CANCEL) {
      if (book.cancel(idText[i] as string) !== undefined) t.cancelled++;
      continue;
    }
    const size = lots[i] as number;
    const res =
      k === LIMIT
        ? book.limit({ side: s as never, id: idText[i] as string, size, price: price[i] as number })
        : book.market({ side: s as never, size });
    if (res.err !== null) throw new Error(`peer refused op ${i}: ${res.err.message}`);
    const takerId = k === LIMIT ? idText[i] : undefined;
    let makers = 0;
    for (const o of res.done) if (o.id !== takerId) makers++;
    if (res.partial !== null && res.partial.id !== takerId) makers++;
    t.fills += makers;
    t.volume += size - res.quantityLeft;
  }
}

function zero(): Totals {
  return { fills: 0, volume: 0, cancelled: 0, resting: 0 };
}

function hrtimeOverheadNs(): number {
  const n = 100_000;
  const s: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const a = process.hrtime.bigint();
    s[i] = Number(process.hrtime.bigint() - a);
  }
  s.sort((a, b) => a - b);
  return s[n >> 1] as number;
}

function latencies(w: Workload): { p50: number; p99: number; p999: number } {
  const book = new OrderBook(w.prefill * 2, 4096);
  const t = zero();
  runOurs(w, 0, w.prefill, book, t);
  const n = w.length - w.prefill;
  const ns = new Float64Array(n);
  for (let i = w.prefill; i < w.length; i++) {
    const a = process.hrtime.bigint();
    runOurs(w, i, i + 1, book, t);
    ns[i - w.prefill] = Number(process.hrtime.bigint() - a);
  }
  ns.sort();
  const pct = (p: number) => (ns[Math.min(n - 1, Math.floor(n * p))] as number) / 1000;
  return { p50: pct(0.5), p99: pct(0.99), p999: pct(0.999) };
}

function fmt(n: number): string {
  return n.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function profile(target: number): void {
  const w = generate(target, OPS, 0x5eed + target);
  const ops = w.length - w.prefill;
  let limits = 0;
  let cancels = 0;
  for (let i = w.prefill; i < w.length; i++) {
    if (w.kind[i] === LIMIT) limits++;
    else if (w.kind[i] === CANCEL) cancels++;
  }
  console.log(
    `\n~${fmt(target)} resting: ${fmt(ops)} ops after a ${fmt(w.prefill)}-order pre-fill ` +
      `(limit ${((limits / ops) * 100).toFixed(1)} %, cancel ${((cancels / ops) * 100).toFixed(1)} %, ` +
      `market ${(((ops - limits - cancels) / ops) * 100).toFixed(1)} %)`,
  );

  // Ours: a warm-up run, then OURS_RUNS measured runs, each on a fresh book; the best is reported (the
  // machine is shared; one run takes well under a second). The peer runs once (10-20 s).
  runOurs(w, 0, w.length, new OrderBook(target * 2, 4096), zero());
  let ours = new OrderBook(target * 2, 4096);
  let ot = zero();
  let pre = zero();
  let oursMs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < OURS_RUNS; run++) {
    const book = new OrderBook(target * 2, 4096);
    const t = zero();
    runOurs(w, 0, w.prefill, book, t);
    const before = { ...t };
    const s = performance.now();
    runOurs(w, w.prefill, w.length, book, t);
    const ms = performance.now() - s;
    if (ms < oursMs) {
      oursMs = ms;
      ours = book;
      ot = t;
      pre = before;
    }
  }
  ot.resting = ours.size;

  const peer = new PeerBook();
  const pt = zero();
  runPeer(w, 0, w.prefill, peer, pt);
  const peerPre = { ...pt };
  const t0 = performance.now();
  runPeer(w, w.prefill, w.length, peer, pt);
  const peerMs = performance.now() - t0;
  let peerResting = 0;
  for (const side of peer.depth()) for (const [, size] of side) peerResting += size;
  let ourRestingLots = 0;
  for (const s of [BUY, SELL] as const)
    for (const [, l] of ours.depth(s, Number.MAX_SAFE_INTEGER)) ourRestingLots += l;

  const oursRate = (ops / oursMs) * 1000;
  const peerRate = (ops / peerMs) * 1000;
  const lat = latencies(w);
  const same =
    ot.fills - pre.fills === pt.fills - peerPre.fills &&
    ot.volume === pt.volume &&
    ot.cancelled === pt.cancelled &&
    ourRestingLots === peerResting;
  const at10k = target <= 10_000;
  const goalOps = at10k ? GOAL.opsAt10k : GOAL.opsAt50k;
  console.log(
    `  ours  ${fmt(oursRate).padStart(11)} ops/s   (${fmt(ops)} in ${oursMs.toFixed(0)} ms, best of ${OURS_RUNS})`,
  );
  console.log(`  peer  ${fmt(peerRate).padStart(11)} ops/s   (nodejs-order-book, ${peerMs.toFixed(0)} ms)`);
  console.log(
    `  ratio ${(oursRate / peerRate).toFixed(1).padStart(11)} x     goal >= ${fmt(goalOps)} ops/s` +
      `${at10k ? ` and >= ${GOAL.ratioAt10k} x` : ''}: ` +
      `${oursRate >= goalOps && (!at10k || oursRate / peerRate >= GOAL.ratioAt10k) ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  ours per-op latency (every op timed alone with process.hrtime.bigint, timer included): ` +
      `p50 ${lat.p50.toFixed(2)} us, p99 ${lat.p99.toFixed(2)} us, p99.9 ${lat.p999.toFixed(2)} us ` +
      `(goal p99 <= ${GOAL.p99Us} us: ${lat.p99 <= GOAL.p99Us ? 'met' : 'MISSED'})`,
  );
  console.log(
    `  check: fills ours ${fmt(ot.fills - pre.fills)} / peer ${fmt(pt.fills - peerPre.fills)}, ` +
      `traded lots ${fmt(ot.volume)} / ${fmt(pt.volume)}, cancels that hit ${fmt(ot.cancelled)} / ` +
      `${fmt(pt.cancelled)}, resting at the end ${fmt(ot.resting)} orders, ${fmt(ourRestingLots)} / ` +
      `${fmt(peerResting)} lots: ${same ? 'same' : 'DIFFERENT'}`,
  );
}

console.log(
  `spot matching engine: ours vs nodejs-order-book on the same workload (${fmt(OPS)} ops per profile; ` +
    `hrtime.bigint timer cost ~${hrtimeOverheadNs()} ns)`,
);
for (const target of TARGETS) profile(target);
