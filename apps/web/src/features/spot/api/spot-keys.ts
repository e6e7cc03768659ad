// Query keys of spot trading: everything lives under ['spot'], orders under ['spot', 'orders'], so one
// invalidation (after a cancel or an ORDER push) refreshes every order list, open or history, at once.
export const spotKeys = {
  all: ['spot'] as const,
  orders: () => ['spot', 'orders'] as const,
  openOrders: () => ['spot', 'orders', 'open'] as const,
  history: () => ['spot', 'orders', 'history'] as const,
  fills: () => ['spot', 'orders', 'fills'] as const,
  myTrades: () => ['spot', 'orders', 'trades'] as const,
  rules: () => ['spot', 'rules'] as const,
};

/** `{api}` of docs/spot.md. */
export const SPOT_API = '/api/mjkj-web/coin';
