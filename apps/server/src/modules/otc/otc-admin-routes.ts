// Operator console of OTC under /api/admin/otc (admin role; every decision audited): merchant
// applications (approve, reject: the deposit returns) and appeals (the order, its payment details, proof
// and chat; decide release to the buyer or return to the seller, a second operator approving above the
// configured value). Money moves only by the core's otc.order.resolve with the operator as actor.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentSession } from '@/modules/auth/auth-plugin';
import type { MerchantService } from './merchant-service';
import type { OrderService } from './order-service';

const tags = ['admin'];
const security = [{ satoken: [] }];
const base = '/api/admin/otc';
const idParams = z.strictObject({ id: z.string().regex(/^\d{1,18}$/, 'validation.invalid') });

export const otcAdminRoutes: FastifyPluginAsyncZod<{
  merchants: MerchantService;
  orders: OrderService;
}> = async (app, { merchants, orders }) => {
  const adminOnly = app.requireOperator(['admin']);

  app.get(
    `${base}/merchants`,
    {
      schema: {
        tags,
        summary: 'Merchant applications and merchants',
        querystring: z.strictObject({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await merchants.adminList(request.query.status)),
  );

  app.post(
    `${base}/merchants/:id/decide`,
    {
      schema: {
        tags,
        summary: 'Approve (is_merchant 2) or reject (the deposit returns) a merchant application',
        params: idParams,
        body: z.strictObject({
          approve: z.boolean({ error: 'validation.invalidType' }),
          reason: z.string().trim().max(300, 'validation.maxLength').optional(),
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const operatorId = currentSession(request).principalId;
      const out = await merchants.decide(
        BigInt(request.params.id),
        operatorId,
        request.body.approve,
        request.body.reason,
      );
      return reply.ok(out, 'success.ok');
    },
  );

  app.get(
    `${base}/appeals`,
    {
      schema: {
        tags,
        summary: 'OTC appeals with their orders',
        querystring: z.strictObject({ status: z.enum(['open', 'pending_approval', 'resolved']).optional() }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await orders.appeals(request.query.status)),
  );

  app.get(
    `${base}/appeals/:id`,
    {
      schema: {
        tags,
        summary: 'One appeal: the order, payment details, proof, parties and the order chat',
        params: idParams,
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await orders.appealDetail(BigInt(request.params.id))),
  );

  app.post(
    `${base}/appeals/:id/decide`,
    {
      schema: {
        tags,
        summary:
          'Decide an appeal: release to the buyer or return to the seller (a second operator approves above the limit)',
        params: idParams,
        body: z.strictObject({
          to: z.enum(['buyer', 'seller'], { error: 'validation.oneOf' }),
          note: z.string().trim().max(500, 'validation.maxLength').default(''),
        }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const operatorId = currentSession(request).principalId;
      const out = await orders.decide(
        BigInt(request.params.id),
        operatorId,
        request.body.to,
        request.body.note,
      );
      return reply.ok(out, 'success.ok');
    },
  );

  app.post(
    `${base}/appeals/:id/approve`,
    {
      schema: {
        tags,
        summary: "A second operator approves another operator's appeal decision (applies it)",
        params: idParams,
        body: z.strictObject({ confirm: z.literal(true, { error: 'validation.required' }) }),
        security,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const operatorId = currentSession(request).principalId;
      return reply.ok(await orders.approve(BigInt(request.params.id), operatorId), 'success.ok');
    },
  );
};
