// Wire shapes of the market routes (docs/market.md): coin entries of getCoinList and market rows of the
// quotes lists. Prices are decimal strings or null; never a made-up value.
import type { MarketEngine, MarketEntry } from '@/market/market-engine';

export const LISTS = { seconds: 'listSeconds', spot: 'listSpot', contract: 'listContract' } as const;
export type ListName = keyof typeof LISTS;

export function listed(engine: MarketEngine, list: ListName): MarketEntry[] {
  return engine.allEntries().filter((e) => e.listed && e.market[LISTS[list]]);
}

export function coinEntry(engine: MarketEngine, e: MarketEntry) {
  const ticker = engine.currentTicker(e);
  return {
    coin: e.coin.coin,
    baseCoin: e.market.quote,
    symbol: e.market.symbol,
    showSymbol: e.market.showSymbol,
    customizeFlag: e.market.customizeFlag,
    market: e.market.market,
    coinType: e.coin.coinType,
    logo: e.coin.logo,
    amount: ticker?.close ?? null,
    open: ticker?.open ?? null,
    change: ticker?.zdf ?? null,
    plate: e.coin.plate,
    priceDecimals: e.market.priceDecimals,
    qtyDecimals: e.market.qtyDecimals,
  };
}

export type MarketRow = ReturnType<typeof marketRow>;

export function marketRow(engine: MarketEngine, e: MarketEntry, optional: boolean) {
  const t = engine.currentTicker(e);
  const base = e.coin.coin.toUpperCase();
  const quote = e.market.quote.toUpperCase();
  return {
    symbol: e.market.symbol,
    symbol_name: `${base}/${quote}`,
    base_symbol: base,
    quote_symbol: quote,
    coin: e.coin.coin,
    showSymbol: e.market.showSymbol,
    customizeFlag: e.market.customizeFlag,
    market: e.market.market,
    coinType: e.coin.coinType,
    logo: e.coin.logo,
    plate: e.coin.plate,
    close: t?.close ?? null,
    open: t?.open ?? null,
    high: t?.high ?? null,
    low: t?.low ?? null,
    volume: t?.volume ?? null,
    amount: t?.amount ?? null,
    zdf: t?.zdf ?? null,
    part_cou: e.market.priceDecimals,
    full_cou: e.market.qtyDecimals,
    optional: optional ? 1 : 0,
    collect: optional ? 1 : 0,
    simulated: engine.simulated(),
  };
}

export function adminCoin(engine: MarketEngine, coin: ReturnType<MarketEngine['coins']>[number]) {
  return {
    coin: coin.coin,
    name: coin.name,
    coinType: coin.coinType,
    logo: coin.logo,
    plate: coin.plate,
    enabled: coin.enabled,
    sort: coin.sort,
    initialPrice: trimDecimal(coin.initialPrice),
    volatility: trimDecimal(coin.volatility),
    price: engine.usdtPrice(coin.coin) ?? null,
  };
}

export function adminMarket(e: MarketEntry) {
  return {
    symbol: e.market.symbol,
    coin: e.market.coin,
    quote: e.market.quote,
    market: e.market.market,
    showSymbol: e.market.showSymbol,
    customizeFlag: e.market.customizeFlag,
    priceDecimals: e.market.priceDecimals,
    qtyDecimals: e.market.qtyDecimals,
    plate: e.coin.plate,
    seconds: e.market.listSeconds,
    spot: e.market.listSpot,
    contract: e.market.listContract,
    enabled: e.market.enabled,
    coinEnabled: e.coin.enabled,
    sort: e.market.sort,
  };
}

/** SQL numeric text without trailing zeros ('0.600000' -> '0.6'). */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
