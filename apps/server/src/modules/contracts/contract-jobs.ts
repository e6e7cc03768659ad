// The contract jobs (docs/contracts.md "Jobs"): every pass hands each market's newest stored index tick
// to the risk engine (`contract.tick`: mark, TP/SL, liquidation, all citing that tick) and settles a due
// funding interval (`contract.funding`). Command ids are derived from the tick and the interval, so a
// pass repeated after a crash submits the same commands and the core answers them once.
import type { MoneyCore } from '@/core/types';
import type { Clock } from '@/lib/clock';
import type { MarketApi } from '@/market/price-index';
import type { ContractMarkets } from './contract-markets';

export interface JobStatus {
  lastRunAt: number | null;
  lastError: string | null;
  ticks: number;
  liquidations: number;
  fundings: number;
}

export async function contractPass(
  core: MoneyCore,
  markets: ContractMarkets,
  market: MarketApi | undefined,
  clock: Clock,
  status: JobStatus,
): Promise<void> {
  const now = clock.now().getTime();
  for (const r of markets.all()) {
    const symbol = r.config.symbol;
    const view = core.contracts().market(symbol);
    if (view === undefined) continue;
    const latest = market?.latest(r.indexSymbol);
    const known = view.tickId === null ? 0 : Number(view.tickId.slice(view.tickId.lastIndexOf(':') + 1));
    if (latest !== undefined && latest.time > known && latest.time <= now) {
      const tickId = `${r.indexSymbol}:${latest.time}`;
      const result = await core.submit({
        id: `contract.tick:${symbol}:${latest.time}`,
        actor: 'system:contracts',
        ts: now,
        type: 'contract.tick',
        payload: {
          symbol,
          tick: { id: tickId, time: latest.time, price: latest.price, sources: sourcesOf(latest.source) },
        },
      });
      if (result.ok) {
        status.ticks += 1;
        status.liquidations += Number(result.reply?.liquidated ?? 0);
      }
    }
    const interval = r.config.fundingIntervalMs;
    const at = Math.floor(now / interval) * interval;
    const after = core.contracts().market(symbol);
    if (after?.mark != null && at > after.lastFundingAt) {
      const result = await core.submit({
        id: `contract.funding:${symbol}:${at}`,
        actor: 'system:contracts',
        ts: now,
        type: 'contract.funding',
        payload: { symbol, at },
      });
      if (result.ok) status.fundings += 1;
    }
  }
}

function sourcesOf(source: string): string[] {
  const list = source.startsWith('median:') ? source.slice('median:'.length).split(',') : [source];
  const out = list.map((s) => s.trim()).filter((s) => s !== '');
  return out.length > 0 ? out : [source];
}
