// Operator review queues for manual recharges and withdrawals (admin and reviewer roles). Every
// decision is audit-logged by the services inside the same transaction as the status change. Large
// manual recharges need two approvals by different operators (DepositService.decide).
import { idSchema } from '@coin/shared/wire-id';
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
const idParams = z.strictObject({ id: idSchema });
const reasonBody = z.strictObject({
  reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200),
});

/** A recharge above its asset's threshold after the first of its two approvals. */
function awaitsSecondApproval(decided: unknown): boolean {
  return (
    typeof decided === 'object' &&
    decided !== null &&
    'awaitingSecondApproval' in decided &&
    decided.awaitingSecondApproval === true
  );
}

/** What a review queue needs from its service: the operator list and one approve/reject decision. */
interface ReviewQueueService {
  adminList(q: { current: number; size: number; status?: number | undefined }): Promise<unknown>;
  decide(id: bigint, operatorId: bigint, decision: 'approve' | 'reject', reason?: string): Promise<unknown>;
}

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (
  app,
  { deposits, withdrawals },
) => {
  const reviewer = { preValidation: app.requireOperator(['admin', 'reviewer']) };

  /** The list, approve and reject routes of one queue under `path`. */
  const reviewQueue = (
    path: string,
    service: ReviewQueueService,
    maxStatus: number,
    summary: { list: string; approve: string; reject: string },
  ) => {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: summary.list,
          querystring: z.strictObject({
            ...pageFields,
            status: z.coerce.number().int().min(0).max(maxStatus).optional(),
          }),
          security: secured,
        },
        ...reviewer,
      },
      async (request, reply) => reply.ok(await service.adminList(request.query)),
    );
    app.post(
      `${path}/:id/approve`,
      {
        schema: {
          tags,
          summary: summary.approve,
          params: idParams,
          body: z.strictObject({}).prefault({}),
          security: secured,
        },
        ...reviewer,
      },
      async (request, reply) => {
        const operatorId = currentSession(request).principalId;
        // A new operator (or one with a new role) approves nothing during the cooling-off.
        await app.services.operators.assertMayApprove(operatorId, undefined, 'FORBIDDEN');
        const decided = await service.decide(request.params.id, operatorId, 'approve');
        return reply.ok(
          decided,
          awaitsSecondApproval(decided) ? 'success.firstApprovalRecorded' : 'success.reviewDone',
        );
      },
    );
    app.post(
      `${path}/:id/reject`,
      {
        schema: {
          tags,
          summary: summary.reject,
          params: idParams,
          body: reasonBody,
          security: secured,
        },
        ...reviewer,
      },
      async (request, reply) =>
        reply.ok(
          await service.decide(
            request.params.id,
            currentSession(request).principalId,
            'reject',
            request.body.reason,
          ),
          'success.reviewDone',
        ),
    );
  };

  reviewQueue('/api/admin/recharges', deposits, 2, {
    list: 'Recharge queue (newest first)',
    approve: 'Approve a manual recharge (credits the user)',
    reject: 'Reject a manual recharge',
  });
  reviewQueue('/api/admin/withdrawals', withdrawals, 4, {
    list: 'Withdrawal queue (newest first)',
    approve: 'Approve a withdrawal (pays out)',
    reject: 'Reject a withdrawal (returns the funds)',
  });
  app.post(
    '/api/admin/withdrawals/:id/release',
    {
      schema: {
        tags,
        summary:
          'Return the funds of a withdrawal whose chain payout reverted (status 4, reason chain.reverted)',
        params: idParams,
        body: z.strictObject({}).prefault({}),
        security: secured,
      },
      ...reviewer,
    },
    async (request, reply) =>
      reply.ok(
        await withdrawals.releaseReverted(request.params.id, currentSession(request).principalId),
        'success.reviewDone',
      ),
  );
};
