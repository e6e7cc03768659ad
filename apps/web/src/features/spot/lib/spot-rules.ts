// A spot market's trading rules as the server sends them (docs/spot.md, SpotRules), read defensively, and
// the spellings of a market: symbol 'btcusdt', pair 'BTC/USDT', route pair 'BTC_USDT', coin 'btc'.

export interface SpotRules {
  symbol: string;
  pair: string;
  coin: string;
  quote: string;
  priceDecimals: number;
  qtyDecimals: number;
  tickSize: string;
  lotSize: string;
  minQty: string;
  minNotional: string;
  makerFeeRate: string;
  takerFeeRate: string;
  marketProtection: string;
  status: 'trading' | 'halted';
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

function int(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
}

/** One SpotRules from the wire; undefined when it is not one. */
export function readSpotRules(value: unknown): SpotRules | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const o = value as Record<string, unknown>;
  const symbol = str(o.symbol).toLowerCase();
  const coin = str(o.coin).toUpperCase();
  const quote = str(o.quote).toUpperCase();
  if (!symbol || !coin || !quote) return undefined;
  return {
    symbol,
    pair: str(o.pair, `${coin}/${quote}`),
    coin,
    quote,
    priceDecimals: int(o.priceDecimals, 2),
    qtyDecimals: int(o.qtyDecimals, 4),
    tickSize: str(o.tickSize, '0.01'),
    lotSize: str(o.lotSize, '0.0001'),
    minQty: str(o.minQty, '0'),
    minNotional: str(o.minNotional, '0'),
    makerFeeRate: str(o.makerFeeRate, '0'),
    takerFeeRate: str(o.takerFeeRate, '0'),
    marketProtection: str(o.marketProtection, '0.05'),
    status: o.status === 'halted' ? 'halted' : 'trading',
  };
}

export function readSpotRulesList(value: unknown): SpotRules[] {
  if (!Array.isArray(value)) return [];
  return value.map(readSpotRules).filter((r): r is SpotRules => r !== undefined);
}

export const DEFAULT_SPOT_PAIR = 'BTC_USDT';

/** 'BTC_USDT', 'btc/usdt', 'btc-usdt', 'btcusdt' or a coin 'btc' (against USDT) -> 'btcusdt'. */
export function spotSymbolOf(name: string): string {
  const clean = name.trim().toLowerCase();
  if (!clean) return 'btcusdt';
  if (/[/_-]/.test(clean)) return clean.replace(/[/_-]/g, '');
  if (clean.endsWith('usdt') && clean.length > 4) return clean;
  return `${clean}usdt`;
}

/** The market of `name` among `markets` (any spelling), else undefined. */
export function findMarket(markets: readonly SpotRules[], name: string): SpotRules | undefined {
  const symbol = spotSymbolOf(name);
  return markets.find((m) => m.symbol === symbol);
}

/** 'BTC_USDT' for routes. */
export function routePair(rules: Pick<SpotRules, 'coin' | 'quote'>): string {
  return `${rules.coin}_${rules.quote}`;
}
