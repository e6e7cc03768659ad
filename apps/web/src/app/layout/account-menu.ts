// The account menu of spec section 2: account info, security settings, account activity (device
// management), identity certification and agent management for everyone; merchant management only for
// merchants (is_merchant === 2).
export const ACCOUNT_MENU_ITEMS = [
  { key: 'info', to: '/account/center/info', labelKey: 'account.info', merchantOnly: false },
  { key: 'security', to: '/account/center/security', labelKey: 'account.security', merchantOnly: false },
  {
    key: 'device-management',
    to: '/account/center/device-management',
    labelKey: 'account.activity',
    merchantOnly: false,
  },
  { key: 'kyc', to: '/account/center/kyc', labelKey: 'account.kyc', merchantOnly: false },
  {
    key: 'agent-management',
    to: '/account/center/contractAgents/agentManagement',
    labelKey: 'account.agents',
    merchantOnly: false,
  },
  { key: 'merchant', to: '/account/center/merchant', labelKey: 'account.merchant', merchantOnly: true },
] as const;

export type AccountMenuItem = (typeof ACCOUNT_MENU_ITEMS)[number];

export function visibleAccountMenuItems(
  items: readonly AccountMenuItem[],
  isMerchant: boolean,
): AccountMenuItem[] {
  return items.filter((item) => !item.merchantOnly || isMerchant);
}
