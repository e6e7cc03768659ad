// The seconds-contract calls (docs/seconds.md "HTTP API"): periods, rules, placing, the order list, the
// risk notice, index bars, the USDT balance of the spot account, and the country list of the notice.
// Each reads its reply defensively (lib/seconds-order). Form calls are silent: the page shows the
// server's localized refusal next to the buttons.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { type IndexBar, type IndexInterval, readBar } from '../lib/index-bars';
import {
  type Direction,
  type OrderPage,
  readOrder,
  readOrderPage,
  readPeriods,
  type SecondsOrder,
} from '../lib/seconds-order';

export const COIN_API = '/api/mjkj-web/coin';

/** Everything of this feature lives under ['seconds']; the orders under ['seconds', 'orders']. */
export const secondsKeys = {
  all: ['seconds'] as const,
  periods: () => ['seconds', 'periods'] as const,
  rules: () => ['seconds', 'rules'] as const,
  notice: (userId: string) => ['seconds', 'notice', userId] as const,
  orders: () => ['seconds', 'orders'] as const,
  orderList: (userId: string, status: string, current: number) =>
    ['seconds', 'orders', userId, status, current] as const,
  balance: (userId: string) => ['seconds', 'balance', userId] as const,
  bars: (symbol: string, interval: string) => ['seconds', 'bars', symbol, interval] as const,
  countries: (lang: string) => ['seconds', 'countries', lang] as const,
};

export function periodsQuery() {
  return queryOptions({
    queryKey: secondsKeys.periods(),
    queryFn: async ({ signal }) =>
      readPeriods(await apiPost<unknown>('/api/period/list', {}, { signal, silent: true })),
    staleTime: 60_000,
  });
}

export interface SecondsRules {
  enabled: boolean;
  simulated: boolean;
  asset: string;
  settleToleranceMs: number;
  entryMaxAgeMs: number;
  periods: ReturnType<typeof readPeriods>;
  coins: { coin: string; symbol: string; priceDecimals: number }[];
}

export function readRules(value: unknown): SecondsRules {
  const o = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const n = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  const coins = Array.isArray(o.coins)
    ? o.coins
        .map((c) => (typeof c === 'object' && c !== null ? (c as Record<string, unknown>) : {}))
        .filter((c) => typeof c.coin === 'string' && typeof c.symbol === 'string')
        .map((c) => ({
          coin: String(c.coin),
          symbol: String(c.symbol),
          priceDecimals: n(c.priceDecimals, 2),
        }))
    : [];
  return {
    enabled: o.enabled !== false,
    simulated: o.simulated === true,
    asset: typeof o.asset === 'string' ? o.asset : 'USDT',
    settleToleranceMs: n(o.settleToleranceMs, 5000),
    entryMaxAgeMs: n(o.entryMaxAgeMs, 5000),
    periods: readPeriods(o.periods),
    coins,
  };
}

export function rulesQuery() {
  return queryOptions({
    queryKey: secondsKeys.rules(),
    queryFn: async ({ signal }) =>
      readRules(await apiGet<unknown>(`${COIN_API}/open/seconds/rules`, undefined, { signal, silent: true })),
    staleTime: 60_000,
  });
}

export interface Availability {
  available: boolean;
  reason: 'disabled' | 'country' | 'notice' | null;
  acknowledged: boolean;
  acknowledgedAt: number | null;
  country: string | null;
}

function readAvailability(value: unknown): Availability {
  const o = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const n = (typeof o.notice === 'object' && o.notice !== null ? o.notice : {}) as Record<string, unknown>;
  const reason = o.reason === 'disabled' || o.reason === 'country' || o.reason === 'notice' ? o.reason : null;
  return {
    available: o.available === true,
    reason,
    acknowledged: n.acknowledged === true,
    acknowledgedAt: typeof n.acknowledgedAt === 'number' ? n.acknowledgedAt : null,
    country: typeof n.country === 'string' ? n.country : null,
  };
}

export async function getNotice(signal?: AbortSignal): Promise<Availability> {
  return readAvailability(
    await apiGet<unknown>(`${COIN_API}/seconds/notice`, undefined, { signal, silent: true }),
  );
}

export async function acknowledgeNotice(country: string): Promise<Availability> {
  return readAvailability(
    await apiPost<unknown>(`${COIN_API}/seconds/notice`, { accept: true, country }, { silent: true }),
  );
}

export async function createOrder(
  body: { symbol: string; direction: Direction; periodId: string; quantity: string },
  idempotencyKey: string,
): Promise<SecondsOrder | undefined> {
  return readOrder(
    await apiPost<unknown>('/api/secondContractOrder/createSecondContractOrder', body, {
      silent: true,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export async function getOrders(
  body: { status?: 'open' | 'settled'; current: number; size: number },
  signal?: AbortSignal,
): Promise<OrderPage> {
  return readOrderPage(
    await apiPost<unknown>('/api/secondContractOrder/selectOrderList', body, { signal, silent: true }),
  );
}

/** The spot account's USDT (the stake asset): available and frozen. */
export async function getUsdtBalance(
  coin: string,
  signal?: AbortSignal,
): Promise<{ available: string; frozen: string }> {
  const data = await apiGet<{ quote?: { available?: unknown; frozen?: unknown } }>(
    `${COIN_API}/wallet/get/${encodeURIComponent(coin.toLowerCase())}/usdt`,
    undefined,
    { signal, silent: true },
  );
  const s = (v: unknown) => (typeof v === 'string' && v !== '' ? v : '0');
  return { available: s(data?.quote?.available), frozen: s(data?.quote?.frozen) };
}

export async function getIndexBars(
  symbol: string,
  interval: IndexInterval,
  signal?: AbortSignal,
): Promise<IndexBar[]> {
  const data = await apiGet<{ bars?: unknown }>(
    `${COIN_API}/open/seconds/indexKline/${encodeURIComponent(symbol)}`,
    { interval, limit: 240 },
    { signal, silent: true },
  );
  return Array.isArray(data?.bars)
    ? data.bars.map(readBar).filter((b): b is IndexBar => b !== undefined)
    : [];
}

export interface Country {
  code: string;
  name: string;
}

export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  const data = await apiPost<unknown>('/api/user/getCountryCode', undefined, { signal, silent: true });
  if (!Array.isArray(data)) return [];
  return data
    .map((c) => (typeof c === 'object' && c !== null ? (c as Record<string, unknown>) : {}))
    .filter((c) => typeof c.code === 'string')
    .map((c) => ({ code: String(c.code), name: typeof c.name === 'string' ? c.name : String(c.code) }));
}
