// Operator console: proof-of-liabilities snapshots (docs/admin-console.md "Proof of liabilities"). Taking
// one now is admin only and audit-logged with the operator (the roots are logged either way).
import { pageQuerySchema } from '@coin/shared/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentSession } from '@/modules/auth/auth-plugin';
import type { LiabilityService } from './liability-service';

const tags = ['admin'];
const security = [{ satoken: [] }];

export const liabilityAdminRoutes: FastifyPluginAsyncZod<{ liabilities: LiabilityService }> = async (
  app,
  { liabilities },
) => {
  const adminOnly = app.requireOperator(['admin']);

  app.get(
    '/api/admin/liabilities/snapshots',
    {
      schema: {
        tags,
        summary: 'Liabilities snapshots, newest first',
        querystring: pageQuerySchema,
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await liabilities.list(request.query.current, request.query.size)),
  );

  app.post(
    '/api/admin/liabilities/snapshots',
    {
      schema: {
        tags,
        summary: 'Take a liabilities snapshot now (audited); its roots go to the audit log',
        body: z.strictObject({}).optional(),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await liabilities.take('manual', currentSession(request).principalId),
        'success.liabilitySnapshotTaken',
      ),
  );
};
