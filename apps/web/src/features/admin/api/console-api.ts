// The console's server calls, one function per route, and the query keys they are cached under.
import type { OperatorInfo } from '../lib/admin-session';
import { type AdminRequestOptions, adminGet, adminPost } from './admin-client';
import type {
  Adjustment,
  AdminCoin,
  AdminMarket,
  ApprovalRights,
  AuditEntry,
  AuditVerify,
  ConsoleUser,
  OperatorRequest,
  OperatorRow,
  Page,
  Recharge,
  Withdrawal,
} from './console-types';

export const consoleKeys = {
  all: ['admin'] as const,
  recharges: (status: string) => ['admin', 'recharges', status] as const,
  withdrawals: (status: string) => ['admin', 'withdrawals', status] as const,
  users: (keyword: string, current: number) => ['admin', 'users', keyword, current] as const,
  adjustments: (status: string) => ['admin', 'adjustments', status] as const,
  audit: (current: number) => ['admin', 'audit', current] as const,
  operators: ['admin', 'operators'] as const,
  operatorRequests: (status: string) => ['admin', 'operators', 'requests', status] as const,
  me: ['admin', 'me'] as const,
  coins: ['admin', 'market', 'coins'] as const,
  markets: ['admin', 'market', 'markets'] as const,
};

export interface LoginResult {
  satoken: string;
  refreshToken: string;
  operator: OperatorInfo;
}

export const operatorLogin = (username: string, password: string) =>
  adminPost<LoginResult>('/api/admin/auth/login', { username, password }, { silent: true });
export const operatorMe = () => adminGet<OperatorInfo & ApprovalRights>('/api/admin/auth/me');
export const operatorLogout = () => adminPost<null>('/api/admin/auth/logout', undefined, { silent: true });
export const changeOperatorPassword = (oldPassword: string, newPassword: string) =>
  adminPost<null>('/api/admin/auth/password', { oldPassword, newPassword }, { silent: true });

const statusParam = (status: string) => (status === 'all' ? undefined : status);

export const listRecharges = (status: string, current = 1) =>
  adminGet<Page<Recharge>>('/api/admin/recharges', { status: statusParam(status), current, size: 50 });
export const approveRecharge = (id: string) => adminPost<Recharge>(`/api/admin/recharges/${id}/approve`);
export const rejectRecharge = (id: string, reason: string) =>
  adminPost<Recharge>(`/api/admin/recharges/${id}/reject`, { reason });

export const listWithdrawals = (status: string, current = 1) =>
  adminGet<Page<Withdrawal>>('/api/admin/withdrawals', { status: statusParam(status), current, size: 50 });
export const approveWithdrawal = (id: string) =>
  adminPost<Withdrawal>(`/api/admin/withdrawals/${id}/approve`);
export const rejectWithdrawal = (id: string, reason: string) =>
  adminPost<Withdrawal>(`/api/admin/withdrawals/${id}/reject`, { reason });
/** A withdrawal whose chain payout reverted (status 4, reason chain.reverted): its funds back to the user. */
export const releaseRevertedWithdrawal = (id: string) =>
  adminPost<Withdrawal>(`/api/admin/withdrawals/${id}/release`);

export const listUsers = (keyword: string, current: number) =>
  adminGet<Page<ConsoleUser>>('/api/admin/users', { keyword: keyword || undefined, current, size: 20 });

export interface AdjustmentInput {
  userId: string;
  asset: string;
  accountType: string;
  amount: string;
  reason: string;
}
export const listAdjustments = (status: string) =>
  adminGet<Page<Adjustment>>('/api/admin/adjustments', { status: statusParam(status), size: 100 });
export const createAdjustment = (input: AdjustmentInput, options?: AdminRequestOptions) =>
  adminPost<Adjustment>('/api/admin/adjustments', input, options);
export const approveAdjustment = (id: string) =>
  adminPost<Adjustment>(`/api/admin/adjustments/${id}/approve`);
export const rejectAdjustment = (id: string, reason: string) =>
  adminPost<Adjustment>(`/api/admin/adjustments/${id}/reject`, { reason });

export const listAudit = (current: number) =>
  adminGet<Page<AuditEntry>>('/api/admin/audit', { current, size: 20 });
export const verifyAudit = () => adminGet<AuditVerify>('/api/admin/audit/verify');

export const listOperators = () => adminGet<OperatorRow[]>('/api/admin/operators');
/** A request for a new operator (applied at once only as the first admin's solo addition). */
export const createOperator = (
  input: { username: string; role: string; password: string },
  options?: AdminRequestOptions,
) => adminPost<OperatorRequest>('/api/admin/operators', input, options);
export const requestRoleChange = (operatorId: string, role: string) =>
  adminPost<OperatorRequest>(`/api/admin/operators/${operatorId}/role`, { role });
export const listOperatorRequests = (status: string) =>
  adminGet<Page<OperatorRequest>>('/api/admin/operator-requests', {
    status: statusParam(status),
    size: 100,
  });
export const approveOperatorRequest = (id: string) =>
  adminPost<OperatorRequest>(`/api/admin/operator-requests/${id}/approve`);
export const rejectOperatorRequest = (id: string, reason: string) =>
  adminPost<OperatorRequest>(`/api/admin/operator-requests/${id}/reject`, { reason });

export const listCoins = () => adminGet<AdminCoin[]>('/api/admin/market/coins');
export const setCoinEnabled = (coin: string, enabled: boolean) =>
  adminPost<AdminCoin>(
    `/api/admin/market/coins/${encodeURIComponent(coin)}/${enabled ? 'enable' : 'disable'}`,
  );
export interface NewCoinInput {
  coin: string;
  name: string;
  priceDecimals: number;
  qtyDecimals: number;
  initialPrice: string;
}
export const addCoin = (input: NewCoinInput, options?: AdminRequestOptions) =>
  adminPost<AdminCoin>('/api/admin/market/coins', input, options);
export const listMarkets = () => adminGet<AdminMarket[]>('/api/admin/market/markets');
export const setMarketEnabled = (symbol: string, enabled: boolean) =>
  adminPost<AdminMarket>(
    `/api/admin/market/markets/${encodeURIComponent(symbol)}/${enabled ? 'enable' : 'disable'}`,
  );
