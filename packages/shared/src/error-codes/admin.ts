// Error codes of the admin area with their HTTP statuses; merged into ../error-codes.ts.
export const ADMIN_ERROR_STATUS = {} as const;
