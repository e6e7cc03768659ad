// Query keys of the wallet: everything lives under ['wallet'], so one invalidation (after a move or an
// OWNCOIN push) refreshes balances, records and bills together.
export const walletKeys = {
  all: ['wallet'] as const,
  balances: () => ['wallet', 'balances'] as const,
  assets: () => ['wallet', 'assets'] as const,
  records: () => ['wallet', 'records'] as const,
};

export const ASSETS_API = '/api/mjkj-web/coin/assets';
