// market area server messages; keys mirror ./en.ts.
import type { marketEn } from './en';

export const marketZh: Record<keyof typeof marketEn, string> = {};
