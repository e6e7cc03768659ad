// Recent spot activity in memory, fed by the money core's events: the last trades of each market (public
// trades and aggTrades, the fills of a new order's FULL reply) and the last state of recently changed
// orders (so an order filled a moment ago is found before the SQL projection has written it).
import { desc, eq } from 'drizzle-orm';
import type { CoreEvent, MoneyCore, SpotOrderEvent, SpotTradeEvent } from '@/core/types';
import type { Db } from '@/db/client';
import { spotTrades } from '@/db/schema';
import { canonicalDecimal } from '@/modules/spot/order-wire';

export const TRADES_KEPT = 1000;
const ORDERS_KEPT = 20_000;

export class RecentActivity {
  /** Per market, oldest first; up to twice TRADES_KEPT before the front is cut (amortised, not per trade). */
  private readonly trades = new Map<string, SpotTradeEvent[]>();
  /** Each order's last state and the position of that change in `changes`. */
  private readonly orders = new Map<string, { event: SpotOrderEvent; at: number }>();
  /** Order ids in change order (an id once per change); the positions before `changesHead` are evicted. */
  private changes: string[] = [];
  private changesBase = 0;
  private changesHead = 0;
  private readonly off: () => void;
  private readonly listeners = new Set<(events: readonly CoreEvent[]) => void>();

  constructor(core: MoneyCore) {
    this.off = core.subscribe((events) => {
      for (const e of events) {
        if (e.type === 'spot.trade') this.addTrade(e);
        else if (e.type === 'spot.order') this.addOrder(e);
      }
      for (const l of this.listeners) l(events);
    });
  }

  /** The last trades of the markets from SQL (after a restart the memory is empty). */
  async seed(db: Db, symbols: readonly string[]): Promise<void> {
    for (const symbol of symbols) {
      if (this.trades.has(symbol)) continue;
      const rows = await db
        .select()
        .from(spotTrades)
        .where(eq(spotTrades.symbol, symbol))
        .orderBy(desc(spotTrades.seq), desc(spotTrades.id))
        .limit(TRADES_KEPT);
      const list = rows
        .map(
          (r): SpotTradeEvent => ({
            type: 'spot.trade',
            seq: r.seq,
            tradeId: r.id,
            symbol: r.symbol,
            price: canonicalDecimal(r.price),
            qty: canonicalDecimal(r.qty),
            quoteQty: canonicalDecimal(r.quoteQty),
            takerSide: r.takerSide as 'buy' | 'sell',
            makerOrderId: r.makerOrderId.toString(),
            takerOrderId: r.takerOrderId.toString(),
            makerUserId: r.makerUserId.toString(),
            takerUserId: r.takerUserId.toString(),
            makerFee: canonicalDecimal(r.makerFee),
            takerFee: canonicalDecimal(r.takerFee),
            ts: r.createdAt.getTime(),
          }),
        )
        .sort((a, b) => tradeOrder(a) - tradeOrder(b));
      this.trades.set(symbol, [...list, ...(this.trades.get(symbol) ?? [])].slice(-TRADES_KEPT));
    }
  }

  /** Every core event batch after this activity has taken it in. */
  onEvents(listener: (events: readonly CoreEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A market's kept trades, oldest first. */
  tradesOf(symbol: string): readonly SpotTradeEvent[] {
    const list = this.trades.get(symbol);
    if (list === undefined) return [];
    return list.length > TRADES_KEPT ? list.slice(-TRADES_KEPT) : list;
  }

  /** The trades an order took part in among the kept ones. */
  fillsOf(symbol: string, orderId: string): SpotTradeEvent[] {
    return this.tradesOf(symbol).filter((t) => t.takerOrderId === orderId || t.makerOrderId === orderId);
  }

  /** The last known state of a recently changed order. */
  order(orderId: string): SpotOrderEvent | undefined {
    return this.orders.get(orderId)?.event;
  }

  /** Recently changed orders of a user in a market. */
  ordersOf(userId: string, symbol: string): SpotOrderEvent[] {
    const out: SpotOrderEvent[] = [];
    for (const { event: o } of this.orders.values()) {
      if (o.userId === userId && o.symbol === symbol) out.push(o);
    }
    return out;
  }

  close(): void {
    this.off();
    this.listeners.clear();
  }

  private addTrade(e: SpotTradeEvent): void {
    let list = this.trades.get(e.symbol);
    if (!list) {
      list = [];
      this.trades.set(e.symbol, list);
    }
    list.push(e);
    if (list.length > 2 * TRADES_KEPT) list.splice(0, list.length - TRADES_KEPT);
  }

  /**
   * Keeps an order's last state. The least recently changed orders go first, found through `changes`
   * (a Map's own order would need a delete and re-insert per change, and finding its first live key after
   * many deletes walks their holes).
   */
  private addOrder(e: SpotOrderEvent): void {
    const at = this.changesBase + this.changes.length;
    this.changes.push(e.orderId);
    const known = this.orders.get(e.orderId);
    if (known !== undefined) {
      known.event = e;
      known.at = at;
    } else {
      this.orders.set(e.orderId, { event: e, at });
    }
    while (this.orders.size > ORDERS_KEPT) {
      const id = this.changes[this.changesHead] as string;
      if (this.orders.get(id)?.at === this.changesBase + this.changesHead) this.orders.delete(id);
      this.changesHead++;
    }
    // Outdated positions (an order changed again) are dropped now and then: the list stays bounded
    // even when few orders change many times.
    if (this.changes.length - this.changesHead > 2 * ORDERS_KEPT + 4096) {
      const base = this.changesBase + this.changes.length;
      const live: string[] = [];
      for (let i = this.changesHead; i < this.changes.length; i++) {
        const id = this.changes[i] as string;
        const o = this.orders.get(id);
        if (o === undefined || o.at !== this.changesBase + i) continue;
        o.at = base + live.length;
        live.push(id);
      }
      this.changes = live;
      this.changesBase = base;
      this.changesHead = 0;
    }
  }
}

function tradeOrder(t: SpotTradeEvent): number {
  const [seq = '0', n = '0'] = t.tradeId.split('-');
  return Number(seq) * 100_000 + Number(n);
}
