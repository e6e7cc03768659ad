// The seconds part of the money core with injected tick streams and exact numbers: win, loss and draw for
// both directions; the tick chosen is the first at or after expiry; void without a tick within the
// tolerance; profit and pool postings; pool cover; refusals that change nothing; snapshot round trips and
// the state hash of a journal without seconds commands.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@/core/canonical-json';
import { MoneyState } from '@/core/money-state';
import {
  SECONDS_SETTLE_TOLERANCE_MS,
  type SecondsOrderEvent,
  type SecondsTick,
} from '@/core/seconds/seconds-types';
import type { Command, CommandResult, CoreEvent } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';

const T0 = 1_700_000_000_000;
let n = 0;
function cmd(type: Command['type'], payload: unknown, ts = T0, actor = 'system'): Command {
  n += 1;
  return { id: `c${n}`, actor, ts, type, payload } as Command;
}

function ok(r: CommandResult): Extract<CommandResult, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got ${r.error}`);
  return r;
}

function errorOf(r: CommandResult): string {
  return r.ok ? 'ok' : r.error;
}

/** An index tick stream for one symbol: tick(time, price). */
function tick(time: number, price: string, symbol = 'btcusdt'): SecondsTick {
  return { id: `${symbol}:${time}`, time, price, sources: ['simulator'] };
}

const PERIOD_30 = {
  periodId: '30s',
  durationSec: 30,
  rate: '0.85',
  minStake: '10',
  maxStake: '1000',
  enabled: true,
  sort: 1,
};

/** USDT (6 decimals), the 30 s period, a pool of 1000 funded from the house account, users with 10000. */
function setup(pool = '1000') {
  const s = new MoneyState(sha256Hex);
  ok(s.apply(cmd('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000' })).result);
  ok(s.apply(cmd('seconds.period', PERIOD_30, T0, 'op:1')).result);
  ok(s.apply(cmd('deposit.credit', { userId: 'house', asset: 'USDT', amount: '100000', ref: 'h' })).result);
  ok(
    s.apply(
      cmd('seconds.pool', { userId: 'house', asset: 'USDT', amount: pool, direction: 'in' }, T0, 'op:1'),
    ).result,
  );
  for (const u of ['a', 'b', 'c']) {
    ok(s.apply(cmd('deposit.credit', { userId: u, asset: 'USDT', amount: '10000', ref: `d-${u}` })).result);
  }
  const place = (
    userId: string,
    direction: 'rise' | 'fall',
    stake: string,
    at: number,
    entry: SecondsTick,
    extra: Record<string, unknown> = {},
  ) =>
    s.apply(
      cmd(
        'seconds.place',
        {
          userId,
          symbol: 'btcusdt',
          direction,
          periodId: '30s',
          stake,
          asset: 'USDT',
          tick: entry,
          ...extra,
        },
        at,
        userId,
      ),
    ).result;
  const settle = (from: number, exit: SecondsTick, at = exit.time + 100) =>
    s.apply(cmd('seconds.settle', { symbol: 'btcusdt', from, tick: exit }, at, 'system:seconds')).result;
  const usdt = (userId: string) => {
    const b = s.balance(userId, 'USDT', 'spot');
    return `${b.available}/${b.frozen}`;
  };
  const pool$ = () => s.systemBalance('seconds_pool', 'USDT');
  return { s, place, settle, usdt, pool: pool$ };
}

function ordersIn(events: readonly CoreEvent[]): SecondsOrderEvent[] {
  return events.filter((e): e is SecondsOrderEvent => e.type === 'seconds.order');
}

function postingsIn(events: readonly CoreEvent[]) {
  const p = events.find((e) => e.type === 'postings');
  if (p?.type !== 'postings') throw new Error('no postings');
  return p.postings.map((x) => [
    x.account.kind === 'user' ? x.account.userId : x.account.name,
    x.field,
    x.delta,
  ]);
}

describe('placing', () => {
  it('freezes the stake, records the entry tick and reserves the payout in the exposure', () => {
    const { s, place, usdt, pool } = setup();
    const entry = tick(T0 + 900, '65000.5');
    const r = ok(place('a', 'rise', '100', T0 + 1000, entry));
    expect(r.reply).toEqual({
      orderId: String(r.seq),
      expiresAt: T0 + 31_000,
      payout: '85',
      entryPrice: '65000.5',
      entryTime: T0 + 900,
      entryTickId: `btcusdt:${T0 + 900}`,
    });
    expect(usdt('a')).toBe('9900/100');
    expect(pool()).toBe('1000');
    expect(s.seconds.exposure('USDT')).toBe('85');
    const [order] = ordersIn(r.events);
    expect(order).toMatchObject({
      status: 'open',
      stake: '100',
      payout: '85',
      entry,
      exit: null,
      profit: '0',
    });
    expect(s.invariantViolations()).toEqual([]);
  });

  it('rounds the payout down to the asset decimals', () => {
    const { s, place } = setup();
    ok(
      s.apply(cmd('seconds.period', { ...PERIOD_30, periodId: 'odd', rate: '0.3333333333' }, T0, 'op:1'))
        .result,
    );
    const r = ok(
      s.apply(
        cmd(
          'seconds.place',
          {
            userId: 'a',
            symbol: 'btcusdt',
            direction: 'rise',
            periodId: 'odd',
            stake: '10',
            asset: 'USDT',
            tick: tick(T0, '1'),
          },
          T0 + 1,
          'a',
        ),
      ).result,
    );
    expect(r.reply?.payout).toBe('3.333333');
    void place;
  });

  it('refuses bad input with its error and changes nothing', () => {
    const { s, place, usdt } = setup();
    const at = T0 + 1000;
    const entry = tick(at - 100, '100');
    const hash = s.stateHash();
    const cases: [string, CommandResult][] = [
      ['INVALID_QUANTITY', place('a', 'rise', '10.5', at, entry)],
      ['PERIOD_UNKNOWN', place('a', 'rise', '10', at, entry, { periodId: '7s' })],
      ['STAKE_OUT_OF_RANGE', place('a', 'rise', '9', at, entry)],
      ['STAKE_OUT_OF_RANGE', place('a', 'rise', '1001', at, entry)],
      ['INVALID_AMOUNT', place('a', 'rise', '-10', at, entry)],
      ['INVALID_AMOUNT', place('a', 'rise', '10.0', at, entry)],
      ['INVALID_COMMAND', place('a', 'up' as 'rise', '10', at, entry)],
      ['PRICE_STALE', place('a', 'rise', '10', at, tick(at - 6000, '100'))],
      ['PRICE_STALE', place('a', 'rise', '10', at, tick(at + 1, '100'))],
      ['INVALID_AMOUNT', place('a', 'rise', '10', at, tick(at, '0'))],
      ['INVALID_COMMAND', place('a', 'rise', '10', at, { ...entry, sources: [] })],
      ['INSUFFICIENT_BALANCE', place('nobody', 'rise', '10', at, entry)],
    ];
    for (const [want, got] of cases) expect(errorOf(got)).toBe(want);
    expect(usdt('a')).toBe('10000/0');
    expect(s.seconds.openCount()).toBe(0);
    // Only the seq, the clock and the idempotency table moved.
    const fresh = setup();
    expect(fresh.s.invariantViolations()).toEqual([]);
    expect(hash).not.toBe(s.stateHash());
    expect(s.invariantViolations()).toEqual([]);
  });

  it('refuses an order the pool cannot cover (pool - exposure < payout)', () => {
    const { s, place, usdt } = setup('100');
    const at = T0 + 1000;
    ok(place('a', 'rise', '100', at, tick(at, '100'))); // payout 85, free 15
    expect(errorOf(place('b', 'fall', '20', at, tick(at, '100')))).toBe('POOL_INSUFFICIENT'); // 17 > 15
    ok(place('b', 'fall', '17', at, tick(at, '100'))); // 14.45 <= 15
    expect(usdt('b')).toBe('9983/17');
    expect(s.seconds.exposure('USDT')).toBe('99.45');
    // And the pool cannot be emptied below the exposure.
    const out = (amount: string) =>
      s.apply(cmd('seconds.pool', { userId: 'house', asset: 'USDT', amount, direction: 'out' }, at, 'op:1'))
        .result;
    expect(errorOf(out('0.56'))).toBe('POOL_INSUFFICIENT');
    ok(out('0.55'));
    expect(s.systemBalance('seconds_pool', 'USDT')).toBe('99.45');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('refuses a disabled period; an open contract keeps its own terms', () => {
    const { s, place, settle, usdt } = setup();
    const at = T0 + 1000;
    ok(place('a', 'rise', '100', at, tick(at, '100')));
    ok(s.apply(cmd('seconds.period', { ...PERIOD_30, rate: '0.5', enabled: false }, at, 'op:1')).result);
    expect(errorOf(place('a', 'rise', '100', at, tick(at, '100')))).toBe('PERIOD_DISABLED');
    ok(settle(at + 30_000, tick(at + 30_000, '101')));
    expect(usdt('a')).toBe('10085/0');
  });
});

describe('settlement on the first tick at or after expiry', () => {
  const at = T0 + 10_000;
  const expiry = at + 30_000;

  for (const [direction, exitPrice, status, balance, pool, profit] of [
    ['rise', '100.01', 'won', '10085/0', '915', '85'],
    ['rise', '99.99', 'lost', '9900/0', '1100', '-100'],
    ['rise', '100', 'draw', '10000/0', '1000', '0'],
    ['fall', '99.99', 'won', '10085/0', '915', '85'],
    ['fall', '100.01', 'lost', '9900/0', '1100', '-100'],
    ['fall', '100', 'draw', '10000/0', '1000', '0'],
  ] as const) {
    it(`${direction}, exit ${exitPrice} against entry 100: ${status}`, () => {
      const { s, place, settle, usdt, pool: poolOf } = setup();
      const placed = ok(place('a', direction, '100', at, tick(at - 300, '100')));
      const exit = tick(expiry + 400, exitPrice);
      const r = ok(settle(expiry - 600, exit));
      const [order] = ordersIn(r.events);
      expect(order).toMatchObject({
        orderId: placed.reply?.orderId,
        status,
        exit,
        profit,
        settledTs: exit.time + 100,
        entry: tick(at - 300, '100'),
      });
      expect(usdt('a')).toBe(balance);
      expect(poolOf()).toBe(pool);
      expect(s.seconds.exposure('USDT')).toBe('0');
      expect(s.seconds.openCount()).toBe(0);
      const postings = postingsIn(r.events);
      if (status === 'won')
        expect(postings).toEqual([
          ['a', 'frozen', '-100'],
          ['a', 'available', '185'],
          ['seconds_pool', 'available', '-85'],
        ]);
      if (status === 'lost')
        expect(postings).toEqual([
          ['a', 'frozen', '-100'],
          ['seconds_pool', 'available', '100'],
        ]);
      if (status === 'draw')
        expect(postings).toEqual([
          ['a', 'frozen', '-100'],
          ['a', 'available', '100'],
        ]);
      expect(s.invariantViolations()).toEqual([]);
    });
  }

  it('a settle covers exactly the contracts expiring in [from, tick.time]', () => {
    const { s, place, settle, usdt } = setup();
    const early = ok(place('a', 'rise', '10', at, tick(at, '100')));
    const later = ok(place('b', 'rise', '10', at + 2000, tick(at + 2000, '100')));
    // Tick at expiry + 1 s: the first at or after a's expiry, but before b's.
    const r = ok(settle(expiry, tick(expiry + 1000, '101')));
    expect(ordersIn(r.events).map((o) => o.orderId)).toEqual([early.reply?.orderId]);
    expect(r.reply).toEqual({ settled: 1, won: 1, lost: 0, draw: 0, voided: 0 });
    expect(s.seconds.openOrdersOf('b').map((o) => o.orderId)).toEqual([later.reply?.orderId]);
    // The next tick is b's first at or after expiry.
    ok(settle(expiry + 1001, tick(expiry + 2000, '99')));
    expect(usdt('a')).toBe('10008.5/0');
    expect(usdt('b')).toBe('9990/0');
    // Nothing left to settle: refused, nothing changes.
    expect(errorOf(settle(expiry, tick(expiry + 3000, '99')))).toBe('NOTHING_TO_SETTLE');
  });

  it('a tick at exactly the expiry is the exit tick', () => {
    const { place, settle, usdt } = setup();
    ok(place('a', 'fall', '10', at, tick(at, '100')));
    ok(settle(expiry, tick(expiry, '99')));
    expect(usdt('a')).toBe('10008.5/0');
  });

  it('a first tick later than the tolerance voids the contract and returns the stake', () => {
    const { s, place, settle, usdt, pool } = setup();
    ok(place('a', 'rise', '100', at, tick(at, '100')));
    ok(place('b', 'rise', '100', at + 3000, tick(at + 3000, '100')));
    // One tick 6 s after a's expiry (beyond the 5 s tolerance), 3 s after b's.
    const r = ok(settle(expiry, tick(expiry + SECONDS_SETTLE_TOLERANCE_MS + 1000, '150')));
    expect(ordersIn(r.events).map((o) => [o.userId, o.status, o.exit?.price ?? null])).toEqual([
      ['a', 'void', null],
      ['b', 'won', '150'],
    ]);
    expect(usdt('a')).toBe('10000/0');
    expect(usdt('b')).toBe('10085/0');
    expect(pool()).toBe('915');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('seconds.void returns the stakes of contracts with no tick in their tolerance', () => {
    const { s, place, usdt } = setup();
    ok(place('a', 'rise', '100', at, tick(at, '100')));
    ok(place('b', 'rise', '100', at + 3000, tick(at + 3000, '100')));
    const voidCmd = (from: number, through: number, ts: number) =>
      s.apply(cmd('seconds.void', { symbol: 'btcusdt', from, through }, ts, 'system:seconds')).result;
    // `through` may not be after the command.
    expect(errorOf(voidCmd(expiry, expiry + 10_000, expiry + 9000))).toBe('INVALID_COMMAND');
    // No tick in [expiry, expiry + 6 s]: only a's window [expiry, expiry + 5 s] lies inside.
    const r = ok(voidCmd(expiry, expiry + 6000, expiry + 7000));
    expect(ordersIn(r.events).map((o) => [o.userId, o.status])).toEqual([['a', 'void']]);
    expect(usdt('a')).toBe('10000/0');
    expect(usdt('b')).toBe('9900/100');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('refuses an exit tick from the future of the command or before `from`', () => {
    const { place, settle } = setup();
    ok(place('a', 'rise', '10', at, tick(at, '100')));
    expect(errorOf(settle(expiry, tick(expiry + 1000, '101'), expiry + 999))).toBe('INVALID_COMMAND');
    expect(errorOf(settle(expiry + 2000, tick(expiry + 1000, '101')))).toBe('INVALID_COMMAND');
  });

  it('sums the postings of many contracts per user account and per pool asset', () => {
    const { s, place, settle, usdt, pool } = setup();
    ok(place('a', 'rise', '10', at, tick(at, '100')));
    ok(place('a', 'fall', '20', at, tick(at, '100')));
    ok(place('b', 'rise', '30', at + 500, tick(at + 500, '100')));
    const r = ok(settle(expiry, tick(expiry + 1000, '101')));
    // a: rise 10 won (+8.5), fall 20 lost; b: rise 30 won (+25.5).
    expect(postingsIn(r.events)).toEqual([
      ['a', 'frozen', '-30'],
      ['a', 'available', '18.5'],
      ['b', 'frozen', '-30'],
      ['b', 'available', '55.5'],
      ['seconds_pool', 'available', '-14'],
    ]);
    expect(usdt('a')).toBe('9988.5/0');
    expect(usdt('b')).toBe('10025.5/0');
    expect(pool()).toBe('986');
    expect(s.invariantViolations()).toEqual([]);
  });
});

describe('snapshot and hash', () => {
  it('a journal without seconds commands has the same hash as before the part existed', () => {
    const s = new MoneyState(sha256Hex);
    ok(s.apply(cmd('deposit.credit', { userId: 'a', asset: 'USDT', amount: '5', ref: 'x' })).result);
    const snap = s.snapshot();
    expect(snap.parts.seconds).toBeUndefined();
    expect(JSON.stringify(snap)).not.toContain('seconds');
    // The hash is the one of the same snapshot without the part's key at all.
    const { seconds: _, ...before } = snap.parts;
    expect(s.stateHash()).toBe(sha256Hex(canonicalJson({ ...snap, parts: before })));
  });

  it('open contracts and periods survive a snapshot round trip; settlement after it is the same', () => {
    const at = T0 + 10_000;
    const { s, place } = setup();
    ok(place('a', 'rise', '100', at, tick(at, '100')));
    ok(place('b', 'fall', '50', at + 1000, tick(at + 1000, '100.5')));
    const copy = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(s.snapshot())), sha256Hex);
    expect(copy.stateHash()).toBe(s.stateHash());
    expect(copy.seconds.exposure('USDT')).toBe('127.5');
    expect(copy.invariantViolations()).toEqual([]);
    const exit = cmd(
      'seconds.settle',
      { symbol: 'btcusdt', from: at + 30_000, tick: tick(at + 32_000, '100.2') },
      at + 32_100,
    );
    const r1 = ok(s.apply(exit).result);
    const r2 = ok(copy.apply(exit).result);
    expect(r2).toEqual(r1);
    expect(copy.stateHash()).toBe(s.stateHash());
    expect(copy.balance('b', 'USDT', 'spot')).toEqual({
      asset: 'USDT',
      accountType: 'spot',
      available: '10042.5',
      frozen: '0',
    });
  });
});
