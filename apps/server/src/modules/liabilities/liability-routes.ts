// Proof of liabilities over HTTP (docs/api.md "Proof of liabilities"): the published snapshots are public;
// a user's inclusion proofs (their leaves and salt) are answered only for the signed-in user, whose id comes
// from the session — there is no parameter naming a user. The operator's "take a snapshot now" is in
// ./liability-admin-routes.ts. Thin: validate, call the service, reply.
import { pageQuerySchema } from '@coin/shared/auth-schemas';
import { idSchema } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '@/modules/auth/auth-plugin';
import type { LiabilityService } from './liability-service';

export const LIABILITIES_API = '/api/mjkj-web/coin/liabilities';
const tags = ['liabilities'];
const secured = [{ satoken: [] }];

export const liabilityRoutes: FastifyPluginAsyncZod<{ liabilities: LiabilityService }> = async (
  app,
  { liabilities },
) => {
  app.get(
    `${LIABILITIES_API}/latest`,
    {
      schema: {
        tags,
        summary:
          'The newest published snapshot: seq, state hash, per-asset roots and totals, system accounts',
        querystring: z.strictObject({}),
      },
    },
    async (_request, reply) => reply.ok(await liabilities.latest()),
  );

  app.get(
    `${LIABILITIES_API}/snapshots`,
    {
      schema: { tags, summary: 'Published snapshots, newest first', querystring: pageQuerySchema },
    },
    async (request, reply) => reply.ok(await liabilities.list(request.query.current, request.query.size)),
  );

  app.get(
    `${LIABILITIES_API}/snapshots/:id`,
    {
      schema: { tags, summary: 'One published snapshot', params: z.strictObject({ id: idSchema }) },
    },
    async (request, reply) => reply.ok(await liabilities.view(request.params.id)),
  );

  app.get(
    `${LIABILITIES_API}/proof`,
    {
      schema: {
        tags,
        summary: "The caller's inclusion proofs (leaf, salt, sibling path per asset) in a snapshot",
        querystring: z.strictObject({ snapshotId: idSchema.optional() }),
        security: secured,
      },
      preValidation: app.requireUser,
    },
    async (request, reply) =>
      reply.ok(await liabilities.proofs(currentUserId(request), request.query.snapshotId)),
  );
};
