// Acceptance test of the depth protocol (Binance design): a seeded random book source, a ws client that
// takes the REST snapshot mid-stream and joins the diff stream with the shared DepthSync, ending with
// exactly the server's book; a lost frame is detected as a gap and repaired by a resync.
import { type DepthDiff, DepthSync } from '@coin/shared/depth-sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DepthBook, type DepthDiffMessage, DepthRegistry, type LevelChange } from '@/realtime/depth-book';
import { createTestApp, type TestContext } from './helpers';
import { baseUrl, openWs, type TestWs } from './realtime-ws-client';

/** mulberry32: a tiny seeded PRNG so a failing run can be replayed. */
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

function randomChanges(rand: () => number): LevelChange[] {
  const n = 1 + Math.floor(rand() * 5);
  return Array.from({ length: n }, () => {
    const side = rand() < 0.5 ? 'bid' : 'ask';
    // Bids 90.00-99.90, asks 100.10-110.00 in 0.1 steps, so the book never crosses.
    const tick = 1 + Math.floor(rand() * 100);
    const price = side === 'bid' ? (100 - tick / 10).toFixed(2) : (100 + tick / 10).toFixed(2);
    const qty = rand() < 0.25 ? '0' : (rand() * 50).toFixed(3);
    return { side, price, qty } as const;
  });
}

let ctx: TestContext;
let http: string;

