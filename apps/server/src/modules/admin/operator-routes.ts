// Operator sign-in and management under /api/admin. Operators never use the user session calls.
import { refreshBodySchema } from '@coin/shared/auth-schemas';
import { loginPasswordSchema } from '@coin/shared/password';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '@/config';
import { clientInfo } from '@/lib/client-info';
import { currentSession } from '@/modules/auth/auth-plugin';
import type { SessionService } from '@/modules/auth/session-service';
import { OPERATOR_ROLES } from './operator-roles';
import type { OperatorRow, OperatorService } from './operator-service';

export interface OperatorRoutesOptions {
  operators: OperatorService;
  sessions: SessionService;
  config: AppConfig;
}

const toView = (o: OperatorRow) => ({
  id: o.id.toString(),
  username: o.username,
  role: o.role,
  mustChangePassword: o.mustChangePassword,
  createdAt: o.createdAt.toISOString(),
});

const tags = ['admin'];
const security = [{ satoken: [] }];

export const operatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = async (
  app,
  { operators, sessions, config },
) => {
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
          operator: toView(operator),
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
    async (request, reply) => reply.ok(toView(await operators.get(currentSession(request).principalId))),
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

  app.post(
    '/api/admin/operators',
    {
      schema: {
        tags,
        summary: 'Create an operator (admin only)',
        body: z.strictObject({
          username: z
            .string({ error: 'validation.required' })
            .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, 'validation.account'),
          role: z.enum(OPERATOR_ROLES, { error: 'validation.oneOf' }),
          password: loginPasswordSchema,
        }),
        security,
      },
      preValidation: app.requireOperator(['admin']),
    },
    async (request, reply) => {
      const created = await operators.create(
        currentSession(request).principalId,
        request.body.username,
        request.body.role,
        request.body.password,
      );
      return reply.ok(toView(created));
    },
  );
};
