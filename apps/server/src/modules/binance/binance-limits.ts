// Binance's request limits and their headers: request weight per minute by client address
// (X-MBX-USED-WEIGHT-1M on every reply) and new orders per 10 seconds and per day by account
// (X-MBX-ORDER-COUNT-10S, X-MBX-ORDER-COUNT-1D on order replies). Fixed windows, in memory, per process.
import { binanceErrors as E } from './binance-errors';

export interface BinanceLimits {
  weightPerMinute: number;
  ordersPer10s: number;
  ordersPerDay: number;
}

export const DEFAULT_LIMITS: BinanceLimits = {
  weightPerMinute: 6000,
  ordersPer10s: 100,
  ordersPerDay: 200_000,
};

class Windowed {
  private readonly counts = new Map<string, { window: number; n: number }>();

  constructor(private readonly size: number) {}

  add(key: string, n: number, now: number): number {
    const window = Math.floor(now / this.size);
    let c = this.counts.get(key);
    if (!c || c.window !== window) {
      if (this.counts.size > 100_000) this.prune(window);
      c = { window, n: 0 };
      this.counts.set(key, c);
    }
    c.n += n;
    return c.n;
  }

  private prune(window: number): void {
    for (const [k, c] of this.counts) if (c.window !== window) this.counts.delete(k);
  }
}

export class RequestLimiter {
  private readonly weights = new Windowed(60_000);
  private readonly orders10s = new Windowed(10_000);
  private readonly ordersDay = new Windowed(86_400_000);

  constructor(readonly limits: BinanceLimits) {}

  /** Spends weight for an address; the used weight, or -1003 (429) past the limit. */
  weigh(ip: string, weight: number, now: number): number {
    const used = this.weights.add(ip, weight, now);
    if (used > this.limits.weightPerMinute)
      throw Object.assign(E.tooManyRequests(this.limits.weightPerMinute), { used });
    return used;
  }

  /** Counts a new order of an account; the counts, or -1015 (429) past a limit. */
  order(account: string, now: number): { tenSeconds: number; day: number } {
    const tenSeconds = this.orders10s.add(account, 1, now);
    const day = this.ordersDay.add(account, 1, now);
    if (tenSeconds > this.limits.ordersPer10s) throw E.tooManyOrders(this.limits.ordersPer10s, '10 SECOND');
    if (day > this.limits.ordersPerDay) throw E.tooManyOrders(this.limits.ordersPerDay, '1 DAY');
    return { tenSeconds, day };
  }

  rateLimits() {
    return [
      {
        rateLimitType: 'REQUEST_WEIGHT',
        interval: 'MINUTE',
        intervalNum: 1,
        limit: this.limits.weightPerMinute,
      },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: this.limits.ordersPer10s },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: this.limits.ordersPerDay },
    ];
  }
}
