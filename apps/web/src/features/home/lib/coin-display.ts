// How the home page shows a coin entry: the pair name (customizeFlag 2 shows showSymbol, spec section 3),
// the symbol used in trade links, and prices that are null until live market data is switched on.
import { priceDirection } from '@coin/shared/price-format';
import type { CoinEntry } from '@/lib/platform-store';
import type { NumberFormats } from '@/lib/use-number-format';

export const NO_PRICE = '—';

export function coinPairLabel(coin: CoinEntry): string {
  if (String(coin.customizeFlag) === '2' && coin.showSymbol) return coin.showSymbol;
  const base = coin.coin.toUpperCase();
  const quote = coin.baseCoin.toUpperCase();
  if (base && quote) return `${base}/${quote}`;
  return (base || coin.symbol).toUpperCase();
}

/** The trade route's symbol: mt5 markets keep their case, others are lowercased (spec section 3). */
export function tradeSymbol(coin: CoinEntry): string {
  const name = coin.coin || coin.symbol;
  return coin.market === 'mt5' ? name : name.toLowerCase();
}

// Without the market's precision a price is shown with the decimals it came with.
const PRICE_FALLBACK_DECIMALS = 18;

/** A price in full at the market's precision (70,773.12), never abbreviated. */
export function displayPrice(
  fmt: NumberFormats,
  value: string | null | undefined,
  decimals: number | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return NO_PRICE;
  return decimals === null || decimals === undefined
    ? fmt.number(value, PRICE_FALLBACK_DECIMALS)
    : fmt.price(value, decimals);
}

export function displayChange(fmt: NumberFormats, value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? NO_PRICE : fmt.change(value);
}

export type ChangeTone = 'rise' | 'fall' | 'draw' | 'none';

export function changeTone(value: string | null | undefined): ChangeTone {
  return value === null || value === undefined || value === '' ? 'none' : priceDirection(value);
}

/** The ticker store's key of a coin entry's pair: 'BTCUSDT' for coin 'btc' quoted in 'usdt'. */
export function coinPairKey(coin: CoinEntry): string {
  const pair = coin.coin && coin.baseCoin ? `${coin.coin}${coin.baseCoin}` : coin.symbol;
  return pair.replace(/[^a-z0-9]/gi, '').toUpperCase();
}
