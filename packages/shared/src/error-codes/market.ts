// Error codes of the market area with their HTTP statuses; merged into ../error-codes.ts.
export const MARKET_ERROR_STATUS = {} as const;
