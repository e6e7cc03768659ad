// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminTw: Record<keyof typeof adminEn, string> = {};
