// Binance's public market data (docs/binance-compat.md "REST"): ping, time, exchangeInfo, depth, trades,
// aggTrades, klines, avgPrice, ticker/24hr, ticker/price, ticker/bookTicker. Read from the same sources
// as our own market routes: the spot market rules, the depth books, the market engine, the trades.
import { amountFromAtoms, div, formatAmount, isZero, mul, parseAmount, sub } from '@coin/shared/money';
import { MAX_TICKS } from '@/core/spot/spot-market';
import type { MoneyCore } from '@/core/types';
import type { Clock } from '@/lib/clock';
import { approxIntervalMs, INTERVALS, type Interval, isInterval, nextBucket } from '@/market/kline';
import type { MarketEngine } from '@/market/market-engine';
import type { SpotMarkets, SpotRules } from '@/modules/spot/spot-markets';
import type { DepthRegistry } from '@/realtime/depth-book';
import type { RecentActivity } from './binance-activity';
import { binanceErrors as E } from './binance-errors';
import type { BinanceHttp } from './binance-http';
import type { RequestLimiter } from './binance-limits';
import { marketOf, type Params, symbolList } from './binance-params';
import { aggTrade, fixed8, publicTrade, tradeNumber } from './binance-views';

export interface MarketSources {
  markets: SpotMarkets;
  engine: MarketEngine;
  depth: DepthRegistry | undefined;
  core: MoneyCore;
  activity: RecentActivity;
  clock: Clock;
  limiter: RequestLimiter;
}

export function exchangeSymbol(r: SpotRules, core: MoneyCore) {
  const precision = (asset: string) => core.assetLimits(asset)?.decimals ?? 8;
  const max = (asset: string) => {
    const limits = core.assetLimits(asset);
    return fixed8(limits ? formatAmount(amountFromAtoms(limits.maxAmount)) : '9000000000');
  };
  const maxPrice = fixed8(formatAmount(mul(parseAmount(r.tickSize), parseAmount(String(MAX_TICKS)), 'down')));
  return {
    symbol: r.symbol.toUpperCase(),
    status: r.status === 'trading' ? 'TRADING' : 'HALT',
    baseAsset: r.coin,
    baseAssetPrecision: precision(r.coin),
    quoteAsset: r.quote,
    quotePrecision: precision(r.quote),
    quoteAssetPrecision: precision(r.quote),
    baseCommissionPrecision: precision(r.coin),
    quoteCommissionPrecision: precision(r.quote),
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET'],
    icebergAllowed: false,
    ocoAllowed: false,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: false,
    amendAllowed: false,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: fixed8(r.tickSize), maxPrice, tickSize: fixed8(r.tickSize) },
      { filterType: 'LOT_SIZE', minQty: fixed8(r.minQty), maxQty: max(r.coin), stepSize: fixed8(r.lotSize) },
      {
        filterType: 'MIN_NOTIONAL',
        minNotional: fixed8(r.minNotional),
        applyToMarket: true,
        avgPriceMins: 5,
      },
      {
        filterType: 'MARKET_LOT_SIZE',
        minQty: fixed8(r.minQty),
        maxQty: max(r.coin),
        stepSize: fixed8(r.lotSize),
      },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_MAKER'],
  };
}

/** The market(s) a ticker call is about: one `symbol`, a `symbols` list, or every market. */
function marketsFor(s: MarketSources, params: Params): { one: boolean; list: SpotRules[] } {
  const symbol = params.get('symbol');
  const symbols = params.get('symbols');
  if (symbol !== undefined && symbols !== undefined) throw E.badCombo();
  if (symbol !== undefined) return { one: true, list: [marketOf(s.markets, symbol)] };
  if (symbols !== undefined) return { one: false, list: symbolList(s.markets, symbols) };
  return { one: false, list: s.markets.all() };
}

function bookTop(s: MarketSources, r: SpotRules) {
  const snap = s.depth?.find(r.symbol.toUpperCase())?.snapshot(1);
  const bid = snap?.bids[0];
  const ask = snap?.asks[0];
  return {
    bidPrice: fixed8(bid?.[0]),
    bidQty: fixed8(bid?.[1]),
    askPrice: fixed8(ask?.[0]),
    askQty: fixed8(ask?.[1]),
  };
}

export function ticker24h(s: MarketSources, r: SpotRules) {
  const now = s.clock.now().getTime();
  const entry = s.engine.entry(r.symbol);
  const t = entry ? s.engine.currentTicker(entry) : undefined;
  const trades = s.activity.tradesOf(r.symbol).filter((x) => x.ts > now - 86_400_000);
  const last = trades.at(-1);
  const open = t?.open ?? '0';
  const close = t?.close ?? '0';
  const volume = t ? parseAmount(t.volume) : parseAmount('0');
  const quoteVolume = t ? parseAmount(t.amount) : parseAmount('0');
  const weighted = isZero(volume) ? close : formatAmount(div(quoteVolume, volume, 'down'), r.priceDecimals);
  return {
    symbol: r.symbol.toUpperCase(),
    priceChange: fixed8(formatAmount(sub(parseAmount(close), parseAmount(open)))),
    priceChangePercent: t?.zdf ?? '0.00',
    weightedAvgPrice: fixed8(weighted),
    prevClosePrice: fixed8(open),
    lastPrice: fixed8(close),
    lastQty: fixed8(last?.qty),
    ...bookTop(s, r),
    openPrice: fixed8(open),
    highPrice: fixed8(t?.high),
    lowPrice: fixed8(t?.low),
    volume: fixed8(t?.volume),
    quoteVolume: fixed8(t?.amount),
    openTime: now - 86_400_000,
    closeTime: now,
    firstId: trades[0] ? tradeNumber(trades[0].tradeId) : -1,
    lastId: last ? tradeNumber(last.tradeId) : -1,
    count: trades.length,
  };
}

