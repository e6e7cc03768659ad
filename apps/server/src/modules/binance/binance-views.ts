// Our spot objects in Binance's field names and types: numbers as strings with (at least) eight
// decimals, ids and times as JSON numbers, Binance's order states.
import type { SpotTradeEvent } from '@/core/types';
import type { SpotFillView, SpotOrderView } from '@/modules/spot/spot-views';

/** A decimal string with at least 8 decimals, as Binance writes numbers ('0.01' -> '0.01000000'). */
export function fixed8(v: string | null | undefined): string {
  const text = v ?? '0';
  const [int = '0', frac = ''] = text.split('.');
  return `${int}.${frac.padEnd(8, '0')}`;
}

/** A trade id `<seq>-<n>` as the number Binance uses (seq x 100000 + n, in execution order). */
export function tradeNumber(tradeId: string): number {
  const [seq = '0', n = '0'] = tradeId.split('-');
  return Number(seq) * 100_000 + Number(n);
}

export type BinanceStatus =
  | 'NEW'
  | 'PARTIALLY_FILLED'
  | 'FILLED'
  | 'CANCELED'
  | 'EXPIRED'
  | 'EXPIRED_IN_MATCH';

export function orderStatus(o: SpotOrderView): BinanceStatus {
  if (o.status === 0) return Number(o.filledQty) > 0 ? 'PARTIALLY_FILLED' : 'NEW';
  if (o.status === 1) return 'FILLED';
  if (o.cancelReason === 'stp') return 'EXPIRED_IN_MATCH';
  if (o.cancelReason === null || o.cancelReason === 'user') return 'CANCELED';
  return 'EXPIRED';
}

export function orderType(
  o: Pick<SpotOrderView, 'type' | 'timeInForce'>,
): 'LIMIT' | 'LIMIT_MAKER' | 'MARKET' {
  if (o.type === 'market') return 'MARKET';
  return o.timeInForce === 'POST_ONLY' ? 'LIMIT_MAKER' : 'LIMIT';
}

function timeInForce(o: SpotOrderView): string {
  return o.type === 'market' || o.timeInForce === 'POST_ONLY' ? 'GTC' : o.timeInForce;
}

const ms = (iso: string) => new Date(iso).getTime();

/** The fields every order reply shares (GET order, openOrders, allOrders). */
export function binanceOrder(o: SpotOrderView) {
  const status = orderStatus(o);
  return {
    symbol: o.symbol.toUpperCase(),
    orderId: Number(o.id),
    orderListId: -1,
    clientOrderId: o.clientOrderId ?? '',
    price: fixed8(o.price),
    origQty: fixed8(o.quantity),
    executedQty: fixed8(o.filledQty),
    cummulativeQuoteQty: fixed8(o.filledQuote),
    status,
    timeInForce: timeInForce(o),
    type: orderType(o),
    side: o.side === 'buy' ? 'BUY' : 'SELL',
    stopPrice: '0.00000000',
    icebergQty: '0.00000000',
    time: ms(o.createTime),
    updateTime: ms(o.updateTime),
    isWorking: status === 'NEW' || status === 'PARTIALLY_FILLED',
    workingTime: ms(o.createTime),
    origQuoteOrderQty: fixed8(o.quoteQuantity),
    selfTradePreventionMode: 'EXPIRE_MAKER',
  };
}

export interface BinanceFill {
  price: string;
  qty: string;
  commission: string;
  commissionAsset: string;
  tradeId: number;
}

/** The reply to a new order: ACK, RESULT or FULL (with the fills of the order's own command). */
export function newOrderReply(o: SpotOrderView, respType: 'ACK' | 'RESULT' | 'FULL', fills: BinanceFill[]) {
  const full = binanceOrder(o);
  const ack = {
    symbol: full.symbol,
    orderId: full.orderId,
    orderListId: -1,
    clientOrderId: full.clientOrderId,
    transactTime: full.updateTime,
  };
  if (respType === 'ACK') return ack;
  const result = {
    ...ack,
    price: full.price,
    origQty: full.origQty,
    executedQty: full.executedQty,
    origQuoteOrderQty: full.origQuoteOrderQty,
    cummulativeQuoteQty: full.cummulativeQuoteQty,
    status: full.status,
    timeInForce: full.timeInForce,
    type: full.type,
    side: full.side,
    workingTime: full.workingTime,
    selfTradePreventionMode: full.selfTradePreventionMode,
  };
  return respType === 'RESULT' ? result : { ...result, fills };
}

/** The reply to a cancel. */
export function cancelReply(o: SpotOrderView, origClientOrderId: string, clientOrderId: string) {
  const full = binanceOrder(o);
  return {
    symbol: full.symbol,
    origClientOrderId,
    orderId: full.orderId,
    orderListId: -1,
    clientOrderId,
    transactTime: full.updateTime,
    price: full.price,
    origQty: full.origQty,
    executedQty: full.executedQty,
    origQuoteOrderQty: full.origQuoteOrderQty,
    cummulativeQuoteQty: full.cummulativeQuoteQty,
    status: full.status,
    timeInForce: full.timeInForce,
    type: full.type,
    side: full.side,
    selfTradePreventionMode: full.selfTradePreventionMode,
  };
}

/** A fill of the user's as a myTrades row. */
export function myTrade(f: SpotFillView) {
  return {
    symbol: f.symbol.toUpperCase(),
    id: tradeNumber(f.tradeId),
    orderId: Number(f.orderId),
    orderListId: -1,
    price: fixed8(f.price),
    qty: fixed8(f.qty),
    quoteQty: fixed8(f.quoteQty),
    commission: fixed8(f.fee),
    commissionAsset: f.feeAsset,
    time: ms(f.time),
    isBuyer: f.side === 'buy',
    isMaker: f.role === 'maker',
    isBestMatch: true,
  };
}

/** A public trade (GET trades). */
export function publicTrade(t: SpotTradeEvent) {
  return {
    id: tradeNumber(t.tradeId),
    price: fixed8(t.price),
    qty: fixed8(t.qty),
    quoteQty: fixed8(t.quoteQty),
    time: t.ts,
    isBuyerMaker: t.takerSide === 'sell',
    isBestMatch: true,
  };
}

/** A public trade as an aggregate trade of one (GET aggTrades). */
export function aggTrade(t: SpotTradeEvent) {
  const id = tradeNumber(t.tradeId);
  return {
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
