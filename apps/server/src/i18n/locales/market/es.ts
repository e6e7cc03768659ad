// market area server messages; keys mirror ./en.ts.
import type { marketEn } from './en';

export const marketEs: Record<keyof typeof marketEn, string> = {};
