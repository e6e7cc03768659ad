// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminTh: Record<keyof typeof adminEn, string> = {};
