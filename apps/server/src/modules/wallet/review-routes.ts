// Operator review queues for manual recharges and withdrawals (admin and reviewer roles). Every
// decision is audit-logged by the services inside the same transaction as the status change.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentSession } from '@/modules/auth/auth-plugin';
import type { DepositService } from './deposit-service';
import { pageFields } from './wallet-context';
import type { WithdrawService } from './withdraw-service';

export interface ReviewRoutesOptions {
  deposits: DepositService;
  withdrawals: WithdrawService;
}

const tags = ['admin-wallet'];
const secured = [{ satoken: [] }];
const idParams = z.object({ id: z.coerce.bigint().positive() });
const reasonBody = z.strictObject({
  reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200),
});

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (
  app,
  { deposits, withdrawals },
) => {
  const reviewer = { preValidation: app.requireOperator(['admin', 'reviewer']) };
  const listQuery = (maxStatus: number) =>
    z.object({ ...pageFields, status: z.coerce.number().int().min(0).max(maxStatus).optional() });

  app.get(
    '/api/admin/recharges',
    {
      schema: {
        tags,
        summary: 'Recharge queue (newest first)',
        querystring: listQuery(2),
        security: secured,
      },
      ...reviewer,
    },
    async (request, reply) => reply.ok(await deposits.adminList(request.query)),
  );
  app.post(
    '/api/admin/recharges/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a manual recharge (credits the user)',
        params: idParams,
        body: z.strictObject({}).prefault({}),
        security: secured,
      },
      ...reviewer,
    },
    async (request, reply) =>
      reply.ok(
        await deposits.decide(request.params.id, currentSession(request).principalId, 'approve'),
        'success.reviewDone',
      ),
  );
  app.post(
    '/api/admin/recharges/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a manual recharge',
        params: idParams,
        body: reasonBody,
        security: secured,
      },
      ...reviewer,
    },
    async (request, reply) =>
      reply.ok(
        await deposits.decide(
          request.params.id,
          currentSession(request).principalId,
          'reject',
          request.body.reason,
        ),
        'success.reviewDone',
      ),
  );

  app.get(
    '/api/admin/withdrawals',
    {
      schema: {
        tags,
        summary: 'Withdrawal queue (newest first)',
        querystring: listQuery(3),
        security: secured,
      },
      ...reviewer,
    },
    async (request, reply) => reply.ok(await withdrawals.adminList(request.query)),
  );
  app.post(
    '/api/admin/withdrawals/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a withdrawal (pays out)',
        params: idParams,
        body: z.strictObject({}).prefault({}),
        security: secured,
      },
      ...reviewer,
    },
    async (request, reply) =>
      reply.ok(
        await withdrawals.decide(request.params.id, currentSession(request).principalId, 'approve'),
        'success.reviewDone',
      ),
  );
  app.post(
    '/api/admin/withdrawals/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a withdrawal (returns the funds)',
        params: idParams,
        body: reasonBody,
        security: secured,
      },
      ...reviewer,
    },
    async (request, reply) =>
      reply.ok(
        await withdrawals.decide(
          request.params.id,
          currentSession(request).principalId,
          'reject',
          request.body.reason,
        ),
        'success.reviewDone',
      ),
  );
};
