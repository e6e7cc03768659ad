// The wire shapes of spot orders and fills (docs/spot.md "HTTP API"), from the core's order events (open
// orders, answers to commands) and from the SQL projection (history).
import { div, formatAmount, isZero, parseAmount, roundTo } from '@coin/shared/money';
import type { SpotCancelReason, SpotOrderEvent, SpotTimeInForce } from '@/core/types';
import type { SpotOrderRow, SpotTradeRow } from '@/db/schema';
import type { SpotMarkets } from './spot-markets';

export const SPOT_STATUS_CODE = { open: 0, filled: 1, cancelled: 2 } as const;

export interface SpotOrderView {
  id: string;
  clientOrderId: string | null;
  symbol: string;
  pair: string;
  coin: string;
  quote: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  timeInForce: SpotTimeInForce;
  price: string | null;
  quantity: string | null;
  quoteQuantity: string | null;
  filledQty: string;
  filledQuote: string;
  avgPrice: string | null;
  fee: string;
  feeAsset: string;
  status: 0 | 1 | 2;
  cancelReason: SpotCancelReason | null;
  createTime: string;
  updateTime: string;
  /** The account the order drew on: 'spot', 'margin' or 'isolated:<symbol>' (docs/margin.md). */
  account: string;
}

export interface SpotFillView {
  tradeId: string;
  orderId: string;
  symbol: string;
  pair: string;
  side: 'buy' | 'sell';
  role: 'maker' | 'taker';
  price: string;
  qty: string;
  quoteQty: string;
  fee: string;
  feeAsset: string;
  /** The other side was the platform's demo market maker. */
  platformCounterparty: boolean;
  time: string;
}

/** numeric(38,18) text as a canonical decimal. */
export function canonical(v: string): string;
export function canonical(v: string | null): string | null;
export function canonical(v: string | null): string | null {
  return v === null ? null : formatAmount(parseAmount(v));
}

function avgPrice(filledQty: string, filledQuote: string, priceDecimals: number): string | null {
  // Canonical text: zero is '0' (most answers are of orders that rest unfilled).
  if (filledQty === '0') return null;
  const q = parseAmount(filledQty);
  if (isZero(q)) return null;
  return formatAmount(roundTo(div(parseAmount(filledQuote), q, 'down'), priceDecimals, 'down'));
}

function names(markets: SpotMarkets, symbol: string) {
  try {
    const r = markets.find(symbol);
    return { pair: r.pair, coin: r.coin, quote: r.quote, priceDecimals: r.priceDecimals };
  } catch {
    // A market since removed from the spot list: its history still reads.
    const coin = symbol.replace(/usdt$/, '').toUpperCase();
    return { pair: `${coin}/USDT`, coin, quote: 'USDT', priceDecimals: 8 };
  }
}

/** ISO text of a command time; the last one is kept (an order's answer and its update share one). */
let lastIsoMs = Number.NaN;
let lastIso = '';
function isoOf(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

export function orderFromEvent(markets: SpotMarkets, e: SpotOrderEvent): SpotOrderView {
  const n = names(markets, e.symbol);
  const time = isoOf(e.ts || e.createdTs);
  return {
    id: e.orderId,
    clientOrderId: e.clientOrderId,
    symbol: e.symbol,
    pair: n.pair,
    coin: n.coin,
    quote: n.quote,
    side: e.side,
    type: e.orderType,
    timeInForce: e.timeInForce,
    price: e.price,
    quantity: e.quantity,
    quoteQuantity: e.quoteQuantity,
    filledQty: e.filledQty,
    filledQuote: e.filledQuote,
    avgPrice: avgPrice(e.filledQty, e.filledQuote, n.priceDecimals),
    fee: e.fee,
    feeAsset: e.feeAsset,
    status: SPOT_STATUS_CODE[e.status],
    cancelReason: e.cancelReason,
    createTime: isoOf(e.createdTs),
    updateTime: time,
    account: e.account ?? 'spot',
  };
}

export function orderFromRow(markets: SpotMarkets, r: SpotOrderRow): SpotOrderView {
  const n = names(markets, r.symbol);
  const filledQty = canonical(r.filledQty);
  const filledQuote = canonical(r.filledQuote);
  return {
    id: r.id.toString(),
    clientOrderId: r.clientOrderId,
    symbol: r.symbol,
    pair: n.pair,
    coin: n.coin,
    quote: n.quote,
    side: r.side as 'buy' | 'sell',
    type: r.type as 'limit' | 'market',
    timeInForce: r.timeInForce as SpotTimeInForce,
    price: canonical(r.price),
    quantity: canonical(r.quantity),
    quoteQuantity: canonical(r.quoteQuantity),
    filledQty,
    filledQuote,
    avgPrice: avgPrice(filledQty, filledQuote, n.priceDecimals),
    fee: canonical(r.fee),
    feeAsset: r.feeAsset,
    status: r.status as 0 | 1 | 2,
    cancelReason: r.cancelReason as SpotCancelReason | null,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
    account: r.account,
  };
}

/** A user's view of a trade they took part in (as maker, taker, or both of their own orders never). */
export function fillFromRow(
  markets: SpotMarkets,
  t: SpotTradeRow,
  userId: bigint,
  isPlatform: (userId: bigint) => boolean,
): SpotFillView {
  const n = names(markets, t.symbol);
  const maker = t.makerUserId === userId;
  const takerBuys = t.takerSide === 'buy';
  const side: 'buy' | 'sell' = maker ? (takerBuys ? 'sell' : 'buy') : takerBuys ? 'buy' : 'sell';
  return {
    tradeId: t.id,
    orderId: (maker ? t.makerOrderId : t.takerOrderId).toString(),
    symbol: t.symbol,
    pair: n.pair,
    side,
    role: maker ? 'maker' : 'taker',
    price: canonical(t.price),
    qty: canonical(t.qty),
    quoteQty: canonical(t.quoteQty),
    fee: canonical(maker ? t.makerFee : t.takerFee),
    feeAsset: side === 'buy' ? n.coin : n.quote,
    platformCounterparty: isPlatform(maker ? t.takerUserId : t.makerUserId),
    time: t.createdAt.toISOString(),
  };
}
