// Which spot markets exist and their trading rules: built from the market catalogue in SQL (the spot list,
// enabled coins and markets, tick and lot from price and quantity decimals, the minimums) and the spot
// settings of the configuration (fees, default minimum value, market-order protection). `sync` hands
// every changed market to the money core as a `spot.market` command, so the core checks every order
// against the same rules the routes show.
import type { AppConfig } from '@/config';
import type { MoneyCore, SpotMarketConfig } from '@/core/types';
import { AppError } from '@/lib/app-error';
import type { MarketApi } from '@/market/price-index';
import { canonicalDecimal } from './order-wire';

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

/** 10^-d as a canonical decimal ('0.01'; '1' for 0). */
export function unitOf(decimals: number): string {
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

export class SpotMarkets {
  private rules = new Map<string, SpotRules>();

  constructor(
    private readonly config: AppConfig,
    private readonly market: () => MarketApi | undefined,
  ) {}

  /** Rebuilds the rules from the market catalogue (after start and after every catalogue change). */
  refresh(): void {
    const next = new Map<string, SpotRules>();
    for (const m of this.market()?.listings() ?? []) {
      if (!m.listSpot) continue;
      const coin = m.coin.toUpperCase();
      const quote = m.quote.toUpperCase();
      next.set(m.symbol, {
        symbol: m.symbol,
        pair: `${coin}/${quote}`,
        coin,
        quote,
        priceDecimals: m.priceDecimals,
        qtyDecimals: m.qtyDecimals,
        tickSize: unitOf(m.priceDecimals),
        lotSize: unitOf(m.qtyDecimals),
        minQty: m.minQty ? canonicalDecimal(m.minQty) : unitOf(m.qtyDecimals),
        minNotional: m.minNotional ? canonicalDecimal(m.minNotional) : this.config.SPOT_MIN_NOTIONAL,
        makerFeeRate: canonicalDecimal(this.config.SPOT_MAKER_FEE_RATE),
        takerFeeRate: canonicalDecimal(this.config.SPOT_TAKER_FEE_RATE),
        marketProtection: canonicalDecimal(this.config.SPOT_MARKET_PROTECTION),
        // A disabled coin or market halts trading: open orders stay and can be cancelled.
        status: m.listed ? 'trading' : 'halted',
      });
    }
    this.rules = next;
  }

  all(): SpotRules[] {
    return [...this.rules.values()];
  }

  /**
   * A market from a symbol ('btcusdt'), a pair ('BTC_USDT', 'BTC/USDT', 'btc-usdt') or a coin ('btc',
   * against USDT); SPOT_MARKET_UNKNOWN naming `field` otherwise.
   */
  find(name: string, field = 'symbol'): SpotRules {
    const key = name.trim().toLowerCase().replace(/[_/-]/g, '');
    const rules = this.rules.get(key) ?? this.rules.get(`${key}usdt`);
    if (!rules) throw new AppError('SPOT_MARKET_UNKNOWN', [{ field, key: 'errors.SPOT_MARKET_UNKNOWN' }]);
    return rules;
  }

  /** The core command configuring a market. */
  static command(r: SpotRules): SpotMarketConfig {
    return {
      symbol: r.symbol,
      base: r.coin,
      quote: r.quote,
      priceDecimals: r.priceDecimals,
      qtyDecimals: r.qtyDecimals,
      minQty: r.minQty,
      minNotional: r.minNotional,
      makerFeeRate: r.makerFeeRate,
      takerFeeRate: r.takerFeeRate,
      marketProtection: r.marketProtection,
      status: r.status,
    };
  }

  /**
   * Sends `spot.market` for every market whose rules differ from the core's. A market the core refuses
   * (e.g. decimals its assets cannot hold) is reported and stays untradable.
   */
  async sync(core: MoneyCore, now: Date, report: (symbol: string, error: string) => void): Promise<void> {
    for (const r of this.rules.values()) {
      const wanted = SpotMarkets.command(r);
      const known = core.spotMarket(r.symbol);
      if (known && JSON.stringify(known) === JSON.stringify(wanted)) continue;
      const result = await core.submit({
        id: `spot.market:${r.symbol}:${now.getTime()}:${JSON.stringify(wanted).length}`,
        actor: 'system',
        ts: now.getTime(),
        type: 'spot.market',
        payload: wanted,
      });
      if (!result.ok) report(r.symbol, result.error);
    }
  }
}
