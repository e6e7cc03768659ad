// market area server messages; keys mirror ./en.ts.
import type { marketEn } from './en';

export const marketIt: Record<keyof typeof marketEn, string> = {};
