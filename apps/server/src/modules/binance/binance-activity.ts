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
  private readonly trades = new Map<string, SpotTradeEvent[]>();
  private readonly orders = new Map<string, SpotOrderEvent>();
  private readonly off: () => void;
  private readonly listeners = new Set<(events: readonly CoreEvent[]) => void>();

  constructor(core: MoneyCore) {
    this.off = core.subscribe((events) => {
      for (const e of events) {
        if (e.type === 'spot.trade') this.addTrade(e);
        else if (e.type === 'spot.order') {
          this.orders.delete(e.orderId);
          this.orders.set(e.orderId, e);
          if (this.orders.size > ORDERS_KEPT) {
            const oldest = this.orders.keys().next().value;
            if (oldest !== undefined) this.orders.delete(oldest);
          }
        }
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
    return this.trades.get(symbol) ?? [];
  }

  /** The trades an order took part in among the kept ones. */
  fillsOf(symbol: string, orderId: string): SpotTradeEvent[] {
    return this.tradesOf(symbol).filter((t) => t.takerOrderId === orderId || t.makerOrderId === orderId);
  }

  /** The last known state of a recently changed order. */
  order(orderId: string): SpotOrderEvent | undefined {
    return this.orders.get(orderId);
  }

  /** Recently changed orders of a user in a market. */
  ordersOf(userId: string, symbol: string): SpotOrderEvent[] {
    const out: SpotOrderEvent[] = [];
    for (const o of this.orders.values()) if (o.userId === userId && o.symbol === symbol) out.push(o);
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
    if (list.length > TRADES_KEPT) list.splice(0, list.length - TRADES_KEPT);
  }
}

function tradeOrder(t: SpotTradeEvent): number {
  const [seq = '0', n = '0'] = t.tradeId.split('-');
  return Number(seq) * 100_000 + Number(n);
}
