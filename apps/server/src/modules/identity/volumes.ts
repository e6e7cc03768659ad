// Trading volumes and balances valued in USDT, for tiers, the referral lists and the agent's team.
// Volume is spot turnover (the quote amount of each fill the user took part in, maker or taker) from the
// spot_trades read model, valued at the quote's current USDT index price; balances come from the money
// core (every account type, available and frozen). Coins without a price count as zero and are named.
import { type Amount, add, formatAmount, mul, parseAmount, ZERO } from '@coin/shared/money';
import { and, gte, inArray, sql } from 'drizzle-orm';
import type { MoneyCore } from '@/core/types';
import type { Executor } from '@/db/client';
import { spotTrades } from '@/db/schema';
import type { MarketApi } from '@/market/price-index';

export interface Valuation {
  /** USDT per unit of `asset`; undefined when no price is known. */
  usdtPrice(asset: string): string | undefined;
  /** The quote asset of a spot symbol ('btcusdt' -> 'USDT'). */
  quoteOf(symbol: string): string | undefined;
}

export function marketValuation(market: () => MarketApi | undefined): Valuation {
  let quotes: Map<string, string> | undefined;
  let built = 0;
  return {
    usdtPrice: (asset) => (asset === 'USDT' ? '1' : market()?.usdtPrice(asset)),
    quoteOf: (symbol) => {
      const m = market();
      // The catalogue changes rarely: rebuilt at most once a minute.
      if (m && (quotes === undefined || Date.now() - built > 60_000)) {
        quotes = new Map(m.listings().map((l) => [l.symbol.toLowerCase(), l.quote.toUpperCase()]));
        built = Date.now();
      }
      const lower = symbol.toLowerCase();
      return quotes?.get(lower) ?? (lower.endsWith('usdt') ? 'USDT' : undefined);
    },
  };
}

/** amount (in `asset`) valued in USDT, rounded down; zero when the asset has no price. */
export function toUsdt(v: Valuation, asset: string, amount: Amount): Amount {
  const price = v.usdtPrice(asset);
  if (price === undefined) return ZERO;
  return mul(amount, parseAmount(price), 'down');
}

/** Spot volume in USDT per user since `since` (all time when undefined); users without trades are absent. */
export async function spotVolumes(
  db: Executor,
  v: Valuation,
  userIds: readonly bigint[],
  since?: Date,
): Promise<Map<string, Amount>> {
  const out = new Map<string, Amount>();
  if (userIds.length === 0) return out;
  const ids = [...userIds];
  const sides = [{ user: spotTrades.makerUserId }, { user: spotTrades.takerUserId }] as const;
  const results = await Promise.all(
    sides.map(({ user }) =>
      db
        .select({
          userId: user,
          symbol: spotTrades.symbol,
          total: sql<string>`sum(${spotTrades.quoteQty})::text`,
        })
        .from(spotTrades)
        .where(since ? and(inArray(user, ids), gte(spotTrades.createdAt, since)) : inArray(user, ids))
        .groupBy(user, spotTrades.symbol),
    ),
  );
  for (const rows of results) {
    for (const r of rows) {
      const quote = v.quoteOf(r.symbol);
      if (quote === undefined) continue;
      const value = toUsdt(v, quote, parseAmount(r.total));
      const key = r.userId.toString();
      out.set(key, add(out.get(key) ?? ZERO, value));
    }
  }
  return out;
}

/** A user's total assets in USDT (every account type, available + frozen). */
export function balanceUsdt(core: MoneyCore | undefined, v: Valuation, userId: bigint): Amount {
  if (!core) return ZERO;
  let total = ZERO;
  for (const b of core.balancesOf(userId.toString())) {
    total = add(total, toUsdt(v, b.asset, add(parseAmount(b.available), parseAmount(b.frozen))));
  }
  return total;
}

/** A USDT amount for the wire: two decimals, rounded down. */
export function usdtString(a: Amount): string {
  return formatAmount(a, 2);
}
