// The routes a signed API-key request may call, with the permission each needs. Everything else refuses
// API keys (API_KEY_ROUTE_NOT_ALLOWED): withdrawals, transfers, swaps, security settings, key management.
// These routes are owned by other areas; the security plugin wraps their `requireUser` at registration
// (an onRoute hook), so the areas need no change to accept keys. A route listed here must be behind
// `requireUser` (the plugin refuses to start otherwise).
import type { ApiKeyPermission } from '@coin/shared/security-schemas';

const API = '/api/mjkj-web/coin';

export const API_KEY_ROUTES: ReadonlyArray<{
  method: 'GET' | 'POST';
  url: string;
  permission: ApiKeyPermission;
}> = [
  // Spot trading.
  { method: 'POST', url: '/api/currency/order/submit', permission: 'trade' },
  { method: 'POST', url: `${API}/entrust/exchange/:pair`, permission: 'trade' },
  { method: 'POST', url: '/api/currency/order/cancelOrder', permission: 'trade' },
  { method: 'POST', url: `${API}/entrust/cancel/entrust`, permission: 'trade' },
  { method: 'POST', url: `${API}/entrust/cancelAll`, permission: 'trade' },
  // Spot orders and fills.
  { method: 'POST', url: '/api/currency/order/orderList', permission: 'read' },
  { method: 'POST', url: `${API}/entrust/getEntrustLogCurrency`, permission: 'read' },
  { method: 'GET', url: `${API}/entrust/entrustlog/:symbol/:kind/:current`, permission: 'read' },
  { method: 'GET', url: `${API}/entrust/transaction/details/:id`, permission: 'read' },
  { method: 'GET', url: `${API}/entrust/get/myExchangeLog/:symbol`, permission: 'read' },
  { method: 'GET', url: `${API}/wallet/get/:base/:quote`, permission: 'read' },
  // Account reads: user info, balances, bills, deposit and withdrawal records.
  { method: 'POST', url: '/api/user/getInfo', permission: 'read' },
  { method: 'GET', url: `${API}/assets/getWalletAccount`, permission: 'read' },
  { method: 'POST', url: `${API}/assets/getCurrencyAccount`, permission: 'read' },
  { method: 'GET', url: `${API}/assets/getMyBalance`, permission: 'read' },
  { method: 'POST', url: '/api/userCoin/getUserCoin', permission: 'read' },
  { method: 'POST', url: `${API}/assets/getMyBill`, permission: 'read' },
  { method: 'POST', url: `${API}/assets/getRechargeLog`, permission: 'read' },
  { method: 'POST', url: `${API}/assets/getWithdrawalLog`, permission: 'read' },
];

export function apiKeyPermissionOf(method: string, url: string): ApiKeyPermission | undefined {
  return API_KEY_ROUTES.find((r) => r.method === method && r.url === url)?.permission;
}
