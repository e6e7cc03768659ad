// OTC / P2P and merchant calls (docs/otc.md "HTTP API"). The order chat is the chat service's spec calls
// (`{api}/buy/sendChatRecord`, `{api}/buy/getChatRecord/{chatKey}`) with the order's chatKey.
import { decimalString } from '@coin/shared/wire-decimal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '@/modules/auth/auth-plugin';
import type { MerchantService } from './merchant-service';
import type { OrderService } from './order-service';

export interface OtcRoutesOptions {
  merchants: MerchantService;
  orders: OrderService;
}

const API = '/api/mjkj-web/coin';
const tags = ['otc'];
const secured = [{ satoken: [] }];

const asset = z
  .string({ error: 'validation.required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,16}$/, 'validation.invalid');
const fiat = asset;
const id = z.string({ error: 'validation.required' }).regex(/^\d{1,18}$/, 'validation.invalid');
const orderCode = z.string({ error: 'validation.required' }).regex(/^P[A-Z0-9]{6,40}$/, 'validation.invalid');
const coinAmount = decimalString({ maxDecimals: 8, positive: true, max: '1000000000' });
const fiatAmount = decimalString({ maxDecimals: 2, positive: true, max: '1000000000000' });
const page = {
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

const adBody = z.strictObject({
  id: id.optional(),
  side: z.enum(['buy', 'sell'], { error: 'validation.oneOf' }),
  asset,
  fiat,
  priceType: z.enum(['fixed', 'margin'], { error: 'validation.oneOf' }),
  price: fiatAmount.optional(),
  margin: decimalString({ maxDecimals: 2, min: '-50', max: '50' }).optional(),
  amount: decimalString({ maxDecimals: 8, min: '0', max: '1000000000' }),
  minFiat: fiatAmount,
  maxFiat: fiatAmount,
  paymentIds: z.array(id).max(10).default([]),
  timeLimitMin: z.coerce.number({ error: 'validation.required' }).int().min(5).max(120),
  terms: z.string().trim().max(1000, 'validation.maxLength').default(''),
});

export const otcRoutes: FastifyPluginAsyncZod<OtcRoutesOptions> = async (app, { merchants, orders }) => {
  const user = { preValidation: app.requireUser };

  // ---- the ad market (public) ----
  app.get(
    `${API}/otc/ads`,
    {
      schema: {
        tags,
        summary:
          'Ad market: online ads for a taker side (buy: sell ads, cheapest first; sell: buy ads, dearest first)',
        querystring: z.strictObject({
          side: z.enum(['buy', 'sell'], { error: 'validation.oneOf' }).default('buy'),
          asset: asset.optional(),
          fiat: fiat.optional(),
          amount: fiatAmount.optional(),
          payKind: z.enum(['bank', 'ewallet'], { error: 'validation.oneOf' }).optional(),
        }),
      },
    },
    async (request, reply) => reply.ok(await merchants.market(request.query)),
  );

  // ---- merchants ----
  app.post(
    `${API}/merchant/apply`,
    {
      schema: {
        tags,
        summary:
          'Apply to become a merchant (advanced KYC required; the deposit, if any, is frozen in account type 8)',
        body: z.strictObject({
          nickname: z
            .string({ error: 'validation.required' })
            .trim()
            .min(2, 'validation.minLength')
            .max(32, 'validation.maxLength'),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(await merchants.apply(currentUserId(request), request.body.nickname), 'success.otcApplied'),
  );

  app.get(
    `${API}/merchant/info`,
    {
      schema: {
        tags,
        summary: "The caller's merchant application or merchant, with statistics",
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const m = await merchants.byUser(userId);
      if (m === undefined) return reply.ok({ merchant: null, stats: null });
      const { merchantView } = await import('./merchant-service');
      return reply.ok({
        merchant: merchantView(m),
        stats: m.status === 'approved' ? await orders.stats(userId) : null,
      });
    },
  );

  app.get(
    `${API}/merchant/ads`,
    { schema: { tags, summary: "The merchant's ads (online and paused)", security: secured }, ...user },
    async (request, reply) => reply.ok(await merchants.myAds(currentUserId(request))),
  );

  app.post(
    `${API}/merchant/ad/save`,
    {
      schema: {
        tags,
        summary:
          'Post an ad (no id) or edit one (amount = what stays available); a sell ad reserves its coins',
        body: adBody,
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { id: adId, ...input } = request.body;
      const saved = await merchants.saveAd(
        currentUserId(request),
        input,
        adId === undefined ? undefined : BigInt(adId),
      );
      return reply.ok(saved, 'success.otcAdSaved');
    },
  );

  app.post(
    `${API}/merchant/ad/status`,
    {
      schema: {
        tags,
        summary: "Pause, resume or close an ad (closing returns a sell ad's reserve)",
        body: z.strictObject({
          id,
          status: z.enum(['online', 'paused', 'closed'], { error: 'validation.oneOf' }),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await merchants.setAdStatus(currentUserId(request), BigInt(request.body.id), request.body.status),
        'success.otcAdSaved',
      ),
  );

  // ---- orders ----
  app.post(
    `${API}/otc/order/create`,
    {
      schema: {
        tags,
        summary: "Buy from or sell to an ad: the seller's coins move into escrow in the money core",
        body: z.strictObject({ adId: id, amount: coinAmount, paymentId: id.optional() }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await orders.create(currentUserId(request), request.body, request.lang),
        'success.otcOrderCreated',
      ),
  );

  app.post(
    `${API}/otc/order/list`,
    {
      schema: {
        tags,
        summary: "The caller's orders as a user or (role merchant) as the merchant, newest first",
        body: z
          .strictObject({
            role: z.enum(['user', 'merchant'], { error: 'validation.oneOf' }).default('user'),
            status: z
              .enum(['open', 'waiting', 'paid', 'appeal', 'released', 'cancelled'], {
                error: 'validation.oneOf',
              })
              .optional(),
            ...page,
          })
          .prefault({}),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await orders.list(currentUserId(request), request.body)),
  );

  app.get(
    `${API}/otc/order/:orderCode`,
    {
      schema: {
        tags,
        summary: 'One order for its buyer or seller: payment details, countdown, chat key',
        params: z.strictObject({ orderCode }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await orders.detail(currentUserId(request), request.params.orderCode)),
  );

  app.post(
    `${API}/otc/order/paid`,
    {
      schema: {
        tags,
        summary: 'The buyer marks the order paid (optional proof: an image uploaded to the order chat)',
        body: z.strictObject({ orderCode, proof: z.string().max(300).optional() }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await orders.markPaid(
          currentUserId(request),
          request.body.orderCode,
          request.body.proof,
          request.lang,
        ),
        'success.otcPaid',
      ),
  );

  app.post(
    `${API}/otc/order/release`,
    {
      schema: {
        tags,
        summary: 'The seller releases a paid order: the coins go from escrow to the buyer',
        body: z.strictObject({ orderCode }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(await orders.release(currentUserId(request), request.body.orderCode), 'success.otcReleased'),
  );

  app.post(
    `${API}/otc/order/cancel`,
    {
      schema: {
        tags,
        summary: 'The buyer cancels before paying: the escrow returns to the seller',
        body: z.strictObject({ orderCode }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(await orders.cancel(currentUserId(request), request.body.orderCode), 'success.otcCancelled'),
  );

  app.post(
    `${API}/otc/order/appeal`,
    {
      schema: {
        tags,
        summary: 'Either side appeals a paid order after the waiting time; an operator decides',
        body: z.strictObject({
          orderCode,
          reason: z
            .string({ error: 'validation.required' })
            .trim()
            .min(1, 'validation.required')
            .max(500, 'validation.maxLength'),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(
        await orders.appeal(currentUserId(request), request.body.orderCode, request.body.reason),
        'success.otcAppealed',
      ),
  );
};
