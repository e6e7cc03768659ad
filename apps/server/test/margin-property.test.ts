// Margin through the whole money core, property-tested (fast-check): random transfers, borrowing,
// repayments, leverage changes, trading from margin accounts against a market maker, hourly interest and
// random price paths (jumps of up to 40 %), orders that auto-borrow and auto-repay (taker and resting
// maker), with the real liquidator sweeping after every step. After
// EVERY step: the core's invariants (zero sum per asset, no negative balance, frozen == holds, pool lent
// == open loans), the pool's own balance == its ledger account, and no account that survived the sweep
// owes more than it holds. Every liquidation posts only to the liquidated user and system accounts (no
// other user pays); every shortfall is an insurance-fund posting equal to what the pool records as
// covered. At the end the journal replays to the same state hash, and so does a snapshot.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MarginAccountType } from '@/core/margin/margin-types';
import { valueAccount } from '@/core/margin/margin-view';
import { MoneyState } from '@/core/money-state';
import { type Command, type CoreEvent, SPOT_SIDE_EFFECTS, type SpotSideEffect } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';
import { type LiquidationCore, liquidate } from '@/modules/margin/liquidator';
import { HOUR, ISO, marginKit, T0 } from './margin-kit';

const USERS = ['a', 'b', 'c'] as const;
const ACCOUNTS: MarginAccountType[] = [ISO, 'margin'];

type Op =
  | { k: 'price'; move: number }
  | { k: 'in'; u: number; acc: number; asset: 'USDT' | 'BTC'; amount: number }
  | { k: 'out'; u: number; acc: number; asset: 'USDT' | 'BTC'; amount: number }
  | { k: 'borrow'; u: number; acc: number; asset: 'USDT' | 'BTC'; amount: number }
  | { k: 'repay'; u: number; acc: number; asset: 'USDT' | 'BTC'; amount: number }
  | { k: 'trade'; u: number; acc: number; side: 'buy' | 'sell'; lots: number; effect: SpotSideEffect }
  /** Transfer in, buy by quote amount auto-borrowing the rest, then sell it all auto-repaying. */
  | { k: 'auto'; u: number; acc: number; equity: number; extra: number; sellBack: boolean }
  /** A limit order resting near the price that repays from its proceeds when the book fills it. */
  | { k: 'rest'; u: number; acc: number; side: 'buy' | 'sell'; lots: number; offset: number }
  | { k: 'leverage'; u: number; lev: number }
  | { k: 'accrue' }
  /** A leveraged position in one go: transfer in, borrow, trade (long: buy BTC; short: sell borrowed BTC). */
  | { k: 'position'; u: number; acc: number; long: boolean; equity: number; times: number };

const asset = fc.constantFrom('USDT' as const, 'BTC' as const);
const who = { u: fc.nat(2), acc: fc.nat(1) };
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ k: fc.constant('price' as const), move: fc.integer({ min: -40, max: 40 }) }),
    weight: 5,
  },
  fc.record({ k: fc.constant('in' as const), ...who, asset, amount: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ k: fc.constant('out' as const), ...who, asset, amount: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ k: fc.constant('borrow' as const), ...who, asset, amount: fc.integer({ min: 1, max: 8000 }) }),
  fc.record({ k: fc.constant('repay' as const), ...who, asset, amount: fc.integer({ min: 1, max: 8000 }) }),
  fc.record({
    k: fc.constant('trade' as const),
    ...who,
    side: fc.constantFrom('buy' as const, 'sell' as const),
    lots: fc.integer({ min: 1, max: 2000 }),
    effect: fc.constantFrom(...SPOT_SIDE_EFFECTS),
  }),
  {
    arbitrary: fc.record({
      k: fc.constant('auto' as const),
      ...who,
      equity: fc.integer({ min: 100, max: 5000 }),
      extra: fc.constantFrom(0.5, 1, 1.5),
      sellBack: fc.boolean(),
    }),
    weight: 3,
  },
  fc.record({
    k: fc.constant('rest' as const),
    ...who,
    side: fc.constantFrom('buy' as const, 'sell' as const),
    lots: fc.integer({ min: 1, max: 2000 }),
    offset: fc.integer({ min: 1, max: 30 }),
  }),
  fc.record({ k: fc.constant('leverage' as const), u: fc.nat(2), lev: fc.constantFrom(3, 5, 10) }),
  fc.record({ k: fc.constant('accrue' as const) }),
  {
    arbitrary: fc.record({
      k: fc.constant('position' as const),
      ...who,
      long: fc.boolean(),
      equity: fc.integer({ min: 100, max: 5000 }),
      times: fc.integer({ min: 1, max: 9 }),
    }),
    weight: 5,
  },
);

