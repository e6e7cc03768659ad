// The demo market maker (on in the embedded demo, MARKET_MAKER=false turns it off): two platform accounts
// trading through the same engine and rules as every user. The maker quotes a ladder of bids and asks
// around each spot market's index price and moves only the levels whose price changed; the taker now and
// then sends a small market order, so the books and the trade tape move on a fresh start. Their money is
// labelled demo money (the `demo.fund` posting from the `demo_funding` system account), their accounts
// are marked as the platform's (status 'platform', no login), and trades between the two are flagged
// `demo` on the public stream.
import {
  type Amount,
  add,
  cmp,
  div,
  formatAmount,
  isZero,
  mul,
  parseAmount,
  roundTo,
  sub,
} from '@coin/shared/money';
import type { MoneyCore, SpotPlace } from '@/core/types';
import type { Clock } from '@/lib/clock';
import type { MarketApi } from '@/market/price-index';
import type { SpotMarkets, SpotRules } from './spot-markets';

export interface MarketMakerOptions {
  levels: number;
  /** Distance between levels as a fraction of the price. */
  step?: string;
  /** USDT value of the first level; deeper levels are larger. */
  levelValue?: string;
  /** Chance per market and step that the taker sends a market order. */
  takerChance?: number;
  seed?: number;
}

export interface MarketMakerDeps {
  core: MoneyCore;
  markets: SpotMarkets;
  market: () => MarketApi | undefined;
  clock: Clock;
  makerId: string;
  takerId: string;
  log: { debug(msg: string): void; warn(msg: string): void };
}

/** What each platform account is topped up to (in USDT value per asset) when it runs low. */
const FUND_VALUE = parseAmount('2000000');

/** Mulberry32: reproducible quotes for a given seed. */
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

/** The largest multiple of `unit` at or below `value`. */
function floorTo(value: Amount, unit: Amount): Amount {
  return mul(roundTo(div(value, unit, 'down'), 0, 'down'), unit, 'down');
}

