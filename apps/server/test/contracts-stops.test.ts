// Stop (trigger) orders of the contracts core: a stop rests without a hold, fires on the mark tick that
// crosses it (buy at mark >= trigger, sell at mark <= trigger) by placing its order through the book,
// cancelled stops never fire, refusals change nothing; a property test over random order flow, stops and
// mark paths (every stop a tick crosses fires at that tick, exactly once; the others stay; conservation
// and invariants after every command; journal replay and snapshot round trip to the same state hash).
import { describe, expect, it } from 'vitest';
import type { ContractMarketConfig } from '@/core/contracts/contract-types';
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult, CoreEvent } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';

const LINEAR: ContractMarketConfig = {
  symbol: 'btcusdt',
  kind: 'linear',
  base: 'BTC',
  quote: 'USDT',
  priceDecimals: 1,
  qtyDecimals: 0,
  contractSize: '0.001',
  minQty: '1',
  maxLeverage: 100,
  tiers: [
    { maxNotional: '50000', mmr: '0.005', maxLeverage: 100 },
    { maxNotional: '1000000', mmr: '0.01', maxLeverage: 50 },
  ],
  makerFeeRate: '0.0002',
  takerFeeRate: '0.0005',
  marketProtection: '0.05',
  markBand: '0.005',
  fundingIntervalMs: 8 * 3600_000,
  fundingCap: '0.0075',
  interestRate: '0.0001',
  status: 'trading',
};

const T0 = 1_700_000_000_000;
let n = 0;

class World {
  s = new MoneyState(sha256Hex);
  log: Command[] = [];
  ts = T0;
  apply(type: string, payload: unknown): CommandResult {
    n += 1;
    const c = { id: `s${n}`, actor: 'system', ts: this.ts, type, payload } as Command;
    this.log.push(c);
    const r = this.s.apply(c).result;
    expect(this.s.invariantViolations()).toEqual([]);
    return r;
  }
  constructor(users: string[], amount = '10000') {
    ok(this.apply('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000' }));
    ok(this.apply('contract.market', LINEAR));
    for (const u of users) {
      ok(this.apply('deposit.credit', { userId: u, asset: 'USDT', amount, ref: `d-${u}` }));
      ok(this.apply('transfer', { userId: u, asset: 'USDT', amount, from: 'spot', to: 'contract' }));
    }
  }
  tick(price: string) {
    this.ts += 1000;
    return ok(
      this.apply('contract.tick', {
        symbol: 'btcusdt',
        tick: { id: `btcusdt:${this.ts}`, time: this.ts, price, sources: ['simulator'] },
      }),
    );
  }
  stop(
    userId: string,
    direction: number,
    type: 'limit' | 'market',
    quantity: string,
    trigger: string,
    price?: string,
  ) {
    return this.apply('contract.place', {
      userId,
      symbol: 'btcusdt',
      direction,
      type,
      quantity,
      triggerPrice: trigger,
      ...(price ? { price } : {}),
    });
  }
  stops(u: string) {
    return this.s.contracts.openOrdersOf(u, 'btcusdt').filter((o) => o.type === 'trigger');
  }
}

