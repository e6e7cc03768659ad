// The operator's view of the contract markets (docs/contracts.md): per market the mark, index, open
// interest and funding; per settle asset the insurance fund and the contract pool; the job status.
// Read only: operators change nothing of a position, a price or a funding rate.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MoneyCore } from '@/core/types';
import type { JobStatus } from './contract-jobs';
import type { ContractService } from './contract-service';

export interface ContractAdminRoutesOptions {
  core: () => MoneyCore;
  service: ContractService;
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
      const markets = o.service.markets.all().map((r) => o.service.marketView(r));
      const assets = [...new Set(markets.map((m) => m.settle))].sort();
      return reply.ok({
        markets,
        funds: assets.map((asset) => ({
          asset,
          insuranceFund: core.systemBalance('insurance_fund', asset),
          contractPool: core.systemBalance('contract_pool', asset),
        })),
        jobs: o.status(),
      });
    },
  );
};
