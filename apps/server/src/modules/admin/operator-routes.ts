// Operator sign-in and management under /api/admin. Operators never use the user session calls. New
// operators and role changes are operator requests that a second admin approves (./operator-requests.ts).
import { pageQuerySchema, refreshBodySchema } from '@coin/shared/auth-schemas';
import { loginPasswordSchema } from '@coin/shared/password';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '@/config';
import { clientInfo } from '@/lib/client-info';
import { currentSession } from '@/modules/auth/auth-plugin';
import type { SessionService } from '@/modules/auth/session-service';
import { OPERATOR_REQUEST_STATUSES, OperatorRequestService } from './operator-requests';
import { OPERATOR_ROLES } from './operator-roles';
import type { OperatorService } from './operator-service';

export interface OperatorRoutesOptions {
  operators: OperatorService;
  sessions: SessionService;
  config: AppConfig;
}

const tags = ['admin'];
const security = [{ satoken: [] }];
const idParams = z.strictObject({
  id: z.string().regex(/^\d{1,18}$/, 'validation.invalid'),
});
const roleSchema = z.enum(OPERATOR_ROLES, { error: 'validation.oneOf' });
const reasonBody = z.strictObject({
  reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200),
});

export const operatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = async (
  app,
  { operators, sessions, config },
) => {
  const requests = new OperatorRequestService(operators.db, operators.clock, operators);
  const adminOnly = app.requireOperator(['admin']);
  /** The operator view plus what the console needs to show approve buttons. */
  const meView = async (id: bigint) => ({
    ...(await operators.view(id)),
    ...(await operators.approvalRights(id)),
  });
  app.post(
    '/api/admin/auth/login',
    {
      schema: {
        tags,
        summary: 'Operator login',
        body: z.strictObject({
          username: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(64),
          password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(128),
        }),
      },
      config: { rateLimit: { max: config.RATE_LIMIT_LOGIN_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { operator, tokens } = await operators.login(
        request.body.username,
        request.body.password,
        clientInfo(request),
      );
      return reply.ok(
        {
          satoken: tokens.satoken,
          refreshToken: tokens.refreshToken,
          expiresIn: tokens.expiresIn,
          operator: await meView(operator.id),
        },
        'success.login',
      );
    },
  );

  app.post(
    '/api/admin/auth/refreshToken',
    {
      schema: {
        tags,
        summary: 'Exchange an operator refresh token for new tokens (single use)',
        body: refreshBodySchema,
      },
      config: { rateLimit: { max: config.RATE_LIMIT_LOGIN_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const tokens = await sessions.refresh(request.body.refreshToken, 'operator');
      return reply.ok({
        satoken: tokens.satoken,
        refreshToken: tokens.refreshToken,
        expiresIn: tokens.expiresIn,
      });
    },
  );

  app.get(
    '/api/admin/auth/me',
    {
      schema: { tags, summary: 'Current operator', security },
      preValidation: app.requireOperator([], { allowPendingPasswordChange: true }),
    },
    async (request, reply) => reply.ok(await meView(currentSession(request).principalId)),
  );

  app.post(
    '/api/admin/auth/logout',
    {
      schema: { tags, summary: 'End this operator session', security },
      preValidation: app.requireOperator([], { allowPendingPasswordChange: true }),
    },
    async (request, reply) => {
      await sessions.revoke(currentSession(request).id, 'logout');
      return reply.ok(null, 'success.logout');
    },
  );

  app.post(
    '/api/admin/auth/password',
    {
      schema: {
        tags,
        summary: 'Change the operator password (required after the one-time password)',
        body: z.strictObject({
          oldPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(128),
          newPassword: loginPasswordSchema,
        }),
        security,
      },
      preValidation: app.requireOperator([], { allowPendingPasswordChange: true }),
    },
    async (request, reply) => {
      const s = currentSession(request);
      await operators.changePassword(s.principalId, s.id, request.body.oldPassword, request.body.newPassword);
      return reply.ok(null, 'success.passwordChanged');
    },
  );

  app.get(
    '/api/admin/operators',
    {
      schema: { tags, summary: 'All operators, with who requested and who approved each account', security },
      preValidation: adminOnly,
    },
    async (_request, reply) => reply.ok(await operators.list()),
  );

  app.post(
    '/api/admin/operators',
    {
      schema: {
        tags,
        summary: 'Request a new operator (admin only); another admin must approve it',
        body: z.strictObject({
          username: z
            .string({ error: 'validation.required' })
            .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, 'validation.account'),
          role: roleSchema,
          password: loginPasswordSchema,
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const created = await requests.requestCreate(currentSession(request).principalId, request.body);
      return reply.ok(
        created,
        created.status === 'approved' ? 'success.operatorCreated' : 'success.operatorRequested',
      );
    },
  );

  app.post(
    '/api/admin/operators/:id/role',
    {
      schema: {
        tags,
        summary: "Request a change of an operator's role; another admin must approve it",
        params: idParams,
        body: z.strictObject({ role: roleSchema }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await requests.requestRole(
          currentSession(request).principalId,
          BigInt(request.params.id),
          request.body.role,
        ),
        'success.operatorRequested',
      ),
  );

  app.get(
    '/api/admin/operator-requests',
    {
      schema: {
        tags,
        summary: 'Operator requests (new operators, role changes), newest first',
        querystring: pageQuerySchema.extend({
          status: z.enum(OPERATOR_REQUEST_STATUSES, { error: 'validation.oneOf' }).optional(),
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await requests.list(request.query)),
  );

  app.post(
    '/api/admin/operator-requests/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve an operator request (a different admin) and apply it',
        params: idParams,
        body: z.strictObject({}).optional(),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await requests.approve(currentSession(request).principalId, BigInt(request.params.id)),
        'success.operatorRequestApproved',
      ),
  );

  app.post(
    '/api/admin/operator-requests/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject an operator request (a different admin) with a reason',
        params: idParams,
        body: reasonBody,
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await requests.reject(
          currentSession(request).principalId,
          BigInt(request.params.id),
          request.body.reason,
        ),
        'success.operatorRequestRejected',
      ),
  );
};