export function klineRow(
  bar: {
    time: number;
    open: string;
    high: string;
    low: string;
    close: string;
    volume: string;
    amount: string;
  },
  interval: Interval,
) {
  return [
    bar.time,
    fixed8(bar.open),
    fixed8(bar.high),
    fixed8(bar.low),
    fixed8(bar.close),
    fixed8(bar.volume),
    nextBucket(interval, bar.time) - 1,
    fixed8(bar.amount),
    0,
    '0.00000000',
    '0.00000000',
    '0',
  ];
}

export function publicRoutes(http: BinanceHttp, s: MarketSources): void {
  http.route('GET', '/api/v3/ping', 1, () => ({}));
  http.route('GET', '/api/v3/time', 1, () => ({ serverTime: s.clock.now().getTime() }));

  http.route('GET', '/api/v3/exchangeInfo', 20, ({ params }) => {
    const symbol = params.get('symbol');
    const symbols = params.get('symbols');
    const list =
      symbol !== undefined
        ? [marketOf(s.markets, symbol)]
        : symbols !== undefined
          ? symbolList(s.markets, symbols)
          : s.markets.all();
    return {
      timezone: 'UTC',
      serverTime: s.clock.now().getTime(),
      rateLimits: s.limiter.rateLimits(),
      exchangeFilters: [],
      symbols: list.map((r) => exchangeSymbol(r, s.core)),
    };
  });

  http.route('GET', '/api/v3/depth', 5, ({ params }) => {
    const r = marketOf(s.markets, params.required('symbol'));
    const limit = params.limit('limit', 100, 5000);
    const book = s.depth?.find(r.symbol.toUpperCase());
    const snap = book ? book.snapshot(limit) : { lastUpdateId: 0, bids: [], asks: [] };
    return {
      lastUpdateId: snap.lastUpdateId,
      bids: snap.bids.map(([p, q]) => [fixed8(p), fixed8(q)]),
      asks: snap.asks.map(([p, q]) => [fixed8(p), fixed8(q)]),
    };
  });

  http.route('GET', '/api/v3/trades', 25, ({ params }) => {
    const r = marketOf(s.markets, params.required('symbol'));
    const limit = params.limit('limit', 500, 1000);
    return s.activity.tradesOf(r.symbol).slice(-limit).map(publicTrade);
  });

  http.route('GET', '/api/v3/aggTrades', 4, ({ params }) => {
    const r = marketOf(s.markets, params.required('symbol'));
    const limit = params.limit('limit', 500, 1000);
    const fromId = params.int('fromId');
    const startTime = params.int('startTime');
    const endTime = params.int('endTime');
    let list = [...s.activity.tradesOf(r.symbol)];
    if (fromId !== undefined)
      return list
        .filter((t) => tradeNumber(t.tradeId) >= fromId)
        .slice(0, limit)
        .map(aggTrade);
    if (startTime !== undefined) list = list.filter((t) => t.ts >= startTime);
    if (endTime !== undefined) list = list.filter((t) => t.ts <= endTime);
    return (startTime !== undefined ? list.slice(0, limit) : list.slice(-limit)).map(aggTrade);
  });

  http.route('GET', '/api/v3/klines', 2, async ({ params }) => {
    const r = marketOf(s.markets, params.required('symbol'));
    const interval = params.required('interval');
    if (!isInterval(interval)) throw E.interval();
    const limit = params.limit('limit', 500, 1000);
    const startTime = params.int('startTime');
    const endTime = params.int('endTime');
    const now = s.clock.now().getTime();
    const end =
      endTime ??
      (startTime !== undefined ? Math.min(now, startTime + limit * approxIntervalMs(interval)) : now);
    const bars = await s.engine.klines(r.symbol, interval, startTime !== undefined ? 1000 : limit, end);
    const picked = bars.filter((b) => startTime === undefined || b.time >= startTime);
    return (startTime !== undefined ? picked.slice(0, limit) : picked.slice(-limit)).map((b) =>
      klineRow(b, interval),
    );
  });

  http.route('GET', '/api/v3/avgPrice', 2, ({ params }) => {
    const r = marketOf(s.markets, params.required('symbol'));
    const t = ticker24h(s, r);
    return { mins: 5, price: t.lastPrice, closeTime: t.closeTime };
  });

  http.route('GET', '/api/v3/ticker/24hr', 2, ({ params }) => {
    const { one, list } = marketsFor(s, params);
    const rows = list.map((r) => ticker24h(s, r));
    return one ? rows[0] : rows;
  });

  http.route('GET', '/api/v3/ticker/price', 2, ({ params }) => {
    const { one, list } = marketsFor(s, params);
    const rows = list.map((r) => ({ symbol: r.symbol.toUpperCase(), price: ticker24h(s, r).lastPrice }));
    return one ? rows[0] : rows;
  });

  http.route('GET', '/api/v3/ticker/bookTicker', 2, ({ params }) => {
    const { one, list } = marketsFor(s, params);
    const rows = list.map((r) => ({ symbol: r.symbol.toUpperCase(), ...bookTop(s, r) }));
    return one ? rows[0] : rows;
  });
}

export const BINANCE_INTERVALS = INTERVALS;
