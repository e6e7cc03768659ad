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

export const ASSET_MENU = [
  { key: 'overview', to: '/assets/index', search: { key: 'overview' }, labelKey: 'assetsMenu.overview' },
  { key: 'recharge', to: '/assets/index', search: { key: 'recharge' }, labelKey: 'assetsMenu.recharge' },
  { key: 'withdraw', to: '/assets/index', search: { key: 'withdraw' }, labelKey: 'assetsMenu.withdraw' },
  { key: 'swap', to: '/assets/index', search: { key: 'swap' }, labelKey: 'assetsMenu.swap' },
  { key: 'transfer', to: '/assets/index', search: { key: 'transfer' }, labelKey: 'assetsMenu.transfer' },
  {
    key: 'tradeOrder',
    to: '/assets/index',
    search: { key: 'tradeOrder' },
    labelKey: 'assetsMenu.tradeOrder',
  },
  { key: 'records', to: '/assets/index', search: { key: 'records' }, labelKey: 'assetsMenu.records' },
] as const;
