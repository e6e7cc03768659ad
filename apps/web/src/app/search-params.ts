// Owns the typed search params of spec section 2 (the validator functions the router runs), the plain
// string query-string format the router uses, and the '/i&' invite marker.
//
// The router's default search format JSON-encodes values, so an invite code such as 123456 would read as a
// number and be written back as "%22123456%22"; this client's links are shared by hand, so every search
// value is a plain string instead.
//
// The validators are small functions rather than a schema library: this module is on the start-up path.
// Each known key is kept when valid and reads as undefined otherwise (never an error).

import { USER_CENTER_KEYS, type UserCenterKey } from '@/features/user-center/user-center-keys';

export const TRADE_TYPES = ['sec', 'spot', 'usta'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

// The user centre owns its section list; the router only validates against it.
export const USER_INDEX_KEYS = USER_CENTER_KEYS;
export type UserIndexKey = UserCenterKey;

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

// Defaults are applied by the pages (see the DEFAULT_* constants), not by the validators: a default here
// would be written into every URL the router builds, turning /trade into /trade/index?type=spot.

export const DEFAULT_TRADE_TYPE: TradeType = 'spot';
export const DEFAULT_USER_INDEX_KEY: UserIndexKey = 'all';
export const DEFAULT_ASSETS_INDEX_KEY: AssetsIndexKey = 'overview';

/** The raw search object the router hands to a validator. */
export type RawSearch = Record<string, unknown>;

/** `value` when it is one of `options`, else undefined. */
export function oneOf<const T extends string>(options: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (options as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A free-text query value: trimmed, 1 to 64 characters; anything else is dropped. */
export function queryText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text.length >= 1 && text.length <= 64 ? text : undefined;
}

const SYMBOL = /^[a-z0-9_]{1,32}$/;

/** A trade symbol: trimmed and lower-cased, then 1 to 32 of a-z, 0-9 and '_'; anything else is dropped. */
export function tradeSymbolParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const symbol = value.trim().toLowerCase();
  return SYMBOL.test(symbol) ? symbol : undefined;
}

/**
 * The validated value of each known key the raw search has: undefined when it is invalid. The router
 * merges a route's validated search over the raw one, so an invalid value must come back as an explicit
 * undefined to replace it (`?type=bogus` reads as no type); keys the raw search lacks stay absent.
 */
function validated<T extends object>(search: RawSearch, values: T): Partial<T> {
  const result: Partial<T> = {};
  for (const key of Object.keys(values) as Array<keyof T & string>) {
    if (key in search) result[key] = values[key];
  }
  return result;
}

export interface TradeSearch {
  type?: TradeType;
  symbol?: string;
}

/** `/trade/index?type=sec|spot|usta&symbol=btc`; an unknown type is dropped (spot is shown). */
export function validateTradeSearch(search: RawSearch): TradeSearch {
  return validated(search, {
    type: oneOf(TRADE_TYPES, search.type),
    symbol: tradeSymbolParam(search.symbol),
  });
}

const PAIR = /^[A-Z0-9_]{1,32}$/;

/** A spot pair for `/exchange/index?symbol=BTC_USDT`: trimmed and upper-cased, 1 to 32 of A-Z, 0-9, '_'. */
export function exchangePairParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const pair = value.trim().toUpperCase();
  return PAIR.test(pair) ? pair : undefined;
}

export interface ExchangeSearch {
  symbol?: string;
}

/**
 * `/exchange/index?symbol=BTC_USDT`: the pair shown (a reload or a shared link shows the same pair). A
 * malformed value is dropped here; a well-formed pair that is no market falls back to the default on the
 * page, which knows the markets.
 */
export function validateExchangeSearch(search: RawSearch): ExchangeSearch {
  return validated(search, { symbol: exchangePairParam(search.symbol) });
}

export interface UserIndexSearch {
  key?: UserIndexKey;
}

/** `/user/index?key=`; an unknown key is dropped (the whole user centre, 'all', is shown). */
export function validateUserIndexSearch(search: RawSearch): UserIndexSearch {
  return validated(search, { key: oneOf(USER_INDEX_KEYS, search.key) });
}

export interface AssetsIndexSearch {
  key?: AssetsIndexKey;
}

/** `/assets/index?key=`; an unknown key is dropped (the overview is shown). */
export function validateAssetsIndexSearch(search: RawSearch): AssetsIndexSearch {
  return validated(search, { key: oneOf(ASSETS_INDEX_KEYS, search.key) });
}

export interface RegisterSearch {
  invite_code?: string;
}

/** `/user/register?invite_code=`: trimmed, 1 to 64 characters. */
export function validateRegisterSearch(search: RawSearch): RegisterSearch {
  return validated(search, { invite_code: queryText(search.invite_code) });
}

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
