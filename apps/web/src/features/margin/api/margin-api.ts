// The spot-margin calls (docs/margin.md "HTTP API"): the account's property, quotes, borrow, repay,
// leverage, loan records, transfers through the wallet's transfer call and orders through the spot order
// call with the account field. Form calls are silent: the page shows the server's localized refusal.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { readLoanPage, readProperty } from '../lib/margin-read';

export const COIN_API = '/api/mjkj-web/coin';
export type MarginMode = 'all' | 'fixed';

export const marginKeys = {
  all: ['margin'] as const,
  property: (mode: MarginMode, symbol: string) => ['margin', 'property', mode, symbol] as const,
  loans: (mode: MarginMode, symbol: string) => ['margin', 'loans', mode, symbol] as const,
  canBorrow: (mode: MarginMode, symbol: string, coin: string) =>
    ['margin', 'can', mode, symbol, coin] as const,
  orders: (mode: MarginMode, symbol: string) => ['margin', 'orders', mode, symbol] as const,
};

export interface MarginOrderRow {
  id: string;
  pair: string;
  side: 'buy' | 'sell';
  price: string | null;
  quantity: string | null;
  filledQty: string;
  status: number;
  createTime: string;
}

export function ordersQuery(mode: MarginMode, symbol: string) {
  return queryOptions({
    queryKey: marginKeys.orders(mode, symbol),
    queryFn: async ({ signal }): Promise<MarginOrderRow[]> => {
      const r = await apiGet<{ records?: unknown[] }>(
        `${COIN_API}/entrust/marginOrder/${mode}/${mode === 'all' ? 'all' : symbol}`,
        { current: 1, size: 20 },
        { signal, silent: true },
      );
      return (Array.isArray(r?.records) ? r.records : []).map((x) => {
        const o = (typeof x === 'object' && x !== null ? x : {}) as Record<string, unknown>;
        return {
          id: String(o.id ?? ''),
          pair: String(o.pair ?? ''),
          side: o.side === 'sell' ? 'sell' : 'buy',
          price: typeof o.price === 'string' ? o.price : null,
          quantity: typeof o.quantity === 'string' ? o.quantity : null,
          filledQty: String(o.filledQty ?? '0'),
          status: typeof o.status === 'number' ? o.status : 0,
          createTime: String(o.createTime ?? ''),
        };
      });
    },
    refetchInterval: 5_000,
  });
}

export function propertyQuery(mode: MarginMode, symbol: string) {
  return queryOptions({
    queryKey: marginKeys.property(mode, symbol),
    queryFn: async ({ signal }) =>
      readProperty(
        await apiGet<unknown>(
          mode === 'all'
            ? `${COIN_API}/wallet/all/marginProperty`
            : `${COIN_API}/wallet/fixed/marginProperty/${symbol}`,
          undefined,
          { signal, silent: true },
        ),
      ),
    refetchInterval: 5_000,
  });
}

export function loansQuery(mode: MarginMode, symbol: string) {
  return queryOptions({
    queryKey: marginKeys.loans(mode, symbol),
    queryFn: async ({ signal }) =>
      readLoanPage(
        await apiGet<unknown>(
          `${COIN_API}/entrust/borrowOrder/${mode}/${mode === 'all' ? 'all' : symbol}/all`,
          { current: 1, size: 20 },
          { signal, silent: true },
        ),
      ),
  });
}

export function canBorrowQuery(mode: MarginMode, symbol: string, coin: string) {
  return queryOptions({
    queryKey: marginKeys.canBorrow(mode, symbol, coin),
    queryFn: async ({ signal }) => {
      const r = await apiPost<Record<string, unknown>>(
        `${COIN_API}/wallet/${mode}/getCanborrow`,
        { coin, ...(mode === 'fixed' ? { symbol } : {}) },
        { signal, silent: true },
      );
      return { canBorrow: String(r?.canBorrow ?? '0'), hourlyRate: String(r?.hourlyRate ?? '0') };
    },
  });
}

const key = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).toString();

export function borrow(mode: MarginMode, symbol: string, coin: string, amount: string) {
  return apiPost<unknown>(
    `${COIN_API}/wallet/${mode}/borrow`,
    { coin, amount, ...(mode === 'fixed' ? { symbol } : {}) },
    { silent: true, headers: { 'Idempotency-Key': key() } },
  );
}

export function repay(mode: MarginMode, symbol: string, coin: string, amount: string) {
  return apiPost<unknown>(
    `${COIN_API}/wallet/${mode}/still`,
    { coin, amount, ...(mode === 'fixed' ? { symbol } : {}) },
    { silent: true, headers: { 'Idempotency-Key': key() } },
  );
}

export function setLeverage(symbol: string, leverage: number) {
  return apiPost<unknown>(
    `${COIN_API}/wallet/fixed/updateLeverageRadio`,
    { symbol, leverage },
    { silent: true },
  );
}

/** The `account` field of a spot order drawing on a margin account: '4' cross, '5' isolated (its pair). */
export function orderAccount(mode: MarginMode): '4' | '5' {
  return mode === 'all' ? '4' : '5';
}

/** The margin account's wire code: '4' cross, '5:<symbol>' isolated. */
export function marginCode(mode: MarginMode, symbol: string): string {
  return mode === 'all' ? '4' : `5:${symbol.replace(/_/g, '').toLowerCase()}`;
}

export function transfer(
  mode: MarginMode,
  symbol: string,
  coin: string,
  amount: string,
  direction: 'in' | 'out',
) {
  const code = marginCode(mode, symbol);
  return apiPost<unknown>(
    '/api/asset/transferFunds',
    { coin, amount, from: direction === 'in' ? '1' : code, to: direction === 'in' ? code : '1' },
    { silent: true, headers: { 'Idempotency-Key': key() } },
  );
}

export function placeOrder(
  mode: MarginMode,
  symbol: string,
  order: { side: 'buy' | 'sell'; price: string; quantity: string },
) {
  return apiPost<unknown>(
    `${COIN_API}/entrust/exchange/${symbol}`,
    {
      side: order.side,
      type: 'limit',
      price: order.price,
      quantity: order.quantity,
      account: orderAccount(mode),
    },
    { silent: true, headers: { 'Idempotency-Key': key() } },
  );
}
