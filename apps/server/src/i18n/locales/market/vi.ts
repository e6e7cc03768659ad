// market area server messages; keys mirror ./en.ts.
import type { marketEn } from './en';

export const marketVi: Record<keyof typeof marketEn, string> = {};
