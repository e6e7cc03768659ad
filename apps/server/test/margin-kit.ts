// A money state with USDT (6 decimals), BTC (8), the BTCUSDT spot market and margin configured, for the
// margin core tests (exact numbers, properties, replay).
import { MoneyState } from '@/core/money-state';
import type { Command, CommandResult, SpotPlace } from '@/core/types';
import { sha256Hex } from '@/journal/money-core';

export const T0 = 1_700_000_000_000 - (1_700_000_000_000 % 3_600_000);
export const HOUR = 3_600_000;
export const ISO = 'isolated:btcusdt' as const;

export function ok(r: CommandResult): Extract<CommandResult, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got ${r.error}`);
  return r;
}

export function errorOf(r: CommandResult): string {
  return r.ok ? 'ok' : r.error;
}

export function marginKit(options: { usdtRate?: string } = {}) {
  const s = new MoneyState(sha256Hex);
  const journal: Command[] = [];
  let n = 0;
  let clock = T0;
  const run = (type: Command['type'], payload: unknown, actor = 'system'): CommandResult => {
    n += 1;
    clock += 1;
    const c = { id: `m${n}`, actor, ts: clock, type, payload } as Command;
    journal.push(c);
    return s.apply(c).result;
  };
  const at = (ts: number) => {
    clock = Math.max(clock, ts);
  };
  ok(run('asset.configure', { asset: 'USDT', decimals: 6, maxAmount: '100000000' }));
  ok(run('asset.configure', { asset: 'BTC', decimals: 8, maxAmount: '2000' }));
  ok(
    run('spot.market', {
      symbol: 'btcusdt',
      base: 'BTC',
      quote: 'USDT',
      priceDecimals: 2,
      qtyDecimals: 4,
      minQty: '0.0001',
      minNotional: '1',
      makerFeeRate: '0.001',
      takerFeeRate: '0.001',
      marketProtection: '0.5',
      status: 'trading',
    }),
  );
  ok(
    run('margin.configure', {
      callLevel: '1.3',
      liquidationLevel: '1.1',
      crossLeverage: 3,
      isolatedLeverages: [3, 5, 10],
      pairs: [{ symbol: 'btcusdt', base: 'BTC', quote: 'USDT' }],
    }),
  );
  ok(
    run('margin.pool.set', { asset: 'USDT', hourlyRate: options.usdtRate ?? '0.0000041667', enabled: true }),
  );
  ok(run('margin.pool.set', { asset: 'BTC', hourlyRate: '0.000001', enabled: true }));
  ok(run('margin.pool.fund', { asset: 'USDT', amount: '1000000', source: 'adjustment', ref: 'seed' }));
  ok(run('margin.pool.fund', { asset: 'BTC', amount: '100', source: 'adjustment', ref: 'seed' }));
  for (const u of ['a', 'b', 'c']) {
    ok(run('deposit.credit', { userId: u, asset: 'USDT', amount: '100000', ref: `u-${u}` }));
    ok(run('deposit.credit', { userId: u, asset: 'BTC', amount: '10', ref: `b-${u}` }));
  }
  const place = (userId: string, order: Omit<SpotPlace, 'userId' | 'symbol'>, actor = userId) =>
    run('spot.place', { userId, symbol: 'btcusdt', ...order }, actor);
  const bal = (userId: string, asset: string, account: string = ISO) => {
    const b = s.balance(userId, asset, account as 'spot');
    return `${b.available}/${b.frozen}`;
  };
  const prices = (btc: string) => ({ BTC: btc, USDT: '1' });
  return { s, run, place, bal, prices, journal, at, now: () => clock };
}
