// wallet area server messages; keys mirror ./en.ts.
import type { walletEn } from './en';

export const walletTh: Record<keyof typeof walletEn, string> = {};
