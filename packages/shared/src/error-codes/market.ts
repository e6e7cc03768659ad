// Error codes of the market area with their HTTP statuses; merged into ../error-codes.ts.
export const MARKET_ERROR_STATUS = {
  /** No enabled market or coin of that name (lists, watchlist, K-lines, getMt5Amount). */
  MARKET_SYMBOL_UNKNOWN: 404,
  /** An operator adds a coin that already exists (coins are disabled, never deleted). */
  MARKET_COIN_EXISTS: 409,
  MARKET_INTERVAL_UNKNOWN: 400,
} as const;
