// Error codes of the wallet area with their HTTP statuses; merged into ../error-codes.ts.
export const WALLET_ERROR_STATUS = {} as const;
