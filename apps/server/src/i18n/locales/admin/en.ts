// English server messages of the admin area; keys merged into ../en.ts.
export const adminEn = {} as const;