function usdt(n: number): string {
  return String(n);
}
function btc(n: number): string {
  return String(n / 10000);
}

describe('margin property', () => {
  it('never leaves a surviving account owing more than it holds, never charges another user, replays', async () => {
    let liquidations = 0;
    let autoBorrowed = 0;
    let autoRepaid = 0;
    const sideEffects = new Map<string, number>();
    let shortfalls = 0;
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 45 }), async (ops) => {
        const k = marginKit({ usdtRate: '0.0001' });
        const { s, journal } = k;
        const run = (type: Command['type'], payload: unknown, actor?: string) => {
          const r = k.run(type, payload, actor);
          const key = `${type}:${r.ok ? 'ok' : r.error}`;
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
          if (r.ok && type === 'spot.place') {
            // A loan event in an order's command: its auto-borrow (the loan id is the order's), or a
            // repayment from an order's proceeds (a maker's too, in someone else's command).
            for (const e of r.events) {
              if (e.type !== 'margin.loan') continue;
              if (e.loanId === String(r.seq)) autoBorrowed += 1;
              else autoRepaid += 1;
            }
          }
          return r;
        };
        let price = 50_000;
        let hour = T0 + HOUR;
        let seqTag = 0;
        const settleEvents: CoreEvent[][] = [];
        const core: LiquidationCore = {
          submit: async (c: Command) => {
            journal.push(c);
            const out = s.apply(c);
            if (c.type === 'margin.liquidate.settle' && out.result.ok) settleEvents.push(out.result.events);
            return out.result;
          },
          balancesOf: (u) => s.balancesOf(u),
          spotOpenOrders: (u, sym) => s.spot.openOrdersOf(u, sym),
          spotMarket: (sym) => s.spot.market(sym)?.config,
          margin: () => s.margin,
        };
        ok(run('deposit.credit', { userId: 'mm', asset: 'USDT', amount: '90000000', ref: 'mm' }));
        ok(run('deposit.credit', { userId: 'mm', asset: 'BTC', amount: '1900', ref: 'mm' }));
        const prices = () => ({ BTC: String(price), USDT: '1' });
        const refreshBook = () => {
          for (const o of s.spot.openOrdersOf('mm'))
            run('spot.cancel', { userId: 'mm', symbol: 'btcusdt', orderId: o.orderId }, 'mm');
          run(
            'spot.place',
            {
              userId: 'mm',
              symbol: 'btcusdt',
              side: 'buy',
              type: 'limit',
              price: String(price - 5),
              quantity: '5',
            },
            'mm',
          );
          run(
            'spot.place',
            {
              userId: 'mm',
              symbol: 'btcusdt',
              side: 'sell',
              type: 'limit',
              price: String(price + 5),
              quantity: '5',
            },
            'mm',
          );
        };
        refreshBook();
        for (const o of ops) {
          const acc = 'acc' in o ? (ACCOUNTS[o.acc] as MarginAccountType) : ISO;
          const userId = 'u' in o ? (USERS[o.u] as string) : 'a';
          const amt = 'amount' in o ? (o.asset === 'USDT' ? usdt(o.amount) : btc(o.amount)) : '0';
          switch (o.k) {
            case 'price':
              price = Math.max(1000, Math.round((price * (100 + o.move)) / 100));
              refreshBook();
              break;
            case 'in':
            case 'out':
              run('margin.transfer', {
                userId,
                account: acc,
                asset: o.asset,
                amount: amt,
                direction: o.k,
                prices: prices(),
              });
              break;
            case 'borrow':
              run('margin.borrow', { userId, account: acc, asset: o.asset, amount: amt, prices: prices() });
              break;
            case 'repay':
              run('margin.repay', { userId, account: acc, asset: o.asset, amount: amt });
              break;
            case 'trade': {
              const r = run(
                'spot.place',
                {
                  userId,
                  symbol: 'btcusdt',
                  side: o.side,
                  type: 'market',
                  quantity: btc(o.lots),
                  account: acc,
                  sideEffect: o.effect,
                  prices: prices(),
                },
                userId,
              );
              if (r.ok && o.effect !== 'none')
                sideEffects.set(o.effect, (sideEffects.get(o.effect) ?? 0) + 1);
              refreshBook();
              break;
            }
            case 'auto': {
              run('margin.transfer', {
                userId,
                account: acc,
                asset: 'USDT',
                amount: usdt(o.equity),
                direction: 'in',
                prices: prices(),
              });
              run(
                'spot.place',
                {
                  userId,
                  symbol: 'btcusdt',
                  side: 'buy',
                  type: 'market',
                  quoteQuantity: usdt(Math.floor(o.equity * (1 + o.extra))),
                  account: acc,
                  sideEffect: 'autoBorrow',
                  prices: prices(),
                },
                userId,
              );
              const held = s.balance(userId, 'BTC', acc).available;
              const lots = Math.floor(Number(held) * 10000);
              if (o.sellBack && lots > 0)
                run(
                  'spot.place',
                  {
                    userId,
                    symbol: 'btcusdt',
                    side: 'sell',
                    type: 'market',
                    quantity: btc(lots),
                    account: acc,
                    sideEffect: 'autoRepay',
                  },
                  userId,
                );
              refreshBook();
              break;
            }
            case 'rest': {
              // Rests inside the maker's spread; the next refresh of the book or a trade may fill it.
              const at = o.side === 'buy' ? price - 5 + o.offset / 10 : price + 5 - o.offset / 10;
              run(
                'spot.place',
                {
                  userId,
                  symbol: 'btcusdt',
                  side: o.side,
                  type: 'limit',
                  price: String(Math.round(at * 100) / 100),
                  quantity: btc(o.lots),
                  account: acc,
                  sideEffect: 'autoRepay',
                },
                userId,
              );
              break;
            }
            case 'leverage':
              run('margin.leverage', { userId, account: ISO, leverage: o.lev, prices: prices() });
              break;
            case 'position': {
              run('margin.leverage', { userId, account: ISO, leverage: 10, prices: prices() });
              run('margin.transfer', {
                userId,
                account: acc,
                asset: 'USDT',
                amount: usdt(o.equity),
                direction: 'in',
                prices: prices(),
              });
              const debt = o.equity * o.times * (acc === 'margin' ? 0.2 : 1);
              const lots = Math.floor((debt / price) * 10000);
              if (o.long) {
                run('margin.borrow', {
                  userId,
                  account: acc,
                  asset: 'USDT',
                  amount: usdt(Math.floor(debt)),
                  prices: prices(),
                });
                if (lots > 0)
                  run(
                    'spot.place',
                    {
                      userId,
                      symbol: 'btcusdt',
                      side: 'buy',
                      type: 'market',
                      quantity: btc(lots),
                      account: acc,
                    },
                    userId,
                  );
              } else if (lots > 0) {
                run('margin.borrow', {
                  userId,
                  account: acc,
                  asset: 'BTC',
                  amount: btc(lots),
                  prices: prices(),
                });
                run(
                  'spot.place',
                  {
                    userId,
                    symbol: 'btcusdt',
                    side: 'sell',
                    type: 'market',
                    quantity: btc(lots),
                    account: acc,
                  },
                  userId,
                );
              }
              refreshBook();
              break;
            }
            case 'accrue':
              hour += HOUR;
              k.at(hour);
              run('margin.accrue', { hourTs: hour });
              break;
          }
          // The liquidation sweep at the current mark price.
          for (const { userId: u, account } of s.margin.openAccounts()) {
            const v = valueAccount(s.balancesOf(u), account, s.margin.loansOf(u, account), prices());
            if (v.level !== undefined && v.level <= 11n * 10n ** 17n) {
              seqTag += 1;
              const outcome = await liquidate(core, u, account, prices(), `liq${seqTag}`, k.now());
              expect(outcome).not.toBe('pending');
              liquidations += 1;
              if (outcome === 'shortfall') shortfalls += 1;
              refreshBook();
            }
          }
          expect(s.invariantViolations()).toEqual([]);
          for (const a of ['USDT', 'BTC']) {
            expect(s.systemBalance('margin_lending_pool', a)).toBe(s.margin.pool(a)?.balance);
          }
          for (const { userId: u, account } of s.margin.openAccounts()) {
            const v = valueAccount(s.balancesOf(u), account, s.margin.loansOf(u, account), prices());
            expect(v.assets >= v.debt).toBe(true);
          }
        }
        // Liquidations touch only the liquidated user's accounts and system accounts.
        for (const events of settleEvents) {
          const liq = events.find((e) => e.type === 'margin.liquidation');
          const postings = events.find((e) => e.type === 'postings');
          if (liq?.type !== 'margin.liquidation' || postings?.type !== 'postings') continue;
          for (const p of postings.postings) {
            if (p.account.kind === 'user') expect(p.account.userId).toBe(liq.userId);
          }
        }
        // Shortfalls are insurance postings: the fund paid exactly what the pools record as covered.
        for (const a of ['USDT', 'BTC']) {
          let paid = 0n;
          for (const events of settleEvents) {
            for (const e of events) {
              if (e.type !== 'postings') continue;
              for (const p of e.postings) {
                if (
                  p.account.kind === 'system' &&
                  p.account.name === 'margin_insurance_fund' &&
                  p.asset === a &&
                  p.delta.startsWith('-')
                )
                  paid += BigInt(Math.round(Number(p.delta) * -1e8));
              }
            }
          }
          expect(paid).toBe(BigInt(Math.round(Number(s.margin.pool(a)?.covered ?? '0') * 1e8)));
        }
        // Replay from empty and from a snapshot.
        const replay = new MoneyState(sha256Hex);
        for (const c of journal) replay.apply(c);
        expect(replay.stateHash()).toBe(s.stateHash());
        const copy = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(s.snapshot())), sha256Hex);
        expect(copy.stateHash()).toBe(s.stateHash());
      }),
      // A fixed seed: the same 80 sequences on every run, so the coverage counts below cannot fall short
      // by chance (a random seed once gave 9 liquidations); FC_SEED explores others.
      { numRuns: 80, seed: Number(process.env.FC_SEED ?? 2026) },
    );
    // The runs must actually exercise liquidation.
    expect(liquidations).toBeGreaterThan(10);
    expect(shortfalls).toBeGreaterThan(0);
    // ... and the orders' side effects: loans taken by orders, debts repaid from proceeds.
    expect(autoBorrowed).toBeGreaterThan(5);
    expect(autoRepaid).toBeGreaterThan(5);
    console.log(
      `margin property: ${autoBorrowed} auto-borrows, ${autoRepaid} auto-repays ${JSON.stringify(Object.fromEntries(sideEffects))}; ${liquidations} liquidations, ${shortfalls} with a shortfall; outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`,
    );
  }, 240_000);
});

function ok(r: { ok: boolean }) {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
}
