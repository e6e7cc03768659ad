// Operator console routes under /api/admin (docs/admin-console.md): users with balances, four-eyes
// balance adjustments, the audit log and its verification (operators and operator requests are in
// ./operator-routes.ts). Roles: users are readable by every operator role (contacts masked except for
// admins); adjustments and the audit log are admin only. User tokens never pass requireOperator (401).
import { pageQuerySchema } from '@coin/shared/auth-schemas';
import { tryParseAmount } from '@coin/shared/money';
import { decimalString } from '@coin/shared/wire-decimal';
import { idSchema, idString } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_TYPES } from '@/core/types';
import type { Executor } from '@/db/client';
import { AppError } from '@/lib/app-error';
import { currentSession } from '@/modules/auth/auth-plugin';
import { ADJUSTMENT_STATUSES, type AdjustmentService } from './console-adjustments';
import { auditPage, verifyAudit } from './console-audit';
import type { ConsoleUserService } from './console-users';
import { OPERATOR_ROLES, type OperatorRole } from './operator-roles';

export interface ConsoleRoutesOptions {
  db: Executor;
  adjustments: AdjustmentService;
  users: ConsoleUserService;
}

const tags = ['admin'];
const security = [{ satoken: [] }];
const idParams = z.strictObject({ id: idSchema });

export const createAdjustmentBodySchema = z.strictObject({
  userId: idString,
  asset: z.string({ error: 'validation.required' }).regex(/^[A-Za-z0-9]{1,16}$/, 'validation.invalid'),
  accountType: z.enum(ACCOUNT_TYPES, { error: 'validation.oneOf' }),
  amount: decimalString({ maxDecimals: 18 }).refine((v) => {
    // Only zero is this check's business; malformed input already has its issue from decimalString.
    const parsed = tryParseAmount(v);
    return !parsed.ok || parsed.value !== 0n;
  }, 'validation.notZero'),
  reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200),
});

const rejectBodySchema = z.strictObject({
  reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200),
});

export const consoleRoutes: FastifyPluginAsyncZod<ConsoleRoutesOptions> = async (
  app,
  { db, adjustments, users },
) => {
  const anyOperator = app.requireOperator(OPERATOR_ROLES);
  const adminOnly = app.requireOperator(['admin']);

  async function roleOf(operatorId: bigint): Promise<OperatorRole> {
    const access = await app.services.operators.accessOf(operatorId);
    if (!access) throw new AppError('AUTH_TOKEN_REVOKED');
    return access.role;
  }

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Users with their balances, newest first; keyword matches account, email, phone or id',
        querystring: pageQuerySchema.extend({ keyword: z.string().max(100).optional() }),
        security,
      },
      preValidation: anyOperator,
    },
    async (request, reply) => {
      const role = await roleOf(currentSession(request).principalId);
      const { keyword, current, size } = request.query;
      return reply.ok(await users.list(role, keyword, current, size));
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: { tags, summary: 'One user with balances', params: idParams, security },
      preValidation: anyOperator,
    },
    async (request, reply) => {
      const role = await roleOf(currentSession(request).principalId);
      return reply.ok(await users.detail(role, request.params.id));
    },
  );

  app.get(
    '/api/admin/adjustments',
    {
      schema: {
        tags,
        summary: 'Balance adjustment requests, newest first',
        querystring: pageQuerySchema.extend({
          status: z.enum(ADJUSTMENT_STATUSES, { error: 'validation.oneOf' }).optional(),
          userId: idString.optional(),
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await adjustments.list(request.query)),
  );

  app.post(
    '/api/admin/adjustments',
    {
      schema: {
        tags,
        summary: 'Request a balance adjustment (signed amount); another admin must approve it',
        body: createAdjustmentBodySchema,
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await adjustments.create(currentSession(request).principalId, request.body),
        'success.adjustmentRequested',
      ),
  );

  app.post(
    '/api/admin/adjustments/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve (by a different admin) and apply through the money core, exactly once',
        params: idParams,
        body: z.strictObject({}).optional(),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await adjustments.approve(currentSession(request).principalId, request.params.id),
        'success.adjustmentApproved',
      ),
  );

  app.post(
    '/api/admin/adjustments/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject (by a different admin) with a reason',
        params: idParams,
        body: rejectBodySchema,
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await adjustments.reject(currentSession(request).principalId, request.params.id, request.body.reason),
        'success.adjustmentRejected',
      ),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'Audit log, newest first',
        querystring: pageQuerySchema.extend({ action: z.string().max(64).optional() }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await auditPage(db, request.query)),
  );

  app.get(
    '/api/admin/audit/verify',
    {
      schema: { tags, summary: 'Walk the hash chain: { ok, checked, firstBrokenId? }', security },
      preValidation: adminOnly,
    },
    async (_request, reply) => reply.ok(await verifyAudit(db)),
  );
};
