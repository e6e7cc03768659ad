// The earn area of the operator console under /api/admin/earn (docs/earn.md "Console"): the pools and
// the gas account with their balances, products (create, edit, open or close), loan review (admins and
// reviewers), pool fundings with four eyes, and the member zone's tier. Every action is audit-logged by
// the services. There is no call that sets a price, a rate of an existing order, or a balance.
import { pageQuerySchema } from '@coin/shared/auth-schemas';
import { idSchema } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EARN_KINDS, EARN_POOLS, REPAY_WAYS } from '@/core/earn/earn-commands';
import { currentSession } from '@/modules/auth/auth-plugin';
import type { EarnSettings } from './earn-settings';
import type { LoanService } from './loan-service';
import { FUNDING_STATUSES, type PoolFundingService } from './pool-funding-service';
import { FINANCE_CATEGORIES, type ProductService } from './product-service';
import { TIERS } from './tiers';

export interface EarnAdminRoutesOptions {
  products: ProductService;
  loans: LoanService;
  fundings: PoolFundingService;
  settings: EarnSettings;
}

const tags = ['admin'];
const security = [{ satoken: [] }];
const idParams = z.strictObject({ id: idSchema });
const dec = z
  .string({ error: 'validation.required' })
  .trim()
  .max(64, 'validation.numeric')
  .regex(/^\d+(\.\d+)?$/, 'validation.numeric');
const days = z.number({ error: 'validation.invalid' }).int().min(1).max(3650);
const count = z.number({ error: 'validation.invalid' }).int().min(1).max(1_000_000);
const reason = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(200);

const base = {
  name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100),
  description: z.string().trim().max(1000).optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
  asset: z.string({ error: 'validation.required' }).regex(/^[A-Za-z0-9]{1,16}$/, 'validation.invalid'),
  status: z.enum(['open', 'closed'], { error: 'validation.oneOf' }),
  dailyRate: dec,
  cycleDays: days,
  minAmount: dec,
  maxAmount: dec,
};

export const productBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('pledge'),
    ...base,
    userLimit: dec,
    buyableCount: count,
    payout: z.enum(['maturity', 'daily'], { error: 'validation.oneOf' }),
    earlyPenaltyRate: dec,
  }),
  z.strictObject({
    kind: z.literal('finance'),
    ...base,
    category: z.enum(FINANCE_CATEGORIES, { error: 'validation.oneOf' }),
    lockDays: z.number({ error: 'validation.invalid' }).int().min(0).max(3650),
    cap: dec,
    participationLimit: count,
  }),
  z.strictObject({
    kind: z.literal('loan'),
    ...base,
    periodDays: days,
    repayWays: z
      .array(z.enum(REPAY_WAYS, { error: 'validation.oneOf' }))
      .min(1)
      .max(2),
    overdueRate: dec,
  }),
  z.strictObject({
    kind: z.literal('defi'),
    ...base,
    gasAsset: z.string({ error: 'validation.required' }).regex(/^[A-Za-z0-9]{1,16}$/, 'validation.invalid'),
    gasFee: dec,
    poolAddress: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'validation.invalid')
      .optional(),
  }),
]);

