// Binance's signed spot calls (docs/binance-compat.md "REST"): account, order (new, query, cancel),
// openOrders (query, cancel all), allOrders, myTrades. A thin translation over SpotService: the same core
// commands, validation and refusals, in Binance's names; reads through BinanceOrderReader.
import { randomBytes } from 'node:crypto';
import type { MoneyCore } from '@/core/types';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { ApiKeyVerifier } from '@/modules/security/api-key-auth';
import type { PlaceInput, SpotService } from '@/modules/spot/spot-service';
import { orderFromEvent, type SpotOrderView } from '@/modules/spot/spot-views';
import type { RecentActivity } from './binance-activity';
import { type BinanceCaller, signedCaller } from './binance-auth';
import { binanceErrors as E, fromAppError } from './binance-errors';
import type { BinanceContext, BinanceHttp } from './binance-http';
import type { RequestLimiter } from './binance-limits';
import type { BinanceOrderReader } from './binance-orders';
import { marketOf, type Params } from './binance-params';
import { binanceOrder, cancelReply, fixed8, myTrade, newOrderReply, tradeNumber } from './binance-views';

export interface TradingSources {
  spot: SpotService;
  core: MoneyCore;
  verifier: ApiKeyVerifier;
  reader: BinanceOrderReader;
  activity: RecentActivity;
  limiter: RequestLimiter;
  clock: Clock;
}

/** A client order id as Binance makes one when the client sends none. */
function newClientOrderId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(22)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** The service's refusals as Binance errors (`notFound` for the call's own "no such order"). */
async function translated<T>(fn: () => Promise<T>, notFound = E.noSuchOrder): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) {
      if (err.errorCode === 'SPOT_ORDER_NOT_FOUND') throw notFound();
      throw fromAppError(err);
    }
    throw err;
  }
}

/** A new order's parameters as our PlaceInput (Binance's combinations and errors). */
export function placeInput(
  params: Params,
  symbol: string,
): { input: PlaceInput; respType: 'ACK' | 'RESULT' | 'FULL' } {
  const side = params.enumOf('side', ['BUY', 'SELL'] as const, E.side);
  if (side === undefined) throw E.mandatory('side');
  const type = params.enumOf(
    'type',
    [
      'LIMIT',
      'MARKET',
      'LIMIT_MAKER',
      'STOP_LOSS',
      'STOP_LOSS_LIMIT',
      'TAKE_PROFIT',
      'TAKE_PROFIT_LIMIT',
    ] as const,
    E.orderType,
  );
  if (type === undefined) throw E.mandatory('type');
  if (type !== 'LIMIT' && type !== 'MARKET' && type !== 'LIMIT_MAKER') throw E.unsupported();
  const tif = params.enumOf('timeInForce', ['GTC', 'IOC', 'FOK'] as const, E.timeInForce);
  const price = params.decimal('price');
  const quantity = params.decimal('quantity');
  const quoteOrderQty = params.decimal('quoteOrderQty');
  for (const name of ['stopPrice', 'trailingDelta', 'icebergQty'] as const) {
    if (params.has(name)) throw E.notRequired(name);
  }
  const clientOrderId = params.clientOrderId('newClientOrderId') ?? newClientOrderId();
  const respType =
    params.enumOf('newOrderRespType', ['ACK', 'RESULT', 'FULL'] as const, () =>
      E.invalidParam('newOrderRespType'),
    ) ?? 'FULL';
  const base = { symbol, side: side === 'BUY' ? ('buy' as const) : ('sell' as const), clientOrderId };
  if (type === 'MARKET') {
    if (price !== undefined) throw E.notRequired('price');
    if (tif !== undefined) throw E.notRequired('timeInForce');
    if (quantity === undefined && quoteOrderQty === undefined)
      throw E.eitherMandatory('quantity', 'quoteOrderQty');
    if (quantity !== undefined && quoteOrderQty !== undefined) throw E.badCombo();
    // Our market sell is by base quantity only.
    if (quoteOrderQty !== undefined && side === 'SELL') throw E.unsupported();
    return {
      input: {
        ...base,
        type: 'market',
        ...(quantity !== undefined ? { quantity } : { quoteQuantity: quoteOrderQty }),
      },
      respType,
    };
  }
  if (quoteOrderQty !== undefined) throw E.notRequired('quoteOrderQty');
  if (price === undefined) throw E.mandatory('price');
  if (quantity === undefined) throw E.mandatory('quantity');
  if (type === 'LIMIT_MAKER') {
    if (tif !== undefined) throw E.notRequired('timeInForce');
    return { input: { ...base, type: 'limit', price, quantity, timeInForce: 'POST_ONLY' }, respType };
  }
  if (tif === undefined) throw E.mandatory('timeInForce');
  return { input: { ...base, type: 'limit', price, quantity, timeInForce: tif }, respType };
}