beforeAll(async () => {
  ctx = await createTestApp({ DEPTH_COALESCE_MS: '20' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  http = baseUrl(ctx.app, 'http');
});
afterAll(async () => ctx.close());

async function snapshot(symbol: string) {
  const res = await fetch(`${http}/api/mjkj-web/coin/open/depth/${symbol}?limit=1000`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    data: { lastUpdateId: number; bids: [string, string][]; asks: [string, string][] };
  };
  return body.data;
}

function diffsOf(client: TestWs, from = 0): DepthDiff[] {
  return client.frames
    .slice(from)
    .filter((f) => f.type === 'DEPTH')
    .map((f) => f.data as DepthDiff);
}

/** Runs the source until stop() and waits for the last coalesced diff to be flushed. */
function drive(book: DepthBook, seed: number, everyMs: number) {
  const rand = prng(seed);
  const timer = setInterval(() => {
    for (let i = 0; i < 3; i += 1) book.apply(randomChanges(rand));
  }, everyMs);
  return () => clearInterval(timer);
}

describe('depth stream + snapshot', () => {
  it('a client joining mid-stream ends with exactly the server book; diffs are contiguous', async () => {
    const symbol = 'BTCUSDT';
    const book = ctx.app.depth.book(symbol);
    const rand = prng(7);
    for (let i = 0; i < 200; i += 1) book.apply(randomChanges(rand));

    const client = await openWs(`${baseUrl(ctx.app)}/ws/depth-a`);
    client.send({ operation: 'subscribe', type: 'DEPTH', symbol: 'btc/usdt' });
    await client.next((f) => f.type === 'ACK' && f.stream === 'DEPTH:BTCUSDT');

    const sync = new DepthSync();
    let consumed = 0;
    const feed = () => {
      const diffs = diffsOf(client).slice(consumed);
      consumed += diffs.length;
      return diffs.map((d) => sync.onDiff(d));
    };
    const stop = drive(book, 42, 3);
    await client.until(() => diffsOf(client).length >= 5);
    expect(feed().every((r) => r === 'buffered')).toBe(true);

    const snap = await snapshot(symbol);
    expect(snap.lastUpdateId).toBeGreaterThan(200);
    expect(sync.onSnapshot(snap)).toBe('live');

    await client.until(() => diffsOf(client).length >= 30, 5000);
    stop();
    const finalId = book.lastUpdateId();
    await client.until(() => diffsOf(client).some((d) => d.u === finalId), 3000);
    const results = feed();
    expect(results).not.toContain('gap');
    expect(results.filter((r) => r === 'applied').length).toBeGreaterThan(10);

    // Server-side continuity over every frame received.
    const all = diffsOf(client);
    for (let i = 1; i < all.length; i += 1) {
      expect(all[i]?.U).toBe((all[i - 1]?.u ?? 0) + 1);
    }

    const server = book.snapshot(10_000);
    expect(sync.lastUpdateId()).toBe(server.lastUpdateId);
    expect(sync.bidLevels()).toEqual(server.bids);
    expect(sync.askLevels()).toEqual(server.asks);
    expect(server.bids.length + server.asks.length).toBeGreaterThan(20);
    client.close();
  });

  it('a lost diff is a gap; the client resyncs from a new snapshot and converges again', async () => {
    const symbol = 'ETHUSDT';
    const book = ctx.app.depth.book(symbol);
    const client = await openWs(`${baseUrl(ctx.app)}/ws/depth-b`);
    client.send({ operation: 'subscribe', type: 'DEPTH', symbol });
    await client.next((f) => f.type === 'ACK');
    const stop = drive(book, 99, 3);

    const sync = new DepthSync();
    expect(sync.onSnapshot(await snapshot(symbol))).toBe('live');
    await client.until(() => diffsOf(client).length >= 8, 5000);
    const diffs = diffsOf(client);
    const results: string[] = [];
    // Frame 4 is "lost".
    for (const [i, d] of diffs.entries()) if (i !== 4) results.push(sync.onDiff(d));
    expect(results).toContain('gap');
    expect(sync.needsSnapshot()).toBe(true);

    // Resync: new snapshot, then everything after what was already fed.
    let fed = diffs.length;
    const resync = sync.onSnapshot(await snapshot(symbol));
    expect(resync).toBe('live');
    await client.until(() => diffsOf(client).length >= fed + 5, 5000);
    stop();
    const finalId = book.lastUpdateId();
    await client.until(() => diffsOf(client).some((d) => d.u === finalId), 3000);
    const rest = diffsOf(client).slice(fed);
    fed += rest.length;
    const after = rest.map((d) => sync.onDiff(d));
    expect(after).not.toContain('gap');
    const server = book.snapshot(10_000);
    expect(sync.lastUpdateId()).toBe(server.lastUpdateId);
    expect(sync.bidLevels()).toEqual(server.bids);
    expect(sync.askLevels()).toEqual(server.asks);
    client.close();
  });

  it('snapshot: unknown symbol is an empty book with lastUpdateId 0; bad input is 400; limit caps levels', async () => {
    const empty = await snapshot('NOPEUSDT');
    expect(empty).toMatchObject({ lastUpdateId: 0, bids: [], asks: [] });
    expect(ctx.app.depth.find('NOPEUSDT')).toBeUndefined();
    const bad = await fetch(`${http}/api/mjkj-web/coin/open/depth/BTC$USDT`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errorCode: string }).errorCode).toBe('VALIDATION_FAILED');
    const badLimit = await fetch(`${http}/api/mjkj-web/coin/open/depth/BTCUSDT?limit=0`);
    expect(badLimit.status).toBe(400);
    const limited = await fetch(`${http}/api/mjkj-web/coin/open/depth/BTCUSDT?limit=3`);
    const body = (await limited.json()) as { data: { bids: unknown[]; asks: unknown[] } };
    expect(body.data.bids.length).toBeLessThanOrEqual(3);
    expect(body.data.asks.length).toBeLessThanOrEqual(3);
  });

  it('DepthBook: apply is one update id per call, coalesces to the last absolute quantity, rejects bad input atomically', () => {
    const book = new DepthBook('XUSDT');
    expect(book.apply([{ side: 'bid', price: '1.50', qty: '2' }])).toBe(1);
    expect(book.apply([{ side: 'bid', price: '1.5', qty: '3' }])).toBe(2);
    expect(book.takeDiff()).toEqual({ symbol: 'XUSDT', U: 1, u: 2, b: [['1.5', '3']], a: [] });
    expect(book.takeDiff()).toBeUndefined();
    expect(() =>
      book.apply([
        { side: 'ask', price: '2', qty: '1' },
        { side: 'ask', price: '-1', qty: '1' },
      ]),
    ).toThrow();
    expect(book.lastUpdateId()).toBe(2);
    expect(book.snapshot(10)).toEqual({ symbol: 'XUSDT', lastUpdateId: 2, bids: [['1.5', '3']], asks: [] });
    book.apply([{ side: 'bid', price: '1.5', qty: '0' }]);
    expect(book.snapshot(10).bids).toEqual([]);
    expect(book.takeDiff()).toEqual({ symbol: 'XUSDT', U: 3, u: 3, b: [['1.5', '0']], a: [] });
  });

  it('DepthBook: the core levels taken as they are give the same books and diffs as apply', () => {
    const rand = prng(0xdeb7);
    const byApply = new DepthBook('XUSDT');
    const byCore = new DepthBook('XUSDT');
    let id = 0;
    for (let step = 0; step < 500; step++) {
      // Canonical text, as the core writes it (no trailing zeros).
      const changes = randomChanges(rand).map((c) => ({
        ...c,
        price: String(Number(c.price)),
        qty: String(Number(c.qty)),
      }));
      id += 1 + Math.floor(rand() * 3);
      byApply.apply(changes, id);
      const levels = (side: 'bid' | 'ask') =>
        changes.filter((c) => c.side === side).map((c) => [c.price, c.qty] as const);
      byCore.applyCanonical(levels('bid'), levels('ask'), id);
      if (step % 37 === 0) expect(byCore.takeDiff()).toEqual(byApply.takeDiff());
    }
    expect(byCore.takeDiff()).toEqual(byApply.takeDiff());
    expect(byCore.snapshot(1000)).toEqual(byApply.snapshot(1000));
    expect(byCore.snapshot(1000).bids.length).toBeGreaterThan(10);
  });

  it('DepthRegistry: one diff per book per window, contiguous ids, books spread over the window, timer stops when idle', () => {
    vi.useFakeTimers();
    try {
      const registry = new DepthRegistry(100);
      const seen: Array<{ at: number; diff: DepthDiffMessage }> = [];
      registry.onDiff((diff) => seen.push({ at: Date.now(), diff }));
      const start = Date.now();
      const a = registry.book('AUSDT');
      const b = registry.book('BUSDT');
      for (let ms = 0; ms < 1000; ms += 5) {
        a.apply([{ side: 'bid', price: '1', qty: String(ms + 1) }]);
        b.apply([{ side: 'ask', price: '2', qty: String(ms + 1) }]);
        vi.advanceTimersByTime(5);
      }
      vi.advanceTimersByTime(200);
      for (const book of [a, b]) {
        const diffs = seen.filter((s) => s.diff.symbol === book.symbol);
        expect(diffs.length).toBeGreaterThanOrEqual(10);
        expect(diffs.length).toBeLessThanOrEqual(11);
        for (let i = 1; i < diffs.length; i += 1) {
          expect(diffs[i]?.diff.U).toBe((diffs[i - 1]?.diff.u ?? 0) + 1);
          expect((diffs[i]?.at ?? 0) - (diffs[i - 1]?.at ?? 0)).toBe(100);
        }
        expect(diffs.at(-1)?.diff.u).toBe(book.lastUpdateId());
      }
      const phaseA = ((seen.find((s) => s.diff.symbol === 'AUSDT')?.at ?? 0) - start) % 100;
      const phaseB = ((seen.find((s) => s.diff.symbol === 'BUSDT')?.at ?? 0) - start) % 100;
      expect(phaseA).not.toBe(phaseB);
      expect(vi.getTimerCount()).toBe(0);
      registry.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
