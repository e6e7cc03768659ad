// The MoneyCore read methods over one MoneyState: what the areas read from the core (balances, holds,
// results, each product's reader, the spot book). Shared by the core runtime (money-core.ts) and a gateway's
// replica (gateway-core.ts), which hold their state the same way and answer reads from it alike.
import type { ContractsReader } from '@/core/contracts/contract-types';
import type { EarnReader } from '@/core/earn/earn-view';
import type { MarginReader } from '@/core/margin/margin-types';
import type { MoneyState } from '@/core/money-state';
import type { OtcReader } from '@/core/otc/otc-types';
import type { SecondsReader } from '@/core/seconds/seconds-types';
import type {
  AccountBalance,
  AccountType,
  CommandResult,
  Hold,
  SpotMarketConfig,
  SpotOrderEvent,
  SystemAccount,
} from '@/core/types';

export abstract class MoneyStateReads {
  constructor(readonly state: MoneyState) {}

  balancesOf(userId: string): AccountBalance[] {
    return this.state.balancesOf(userId);
  }

  balance(userId: string, asset: string, accountType: AccountType): AccountBalance {
    return this.state.balance(userId, asset, accountType);
  }

  systemBalance(name: SystemAccount, asset: string): string {
    return this.state.systemBalance(name, asset);
  }

  holdOf(withdrawalId: string): Hold | undefined {
    return this.state.holdOf(withdrawalId);
  }

  resultOf(commandId: string): CommandResult | undefined {
    return this.state.resultOf(commandId);
  }

  assetLimits(asset: string): { decimals: number; maxAmount: bigint } | undefined {
    return this.state.assetLimits(asset);
  }

  earn(): EarnReader {
    return this.state.earn;
  }

  margin(): MarginReader {
    return this.state.margin;
  }

  referralParent(userId: string): string | undefined {
    return this.state.referralParent(userId);
  }

  referralShares(): string[] {
    return this.state.referralShares();
  }

  spotOpenOrders(userId: string, symbol?: string): SpotOrderEvent[] {
    return this.state.spot.openOrdersOf(userId, symbol);
  }

  spotOpenOrder(orderId: string): SpotOrderEvent | undefined {
    return /^\d{1,15}$/.test(orderId) ? this.state.spot.openOrder(Number(orderId)) : undefined;
  }

  spotMarket(symbol: string): SpotMarketConfig | undefined {
    return this.state.spot.market(symbol)?.config;
  }

  otc(): OtcReader {
    return this.state.otc;
  }

  contracts(): ContractsReader {
    return this.state.contracts;
  }

  seconds(): SecondsReader {
    return this.state.seconds;
  }

  spotDepth(
    symbol: string,
    limit: number,
  ): { bids: [string, string][]; asks: [string, string][] } | undefined {
    return this.state.spot.depth(symbol, limit);
  }
}
