// The console's perpetual-contracts view (docs/contracts.md "Console"): markets with open interest per
// side and funding, insurance fund and pool per settle asset, recent liquidations, the jobs. Read only.
import { adminGet } from '@/features/admin/api/admin-client';

export interface ContractsOverview {
  markets: {
    symbol: string;
    pair: string;
    type: 'usdt' | 'coin';
    settle: string;
    markPrice: string | null;
    indexPrice: string | null;
    longOpenInterest: string;
    shortOpenInterest: string;
    longPositions: number;
    shortPositions: number;
    fundingRate: string;
    lastFundingRate: string;
    nextFundingTime: number;
  }[];
  funds: { asset: string; insuranceFund: string; contractPool: string }[];
  liquidations: {
    seq: number;
    positionId: string;
    userId: string;
    pair: string;
    side: 'long' | 'short';
    qty: string;
    tickId: string;
    mark: string;
    bankruptcyPrice: string;
    bookQty: string;
    adlQty: string;
    insurance: string;
    time: number;
  }[];
  jobs: {
    lastRunAt: number | null;
    lastError: string | null;
    ticks: number;
    liquidations: number;
    fundings: number;
  };
}

export const contractsConsoleKeys = { overview: ['admin', 'contracts'] as const };
export const getContractsOverview = () => adminGet<ContractsOverview>('/api/admin/contracts');
