// What the wallet services share: the database, the clock, the config and late-bound access to the
// money core and the market (decorated by plugins registered before the wallet's).
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { AppConfig } from '@/config';
import type { MoneyCore } from '@/core/types';
import type { Db } from '@/db/client';
import { uniqueViolation } from '@/db/unique-violation';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { MarketApi } from '@/market/price-index';
import type { WalletAssets } from './wallet-assets';

export interface WalletContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
  secret: string;
  assets: WalletAssets;
  core(): MoneyCore;
  market(): MarketApi | undefined;
}

export function coreOrUnavailable(core: MoneyCore | undefined): MoneyCore {
  if (!core || typeof core.submit !== 'function') throw new AppError('SERVICE_UNAVAILABLE');
  return core;
}

/** Order numbers: a prefix, the UTC time to the second and 6 random digits (unique index backs it). */
export function orderNo(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${prefix}${stamp}${randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

/**
 * Runs an insert with a fresh order number, drawing again while the unique index refuses it: the 6 random
 * digits of two orders in the same second collide (500 withdrawals in one second do about once in eight
 * runs), and that must not become an internal error. Not for use inside a transaction (a refused insert
 * aborts it).
 */
export async function withOrderNo<T>(
  prefix: string,
  now: Date,
  insert: (no: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(orderNo(prefix, now));
    } catch (err) {
      if (attempt >= 5 || !uniqueViolation(err)?.endsWith('_order_no_uq')) throw err;
    }
  }
}

export const pageFields = {
  current: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
};

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
