// Operator console routes for the bill projection (docs/admin-console.md, "Projection failures"): its
// status (the console banner polls it), its dead letters, and the retry and dismiss actions (audited).
// Admin only. The service lives with the projection (projection/projection-failures.ts).
import { pageQuerySchema } from '@coin/shared/auth-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error';
import { currentSession } from '@/modules/auth/auth-plugin';
import type { ProjectionStatus } from '@/projection/bill-projection';
import { PROJECTION_FAILURE_STATUSES, type ProjectionFailureService } from '@/projection/projection-failures';

export interface ProjectionRoutesOptions {
  /** Undefined when no bill projection runs in this process (no money core). */
  projection: () => { status(): ProjectionStatus; failures: ProjectionFailureService } | undefined;
}

const tags = ['admin'];
const security = [{ satoken: [] }];
const idParams = z.strictObject({
  id: z.string().regex(/^\d{1,18}$/, 'validation.invalid'),
});

export const projectionRoutes: FastifyPluginAsyncZod<ProjectionRoutesOptions> = async (
  app,
  { projection },
) => {
  const adminOnly = app.requireOperator(['admin']);
  const running = () => {
    const p = projection();
    if (!p) throw new AppError('PROJECTION_UNAVAILABLE');
    return p;
  };

  app.get(
    '/api/admin/projection',
    {
      schema: {
        tags,
        summary: 'Bill projection status: cursor, lag, open failures, stall, last error',
        security,
      },
      preValidation: adminOnly,
    },
    async (_request, reply) => reply.ok(running().status()),
  );

  app.get(
    '/api/admin/projection/failures',
    {
      schema: {
        tags,
        summary: 'Commands whose bill rows could not be written (dead letters), newest seq first',
        querystring: pageQuerySchema.extend({
          status: z.enum(PROJECTION_FAILURE_STATUSES, { error: 'validation.oneOf' }).optional(),
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await running().failures.list(request.query)),
  );

  app.post(
    '/api/admin/projection/failures/:id/retry',
    {
      schema: {
        tags,
        summary: 'Write the missing bill rows of an open failure now (exactly once); audited',
        params: idParams,
        body: z.strictObject({}).optional(),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await running().failures.retry(currentSession(request).principalId, BigInt(request.params.id)),
        'success.projectionRetried',
      ),
  );

  app.post(
    '/api/admin/projection/failures/:id/dismiss',
    {
      schema: {
        tags,
        summary: 'Close an open failure without writing its rows, with a reason; audited',
        params: idParams,
        body: z.strictObject({
          reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200),
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await running().failures.dismiss(
          currentSession(request).principalId,
          BigInt(request.params.id),
          request.body.reason,
        ),
        'success.projectionDismissed',
      ),
  );
};
