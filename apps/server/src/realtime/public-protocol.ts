// The public websocket's client messages and stream keys (docs/realtime.md).
import { z } from 'zod';

export const PUBLIC_TYPES = [
  'DETAIL',
  'KLINE',
  'TRADE',
  'DEPTH',
  'ALL_DETAIL',
  'INDEX',
  'CONTRACT_KLINE',
  'MARK_KLINE',
] as const;
/** Streams keyed by symbol and interval (the spot K-lines and the contract last- and mark-price K-lines). */
const INTERVAL_TYPES: readonly string[] = ['KLINE', 'CONTRACT_KLINE', 'MARK_KLINE'];
export type PublicType = (typeof PUBLIC_TYPES)[number];

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;

/** 'btc/usdt', 'BTC-USDT', 'btc_usdt' and 'BTCUSDT' are all 'BTCUSDT'. */
export function normalizeSymbol(raw: string): string {
  return raw.replace(/[/_-]/g, '').toUpperCase();
}

export const SYMBOL_PATTERN = /^[A-Z0-9]{2,24}$/;

const symbolField = z
  .string()
  .max(32)
  .transform(normalizeSymbol)
  .refine((s) => SYMBOL_PATTERN.test(s), 'invalid symbol');

export const publicMessageSchema = z
  .object({
    operation: z.enum(['subscribe', 'unsubscribe']),
    type: z.enum(PUBLIC_TYPES),
    symbol: symbolField.optional(),
    interval: z.enum(KLINE_INTERVALS).optional(),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.type !== 'ALL_DETAIL' && !m.symbol) ctx.addIssue({ code: 'custom', message: 'symbol required' });
    if (INTERVAL_TYPES.includes(m.type) && !m.interval)
      ctx.addIssue({ code: 'custom', message: 'interval required' });
  });

export type PublicMessage = z.infer<typeof publicMessageSchema>;

/** 'DEPTH:BTCUSDT', 'KLINE:BTCUSDT:1m', 'MARK_KLINE:BTCUSDT:1m', 'ALL_DETAIL'. */
export function streamKey(type: PublicType, symbol?: string, interval?: string): string {
  if (type === 'ALL_DETAIL') return type;
  if (INTERVAL_TYPES.includes(type)) return `${type}:${symbol ?? ''}:${interval ?? ''}`;
  return `${type}:${symbol ?? ''}`;
}