export const earnAdminRoutes: FastifyPluginAsyncZod<EarnAdminRoutesOptions> = async (app, opts) => {
  const { products, loans, fundings, settings } = opts;
  const adminOnly = app.requireOperator(['admin']);
  const reviewers = app.requireOperator(['admin', 'reviewer']);
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).principalId;

  app.get(
    '/api/admin/earn/overview',
    {
      schema: { tags, summary: 'Earn pools (balance, reserved, free) and the gas account', security },
      preValidation: adminOnly,
    },
    async (_request, reply) =>
      reply.ok({ ...fundings.overview(), memberMinTier: await settings.memberMinTier() }),
  );

  app.get(
    '/api/admin/earn/products',
    {
      schema: {
        tags,
        summary: 'Earn products with their terms and counters',
        querystring: z.strictObject({ kind: z.enum(EARN_KINDS, { error: 'validation.oneOf' }).optional() }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await products.adminList(request.query.kind)),
  );

  app.post(
    '/api/admin/earn/products',
    {
      schema: {
        tags,
        summary: 'Create a product (terms go to the money core)',
        body: productBodySchema,
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(await products.create(me(request), request.body), 'success.productSaved'),
  );

  app.put(
    '/api/admin/earn/products/:id',
    {
      schema: {
        tags,
        summary: 'Edit a product: new terms apply to new orders; kind and coin never change',
        params: idParams,
        body: productBodySchema,
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(await products.update(me(request), request.params.id, request.body), 'success.productSaved'),
  );

  app.get(
    '/api/admin/earn/loans',
    {
      schema: {
        tags,
        summary: 'Loan applications and loans, newest first',
        querystring: pageQuerySchema.extend({
          status: z.enum(['pending', 'approved', 'failed'], { error: 'validation.oneOf' }).optional(),
        }),
        security,
      },
      preValidation: reviewers,
    },
    async (request, reply) => reply.ok(await loans.adminList(request.query)),
  );

  app.post(
    '/api/admin/earn/loans/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve: the core lends the principal from the lending pool, exactly once',
        params: idParams,
        body: z.strictObject({}).optional(),
        security,
      },
      preValidation: reviewers,
    },
    async (request, reply) =>
      reply.ok(await loans.approve(me(request), request.params.id), 'success.loanApproved'),
  );

  app.post(
    '/api/admin/earn/loans/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject with a reason (shown to the applicant)',
        params: idParams,
        body: z.strictObject({ reason }),
        security,
      },
      preValidation: reviewers,
    },
    async (request, reply) =>
      reply.ok(
        await loans.reject(me(request), request.params.id, request.body.reason),
        'success.loanRejected',
      ),
  );

  app.get(
    '/api/admin/earn/pool-fundings',
    {
      schema: {
        tags,
        summary: 'Pool funding requests, newest first',
        querystring: pageQuerySchema.extend({
          status: z.enum(FUNDING_STATUSES, { error: 'validation.oneOf' }).optional(),
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await fundings.list(request.query)),
  );

  app.post(
    '/api/admin/earn/pool-fundings',
    {
      schema: {
        tags,
        summary: 'Request a pool funding (negative: draw free balance back); a different admin approves',
        body: z.strictObject({
          pool: z.enum(EARN_POOLS, { error: 'validation.oneOf' }),
          asset: z
            .string({ error: 'validation.required' })
            .regex(/^[A-Za-z0-9]{1,16}$/, 'validation.invalid'),
          amount: z
            .string({ error: 'validation.required' })
            .trim()
            .max(65, 'validation.numeric')
            .regex(/^-?\d+(\.\d+)?$/, 'validation.numeric'),
          reason,
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(await fundings.create(me(request), request.body), 'success.poolFundingRequested'),
  );

  app.post(
    '/api/admin/earn/pool-fundings/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve (a different admin) and apply through the core',
        params: idParams,
        body: z.strictObject({}).optional(),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(await fundings.approve(me(request), request.params.id), 'success.poolFundingApproved'),
  );

  app.post(
    '/api/admin/earn/pool-fundings/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject (a different admin) with a reason',
        params: idParams,
        body: z.strictObject({ reason }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await fundings.reject(me(request), request.params.id, request.body.reason),
        'success.poolFundingRejected',
      ),
  );

  app.get(
    '/api/admin/earn/settings',
    { schema: { tags, summary: 'Earn settings (the member zone tier)', security }, preValidation: adminOnly },
    async (_request, reply) => reply.ok({ memberMinTier: await settings.memberMinTier(), tiers: TIERS }),
  );

  app.put(
    '/api/admin/earn/settings',
    {
      schema: {
        tags,
        summary: 'Set the tier the member zone needs (audited)',
        body: z.strictObject({ memberMinTier: z.enum(TIERS, { error: 'validation.oneOf' }) }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok({
        memberMinTier: await settings.setMemberMinTier(me(request), request.body.memberMinTier),
        tiers: TIERS,
      }),
  );
};
