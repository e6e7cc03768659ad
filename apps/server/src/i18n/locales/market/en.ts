// English server messages of the market area; keys merged into ../en.ts.
export const marketEn = {} as const;
