// The page ids of the one wallet area and how /account/wallet/<section> maps onto them. A module of its
// own (no antd, no components) so the router and the app shell can use it without loading the wallet.

/** The pages of the wallet area: the spec's assets keys and the three record pages of /account/wallet. */
export const WALLET_PAGES = [
  'overview',
  'recharge',
  'withdraw',
  'swap',
  'transfer',
  'history-deposit',
  'history-withdrawal',
  'bills',
  'tradeOrder',
  'records',
  'finance',
  'agreement',
] as const;
export type WalletPageId = (typeof WALLET_PAGES)[number];

/** /account/wallet/<section> sections. */
export const WALLET_SECTIONS = [
  'assets',
  'deposit',
  'withdrawal',
  'history-deposit',
  'history-withdrawal',
  'bills',
] as const;
export type WalletSection = (typeof WALLET_SECTIONS)[number];

const PAGE_OF_SECTION: Record<WalletSection, WalletPageId> = {
  assets: 'overview',
  deposit: 'recharge',
  withdrawal: 'withdraw',
  'history-deposit': 'history-deposit',
  'history-withdrawal': 'history-withdrawal',
  bills: 'bills',
};

export function walletPageOfSection(section: WalletSection): WalletPageId {
  return PAGE_OF_SECTION[section];
}
