// market area server messages; keys mirror ./en.ts.
import type { marketEn } from './en';

export const marketTh: Record<keyof typeof marketEn, string> = {};