export class MarketMaker {
  private readonly random: () => number;
  private readonly step: Amount;
  private readonly levelValue: Amount;
  private readonly takerChance: number;
  private n = 0;
  private running = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: MarketMakerDeps,
    private readonly opts: MarketMakerOptions,
  ) {
    this.random = prng(opts.seed ?? 20261123);
    this.step = parseAmount(opts.step ?? '0.0004');
    this.levelValue = parseAmount(opts.levelValue ?? '1500');
    this.takerChance = opts.takerChance ?? 0.35;
  }

  start(intervalMs: number): () => void {
    if (intervalMs > 0) {
      this.timer = setInterval(() => void this.tick(), intervalMs);
      this.timer.unref();
    }
    return () => {
      if (this.timer) clearInterval(this.timer);
      this.timer = undefined;
    };
  }

  /** One refresh of every market (the timer's work; tests call it directly). */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      // Every market at once, and within a market every command of a step sent before any answer is
      // awaited: the journal applies them in the order sent and commits them as one group. One command
      // at a time (each waiting for its own sync) made a round of 12 markets take seconds on a busy
      // machine, so the books barely moved and trades were rare.
      await Promise.all(
        this.deps.markets.all().map(async (rules) => {
          if (rules.status !== 'trading') return;
          const index = this.deps.market()?.latest(rules.symbol.toUpperCase())?.price;
          if (index === undefined) return;
          const take = this.random() < this.takerChance;
          await this.fund(rules, parseAmount(index));
          await Promise.all([
            this.quote(rules, parseAmount(index)),
            take ? this.take(rules, parseAmount(index)) : undefined,
          ]);
        }),
      );
    } catch (err) {
      this.deps.log.warn(`market maker step failed: ${String(err)}`);
    } finally {
      this.running = false;
    }
  }

  private async submit(type: 'spot.place' | 'spot.cancel' | 'demo.fund', actor: string, payload: unknown) {
    this.n += 1;
    const now = this.deps.clock.now().getTime();
    return this.deps.core.submit({ id: `mm:${now}:${this.n}`, actor, ts: now, type, payload } as never);
  }

  /** Tops each account up with labelled demo money when an asset it needs runs low. */
  private async fund(r: SpotRules, price: Amount): Promise<void> {
    for (const userId of [this.deps.makerId, this.deps.takerId]) {
      for (const asset of [r.coin, r.quote]) {
        const b = this.deps.core.balance(userId, asset, 'spot');
        const have = add(parseAmount(b.available), parseAmount(b.frozen));
        const target =
          asset === r.quote ? FUND_VALUE : roundTo(div(FUND_VALUE, price, 'down'), r.qtyDecimals, 'down');
        if (isZero(target) || cmp(mul(have, parseAmount('4'), 'down'), target) >= 0) continue;
        const limits = this.deps.core.assetLimits(asset);
        const decimals = limits?.decimals ?? 8;
        let amount = roundTo(target, decimals, 'down');
        if (limits && amount > limits.maxAmount) amount = limits.maxAmount as Amount;
        if (isZero(amount)) continue;
        await this.submit('demo.fund', 'system', {
          userId,
          asset,
          amount: formatAmount(amount),
          ref: 'demo:market-maker',
        });
      }
    }
  }

  /**
   * Keeps a ladder of `levels` bids and asks around the index. A resting order stays while its price is
   * within half a level step of a level it could stand for; only levels that drifted further are
   * cancelled and placed again. (Replacing every level whenever the index moved by a tick sent ~180
   * commands a second across the demo's markets, each one a journal record and an idempotency entry.)
   */
  private async quote(r: SpotRules, price: Amount): Promise<void> {
    const tick = parseAmount(r.tickSize);
    const lot = parseAmount(r.lotSize);
    const minQty = parseAmount(r.minQty);
    const tolerance = mul(price, div(this.step, parseAmount('2'), 'down'), 'down');
    const wanted: SpotPlace[] = [];
    for (let i = 1; i <= this.opts.levels; i++) {
      const offset = mul(price, mul(this.step, parseAmount(String(i)), 'down'), 'down');
      const bid = floorTo((price - offset) as Amount, tick);
      let ask = floorTo(add(price, offset), tick);
      if (cmp(ask, add(price, offset)) < 0) ask = add(ask, tick);
      const value = mul(
        this.levelValue,
        parseAmount((1 + 0.35 * (i - 1) + this.random() * 0.3).toFixed(4)),
        'down',
      );
      for (const [side, p] of [
        ['buy', bid],
        ['sell', ask],
      ] as const) {
        if (cmp(p, tick) < 0) continue;
        const qty = floorTo(div(value, p, 'down'), lot);
        if (cmp(qty, minQty) < 0) continue;
        wanted.push({
          userId: this.deps.makerId,
          symbol: r.symbol,
          side,
          type: 'limit',
          timeInForce: 'GTC',
          price: formatAmount(p),
          quantity: formatAmount(qty),
        });
      }
    }
    const resting = this.deps.core.spotOpenOrders(this.deps.makerId, r.symbol);
    const kept = new Set<string>();
    const missing: SpotPlace[] = [];
    for (const w of wanted) {
      const target = parseAmount(w.price ?? '0');
      const near = resting.find((o) => {
        if (o.side !== w.side || kept.has(o.orderId)) return false;
        const p = parseAmount(o.price ?? '0');
        return cmp(p > target ? sub(p, target) : sub(target, p), tolerance) <= 0;
      });
      if (near) kept.add(near.orderId);
      else missing.push(w);
    }
    const sent: Promise<unknown>[] = [];
    for (const o of resting) {
      if (kept.has(o.orderId)) continue;
      sent.push(
        this.submit('spot.cancel', this.deps.makerId, {
          userId: this.deps.makerId,
          symbol: r.symbol,
          orderId: o.orderId,
        }),
      );
    }
    for (const order of missing) {
      sent.push(
        this.submit('spot.place', this.deps.makerId, order).then((result) => {
          if (!result.ok)
            this.deps.log.debug(`market maker ${r.symbol} ${order.side} ${order.price}: ${result.error}`);
        }),
      );
    }
    await Promise.all(sent);
  }

  /** A small market order from the taker account. */
  private async take(r: SpotRules, price: Amount): Promise<void> {
    const value = parseAmount(String(50 + Math.floor(this.random() * 550)));
    const buy = this.random() < 0.5;
    const order: SpotPlace = buy
      ? {
          userId: this.deps.takerId,
          symbol: r.symbol,
          side: 'buy',
          type: 'market',
          quoteQuantity: formatAmount(value),
        }
      : {
          userId: this.deps.takerId,
          symbol: r.symbol,
          side: 'sell',
          type: 'market',
          quantity: formatAmount(floorTo(div(value, price, 'down'), parseAmount(r.lotSize))),
        };
    if (order.quantity === '0') return;
    const result = await this.submit('spot.place', this.deps.takerId, order);
    if (!result.ok) this.deps.log.debug(`market taker ${r.symbol}: ${result.error}`);
  }
}
