// The earn calls users make (docs/earn.md "HTTP API"): the spec's /api/{x}/list product lists,
// /api/financial/personalIncome, /api/common/type/t_repay_type and /api/apiDefi/sendApproveHash, and the
// area's own calls for subscribing, redeeming, loans and DeFi. /api/order/list is the wallet's order
// centre; its kinds pledge, finance, defi and loan are answered by this area (earn-plugin.ts). Thin:
// validate, call the service, reply.
import { idSchema, idString } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPAY_WAYS } from '@/core/earn/earn-commands';
import { t } from '@/i18n/translate';
import { currentUserId, tokenFrom } from '@/modules/auth/auth-plugin';
import type { SessionService } from '@/modules/auth/session-service';
import { allowEmptyJsonBody } from '@/modules/market/empty-json-body';
import { idempotencyKey } from '@/modules/wallet/idempotency';
import type { DefiService } from './defi-service';
import { ADDRESS_INPUT } from './defi-service';
import type { EarnContext } from './earn-context';
import { requireEnabled } from './earn-context';
import type { LoanService } from './loan-service';
import type { OrderService } from './order-service';
import { FINANCE_CATEGORIES, type ProductService } from './product-service';
import { defiView, financeView, loanProductView, pledgeView } from './product-views';
import { tierAtLeast } from './tiers';

export interface EarnRoutesOptions {
  ctx: EarnContext;
  sessions: SessionService;
  products: ProductService;
  orders: OrderService;
  loans: LoanService;
  defi: DefiService;
  rateLimitPerMinute: number;
}

const secured = [{ satoken: [] }];
const amount = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(64, 'validation.numeric')
  .regex(/^\d+(\.\d+)?$/, 'validation.numeric');
const productId = idString;
const page = {
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
};
const orderId = z.string({ error: 'validation.required' }).regex(/^E\d{1,15}$/, 'validation.invalid');
const imageRef = z.string().trim().max(200).optional();

