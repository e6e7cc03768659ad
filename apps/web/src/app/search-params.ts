// Owns the typed search params of spec section 2 (zod schemas the router validates with), the plain
// string query-string format the router uses, and the '/i&' invite marker.
//
// The router's default search format JSON-encodes values, so an invite code such as 123456 would read as a
// number and be written back as "%22123456%22"; this client's links are shared by hand, so every search
// value is a plain string instead.
// zod/mini: this module is part of the start-up chunk, and the classic API is not tree-shakable.
import * as z from 'zod/mini';

export const TRADE_TYPES = ['sec', 'spot', 'usta'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

export const USER_INDEX_KEYS = [
  'all',
  'primary',
  'advanced',
  'bank',
  'tardPwd',
  'loginPwd',
  'certified',
  'termsService',
  'helper',
] as const;
export type UserIndexKey = (typeof USER_INDEX_KEYS)[number];

export const ASSETS_INDEX_KEYS = [
  'overview',
  'finance',
  'agreement',
  'recharge',
  'withdraw',
  'swap',
  'transfer',
  'tradeOrder',
  'records',
] as const;
export type AssetsIndexKey = (typeof ASSETS_INDEX_KEYS)[number];

/** A free-text query value: trimmed, 1 to 64 characters; anything else is dropped. */
const queryText = z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))), undefined);

// Defaults are applied by the pages (see the DEFAULT_* constants), not by the schemas: a default here
// would be written into every URL the router builds, turning /trade into /trade/index?type=spot.

export const DEFAULT_TRADE_TYPE: TradeType = 'spot';
export const DEFAULT_USER_INDEX_KEY: UserIndexKey = 'all';
export const DEFAULT_ASSETS_INDEX_KEY: AssetsIndexKey = 'overview';

/** `/trade/index?type=sec|spot|usta&symbol=btc`; an unknown type is dropped (spot is shown). */
export const tradeSearchSchema = z.object({
  type: z.catch(z.optional(z.enum(TRADE_TYPES)), undefined),
  symbol: z.catch(
    z.optional(z.string().check(z.trim(), z.toLowerCase(), z.regex(/^[a-z0-9_]{1,32}$/))),
    undefined,
  ),
});

/** `/user/index?key=`; an unknown key is dropped (the whole user centre, 'all', is shown). */
export const userIndexSearchSchema = z.object({
  key: z.catch(z.optional(z.enum(USER_INDEX_KEYS)), undefined),
});

/** `/assets/index?key=`; an unknown key is dropped (the overview is shown). */
export const assetsIndexSearchSchema = z.object({
  key: z.catch(z.optional(z.enum(ASSETS_INDEX_KEYS)), undefined),
});

/** `/user/register?invite_code=`. */
export const registerSearchSchema = z.object({ invite_code: queryText });

export function parseSearch(searchStr: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(searchStr)) result[key] = value;
  return result;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const INVITE_MARKER = '/i&';

/** The invite code after the '/i&' marker in a path, '' when the marker has nothing after it, else null. */
export function inviteCodeFromPath(pathname: string): string | null {
  const at = pathname.indexOf(INVITE_MARKER);
  if (at === -1) return null;
  const raw = pathname.slice(at + INVITE_MARKER.length).replace(/\/+$/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
