// The console's earn calls (/api/admin/earn/...): pools and the gas account, pool fundings with four
// eyes, products, loan review and the member zone's tier.
import { type AdminRequestOptions, adminGet, adminPost, adminPut } from './admin-client';
import type { Page } from './console-types';

export const earnConsoleKeys = {
  all: ['admin', 'earn'] as const,
  overview: ['admin', 'earn', 'overview'] as const,
  fundings: (status: string) => ['admin', 'earn', 'fundings', status] as const,
  products: ['admin', 'earn', 'products'] as const,
  loans: (status: string, current: number) => ['admin', 'earn', 'loans', status, current] as const,
  settings: ['admin', 'earn', 'settings'] as const,
};

export interface PoolBalance {
  pool: 'pledge' | 'finance' | 'lending' | 'defi';
  asset: string;
  balance: string;
  reserved: string;
  free: string;
}

export interface EarnOverview {
  pools: PoolBalance[];
  gas: { coin: string; balance: string }[];
  memberMinTier: string;
}

export interface PoolFunding {
  id: string;
  pool: string;
  coin: string;
  amount: string;
  reason: string;
  status: string;
  requestedBy: string;
  requestedByName: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
  failure: string | null;
  createTime: string;
}

export type EarnKind = 'pledge' | 'finance' | 'loan' | 'defi';

export interface ProductTerms {
  id: string;
  kind: EarnKind;
  asset: string;
  status: 'open' | 'closed';
  dailyRate: string;
  cycleDays: number;
  minAmount: string;
  maxAmount: string;
  userLimit?: string;
  buyableCount?: number;
  payout?: 'maturity' | 'daily';
  earlyPenaltyRate?: string;
  lockDays?: number;
  cap?: string;
  participationLimit?: number;
  periodDays?: number;
  repayWays?: ('1' | '2')[];
  overdueRate?: string;
  gasAsset?: string;
  gasFee?: string;
}

export interface AdminProduct {
  id: string;
  kind: EarnKind;
  name: string;
  description: string;
  category: string | null;
  poolAddress: string | null;
  sort: number;
  version: number;
  terms: ProductTerms | null;
  sold: string;
  paidOut: string;
  activePrincipal: string;
  activeOrders: number;
  participants: number;
}

export type ProductBody = Record<string, unknown> & { kind: EarnKind };

export interface AdminLoan {
  id: string;
  userId: string;
  account: string | null;
  productName: string | null;
  coin: string;
  amount: string;
  repayWay: string;
  cycleDays: number;
  dailyRate: string;
  interest: string;
  status: string;
  failReason: string | null;
  failure: string | null;
  applyTime: string;
  repaid: string;
  documents: { frontImage: string; backImage: string; holdingImage: string };
}

export const earnOverview = () => adminGet<EarnOverview>('/api/admin/earn/overview');
export const listFundings = (status: string) =>
  adminGet<Page<PoolFunding>>('/api/admin/earn/pool-fundings', {
    status: status === 'all' ? undefined : status,
    current: 1,
    size: 50,
  });
export const requestFunding = (
  body: { pool: string; asset: string; amount: string; reason: string },
  options: AdminRequestOptions = {},
) => adminPost<PoolFunding>('/api/admin/earn/pool-fundings', body, options);
export const approveFunding = (id: string) =>
  adminPost<PoolFunding>(`/api/admin/earn/pool-fundings/${id}/approve`);
export const rejectFunding = (id: string, reason: string) =>
  adminPost<PoolFunding>(`/api/admin/earn/pool-fundings/${id}/reject`, { reason });

export const listEarnProducts = () => adminGet<AdminProduct[]>('/api/admin/earn/products');
export const createEarnProduct = (body: ProductBody) =>
  adminPost<AdminProduct>('/api/admin/earn/products', body, { silent: true });
export const updateEarnProduct = (id: string, body: ProductBody) =>
  adminPut<AdminProduct>(`/api/admin/earn/products/${id}`, body, { silent: true });

export const listEarnLoans = (status: string, current: number) =>
  adminGet<Page<AdminLoan>>('/api/admin/earn/loans', {
    status: status === 'all' ? undefined : status,
    current,
    size: 20,
  });
export const approveLoan = (id: string) => adminPost<AdminLoan>(`/api/admin/earn/loans/${id}/approve`);
export const rejectLoan = (id: string, reason: string) =>
  adminPost<AdminLoan>(`/api/admin/earn/loans/${id}/reject`, { reason });

export const earnSettings = () =>
  adminGet<{ memberMinTier: string; tiers: string[] }>('/api/admin/earn/settings');
export const saveEarnSettings = (memberMinTier: string) =>
  adminPut<{ memberMinTier: string; tiers: string[] }>('/api/admin/earn/settings', { memberMinTier });
