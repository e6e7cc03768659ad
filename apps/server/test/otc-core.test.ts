// The OTC part through the whole money state (docs/otc.md "Core"):
// - who may move escrow: only the buyer marks paid and cancels (unpaid), only the seller releases (paid),
//   the system cancels only an unpaid order after its deadline, an operator resolves only a paid order;
//   a second release or cancel has no effect;
// - conservation and replay: a seeded session of thousands of random P2P orders (sell-ad and buy-ad
//   orders, payments, releases, buyer cancels, timeouts, appeals resolved both ways, ad resizes and
//   closes, retries and refused moves) keeps every invariant after every step (escrow of each asset ==
//   the open orders, frozen == reserves + deposits), the total of every asset never changes, and replay
//   from empty and from a mid-session snapshot gives the same state hash.
import { describe, expect, it } from 'vitest';
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';

const T0 = 1_700_000_000_000;
let n = 0;
const cmd = (type: string, payload: unknown, actor: string, ts = T0): Command =>
  ({ id: `c${n++}`, type, payload, actor, ts }) as Command;

function setup(): MoneyState {
  const s = new MoneyState(sha256Hex);
  const ok = (c: Command) => expect(s.apply(c).result.ok, c.type).toBe(true);
  ok(cmd('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000' }, 'system'));
  for (const u of ['m', 'b', 'x'])
    ok(cmd('deposit.credit', { userId: u, asset: 'USDT', amount: '1000', ref: `d-${u}` }, 'system'));
  ok(cmd('transfer', { userId: 'm', asset: 'USDT', amount: '800', from: 'spot', to: 'merchant' }, 'm'));
  return s;
}

const run = (s: MoneyState, c: Command): CommandResult => s.apply(c).result;
const errorOf = (r: CommandResult) => (r.ok ? 'ok' : r.error);

