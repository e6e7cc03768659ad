// The operator's view of the contract markets (docs/contracts.md): per market the mark, index, open
// interest long and short (contracts and positions) and funding; per settle asset the insurance fund and
// the contract pool; the recent liquidations (SQL); the job status.
// Read only: operators change nothing of a position, a price or a funding rate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MoneyCore } from '@/core/types';
import type { ContractHistory } from './contract-history';
import type { JobStatus } from './contract-jobs';
import type { ContractService } from './contract-service';

export interface ContractAdminRoutesOptions {
  core: () => MoneyCore;
  service: ContractService;
  history: ContractHistory;
  status: () => JobStatus;
}

export const contractAdminRoutes: FastifyPluginAsyncZod<ContractAdminRoutesOptions> = async (app, o) => {
  const adminOnly = app.requireOperator(['admin']);
  app.get(
    '/api/admin/contracts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contracts: markets with open interest and funding, insurance fund and pool, the jobs',
        security: [{ satoken: [] }],
      },
      preValidation: adminOnly,
    },
    async (_request, reply) => {
      const core = o.core();
      const markets = o.service.markets.all().map((r) => {
        const view = o.service.marketView(r);
        // Open interest is equal on both sides (every contract has a long and a short holder).
        return {
          ...view,
          longOpenInterest: view.openInterest,
          shortOpenInterest: view.openInterest,
          longPositions: core.contracts().adlRanking(r.config.symbol, 'long').length,
          shortPositions: core.contracts().adlRanking(r.config.symbol, 'short').length,
        };
      });
      const assets = [...new Set(markets.map((m) => m.settle))].sort();
      return reply.ok({
        markets,
        funds: assets.map((asset) => ({
          asset,
          insuranceFund: core.systemBalance('insurance_fund', asset),
          contractPool: core.systemBalance('contract_pool', asset),
        })),
        liquidations: await o.history.recentLiquidations(50),
        jobs: o.status(),
      });
    },
  );
};
