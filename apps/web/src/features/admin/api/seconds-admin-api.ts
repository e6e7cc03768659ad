// The console's seconds-contract calls (docs/seconds.md "Console"): the overview, saving a period, and
// moving money between the house account and the pool. Nothing here can set a price or an outcome.
import { type AdminRequestOptions, adminGet, adminPost, adminPut } from './admin-client';

export interface SecondsPeriodRow {
  periodId: string;
  durationSec: number;
  rate: string;
  minStake: string;
  maxStake: string;
  enabled: boolean;
  sort: number;
}

export interface SecondsPoolRow {
  asset: string;
  balance: string;
  exposure: string;
  free: string;
  houseAvailable: string;
}

export interface SecondsOverview {
  enabled: { deployment: boolean; effective: boolean };
  blockedCountries: string[];
  settleToleranceMs: number;
  entryMaxAgeMs: number;
  periods: SecondsPeriodRow[];
  pool: SecondsPoolRow[];
  openContracts: number;
  houseUserId: string;
  settlement: {
    lastRunAt: number | null;
    lastError: string | null;
    settleCommands: number;
    voidCommands: number;
  };
}

export const secondsConsoleKeys = { overview: ['admin', 'seconds'] as const };

export const getSecondsOverview = () => adminGet<SecondsOverview>('/api/admin/seconds');

export const saveSecondsPeriod = (
  periodId: string,
  body: Omit<SecondsPeriodRow, 'periodId'>,
  options: AdminRequestOptions = {},
) => adminPut<SecondsPeriodRow>(`/api/admin/seconds/periods/${encodeURIComponent(periodId)}`, body, options);

export const moveSecondsPool = (direction: 'in' | 'out', amount: string, options: AdminRequestOptions = {}) =>
  adminPost<{ asset: string; balance: string; exposure: string }>(
    '/api/admin/seconds/pool',
    { direction, amount },
    options,
  );
