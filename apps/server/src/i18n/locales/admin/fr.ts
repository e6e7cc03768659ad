// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminFr: Record<keyof typeof adminEn, string> = {};
