// Binance's websocket event payloads from our events: depthUpdate, trade, aggTrade, kline, 24hrTicker,
// and the user data stream's executionReport and outboundAccountPosition.
import { add, formatAmount, parseAmount, sub } from '@coin/shared/money';
import type { CoreEvent, SpotOrderEvent, SpotTradeEvent } from '@/core/types';
import { type Interval, nextBucket } from '@/market/kline';
import type { KlineBar } from '@/market/price-index';
import type { SpotMarkets } from '@/modules/spot/spot-markets';
import { orderFromEvent } from '@/modules/spot/spot-views';
import { binanceOrder, fixed8, tradeNumber } from './binance-views';

export function tradeEvent(t: SpotTradeEvent, now: number) {
  return {
    e: 'trade',
    E: now,
    s: t.symbol.toUpperCase(),
    t: tradeNumber(t.tradeId),
    p: fixed8(t.price),
    q: fixed8(t.qty),
    T: t.ts,
    m: t.takerSide === 'sell',
    M: true,
  };
}

export function aggTradeEvent(t: SpotTradeEvent, now: number) {
  const id = tradeNumber(t.tradeId);
  return {
    e: 'aggTrade',
    E: now,
    s: t.symbol.toUpperCase(),
    a: id,
    p: fixed8(t.price),
    q: fixed8(t.qty),
    f: id,
    l: id,
    T: t.ts,
    m: t.takerSide === 'sell',
    M: true,
  };
}

export function klineEvent(bar: KlineBar, now: number) {
  const interval = bar.interval as Interval;
  const close = nextBucket(interval, bar.time) - 1;
  return {
    e: 'kline',
    E: now,
    s: bar.symbol,
    k: {
      t: bar.time,
      T: close,
      s: bar.symbol,
      i: bar.interval,
      f: -1,
      L: -1,
      o: fixed8(bar.open),
      c: fixed8(bar.close),
      h: fixed8(bar.high),
      l: fixed8(bar.low),
      v: fixed8(bar.volume),
      n: 0,
      x: now > close,
      q: fixed8(bar.amount),
      V: '0.00000000',
      Q: '0.00000000',
      B: '0',
    },
  };
}

/** A 24hrTicker event from a ticker/24hr row. */
export function tickerEvent(row: Record<string, string | number>, now: number) {
  return {
    e: '24hrTicker',
    E: now,
    s: row.symbol,
    p: row.priceChange,
    P: row.priceChangePercent,
    w: row.weightedAvgPrice,
    x: row.prevClosePrice,
    c: row.lastPrice,
    Q: row.lastQty,
    b: row.bidPrice,
    B: row.bidQty,
    a: row.askPrice,
    A: row.askQty,
    o: row.openPrice,
    h: row.highPrice,
    l: row.lowPrice,
    v: row.volume,
    q: row.quoteVolume,
    O: row.openTime,
    C: row.closeTime,
    F: row.firstId,
    L: row.lastId,
    n: row.count,
  };
}

/**
 * The executionReports of one core batch for one user, in Binance's order: NEW for an order placed by
 * the command, one TRADE per fill (with the running cumulative amounts), then the final CANCELED or
 * EXPIRED of an order the command ended.
 */
export function executionReports(
  markets: SpotMarkets,
  events: readonly CoreEvent[],
  userId: string,
  now: number,
): unknown[] {
  const out: unknown[] = [];
  const trades = events.filter((e): e is SpotTradeEvent => e.type === 'spot.trade');
  for (const e of events) {
    if (e.type !== 'spot.order' || e.userId !== userId) continue;
    const view = binanceOrder(orderFromEvent(markets, e));
    const fills = trades.filter((t) => t.makerOrderId === e.orderId || t.takerOrderId === e.orderId);
    const base = (o: SpotOrderEvent) => ({
      e: 'executionReport',
      E: now,
      s: view.symbol,
      c: view.clientOrderId,
      S: view.side,
      o: view.type,
      f: view.timeInForce,
      q: view.origQty,
      p: view.price,
      P: '0.00000000',
      F: '0.00000000',
      g: -1,
      C: '',
      r: 'NONE',
      i: view.orderId,
      I: 0,
      M: false,
      O: o.createdTs,
      Q: view.origQuoteOrderQty,
      W: o.createdTs,
      V: 'EXPIRE_MAKER',
    });
    let cumQty = parseAmount(e.filledQty);
    let cumQuote = parseAmount(e.filledQuote);
    for (const t of fills) {
      cumQty = sub(cumQty, parseAmount(t.qty));
      cumQuote = sub(cumQuote, parseAmount(t.quoteQty));
    }
    // The order id is the seq of the command that placed it.
    if (e.orderId === String(e.seq)) {
      out.push({
        ...base(e),
        x: 'NEW',
        X: 'NEW',
        l: '0.00000000',
        z: '0.00000000',
        L: '0.00000000',
        n: '0',
        N: null,
        T: e.createdTs,
        t: -1,
        w: true,
        m: false,
        Z: '0.00000000',
        Y: '0.00000000',
      });
    }
    fills.forEach((t, i) => {
      cumQty = add(cumQty, parseAmount(t.qty));
      cumQuote = add(cumQuote, parseAmount(t.quoteQty));
      const maker = t.makerOrderId === e.orderId;
      const status = i === fills.length - 1 && e.status === 'filled' ? 'FILLED' : 'PARTIALLY_FILLED';
      out.push({
        ...base(e),
        x: 'TRADE',
        X: status,
        l: fixed8(t.qty),
        z: fixed8(formatAmount(cumQty)),
        L: fixed8(t.price),
        n: fixed8(maker ? t.makerFee : t.takerFee),
        N: e.feeAsset,
        T: t.ts,
        t: tradeNumber(t.tradeId),
        w: status !== 'FILLED',
        m: maker,
        Z: fixed8(formatAmount(cumQuote)),
        Y: fixed8(t.quoteQty),
      });
    });
    if (e.status === 'cancelled') {
      out.push({
        ...base(e),
        x: view.status === 'CANCELED' ? 'CANCELED' : 'EXPIRED',
        X: view.status,
        l: '0.00000000',
        z: view.executedQty,
        L: '0.00000000',
        n: '0',
        N: null,
        T: e.ts,
        t: -1,
        w: false,
        m: false,
        Z: view.cummulativeQuoteQty,
        Y: '0.00000000',
      });
    }
  }
  return out;
}

/** outboundAccountPosition of one core batch for one user (its changed spot balances), or undefined. */
export function accountPosition(events: readonly CoreEvent[], userId: string, now: number) {
  const changed = new Map<string, { a: string; f: string; l: string }>();
  for (const e of events) {
    if (e.type !== 'balance' || e.userId !== userId || e.accountType !== 'spot') continue;
    changed.set(e.asset, { a: e.asset, f: fixed8(e.available), l: fixed8(e.frozen) });
  }
  if (changed.size === 0) return undefined;
  return { e: 'outboundAccountPosition', E: now, u: now, B: [...changed.values()] };
}
