// The console's view of custody (operators: admin and reviewer): the solvency alarm per asset (hot
// wallet beside pending withdrawals and user liabilities) and the outgoing transactions (payouts, sweeps,
// gas top-ups). With the simulated chain or none, the solvency answer says custody is not enabled.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EvmCustody } from './chain/evm/evm-custody';

export interface CustodyRoutesOptions {
  custody: EvmCustody | undefined;
  adapter: string;
}

const tags = ['admin-wallet'];
const secured = [{ satoken: [] }];

export const custodyRoutes: FastifyPluginAsyncZod<CustodyRoutesOptions> = async (
  app,
  { custody, adapter },
) => {
  const reviewer = { preValidation: app.requireOperator(['admin', 'reviewer']) };

  app.get(
    '/api/admin/custody/solvency',
    {
      schema: {
        tags,
        summary: 'Hot wallet, pending withdrawals and liabilities per asset',
        security: secured,
      },
      ...reviewer,
    },
    async (_request, reply) => {
      if (!custody) return reply.ok({ enabled: false, adapter, status: null, assets: [], alarm: false });
      const assets = await custody.solvency(app.core);
      return reply.ok({
        enabled: true,
        adapter,
        status: custody.status(),
        assets,
        alarm: assets.some((a) => !a.covered),
      });
    },
  );

  app.get(
    '/api/admin/custody/transactions',
    {
      schema: {
        tags,
        summary: 'Outgoing custody transactions (newest first)',
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        security: secured,
      },
      ...reviewer,
    },
    async (request, reply) =>
      reply.ok({ records: custody ? await custody.transactions(request.query.limit) : [] }),
  );
};
