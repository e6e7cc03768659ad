// Which contract markets exist and their rules: a U-based (linear) perpetual for every market of the
// catalogue's contract list (quantity in the base coin, margin and profit in USDT) and a coin-margined
// (inverse) perpetual for BTC and ETH (contracts of 100 / 10 USD, margin and profit in the coin), with
// the maintenance-margin tiers below. `sync` hands every changed market to the money core.
import type { AppConfig } from '@/config';
import type { ContractMarketConfig, ContractTier } from '@/core/contracts/contract-types';
import type { MoneyCore } from '@/core/types';
import { AppError } from '@/lib/app-error';
import type { MarketApi } from '@/market/price-index';

/** U-based tiers, by position value in USDT (getUbwMaintenanceMargin). */
export const LINEAR_TIERS: ContractTier[] = [
  { maxNotional: '50000', mmr: '0.004', maxLeverage: 100 },
  { maxNotional: '250000', mmr: '0.005', maxLeverage: 50 },
  { maxNotional: '1000000', mmr: '0.01', maxLeverage: 20 },
  { maxNotional: '100000000', mmr: '0.025', maxLeverage: 10 },
];
/** Coin-margined tiers, by position value in the coin (getBbwMaintenanceMargin/{coin}). */
export const INVERSE_TIERS: ContractTier[] = [
  { maxNotional: '5', mmr: '0.004', maxLeverage: 100 },
  { maxNotional: '50', mmr: '0.005', maxLeverage: 50 },
  { maxNotional: '200', mmr: '0.01', maxLeverage: 20 },
  { maxNotional: '10000', mmr: '0.025', maxLeverage: 10 },
];
const INVERSE_COINS: Record<string, string> = { BTC: '100', ETH: '10' };

export interface ContractRules {
  config: ContractMarketConfig;
  /** 'usdt' (U-based) or 'coin' (coin-margined). */
  type: 'usdt' | 'coin';
  /** The index it follows ('BTCUSDT'). */
  indexSymbol: string;
  /** BTC/USDT or BTC/USD. */
  pair: string;
  settle: string;
}

const unitOf = (d: number) => (d === 0 ? '1' : `0.${'0'.repeat(d - 1)}1`);

export class ContractMarkets {
  private rules = new Map<string, ContractRules>();

  constructor(
    private readonly config: AppConfig,
    private readonly market: () => MarketApi | undefined,
    private readonly hasAsset: (asset: string) => boolean,
  ) {}

  refresh(): void {
    const next = new Map<string, ContractRules>();
    const common = {
      makerFeeRate: '0.0002',
      takerFeeRate: '0.0005',
      marketProtection: '0.05',
      markBand: '0.005',
      fundingIntervalMs: this.config.CONTRACTS_FUNDING_INTERVAL_MS,
      fundingCap: '0.0075',
      interestRate: '0.0001',
    };
    for (const m of this.market()?.listings() ?? []) {
      if (!m.listContract) continue;
      const coin = m.coin.toUpperCase();
      const quote = m.quote.toUpperCase();
      if (quote !== 'USDT' || !this.hasAsset(coin) || !this.hasAsset('USDT')) continue;
      const status = m.listed ? 'trading' : 'halted';
      next.set(m.symbol, {
        type: 'usdt',
        indexSymbol: m.symbol.toUpperCase(),
        pair: `${coin}/USDT`,
        settle: 'USDT',
        config: {
          symbol: m.symbol,
          kind: 'linear',
          base: coin,
          quote,
          priceDecimals: m.priceDecimals,
          qtyDecimals: m.qtyDecimals,
          contractSize: '1',
          minQty: unitOf(m.qtyDecimals),
          maxLeverage: 100,
          tiers: LINEAR_TIERS,
          ...common,
          status,
        },
      });
      const size = INVERSE_COINS[coin];
      if (size !== undefined) {
        const symbol = `${coin.toLowerCase()}usd`;
        next.set(symbol, {
          type: 'coin',
          indexSymbol: m.symbol.toUpperCase(),
          pair: `${coin}/USD`,
          settle: coin,
          config: {
            symbol,
            kind: 'inverse',
            base: coin,
            quote: 'USD',
            priceDecimals: m.priceDecimals,
            qtyDecimals: 0,
            contractSize: size,
            minQty: '1',
            maxLeverage: 100,
            tiers: INVERSE_TIERS,
            ...common,
            status,
          },
        });
      }
    }
    this.rules = next;
  }

  all(type?: 'usdt' | 'coin'): ContractRules[] {
    return [...this.rules.values()].filter((r) => type === undefined || r.type === type);
  }

  /** A market from 'btcusdt', 'BTC_USDT', 'BTC/USDT', 'BTCUSD' or a coin ('btc', the U-based one). */
  find(name: string, field = 'symbol'): ContractRules {
    const key = name.trim().toLowerCase().replace(/[_/-]/g, '');
    const rules = this.rules.get(key) ?? this.rules.get(`${key}usdt`);
    if (!rules)
      throw new AppError('CONTRACT_MARKET_UNKNOWN', [{ field, key: 'errors.CONTRACT_MARKET_UNKNOWN' }]);
    return rules;
  }

  async sync(core: MoneyCore, now: Date, report: (symbol: string, error: string) => void): Promise<void> {
    for (const r of this.rules.values()) {
      const known = core.contracts().market(r.config.symbol)?.config;
      if (known && JSON.stringify(known) === JSON.stringify(r.config)) continue;
      const result = await core.submit({
        id: `contract.market:${r.config.symbol}:${now.getTime()}:${JSON.stringify(r.config).length}`,
        actor: 'system',
        ts: now.getTime(),
        type: 'contract.market',
        payload: r.config,
      });
      if (!result.ok) report(r.config.symbol, result.error);
    }
  }
}
