// Operator routes of this area (docs/identity.md, docs/admin-console.md): the KYC review queue (admin and
// reviewer; opening a request and every decision are audited), agent grants (admin; audited) and a
// recomputation of every tier from the rules (admin; each change audited by the grade service).
import { KYC_LEVELS } from '@coin/shared/identity-schemas';
import { idSchema, idString } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentSession } from '@/modules/auth/auth-plugin';
import type { AgentService } from './agent-service';
import type { GradeService } from './grade-service';
import type { KycService } from './kyc-service';

export interface IdentityAdminRoutesOptions {
  kyc: KycService;
  agents: AgentService;
  grades: GradeService;
}

const tags = ['admin-identity'];
const security = [{ satoken: [] }];
const page = {
  current: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100000).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100).default(10),
};
const reasonBody = z.strictObject({
  reason: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(200, 'validation.tooLong'),
});

export const identityAdminRoutes: FastifyPluginAsyncZod<IdentityAdminRoutesOptions> = async (
  app,
  { kyc, agents, grades },
) => {
  const reviewer = { preValidation: app.requireOperator(['admin', 'reviewer']) };
  const adminOnly = { preValidation: app.requireOperator(['admin']) };

  app.get(
    '/api/admin/kyc',
    {
      schema: {
        tags,
        summary: 'Identity certification requests, newest first (keyword: account, name or user id)',
        querystring: z.strictObject({
          ...page,
          status: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(2).optional(),
          level: z.enum(KYC_LEVELS, { error: 'validation.oneOf' }).optional(),
          keyword: z.string().max(100).optional(),
        }),
        security,
      },
      ...reviewer,
    },
    async (request, reply) => reply.ok(await kyc.adminList(request.query)),
  );

  app.get(
    '/api/admin/kyc/:id',
    {
      schema: {
        tags,
        summary: 'One request with the full ID number and the photos (the reading is audited)',
        params: z.strictObject({ id: idSchema }),
        security,
      },
      ...reviewer,
    },
    async (request, reply) =>
      reply.ok(await kyc.adminDetail(request.params.id, currentSession(request).principalId)),
  );

  app.post(
    '/api/admin/kyc/:id/approve',
    {
      schema: {
        tags,
        summary: 'Pass a certification request (audited)',
        params: z.strictObject({ id: idSchema }),
        body: z.strictObject({}).prefault({}),
        security,
      },
      ...reviewer,
    },
    async (request, reply) => {
      const operatorId = currentSession(request).principalId;
      // A new operator (or one with a new role) approves nothing during the cooling-off.
      await app.services.operators.assertMayApprove(operatorId, undefined, 'FORBIDDEN');
      return reply.ok(await kyc.decide(request.params.id, operatorId, 'approve'), 'success.reviewDone');
    },
  );

  app.post(
    '/api/admin/kyc/:id/reject',
    {
      schema: {
        tags,
        summary: 'Fail a certification request with the reason the user sees (audited)',
        params: z.strictObject({ id: idSchema }),
        body: reasonBody,
        security,
      },
      ...reviewer,
    },
    async (request, reply) =>
      reply.ok(
        await kyc.decide(
          request.params.id,
          currentSession(request).principalId,
          'reject',
          request.body.reason,
        ),
        'success.reviewDone',
      ),
  );

  app.get(
    '/api/admin/agents',
    {
      schema: {
        tags,
        summary: 'Agents, newest grant first',
        querystring: z.strictObject({
          ...page,
          status: z.enum(['active', 'revoked'], { error: 'validation.oneOf' }).optional(),
        }),
        security,
      },
      ...adminOnly,
    },
    async (request, reply) => reply.ok(await agents.adminList(request.query)),
  );

  app.post(
    '/api/admin/agents',
    {
      schema: {
        tags,
        summary: 'Make a user an agent (audited)',
        body: z.strictObject({
          userId: idString,
          note: z
            .string({ error: 'validation.invalidType' })
            .trim()
            .max(200, 'validation.tooLong')
            .optional(),
        }),
        security,
      },
      ...adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await agents.grant(
          currentSession(request).principalId,
          BigInt(request.body.userId),
          request.body.note || undefined,
        ),
        'success.agentGranted',
      ),
  );

  app.post(
    '/api/admin/agents/:userId/revoke',
    {
      schema: {
        tags,
        summary: "End a user's agent status with a reason (audited)",
        params: z.strictObject({ userId: idSchema }),
        body: reasonBody,
        security,
      },
      ...adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await agents.revoke(currentSession(request).principalId, request.params.userId, request.body.reason),
        'success.agentRevoked',
      ),
  );

  app.post(
    '/api/admin/grades/recompute',
    {
      schema: {
        tags,
        summary: 'Recompute every tier and grade from the `tiers` setting now (each change is audited)',
        body: z.strictObject({}).prefault({}),
        security,
      },
      ...adminOnly,
    },
    async (request, reply) => {
      const users = await grades.refreshAll((userId, err) =>
        request.log.warn({ err, userId: userId.toString() }, 'grade refresh failed'),
      );
      return reply.ok({ users });
    },
  );
};
