// The console's spot-margin calls (docs/margin.md "Start-up and console"): the overview (levels, lending
// pools, insurance fund, jobs) and an audited change of a pool's rate, switch or funds.
import { type AdminRequestOptions, adminGet, adminPost } from '@/features/admin/api/admin-client';

export interface MarginPoolRow {
  asset: string;
  hourlyRate: string;
  enabled: boolean;
  balance: string;
  lent: string;
  interestEarned: string;
  covered: string;
}

export interface MarginOverview {
  config: {
    callLevel: string;
    liquidationLevel: string;
    crossLeverage: number;
    isolatedLeverages: number[];
  } | null;
  pools: MarginPoolRow[];
  insuranceFund: { asset: string; balance: string }[];
  openAccounts: number;
  lastAccruedHour: string | null;
  jobs: {
    lastRunAt: number | null;
    lastError: string | null;
    accruedHours: number;
    warnings: number;
    liquidations: number;
    shortfalls: number;
  };
}

export const marginConsoleKeys = { overview: ['admin', 'margin'] as const };

export const getMarginOverview = () => adminGet<MarginOverview>('/api/admin/margin');

export const changeMarginPool = (
  coin: string,
  body: { hourlyRate?: string; enabled?: boolean; direction?: 'in' | 'out'; amount?: string },
  options: AdminRequestOptions = {},
) => adminPost<MarginPoolRow>(`/api/admin/margin/pool/${encodeURIComponent(coin)}`, body, options);
