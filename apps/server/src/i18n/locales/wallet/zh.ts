// wallet area server messages; keys mirror ./en.ts.
import type { walletEn } from './en';

export const walletZh: Record<keyof typeof walletEn, string> = {};