export function tradingRoutes(http: BinanceHttp, s: TradingSources): void {
  const markets = s.spot.markets;
  const signed = (ctx: BinanceContext, permission: 'read' | 'trade'): Promise<BinanceCaller> =>
    signedCaller(s.verifier, ctx.request, ctx.params, permission);

  /** The caller's order named by orderId or origClientOrderId, in the market of `symbol`. */
  const findOrder = async (c: BinanceCaller, params: Params, symbol: string): Promise<SpotOrderView> => {
    const r = marketOf(markets, symbol);
    const orderId = params.int('orderId');
    const clientId = params.clientOrderId('origClientOrderId');
    if (orderId === undefined && clientId === undefined)
      throw E.eitherMandatory('orderId', 'origClientOrderId');
    let order: SpotOrderView | undefined;
    if (orderId !== undefined) {
      const live = s.reader.live(String(orderId));
      if (live && live.userId === c.userId.toString()) order = orderFromEvent(markets, live);
      else if (!live) order = await translated(() => s.spot.get(c.userId, String(orderId)));
    } else if (clientId !== undefined) {
      order = await s.reader.byClientOrderId(c.userId, r, clientId);
    }
    if (!order || order.symbol !== r.symbol) throw E.noSuchOrder();
    if (clientId !== undefined && order.clientOrderId !== clientId) throw E.noSuchOrder();
    return order;
  };

  http.route('GET', '/api/v3/account', 20, async (ctx) => {
    const c = await signed(ctx, 'read');
    const omitZero = ctx.params.get('omitZeroBalances') === 'true';
    const assets = new Set<string>();
    for (const r of markets.all()) {
      assets.add(r.coin);
      assets.add(r.quote);
    }
    const held = new Map(
      s.core
        .balancesOf(c.userId.toString())
        .filter((b) => b.accountType === 'spot')
        .map((b) => [b.asset, b] as const),
    );
    for (const a of held.keys()) assets.add(a);
    const balances = [...assets]
      .sort()
      .map((asset) => ({
        asset,
        free: fixed8(held.get(asset)?.available),
        locked: fixed8(held.get(asset)?.frozen),
      }))
      .filter((b) => !omitZero || Number(b.free) > 0 || Number(b.locked) > 0);
    const first = markets.all()[0];
    const bps = (rate: string | undefined) => Math.round(Number(rate ?? '0') * 10_000);
    return {
      makerCommission: bps(first?.makerFeeRate),
      takerCommission: bps(first?.takerFeeRate),
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: {
        maker: fixed8(first?.makerFeeRate),
        taker: fixed8(first?.takerFeeRate),
        buyer: '0.00000000',
        seller: '0.00000000',
      },
      canTrade: c.canTrade,
      canWithdraw: false,
      canDeposit: false,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: s.clock.now().getTime(),
      accountType: 'SPOT',
      balances,
      permissions: ['SPOT'],
      uid: Number(c.userId),
    };
  });

  http.route('POST', '/api/v3/order', 1, async (ctx) => {
    const c = await signed(ctx, 'trade');
    const r = marketOf(markets, ctx.params.required('symbol'));
    const { input, respType } = placeInput(ctx.params, r.symbol);
    const counts = s.limiter.order(`u:${c.userId}`, s.clock.now().getTime());
    ctx.reply.header('x-mbx-order-count-10s', String(counts.tenSeconds));
    ctx.reply.header('x-mbx-order-count-1d', String(counts.day));
    const order = await translated(() => s.spot.place(c.userId, input, undefined));
    const fills = s.activity
      .fillsOf(r.symbol, order.id)
      .filter((t) => t.takerOrderId === order.id)
      .map((t) => ({
        price: fixed8(t.price),
        qty: fixed8(t.qty),
        commission: fixed8(t.takerFee),
        commissionAsset: order.side === 'buy' ? r.coin : r.quote,
        tradeId: tradeNumber(t.tradeId),
      }));
    return newOrderReply(order, respType, fills);
  });

  http.route('GET', '/api/v3/order', 4, async (ctx) => {
    const c = await signed(ctx, 'read');
    return binanceOrder(await findOrder(c, ctx.params, ctx.params.required('symbol')));
  });

  http.route('DELETE', '/api/v3/order', 1, async (ctx) => {
    const c = await signed(ctx, 'trade');
    const symbol = ctx.params.required('symbol');
    const order = await findOrder(c, ctx.params, symbol).catch((err) => {
      throw err instanceof Error && (err as { code?: number }).code === -2013 ? E.cancelRejected() : err;
    });
    if (order.status !== 0) throw E.cancelRejected();
    const cancelled = await translated(() => s.spot.cancel(c.userId, { id: order.id }), E.cancelRejected);
    const newId = ctx.params.clientOrderId('newClientOrderId') ?? newClientOrderId();
    return cancelReply(cancelled, order.clientOrderId ?? '', newId);
  });

  http.route('GET', '/api/v3/openOrders', 6, async (ctx) => {
    const c = await signed(ctx, 'read');
    const symbol = ctx.params.get('symbol');
    const r = symbol === undefined ? undefined : marketOf(markets, symbol);
    return s.core
      .spotOpenOrders(c.userId.toString(), r?.symbol)
      .map((o) => binanceOrder(orderFromEvent(markets, o)));
  });

  http.route('DELETE', '/api/v3/openOrders', 1, async (ctx) => {
    const c = await signed(ctx, 'trade');
    const r = marketOf(markets, ctx.params.required('symbol'));
    const out = [];
    for (const o of s.core.spotOpenOrders(c.userId.toString(), r.symbol)) {
      try {
        const cancelled = await s.spot.cancel(c.userId, { id: o.orderId });
        out.push(cancelReply(cancelled, o.clientOrderId ?? '', newClientOrderId()));
      } catch (err) {
        // Filled or cancelled meanwhile.
        if (!(err instanceof AppError) || err.errorCode !== 'SPOT_ORDER_NOT_FOUND') throw err;
      }
    }
    return out;
  });

  http.route('GET', '/api/v3/allOrders', 20, async (ctx) => {
    const c = await signed(ctx, 'read');
    const r = marketOf(markets, ctx.params.required('symbol'));
    const orders = await s.reader.allOrders(c.userId, r, {
      orderId: ctx.params.int('orderId'),
      startTime: ctx.params.int('startTime'),
      endTime: ctx.params.int('endTime'),
      limit: ctx.params.limit('limit', 500, 1000),
    });
    return orders.map(binanceOrder);
  });

  http.route('GET', '/api/v3/myTrades', 20, async (ctx) => {
    const c = await signed(ctx, 'read');
    const r = marketOf(markets, ctx.params.required('symbol'));
    const fromId = ctx.params.int('fromId');
    const orderId = ctx.params.int('orderId');
    const startTime = ctx.params.int('startTime');
    const endTime = ctx.params.int('endTime');
    if (fromId !== undefined && (startTime !== undefined || endTime !== undefined)) throw E.badCombo();
    const fills = await s.reader.myTrades(c.userId, r, {
      fromId,
      orderId,
      startTime,
      endTime,
      limit: ctx.params.limit('limit', 500, 1000),
    });
    return fills.map(myTrade);
  });
}
