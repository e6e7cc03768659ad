// The reads of the rules pages: the seconds-contract rules (periods, tolerance, coins) and the spot
// markets' rules, read defensively. The rules shown are generated from what the server enforces.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const COIN_API = '/api/mjkj-web/coin';

type Fields = Record<string, unknown>;
const obj = (v: unknown): Fields => (typeof v === 'object' && v !== null ? (v as Fields) : {});
const str = (v: unknown, d = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : d;
const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

export interface SecondsRulesView {
  enabled: boolean;
  asset: string;
  settleToleranceMs: number;
  entryMaxAgeMs: number;
  periods: { periodId: string; durationSec: number; rate: string; minStake: string; maxStake: string }[];
  coins: string[];
}

export function readSecondsRules(value: unknown): SecondsRulesView {
  const o = obj(value);
  return {
    enabled: o.enabled !== false,
    asset: str(o.asset, 'USDT'),
    settleToleranceMs: num(o.settleToleranceMs, 5000),
    entryMaxAgeMs: num(o.entryMaxAgeMs, 5000),
    periods: (Array.isArray(o.periods) ? o.periods : [])
      .map(obj)
      .filter((p) => typeof p.periodId === 'string')
      .map((p) => ({
        periodId: str(p.periodId),
        durationSec: num(p.durationSec, 0),
        rate: str(p.rate, '0'),
        minStake: str(p.minStake, '0'),
        maxStake: str(p.maxStake, '0'),
      })),
    coins: (Array.isArray(o.coins) ? o.coins : [])
      .map((c) => str(obj(c).coin).toUpperCase())
      .filter((c) => c !== ''),
  };
}

export interface SpotMarketRules {
  pair: string;
  tickSize: string;
  lotSize: string;
  minQty: string;
  minNotional: string;
  makerFeeRate: string;
  takerFeeRate: string;
  marketProtection: string;
}

export function readSpotRules(value: unknown): SpotMarketRules[] {
  return (Array.isArray(value) ? value : [])
    .map(obj)
    .filter((m) => typeof m.pair === 'string')
    .map((m) => ({
      pair: str(m.pair),
      tickSize: str(m.tickSize, '0'),
      lotSize: str(m.lotSize, '0'),
      minQty: str(m.minQty, '0'),
      minNotional: str(m.minNotional, '0'),
      makerFeeRate: str(m.makerFeeRate, '0'),
      takerFeeRate: str(m.takerFeeRate, '0'),
      marketProtection: str(m.marketProtection, '0'),
    }));
}

export function secondsRulesQuery() {
  return queryOptions({
    queryKey: ['rules', 'seconds'],
    queryFn: async ({ signal }) =>
      readSecondsRules(
        await apiGet<unknown>(`${COIN_API}/open/seconds/rules`, undefined, { signal, silent: true }),
      ),
    staleTime: 60_000,
  });
}

export function spotRulesQuery() {
  return queryOptions({
    queryKey: ['rules', 'spot'],
    queryFn: async ({ signal }) =>
      readSpotRules(await apiGet<unknown>(`${COIN_API}/open/spotRules`, undefined, { signal, silent: true })),
    staleTime: 60_000,
  });
}
