// English server messages of the wallet area; keys merged into ../en.ts.
export const walletEn = {} as const;
