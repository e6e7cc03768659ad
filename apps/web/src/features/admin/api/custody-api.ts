// The console's custody calls (docs/custody.md "Console"): the solvency alarm and the outgoing custody
// transactions (withdrawal payouts, sweeps, gas top-ups).
import { adminGet } from './admin-client';

export interface SolvencyAsset {
  coin: string;
  hotWallet: string;
  awaitingSweep: string;
  pendingWithdrawals: string;
  pendingCount: number;
  userLiabilities: string;
  shortfall: string;
  covered: boolean;
}

export interface CustodyStatus {
  chain: string;
  chainId: number;
  network: string;
  confirmations: number;
  hotWallet: string;
  head: string | null;
  lastTickAt: string | null;
  lastError: string | null;
}

export interface Solvency {
  enabled: boolean;
  adapter: string;
  status: CustodyStatus | null;
  assets: SolvencyAsset[];
  alarm: boolean;
}

export interface CustodyTxRow {
  id: string;
  kind: 'payout' | 'sweep' | 'topup';
  ref: string;
  coin: string;
  from: string;
  to: string;
  amount: string | null;
  nonce: string | null;
  status: string;
  txid: string | null;
  explorerUrl: string | null;
  attempts: number;
  minedBlock: string | null;
  gasCostWei: string | null;
  error: string | null;
  createTime: string;
  updateTime: string;
}

export const custodyKeys = {
  solvency: ['admin', 'custody', 'solvency'] as const,
  transactions: ['admin', 'custody', 'transactions'] as const,
};

export const getSolvency = () => adminGet<Solvency>('/api/admin/custody/solvency');
export const listCustodyTransactions = () =>
  adminGet<{ records: CustodyTxRow[] }>('/api/admin/custody/transactions', { limit: 50 });