function ok(r: CommandResult): Extract<CommandResult, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got ${r.error}`);
  return r;
}
const errorOf = (r: CommandResult) => (r.ok ? 'ok' : r.error);
const orderEvents = (events: CoreEvent[], id: string) =>
  events.filter((e) => e.type === 'contract.order' && e.orderId === id) as Extract<
    CoreEvent,
    { type: 'contract.order' }
  >[];

describe('contract stop orders', () => {
  it('rest without a hold, are listed as trigger orders, fire on the crossing tick through the book', () => {
    const w = new World(['a', 'b']);
    w.tick('50000');
    const before = w.s.balance('a', 'USDT', 'contract');
    // a: buy stop market at 50500 (opens a long when the price rises there)
    const placed = ok(w.stop('a', 1, 'market', '10', '50500'));
    const id = String(placed.reply?.orderId);
    expect(w.s.balance('a', 'USDT', 'contract')).toEqual(before);
    expect(w.stops('a')).toMatchObject([
      {
        orderId: id,
        type: 'trigger',
        triggerPrice: '50500',
        triggerType: 'market',
        quantity: '10',
        hold: '0',
      },
    ]);
    // b rests a sell above; a tick below the trigger leaves the stop alone
    ok(
      w.apply('contract.place', {
        userId: 'b',
        symbol: 'btcusdt',
        direction: 2,
        type: 'limit',
        quantity: '10',
        price: '50600',
      }),
    );
    expect(w.tick('50400').reply?.triggered).toBeUndefined();
    expect(w.stops('a')).toHaveLength(1);
    // the tick that crosses: the stop places its market order, which fills against b at 50600
    const t = w.tick('50500');
    expect(t.reply?.triggered).toBe(1);
    const ev = orderEvents(t.events, id);
    expect(ev).toMatchObject([{ orderType: 'market', status: 'filled', filledQty: '10' }]);
    expect(w.stops('a')).toEqual([]);
    expect(w.s.contracts.positionsOf('a', 'btcusdt')).toMatchObject([
      { side: 'long', qty: '10', avgPrice: '50600' },
    ]);
    // a sell stop limit closing the long, then cancelled by its owner: it never fires
    const close = ok(w.stop('a', 3, 'limit', '10', '50000', '49900'));
    const cid = String(close.reply?.orderId);
    expect(errorOf(w.apply('contract.cancel', { userId: 'b', symbol: 'btcusdt', orderId: cid }))).toBe(
      'ORDER_NOT_FOUND',
    );
    const c = ok(w.apply('contract.cancel', { userId: 'a', symbol: 'btcusdt', orderId: cid }));
    expect(orderEvents(c.events, cid)).toMatchObject([{ orderType: 'trigger', status: 'cancelled' }]);
    const t2 = w.tick('49000');
    expect(orderEvents(t2.events, cid)).toEqual([]);
  });

  it('refuses bad stops with nothing changed', () => {
    const w = new World(['a']);
    // no mark yet
    expect(errorOf(w.stop('a', 1, 'market', '1', '50500'))).toBe('PRICE_STALE');
    w.tick('50000');
    const view = () => [
      w.s.balance('a', 'USDT', 'contract'),
      w.s.contracts.openOrdersOf('a'),
      w.s.contracts.positionsOf('a'),
    ];
    const before = view();
    const contractsBefore = w.s.contracts.snapshot();
    const refuse = (r: CommandResult, error: string) => {
      expect(errorOf(r)).toBe(error);
    };
    refuse(w.stop('a', 1, 'market', '1', '49000'), 'TRIGGER_WRONG_SIDE'); // buy below the mark: fires at once
    refuse(w.stop('a', 1, 'market', '1', '50000'), 'TRIGGER_WRONG_SIDE'); // at the mark
    refuse(w.stop('a', 2, 'market', '1', '51000'), 'TRIGGER_WRONG_SIDE'); // sell above the mark
    refuse(w.stop('a', 3, 'market', '1', '49000'), 'REDUCE_ONLY_WOULD_OPEN'); // close without a position
    refuse(w.stop('a', 1, 'market', '1', '50500', '50000'), 'INVALID_PRICE'); // market with a price
    refuse(w.stop('a', 1, 'limit', '1', 'abc', '50000'), 'INVALID_AMOUNT'); // not a decimal
    refuse(w.stop('a', 1, 'limit', '1', '50500.05', '50000'), 'INVALID_PRICE'); // off the tick
    expect(w.stops('a')).toEqual([]);
    // the refused commands change nothing: same balances, orders and positions
    expect(view()).toEqual(before);
    expect(w.s.balance('a', 'USDT', 'contract')).toMatchObject({ available: '10000', frozen: '0' });
    expect(w.s.contracts.snapshot()).toEqual(contractsBefore);
  });

  it('a stop whose order is refused when it fires is cancelled, the tick goes on', () => {
    const w = new World(['a', 'b'], '100');
    w.tick('50000');
    // 1,000 contracts of 0.001 BTC at 10x need ~5,000 USDT of margin: a has 100
    const s = ok(w.stop('a', 1, 'limit', '1000', '50500', '50500'));
    const id = String(s.reply?.orderId);
    const t = w.tick('50600');
    expect(t.reply?.triggered).toBe(1);
    expect(orderEvents(t.events, id)).toMatchObject([{ orderType: 'trigger', status: 'cancelled' }]);
    expect(w.stops('a')).toEqual([]);
  });
});

describe('contract stop orders and the leverage and margin mode', () => {
  const lev = (w: World, userId: string, leverage: number, mode: 'isolated' | 'cross') =>
    w.apply('contract.leverage', { userId, symbol: 'btcusdt', leverage, mode });
  const sell = (w: World, userId: string, quantity: string, price: string) =>
    ok(
      w.apply('contract.place', { userId, symbol: 'btcusdt', direction: 2, type: 'limit', quantity, price }),
    );

  it('a stop opens with the leverage set when it fires, not when it was placed', () => {
    const w = new World(['a', 'b']);
    w.tick('50000');
    // placed at the default 10x, then the leverage goes to 5x while it rests
    const id = String(ok(w.stop('a', 1, 'market', '10', '50500')).reply?.orderId);
    ok(lev(w, 'a', 5, 'isolated'));
    expect(w.stops('a')).toMatchObject([{ orderId: id, leverage: 5, hold: '0' }]);
    sell(w, 'b', '10', '50600');
    const t = w.tick('50500');
    expect(t.reply?.triggered).toBe(1);
    // 10 contracts of 0.001 BTC at 50,600 = 506 USDT: margin 506 / 5 = 101.2, taker fee 0.05 % = 0.253
    expect(orderEvents(t.events, id)).toMatchObject([
      {
        orderType: 'market',
        status: 'filled',
        filledQty: '10',
        filledValue: '506',
        fee: '0.253',
        leverage: 5,
      },
    ]);
    expect(w.s.contracts.positionsOf('a', 'btcusdt')).toMatchObject([
      { side: 'long', mode: 'isolated', leverage: 5, qty: '10', entryValue: '506', margin: '101.2' },
    ]);
    expect(w.s.balance('a', 'USDT', 'contract')).toMatchObject({ available: '9898.547', frozen: '101.2' });
  });

  it('the margin mode cannot change while a stop rests; after its cancel it can, and the stop opens cross', () => {
    const w = new World(['a', 'b']);
    w.tick('50000');
    const first = String(ok(w.stop('a', 1, 'market', '10', '50500')).reply?.orderId);
    const before = [w.s.contracts.snapshot(), w.s.balance('a', 'USDT', 'contract')];
    // a stop is an open order: the mode is locked (the leverage is not)
    expect(errorOf(lev(w, 'a', 10, 'cross'))).toBe('MODE_LOCKED');
    expect([w.s.contracts.snapshot(), w.s.balance('a', 'USDT', 'contract')]).toEqual(before);
    ok(w.apply('contract.cancel', { userId: 'a', symbol: 'btcusdt', orderId: first }));
    ok(lev(w, 'a', 20, 'cross'));
    const id = String(ok(w.stop('a', 1, 'market', '10', '50500')).reply?.orderId);
    expect(errorOf(lev(w, 'a', 20, 'isolated'))).toBe('MODE_LOCKED');
    sell(w, 'b', '10', '50600');
    const t = w.tick('50500');
    expect(t.reply?.triggered).toBe(1);
    // 506 USDT at 20x: margin 25.3, fee 0.253
    expect(orderEvents(t.events, id)).toMatchObject([{ status: 'filled', leverage: 20, fee: '0.253' }]);
    expect(w.s.contracts.positionsOf('a', 'btcusdt')).toMatchObject([
      { side: 'long', mode: 'cross', leverage: 20, qty: '10', entryValue: '506', margin: '25.3' },
    ]);
    expect(w.s.balance('a', 'USDT', 'contract')).toMatchObject({ available: '9974.447', frozen: '25.3' });
    // with the position open the mode stays locked, as before
    expect(errorOf(lev(w, 'a', 20, 'isolated'))).toBe('MODE_LOCKED');
  });
});

describe('contract stop orders: properties over random flow and mark paths', () => {
  it('every stop a tick crosses fires at that tick exactly once, cancelled ones never; replays', () => {
    let seed = 11;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const users = ['u1', 'u2', 'u3', 'u4', 'mm'];
    const w = new World(users, '5000');
    ok(w.apply('contract.insurance', { userId: 'mm', asset: 'USDT', amount: '100' }));
    let index = 50000;
    let mark = Number(w.tick(String(index)).reply?.mark);
    const cancelled = new Set<string>();
    const fired = new Set<string>();
    let placedStops = 0;
    let firedCount = 0;
    for (let step = 0; step < 500; step++) {
      const r = rnd();
      if (r < 0.2) {
        index = Math.max(1000, Math.round(index * (1 + (rnd() - 0.5) * 0.03)));
        const open = users.flatMap((u) => w.stops(u));
        const t = w.tick(String(index));
        mark = Number(t.reply?.mark);
        const crossed = open.filter((o) => {
          const trig = Number(o.triggerPrice);
          return o.direction === 1 || o.direction === 4 ? mark >= trig : mark <= trig;
        });
        // every crossed stop fired now (an order event of its id that is no longer a resting trigger,
        // or the stop cancelled because its order was refused), the others still rest
        expect(Number(t.reply?.triggered ?? 0)).toBe(crossed.length);
        const left = new Set(users.flatMap((u) => w.stops(u)).map((o) => o.orderId));
        for (const o of crossed) {
          expect(left.has(o.orderId)).toBe(false);
          expect(fired.has(o.orderId)).toBe(false);
          expect(cancelled.has(o.orderId)).toBe(false);
          const ev = orderEvents(t.events, o.orderId);
          expect(ev.length).toBe(1);
          fired.add(o.orderId);
          firedCount += 1;
        }
        for (const o of open) if (!crossed.includes(o)) expect(left.has(o.orderId)).toBe(true);
        for (const id of cancelled) expect(orderEvents(t.events, id)).toEqual([]);
      } else {
        const u = users[Math.floor(rnd() * users.length)] as string;
        const direction = 1 + Math.floor(rnd() * 4);
        const qty = String(1 + Math.floor(rnd() * 20));
        const market = rnd() < 0.4;
        const near = (x: number) => (x * (1 + (rnd() - 0.5) * 0.03)).toFixed(1).replace(/\.0$/, '');
        if (rnd() < 0.35) {
          const trig = near(mark);
          const res = w.stop(
            u,
            direction,
            market ? 'market' : 'limit',
            qty,
            trig,
            market ? undefined : near(mark),
          );
          const buy = direction === 1 || direction === 4;
          const wrong = buy ? Number(trig) <= mark : Number(trig) >= mark;
          if (wrong) expect(errorOf(res)).toBe('TRIGGER_WRONG_SIDE');
          if (res.ok) placedStops += 1;
        } else {
          w.apply('contract.place', {
            userId: u,
            symbol: 'btcusdt',
            direction,
            type: market ? 'market' : 'limit',
            quantity: qty,
            ...(market ? {} : { price: near(index) }),
          });
        }
        if (rnd() < 0.15) {
          const mine = w.stops(u);
          const o = mine[Math.floor(rnd() * mine.length)];
          if (o) {
            ok(w.apply('contract.cancel', { userId: u, symbol: 'btcusdt', orderId: o.orderId }));
            cancelled.add(o.orderId);
          }
        }
      }
    }
    expect(placedStops).toBeGreaterThan(30);
    expect(firedCount).toBeGreaterThan(10);
    expect(cancelled.size).toBeGreaterThan(3);
    const replay = new MoneyState(sha256Hex);
    for (const c of w.log) replay.apply(c);
    expect(replay.stateHash()).toBe(w.s.stateHash());
    const restored = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(w.s.snapshot())), sha256Hex);
    expect(restored.stateHash()).toBe(w.s.stateHash());
    expect(restored.invariantViolations()).toEqual([]);
    expect(users.flatMap((u) => restored.contracts.openOrdersOf(u))).toEqual(
      users.flatMap((u) => w.s.contracts.openOrdersOf(u)),
    );
  });
});