export const earnRoutes: FastifyPluginAsyncZod<EarnRoutesOptions> = async (app, opts) => {
  const { ctx, products, orders, loans, defi } = opts;
  // Several of these POSTs carry no payload (clients still send the JSON content type).
  allowEmptyJsonBody(app);
  const user = { preValidation: app.requireUser };
  // Money-moving calls share one budget per user (not per token or address).
  const moneyLimit = app.rateLimit({
    max: opts.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: app.userRateKey,
  });
  const money = {
    config: { rateLimit: false as const },
    onRequest: moneyLimit,
    preValidation: app.requireUser,
  };

  /** The signed-in user on a public call, or undefined (lists show the caller's own counts). */
  async function optionalUser(request: Parameters<typeof tokenFrom>[0]): Promise<bigint | undefined> {
    const token = tokenFrom(request);
    if (!token) return undefined;
    const session = await opts.sessions.resolve(token, 'user').catch(() => undefined);
    return session?.principalId;
  }
  const decimals = (coin: string) => ctx.asset(coin)?.decimals ?? 18;
  const mine = (productId: string, userId: bigint | undefined) =>
    userId === undefined ? undefined : ctx.core().earn().userCounter(productId, userId.toString());

  async function financeItems(userId: bigint | undefined, category?: (typeof FINANCE_CATEGORIES)[number]) {
    const required = await ctx.settings.memberMinTier();
    const allowed = userId === undefined ? null : tierAtLeast(await ctx.tiers.tierOf(userId), required);
    return (await products.list('finance', category)).map(({ row, view }) =>
      financeView(row, view, decimals(view.config.asset), mine(row.id.toString(), userId), {
        requiredTier: required,
        allowed,
      }),
    );
  }

  // ---------- product lists: /api/{x}/list ----------
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/pledge/list',
      schema: {
        tags: ['earn'],
        summary: 'Pledge mining products',
        querystring: z.strictObject({}).prefault({}),
      },
      handler: async (request, reply) => {
        await requireEnabled(ctx, 'pledge');
        const userId = await optionalUser(request);
        return reply.ok(
          (await products.list('pledge')).map(({ row, view }) =>
            pledgeView(row, view, decimals(view.config.asset), mine(row.id.toString(), userId)),
          ),
        );
      },
    });
    app.route({
      method,
      url: '/api/financial/list',
      schema: {
        tags: ['earn'],
        summary: 'Finance products of a tab (value added, member zone, ordinary), with the member tier',
        querystring: z.strictObject({
          category: z.enum(FINANCE_CATEGORIES, { error: 'validation.oneOf' }).optional(),
        }),
      },
      handler: async (request, reply) => {
        await requireEnabled(ctx, 'finance');
        const userId = await optionalUser(request);
        return reply.ok({
          memberMinTier: await ctx.settings.memberMinTier(),
          myTier: userId === undefined ? null : await ctx.tiers.tierOf(userId),
          records: await financeItems(userId, request.query.category),
        });
      },
    });
    app.route({
      method,
      url: '/api/loan/list',
      schema: { tags: ['earn'], summary: 'Power loan products (the lender is the platform lending pool)' },
      handler: async (_request, reply) => {
        await requireEnabled(ctx, 'loan');
        const earn = ctx.core().earn();
        return reply.ok(
          (await products.list('loan')).map(({ row, view }) =>
            loanProductView(row, view, decimals(view.config.asset), earn.pool('lending', view.config.asset)),
          ),
        );
      },
    });
    app.route({
      method,
      url: '/api/defi/list',
      schema: { tags: ['earn'], summary: 'DeFi mining pools with output, nodes, participants and income' },
      handler: async (_request, reply) => {
        await requireEnabled(ctx, 'defi');
        return reply.ok(
          (await products.list('defi')).map(({ row, view }) =>
            defiView(row, view, decimals(view.config.asset)),
          ),
        );
      },
    });
  }

  app.get(
    '/api/earn/product',
    {
      schema: {
        tags: ['earn'],
        summary: 'One product of any kind (finance detail, pledge subscribe page, DeFi pool page)',
        querystring: z.strictObject({ id: productId }),
      },
    },
    async (request, reply) => {
      const userId = await optionalUser(request);
      const { row, view } = await products.get(request.query.id);
      const kind = view.config.kind;
      await requireEnabled(ctx, kind);
      const d = decimals(view.config.asset);
      if (kind === 'pledge')
        return reply.ok({ kind, ...pledgeView(row, view, d, mine(request.query.id, userId)) });
      if (kind === 'loan')
        return reply.ok({
          kind,
          ...loanProductView(row, view, d, ctx.core().earn().pool('lending', view.config.asset)),
        });
      if (kind === 'defi') return reply.ok({ kind, ...defiView(row, view, d) });
      const required = await ctx.settings.memberMinTier();
      const allowed = userId === undefined ? null : tierAtLeast(await ctx.tiers.tierOf(userId), required);
      return reply.ok({
        kind,
        ...financeView(row, view, d, mine(request.query.id, userId), { requiredTier: required, allowed }),
      });
    },
  );

  // ---------- subscriptions and orders ----------
  app.post(
    '/api/pledge/subscribe',
    {
      schema: {
        tags: ['earn'],
        summary: 'Subscribe to a pledge product (freezes the amount in the finance account)',
        body: z.strictObject({ productId, amount }),
        security: secured,
      },
      ...money,
    },
    async (request, reply) =>
      reply.ok(
        await orders.subscribe(currentUserId(request), 'pledge', request.body, idempotencyKey(request)),
        'success.earnSubscribed',
      ),
  );

  app.post(
    '/api/financial/subscribe',
    {
      schema: {
        tags: ['earn'],
        summary: 'Subscribe to a finance product (the member zone needs the tier it states)',
        body: z.strictObject({ productId, amount }),
        security: secured,
      },
      ...money,
    },
    async (request, reply) =>
      reply.ok(
        await orders.subscribe(currentUserId(request), 'finance', request.body, idempotencyKey(request)),
        'success.earnSubscribed',
      ),
  );

  app.get(
    '/api/earn/order',
    {
      schema: {
        tags: ['earn'],
        summary: 'One of the caller’s orders',
        querystring: z.strictObject({ id: orderId }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await orders.get(currentUserId(request), request.query.id)),
  );

  app.get(
    '/api/earn/redeemQuote',
    {
      schema: {
        tags: ['earn'],
        summary: 'What redeeming an order now returns (principal after penalty, interest), before confirming',
        querystring: z.strictObject({ orderId }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await orders.quote(currentUserId(request), request.query.orderId)),
  );

  app.post(
    '/api/earn/redeem',
    {
      schema: {
        tags: ['earn'],
        summary:
          'Redeem an order (pledge: with the stated penalty; finance: after its lock days; DeFi: any time)',
        body: z.strictObject({ orderId }),
        security: secured,
      },
      ...money,
    },
    async (request, reply) =>
      reply.ok(
        await orders.redeem(currentUserId(request), request.body.orderId, idempotencyKey(request)),
        'success.earnRedeemed',
      ),
  );

  app.post(
    '/api/financial/personalIncome',
    {
      schema: {
        tags: ['earn'],
        summary: 'Income received and principal held in pledge, finance and DeFi, per coin',
        querystring: z.strictObject({
          kind: z.enum(['pledge', 'finance', 'defi'], { error: 'validation.oneOf' }).optional(),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await orders.income(currentUserId(request), request.query.kind)),
  );

  // ---------- loans ----------
  app.post(
    '/api/common/type/t_repay_type',
    {
      schema: {
        tags: ['earn'],
        summary: 'The repayment methods (t_repay_type dictionary); no payload',
      },
    },
    async (request, reply) =>
      reply.ok(REPAY_WAYS.map((v) => ({ dictValue: v, dictLabel: t(request.lang, `repayWay.${v}`) }))),
  );

  app.post(
    '/api/loan/apply',
    {
      schema: {
        tags: ['earn'],
        summary: 'Apply for a loan with the front, back and holding photos (upload links of the caller)',
        body: z.strictObject({
          productId,
          amount,
          repayWay: z.enum(REPAY_WAYS, { error: 'validation.oneOf' }),
          frontImage: imageRef,
          backImage: imageRef,
          holdingImage: imageRef,
        }),
        security: secured,
      },
      ...money,
    },
    async (request, reply) =>
      reply.ok(await loans.apply(currentUserId(request), request.body), 'success.loanApplied'),
  );

  app.get(
    '/api/loan/detail',
    {
      schema: {
        tags: ['earn'],
        summary: 'One of the caller’s loans with its plan and what is due now',
        querystring: z.strictObject({ id: idSchema }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await loans.get(currentUserId(request), request.query.id)),
  );

  app.post(
    '/api/loan/repay',
    {
      schema: {
        tags: ['earn'],
        summary: 'Repay the next installment or everything left, from the finance account',
        body: z.strictObject({
          loanId: idSchema,
          mode: z.enum(['next', 'full'], { error: 'validation.oneOf' }),
        }),
        security: secured,
      },
      ...money,
    },
    async (request, reply) =>
      reply.ok(
        await loans.repay(
          currentUserId(request),
          request.body.loanId,
          request.body.mode,
          idempotencyKey(request),
        ),
        'success.loanRepaid',
      ),
  );

  // ---------- DeFi ----------
  app.post(
    '/api/apiDefi/nonce',
    {
      schema: {
        tags: ['earn'],
        summary: 'A sign-in message (EIP-4361) with a single-use nonce for a wallet address',
        body: z.strictObject({
          address: z.string({ error: 'validation.required' }).regex(ADDRESS_INPUT, 'validation.invalid'),
          chainId: z
            .number({ error: 'validation.invalid' })
            .int()
            .min(1)
            .max(2 ** 31 - 1),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await defi.nonce(
          currentUserId(request),
          request.body,
          { host: request.host, protocol: request.protocol },
          request.lang,
        ),
      ),
  );

  app.post(
    '/api/apiDefi/sendApproveHash',
    {
      schema: {
        tags: ['earn'],
        summary:
          'The signed proof of a wallet address (EIP-4361 message and its signature). Never a token allowance',
        body: z.strictObject({
          message: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(4000),
          signature: z
            .string({ error: 'validation.required' })
            .regex(/^0x[0-9a-fA-F]{2,1000}$/, 'validation.invalid'),
        }),
        security: secured,
      },
      ...money,
    },
    async (request, reply) =>
      reply.ok(await defi.proveAddress(currentUserId(request), request.body), 'success.walletProven'),
  );

  app.get(
    '/api/apiDefi/addresses',
    {
      schema: { tags: ['earn'], summary: 'The caller’s proven wallet addresses', security: secured },
      ...user,
    },
    async (request, reply) => reply.ok(await defi.addresses(currentUserId(request))),
  );

  app.post(
    '/api/apiDefi/join',
    {
      schema: {
        tags: ['earn'],
        summary:
          'Stake in a DeFi pool from the finance account with a proven address (gas fee once per address)',
        body: z.strictObject({
          productId,
          amount,
          address: z.string({ error: 'validation.required' }).regex(ADDRESS_INPUT, 'validation.invalid'),
        }),
        security: secured,
      },
      ...money,
    },
    async (request, reply) =>
      reply.ok(
        await defi.join(currentUserId(request), request.body, idempotencyKey(request)),
        'success.defiJoined',
      ),
  );

  // The order centre's earn kinds (GET form for the area's own pages; /api/order/list is the wallet's).
  app.get(
    '/api/earn/orders',
    {
      schema: {
        tags: ['earn'],
        summary: 'The caller’s pledge, finance or DeFi orders, or loans (paged, newest first)',
        querystring: z.strictObject({
          kind: z.enum(['pledge', 'finance', 'defi', 'loan'], { error: 'validation.oneOf' }),
          status: z.enum(['active', 'completed', 'redeemed'], { error: 'validation.oneOf' }).optional(),
          ...page,
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { kind, status, current, size } = request.query;
      const userId = currentUserId(request);
      return reply.ok(
        kind === 'loan'
          ? await loans.list(userId, { current, size })
          : await orders.list(userId, { kind, status, current, size }),
      );
    },
  );
};
