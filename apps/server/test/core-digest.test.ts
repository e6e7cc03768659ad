// The idempotency digest and the id index of the money core (core/command-digest.ts, core/id-index.ts):
// the digest is the same for the same request whatever its key order and differs for another one; the
// index agrees with a Map through random sets, lookups and deletes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@/core/canonical-json';
import { commandDigest } from '@/core/command-digest';
import { hashKey, IdIndex, MAX_PROBE } from '@/core/id-index';

describe('command digest', () => {
  const payload = {
    userId: 'u1',
    symbol: 'btcusdt',
    side: 'buy',
    type: 'limit',
    price: '1.5',
    quantity: '2',
  };

  it('ignores key order and undefined properties, as the canonical JSON does', () => {
    const d = commandDigest('spot.place', 'u1', payload);
    const reordered = {
      quantity: '2',
      price: '1.5',
      type: 'limit',
      side: 'buy',
      symbol: 'btcusdt',
      userId: 'u1',
    };
    expect(commandDigest('spot.place', 'u1', reordered)).toBe(d);
    expect(commandDigest('spot.place', 'u1', { ...payload, clientOrderId: undefined })).toBe(d);
    expect(commandDigest('x', 'u', { a: -0 })).toBe(commandDigest('x', 'u', { a: 0 }));
    expect(Number.isSafeInteger(d) && d >= 0).toBe(true);
  });

  it('tells apart what the canonical JSON tells apart', () => {
    const variants: [unknown, unknown, unknown][] = [
      ['spot.place', 'u1', payload],
      ['spot.cancel', 'u1', payload],
      ['spot.place', 'u2', payload],
      ['spot.place', 'u1', { ...payload, price: '1.50' }],
      ['spot.place', 'u1', { ...payload, price: 1.5 }],
      ['spot.place', 'u1', { ...payload, price: ['1.5'] }],
      ['spot.place', 'u1', { ...payload, price: { v: '1.5' } }],
      ['spot.place', 'u1', { ...payload, price: null }],
      ['spot.place', 'u1', { ...payload, extra: true }],
      ['spot.place', 'u1', { ...payload, extra: false }],
      ['spot.place', undefined, payload],
      ['spot.place', 'u1', { a: 'bc', b: '' }],
      ['spot.place', 'u1', { a: 'b', b: 'c' }],
    ];
    const digests = new Set(variants.map(([t, a, p]) => commandDigest(t, a, p)));
    expect(digests.size).toBe(variants.length);
  });

  it('is equal exactly when the canonical JSON is equal (random JSON values)', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, json, (a, b) => {
        const same = canonicalJson(a) === canonicalJson(b);
        expect(commandDigest('t', 'u', a) === commandDigest('t', 'u', b)).toBe(same);
      }),
      { numRuns: 2000, seed: 11 },
    );
  });
});

describe('id index', () => {
  it('moves into a Map when crafted ids collide, and answers the same', () => {
    // 200 ids with one home in a 512-slot table: their probe run passes MAX_PROBE.
    const keys: string[] = [];
    const home = hashKey('flood:0') & 511;
    for (let i = 0; keys.length < 200; i++)
      if ((hashKey(`flood:${i}`) & 511) === home) keys.push(`flood:${i}`);
    const index = new IdIndex((v) => keys[v] as string, 256);
    keys.forEach((k, v) => {
      index.set(k, v);
    });
    expect(index.degraded).toBe(true);
    expect(index.size).toBe(200);
    keys.forEach((k, v) => {
      expect(index.get(k)).toBe(v);
    });
    expect(index.deleteIf(keys[7] as string, 8)).toBe(false);
    expect(index.deleteIf(keys[7] as string, 7)).toBe(true);
    expect(index.get(keys[7] as string)).toBeUndefined();
    expect(index.clone((v) => keys[v] as string).get(keys[9] as string)).toBe(9);
    expect(MAX_PROBE).toBeLessThan(200);
  });

  it('keeps honest ids in the table (a million order ids, no long probe run)', () => {
    const ids: string[] = [];
    const index = new IdIndex((v) => ids[v] as string);
    for (let i = 0; i < 1_000_000; i++) {
      ids.push(`spot.place:${1000 + (i % 977)}:${i.toString(36)}`);
      index.set(ids[i] as string, i);
    }
    expect(index.degraded).toBe(false);
    expect(index.get(ids[123_456] as string)).toBe(123_456);
    const peak = index.slots;
    // The window passes: all but the last thousand ids leave, oldest first, and the table shrinks
    // with them (it kept its peak size before) while the rest still answer.
    let deleted = 0;
    for (let i = 0; i < 999_000; i++) if (index.deleteIf(ids[i] as string, i)) deleted++;
    expect(deleted).toBe(999_000);
    expect(peak).toBe(2_097_152);
    expect(index.slots).toBeLessThanOrEqual(8192);
    expect(index.size).toBe(1000);
    for (let i = 999_000; i < 1_000_000; i++) expect(index.get(ids[i] as string)).toBe(i);
    expect(index.get(ids[5] as string)).toBeUndefined();
  });

  it('agrees with a Map through sets, overwrites, lookups and deletes, growing from a small table and shrinking back', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('set', 'get', 'del'), fc.integer({ min: 0, max: 300 })), {
          maxLength: 2000,
        }),
        fc.constantFrom(MAX_PROBE, 2),
        (ops, maxProbe) => {
          // The owner's record: value -> key (each value names one key).
          const keyOfValue = new Map<number, string>();
          const index = new IdIndex((v) => keyOfValue.get(v) as string, 4, maxProbe);
          const model = new Map<string, number>();
          let next = 0;
          for (const [op, k] of ops) {
            const key = `cmd:${k}`;
            if (op === 'set') {
              const value = next++;
              keyOfValue.set(value, key);
              index.set(key, value);
              model.set(key, value);
            } else if (op === 'get') {
              expect(index.get(key)).toBe(model.get(key));
            } else {
              const current = model.get(key);
              // Deleting with a stale value keeps the entry.
              expect(index.deleteIf(key, -5)).toBe(false);
              expect(index.deleteIf(key, current ?? 0)).toBe(current !== undefined);
              model.delete(key);
            }
            expect(index.size).toBe(model.size);
          }
          const snapshot = index.clone((v) => keyOfValue.get(v) as string);
          index.set('after', next);
          keyOfValue.set(next, 'after');
          for (const [key, value] of model) expect(snapshot.get(key)).toBe(value);
          expect(snapshot.get('after')).toBeUndefined();
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});
