// The top menu's destinations. Trade and earn products are grouped; labels are `layout` keys.
export const TRADE_NAV = [
  { key: 'sec', to: '/trade/index', search: { type: 'sec' }, labelKey: 'nav.tradeSec' },
  { key: 'spot', to: '/trade/index', search: { type: 'spot' }, labelKey: 'nav.tradeSpot' },
  { key: 'usta', to: '/trade/index', search: { type: 'usta' }, labelKey: 'nav.tradeUsta' },
] as const;

export const EARN_NAV = [
  { key: 'finance', to: '/finance/investment', labelKey: 'nav.finance' },
  { key: 'pledge', to: '/pledge/index', labelKey: 'nav.pledge' },
  { key: 'loan', to: '/loan/index', labelKey: 'nav.loan' },
  { key: 'defis', to: '/defis/index', labelKey: 'nav.defi' },
] as const;

export const PLAIN_NAV = {
  home: { to: '/home/index', labelKey: 'nav.home' },
  quotes: { to: '/quotes/index', labelKey: 'nav.quotes' },
  otc: { to: '/otc/common', labelKey: 'nav.otc' },
  news: { to: '/news/index', labelKey: 'nav.news' },
  help: { to: '/article/main/index', labelKey: 'nav.help' },
} as const;

/**
 * The one wallet area (issue 10): every page once, in the order of its tabs. The spec's two route families
 * (/assets/index?key= and /account/wallet/*) render the same page; each item links to one of them and
 * `page` says which page it is, so the tab of the current page is marked whichever route showed it.
 * `titleKey` is in the `routes` namespace (tabs and page title); `menuKey` in `layout` (the Assets menu of
 * the top bar, which lists the items that have one).
 */
export const WALLET_NAV = [
  {
    page: 'overview',
    to: '/assets/index',
    search: { key: 'overview' },
    titleKey: 'assetsKeys.overview',
    menuKey: 'assetsMenu.overview',
  },
  {
    page: 'recharge',
    to: '/assets/index',
    search: { key: 'recharge' },
    titleKey: 'assetsKeys.recharge',
    menuKey: 'assetsMenu.recharge',
  },
  {
    page: 'withdraw',
    to: '/assets/index',
    search: { key: 'withdraw' },
    titleKey: 'assetsKeys.withdraw',
    menuKey: 'assetsMenu.withdraw',
  },
  {
    page: 'swap',
    to: '/assets/index',
    search: { key: 'swap' },
    titleKey: 'assetsKeys.swap',
    menuKey: 'assetsMenu.swap',
  },
  {
    page: 'transfer',
    to: '/assets/index',
    search: { key: 'transfer' },
    titleKey: 'assetsKeys.transfer',
    menuKey: 'assetsMenu.transfer',
  },
  {
    page: 'history-deposit',
    to: '/account/wallet/history-deposit',
    titleKey: 'pages.walletHistoryDeposit.title',
    menuKey: 'assetsMenu.historyDeposit',
  },
  {
    page: 'history-withdrawal',
    to: '/account/wallet/history-withdrawal',
    titleKey: 'pages.walletHistoryWithdrawal.title',
    menuKey: 'assetsMenu.historyWithdrawal',
  },
  {
    page: 'bills',
    to: '/account/wallet/bills',
    titleKey: 'pages.walletBills.title',
    menuKey: 'assetsMenu.bills',
  },
  {
    page: 'tradeOrder',
    to: '/assets/index',
    search: { key: 'tradeOrder' },
    titleKey: 'assetsKeys.tradeOrder',
    menuKey: 'assetsMenu.tradeOrder',
  },
  {
    page: 'records',
    to: '/assets/index',
    search: { key: 'records' },
    titleKey: 'assetsKeys.records',
    menuKey: 'assetsMenu.records',
  },
  { page: 'finance', to: '/assets/index', search: { key: 'finance' }, titleKey: 'assetsKeys.finance' },
  { page: 'agreement', to: '/assets/index', search: { key: 'agreement' }, titleKey: 'assetsKeys.agreement' },
] as const;

export type WalletNavItem = (typeof WALLET_NAV)[number];
