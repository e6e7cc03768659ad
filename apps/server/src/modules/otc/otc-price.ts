// Pure OTC arithmetic (docs/otc.md "Prices"): an ad's price (fixed, or the index price in the fiat plus a
// margin), an order's fiat total, and the market's best-price-first order.
import { type Amount, add, cmp, formatAmount, mul, parseAmount, roundTo } from '@coin/shared/money';

/** Fiat prices and totals have 2 decimals; coin amounts the asset's decimals (at most 8 here). */
export const FIAT_DECIMALS = 2;
export const COIN_DECIMALS = 8;

/**
 * The price of an ad now: fixed, or index (USDT per coin) x fiat rate (fiat per USDT) x (1 + margin/100),
 * rounded to cents. Undefined when a margin ad has no index price.
 */
export function adPrice(
  ad: { priceType: string; price: string; margin: string | null },
  usdtPrice: string | undefined,
  fiatRate: string | undefined,
): string | undefined {
  if (ad.priceType === 'fixed') return formatAmount(parseAmount(ad.price));
  if (usdtPrice === undefined || fiatRate === undefined) return undefined;
  const base = mul(parseAmount(usdtPrice), parseAmount(fiatRate), 'down');
  const factor = add(parseAmount('1'), mul(parseAmount(ad.margin ?? '0'), parseAmount('0.01'), 'down'));
  const p = roundTo(mul(base, factor, 'halfEven'), FIAT_DECIMALS, 'halfEven');
  return cmp(p, 0n as Amount) > 0 ? formatAmount(p) : undefined;
}

/** Fiat total of `amount` coins at `price`, rounded half-even to cents. */
export function orderTotal(amount: string, price: string): string {
  return formatAmount(
    roundTo(mul(parseAmount(amount), parseAmount(price), 'halfEven'), FIAT_DECIMALS, 'halfEven'),
  );
}

/** Best price first for the taker: buying (sell ads) cheapest first, selling (buy ads) dearest first. */
export function byBestPrice<T extends { side: string; price: string; id: string }>(ads: T[]): T[] {
  return [...ads].sort((a, b) => {
    const c = cmp(parseAmount(a.price), parseAmount(b.price));
    const d = a.side === 'sell' ? c : -c;
    return d !== 0 ? d : Number(BigInt(a.id) - BigInt(b.id));
  });
}

export function between(v: string, lo: string, hi: string): boolean {
  const x = parseAmount(v);
  return cmp(x, parseAmount(lo)) >= 0 && cmp(x, parseAmount(hi)) <= 0;
}

export function canonical(v: string): string {
  return formatAmount(parseAmount(v));
}