describe('OTC escrow rules', () => {
  it('sell ad: reserve -> escrow -> paid -> release to the buyer; nobody else can move it', () => {
    const s = setup();
    expect(
      run(s, cmd('otc.ad.open', { adId: 'a1', userId: 'm', asset: 'USDT', amount: '500' }, 'm')).ok,
    ).toBe(true);
    expect(s.balance('m', 'USDT', 'merchant')).toMatchObject({ available: '300', frozen: '500' });
    const open = {
      orderId: 'o1',
      sellerId: 'm',
      buyerId: 'b',
      asset: 'USDT',
      amount: '100',
      adId: 'a1',
      sellerAccount: 'merchant',
      buyerAccount: 'spot',
      deadline: T0 + 900_000,
    };
    expect(errorOf(run(s, cmd('otc.order.open', open, 'x')))).toBe('OTC_NOT_ALLOWED');
    expect(run(s, cmd('otc.order.open', open, 'b')).ok).toBe(true);
    expect(s.systemBalance('otc_escrow', 'USDT')).toBe('100');
    expect(s.otc.adReserve('a1')).toBe('400');
    // release before payment, by the buyer, by a third user: refused
    expect(errorOf(run(s, cmd('otc.order.release', { orderId: 'o1' }, 'm')))).toBe('OTC_WRONG_STATE');
    expect(errorOf(run(s, cmd('otc.order.paid', { orderId: 'o1' }, 'm')))).toBe('OTC_NOT_ALLOWED');
    expect(errorOf(run(s, cmd('otc.order.paid', { orderId: 'o1' }, 'x')))).toBe('OTC_NOT_ALLOWED');
    expect(run(s, cmd('otc.order.paid', { orderId: 'o1' }, 'b')).ok).toBe(true);
    // after payment the seller cannot take it back: no cancel, no timeout
    expect(errorOf(run(s, cmd('otc.order.cancel', { orderId: 'o1', reason: 'buyer' }, 'm')))).toBe(
      'OTC_NOT_ALLOWED',
    );
    expect(errorOf(run(s, cmd('otc.order.cancel', { orderId: 'o1', reason: 'buyer' }, 'b')))).toBe(
      'OTC_WRONG_STATE',
    );
    expect(
      errorOf(
        run(s, cmd('otc.order.cancel', { orderId: 'o1', reason: 'timeout' }, 'system:otc', T0 + 2_000_000)),
      ),
    ).toBe('OTC_WRONG_STATE');
    expect(errorOf(run(s, cmd('otc.order.release', { orderId: 'o1' }, 'b')))).toBe('OTC_NOT_ALLOWED');
    expect(errorOf(run(s, cmd('otc.order.resolve', { orderId: 'o1', to: 'seller' }, 'm')))).toBe(
      'OTC_NOT_ALLOWED',
    );
    expect(run(s, cmd('otc.order.release', { orderId: 'o1' }, 'm')).ok).toBe(true);
    expect(s.balance('b', 'USDT', 'spot').available).toBe('1100');
    expect(s.systemBalance('otc_escrow', 'USDT')).toBe('0');
    // double release: no effect
    expect(errorOf(run(s, cmd('otc.order.release', { orderId: 'o1' }, 'm')))).toBe('OTC_ORDER_NOT_FOUND');
    expect(s.balance('b', 'USDT', 'spot').available).toBe('1100');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('buy ad: the user sells from spot; timeout only after the deadline returns the escrow', () => {
    const s = setup();
    const open = {
      orderId: 'o2',
      sellerId: 'b',
      buyerId: 'm',
      asset: 'USDT',
      amount: '250',
      sellerAccount: 'spot',
      buyerAccount: 'merchant',
      deadline: T0 + 60_000,
    };
    expect(run(s, cmd('otc.order.open', open, 'b')).ok).toBe(true);
    expect(s.balance('b', 'USDT', 'spot').available).toBe('750');
    expect(
      errorOf(
        run(s, cmd('otc.order.cancel', { orderId: 'o2', reason: 'timeout' }, 'system:otc', T0 + 59_999)),
      ),
    ).toBe('OTC_NOT_DUE');
    expect(
      errorOf(run(s, cmd('otc.order.cancel', { orderId: 'o2', reason: 'timeout' }, 'b', T0 + 60_000))),
    ).toBe('OTC_NOT_ALLOWED');
    expect(
      run(s, cmd('otc.order.cancel', { orderId: 'o2', reason: 'timeout' }, 'system:otc', T0 + 60_000)).ok,
    ).toBe(true);
    expect(s.balance('b', 'USDT', 'spot').available).toBe('1000');
    expect(
      errorOf(
        run(s, cmd('otc.order.cancel', { orderId: 'o2', reason: 'timeout' }, 'system:otc', T0 + 60_001)),
      ),
    ).toBe('OTC_ORDER_NOT_FOUND');
    expect(s.balance('b', 'USDT', 'spot').available).toBe('1000');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('appeal resolution by an operator, both ways; a cancel returns to the open ad', () => {
    const s = setup();
    run(s, cmd('otc.ad.open', { adId: 'a1', userId: 'm', asset: 'USDT', amount: '500' }, 'm'));
    const base = {
      sellerId: 'm',
      buyerId: 'b',
      asset: 'USDT',
      amount: '100',
      adId: 'a1',
      sellerAccount: 'merchant',
      buyerAccount: 'spot',
      deadline: T0 + 900_000,
    };
    for (const id of ['p1', 'p2', 'p3'])
      expect(run(s, cmd('otc.order.open', { ...base, orderId: id }, 'b')).ok).toBe(true);
    expect(errorOf(run(s, cmd('otc.order.resolve', { orderId: 'p1', to: 'buyer' }, 'op:1')))).toBe(
      'OTC_WRONG_STATE',
    );
    run(s, cmd('otc.order.paid', { orderId: 'p1' }, 'b'));
    run(s, cmd('otc.order.paid', { orderId: 'p2' }, 'b'));
    expect(run(s, cmd('otc.order.resolve', { orderId: 'p1', to: 'buyer' }, 'op:1')).ok).toBe(true);
    expect(run(s, cmd('otc.order.resolve', { orderId: 'p2', to: 'seller' }, 'op:1')).ok).toBe(true);
    expect(s.otc.adReserve('a1')).toBe('300');
    expect(run(s, cmd('otc.order.cancel', { orderId: 'p3', reason: 'buyer' }, 'b')).ok).toBe(true);
    expect(s.otc.adReserve('a1')).toBe('400');
    expect(run(s, cmd('otc.ad.close', { adId: 'a1' }, 'm')).ok).toBe(true);
    expect(s.balance('m', 'USDT', 'merchant')).toMatchObject({ available: '700', frozen: '0' });
    expect(s.balance('b', 'USDT', 'spot').available).toBe('1100');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('merchant deposit is frozen on the merchant account and returned once', () => {
    const s = setup();
    expect(run(s, cmd('otc.deposit', { userId: 'x', asset: 'USDT', amount: '200' }, 'x')).ok).toBe(true);
    expect(s.balance('x', 'USDT', 'merchant')).toMatchObject({ available: '0', frozen: '200' });
    expect(errorOf(run(s, cmd('otc.deposit', { userId: 'x', asset: 'USDT', amount: '1' }, 'x')))).toBe(
      'OTC_EXISTS',
    );
    expect(s.invariantViolations()).toEqual([]);
    expect(run(s, cmd('otc.deposit.return', { userId: 'x', asset: 'USDT' }, 'op:1')).ok).toBe(true);
    expect(errorOf(run(s, cmd('otc.deposit.return', { userId: 'x', asset: 'USDT' }, 'op:1')))).toBe(
      'OTC_ORDER_NOT_FOUND',
    );
    expect(s.balance('x', 'USDT', 'spot').available).toBe('1000');
    expect(s.invariantViolations()).toEqual([]);
  });
});

/** A small seeded generator (mulberry32): the session is the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('OTC conservation and replay over thousands of random orders', () => {
  it('keeps every invariant, the totals, and replays to the same hash', () => {
    const rand = rng(15);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const merchants = ['m1', 'm2', 'm3'];
    const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
    const journal: Command[] = [];
    const seqs: number[] = [];
    const s = new MoneyState(sha256Hex);
    let ts = T0;
    let id = 0;
    const submit = (type: string, payload: unknown, actor: string): CommandResult => {
      const c = { id: `r${id++}`, type, payload, actor, ts } as Command;
      journal.push(c);
      const out = s.apply(c).result;
      seqs.push(out.seq);
      return out;
    };
    submit('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000' }, 'system');
    for (const u of [...merchants, ...users])
      for (const asset of ['USDT', 'BTC'])
        submit('deposit.credit', { userId: u, asset, amount: '100000', ref: `d-${u}-${asset}` }, 'system');
    for (const m of merchants) {
      submit('transfer', { userId: m, asset: 'USDT', amount: '60000', from: 'spot', to: 'merchant' }, m);
      submit('transfer', { userId: m, asset: 'BTC', amount: '60000', from: 'spot', to: 'merchant' }, m);
      submit('otc.deposit', { userId: m, asset: 'USDT', amount: '1000' }, m);
    }
    const total = (asset: string) => {
      let sum = 0n;
      for (const a of s.userAccounts()) if (a.asset === asset) sum += a.available + a.frozen;
      for (const x of s.systemAccounts()) if (x.asset === asset && x.name === 'otc_escrow') sum += x.balance;
      return sum;
    };
    const totals = { USDT: total('USDT'), BTC: total('BTC') };
    const ads: { adId: string; m: string; asset: string }[] = [];
    const orders: { id: string; seller: string; buyer: string; deadline: number }[] = [];
    const counts = { opened: 0, released: 0, cancelled: 0, timeouts: 0, appeals: 0, refused: 0 };
    let snapshotAt: { seq: number; data: string } | undefined;
    const STEPS = 6000;
    for (let step = 0; step < STEPS; step++) {
      ts += Math.floor(rand() * 20_000);
      const r = rand();
      let res: CommandResult | undefined;
      if (r < 0.06 || ads.length === 0) {
        const m = pick(merchants);
        const asset = pick(['USDT', 'BTC']);
        const adId = `ad${step}`;
        res = submit(
          'otc.ad.open',
          { adId, userId: m, asset, amount: String(1 + Math.floor(rand() * 3000)) },
          m,
        );
        if (res.ok) ads.push({ adId, m, asset });
      } else if (r < 0.08) {
        const ad = pick(ads);
        res = submit('otc.ad.resize', { adId: ad.adId, amount: String(Math.floor(rand() * 2000)) }, ad.m);
      } else if (r < 0.1) {
        const i = Math.floor(rand() * ads.length);
        const ad = ads[i] as (typeof ads)[number];
        res = submit('otc.ad.close', { adId: ad.adId }, ad.m);
        if (res.ok) ads.splice(i, 1);
      } else if (r < 0.35) {
        const orderId = `o${step}`;
        const amount = `${1 + Math.floor(rand() * 400)}.${Math.floor(rand() * 100)}`
          .replace(/\.0$/, '')
          .replace(/(\.\d)0$/, '$1');
        const deadline = ts + 60_000 + Math.floor(rand() * 600_000);
        if (rand() < 0.6) {
          const ad = pick(ads);
          const buyer = pick(users);
          res = submit(
            'otc.order.open',
            {
              orderId,
              sellerId: ad.m,
              buyerId: buyer,
              asset: ad.asset,
              amount,
              adId: ad.adId,
              sellerAccount: 'merchant',
              buyerAccount: 'spot',
              deadline,
            },
            buyer,
          );
          if (res.ok) orders.push({ id: orderId, seller: ad.m, buyer, deadline });
        } else {
          const seller = pick(users);
          const buyer = pick(merchants);
          res = submit(
            'otc.order.open',
            {
              orderId,
              sellerId: seller,
              buyerId: buyer,
              asset: pick(['USDT', 'BTC']),
              amount,
              sellerAccount: 'spot',
              buyerAccount: 'merchant',
              deadline,
            },
            seller,
          );
          if (res.ok) orders.push({ id: orderId, seller, buyer, deadline });
        }
        if (res.ok) counts.opened++;
      } else if (orders.length > 0) {
        const i = Math.floor(rand() * orders.length);
        const o = orders[i] as (typeof orders)[number];
        const intruder = pick([...users, ...merchants].filter((u) => u !== o.buyer && u !== o.seller));
        const a = rand();
        if (a < 0.3) res = submit('otc.order.paid', { orderId: o.id }, rand() < 0.9 ? o.buyer : intruder);
        else if (a < 0.5)
          res = submit('otc.order.release', { orderId: o.id }, pick([o.seller, o.seller, o.buyer, intruder]));
        else if (a < 0.6)
          res = submit('otc.order.cancel', { orderId: o.id, reason: 'buyer' }, pick([o.buyer, o.seller]));
        else if (a < 0.75) {
          ts = Math.max(ts, o.deadline - 30_000 + Math.floor(rand() * 60_000));
          res = submit('otc.order.cancel', { orderId: o.id, reason: 'timeout' }, 'system:otc');
          if (res.ok) counts.timeouts++;
        } else if (a < 0.85) {
          res = submit(
            'otc.order.resolve',
            { orderId: o.id, to: rand() < 0.5 ? 'buyer' : 'seller' },
            rand() < 0.9 ? 'op:7' : o.seller,
          );
          if (res.ok) counts.appeals++;
        } else {
          // a retry of an earlier command: the first result, nothing applied again
          const prev = journal[Math.max(0, journal.length - 1 - Math.floor(rand() * 20))] as Command;
          const again = s.apply({ ...prev, ts }).result;
          expect(again.seq).toBe(s.resultOf(prev.id)?.seq);
        }
        if (res?.ok && !s.otc.order(o.id)) {
          orders.splice(i, 1);
          if (res.reply?.outcome === 'released') counts.released++;
          else counts.cancelled++;
        }
      }
      if (res !== undefined && !res.ok) counts.refused++;
      expect(s.invariantViolations()).toEqual([]);
      for (const asset of ['USDT', 'BTC'] as const) {
        expect(s.systemBalance('otc_escrow', asset)).toBe(s.otc.escrowed(asset));
        if (step % 50 === 0) expect(total(asset)).toBe(totals[asset]);
      }
      if (step === STEPS / 2) snapshotAt = { seq: s.lastSeq(), data: JSON.stringify(s.snapshot()) };
    }
    expect(total('USDT')).toBe(totals.USDT);
    expect(total('BTC')).toBe(totals.BTC);
    expect(counts.opened).toBeGreaterThan(1000);
    expect(counts.released).toBeGreaterThan(100);
    expect(counts.timeouts).toBeGreaterThan(50);
    expect(counts.appeals).toBeGreaterThan(50);
    expect(counts.refused).toBeGreaterThan(100);
    const hash = s.stateHash();
    // replay from empty
    const replay = new MoneyState(sha256Hex);
    for (const c of journal) replay.apply(c);
    expect(replay.stateHash()).toBe(hash);
    // replay from the mid-session snapshot
    if (snapshotAt === undefined) throw new Error('no snapshot');
    const resumed = MoneyState.fromSnapshot(JSON.parse(snapshotAt.data), sha256Hex);
    const seqAt = snapshotAt.seq;
    journal.forEach((c, i) => {
      if ((seqs[i] as number) > seqAt) resumed.apply(c);
    });
    expect(resumed.stateHash()).toBe(hash);
  });
});
