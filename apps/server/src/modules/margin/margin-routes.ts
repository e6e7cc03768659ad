// The spot-margin calls of spec section 7 (coin-exchange family, docs/margin.md "HTTP API"): `all` is the
// cross account, `fixed` the isolated account of a pair. Thin: validate, call the service, reply.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '@/modules/auth/auth-plugin';
import { idempotencyKey } from '@/modules/wallet/idempotency';
import type { MarginService } from './margin-service';

export interface MarginRoutesOptions {
  service: MarginService;
}

const API = '/api/mjkj-web/coin';
const tags = ['margin'];
const secured = [{ satoken: [] }];

const mode = z.enum(['all', 'fixed'], { error: 'validation.oneOf' });
const symbol = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[A-Za-z0-9]{1,16}([_/-]?[A-Za-z0-9]{1,16})?$/, 'validation.invalid');
const coin = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[A-Za-z0-9]{1,32}$/, 'validation.invalid');
const amount = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(40, 'validation.decimal')
  .regex(/^\d+(\.\d+)?$/, 'validation.decimal');

export const marginRoutes: FastifyPluginAsyncZod<MarginRoutesOptions> = async (app, { service }) => {
  const user = { preValidation: app.requireUser };
  const coinBody = z.strictObject({ coin, symbol: symbol.optional() });
  const amountBody = z.strictObject({ coin, amount, symbol: symbol.optional() });

  app.post(
    `${API}/wallet/:mode/getCanborrow`,
    {
      schema: {
        tags,
        summary: 'How much of a coin the cross (all) or isolated (fixed, with symbol) account may borrow now',
        params: z.strictObject({ mode }),
        body: coinBody,
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { coin: c, symbol: s } = request.body;
      return reply.ok(service.canBorrow(currentUserId(request), request.params.mode, s, c));
    },
  );

  app.post(
    `${API}/wallet/:mode/preborrow`,
    {
      schema: {
        tags,
        summary: 'Quote a loan: hourly rate, hourly and daily interest, the margin level after it',
        params: z.strictObject({ mode }),
        body: amountBody,
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { coin: c, symbol: s, amount: a } = request.body;
      return reply.ok(service.preborrow(currentUserId(request), request.params.mode, s, c, a));
    },
  );

  app.post(
    `${API}/wallet/:mode/borrow`,
    {
      schema: {
        tags,
        summary: 'Borrow from the lending pool into the margin account; Idempotency-Key makes a retry safe',
        params: z.strictObject({ mode }),
        body: amountBody,
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { coin: c, symbol: s, amount: a } = request.body;
      const r = await service.borrow(
        currentUserId(request),
        request.params.mode,
        s,
        c,
        a,
        idempotencyKey(request),
      );
      return reply.ok(r, 'success.marginBorrowed');
    },
  );

  app.post(
    `${API}/wallet/:mode/still`,
    {
      schema: {
        tags,
        summary: 'Repay a loan from the margin account, interest first; Idempotency-Key makes a retry safe',
        params: z.strictObject({ mode }),
        body: amountBody,
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { coin: c, symbol: s, amount: a } = request.body;
      const r = await service.repay(
        currentUserId(request),
        request.params.mode,
        s,
        c,
        a,
        idempotencyKey(request),
      );
      return reply.ok(r, 'success.marginRepaid');
    },
  );

  app.get(
    `${API}/wallet/all/getCanborrowList`,
    {
      schema: { tags, summary: 'What the cross account may borrow of every coin', security: secured },
      ...user,
    },
    async (request, reply) => reply.ok(service.canBorrowList(currentUserId(request))),
  );

  app.get(
    `${API}/wallet/all/getDepositRate`,
    { schema: { tags, summary: 'Lending pools: hourly and daily rate and what each can lend' } },
    async (_request, reply) => reply.ok(service.depositRates()),
  );

  app.get(
    `${API}/wallet/all/marginProperty`,
    {
      schema: {
        tags,
        summary: 'The cross margin account: coins, debts, totals, margin level',
        security: secured,
      },
      ...user,
    },
    async (request, reply) => reply.ok(service.property(currentUserId(request), 'all', undefined)),
  );

  app.get(
    `${API}/wallet/fixed/marginProperty/:symbol`,
    {
      schema: {
        tags,
        summary: 'The isolated margin account of a pair: coins, debts, totals, margin level, leverage',
        params: z.strictObject({ symbol }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) =>
      reply.ok(service.property(currentUserId(request), 'fixed', request.params.symbol)),
  );

  app.post(
    `${API}/wallet/fixed/updateLeverageRadio`,
    {
      schema: {
        tags,
        summary: 'Set the leverage of an isolated account (one of the configured choices)',
        body: z.strictObject({
          symbol,
          leverage: z.coerce
            .number({ error: 'validation.number' })
            .int('validation.integer')
            .min(1, 'validation.min')
            .max(125, 'validation.max'),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const r = await service.updateLeverage(
        currentUserId(request),
        request.body.symbol,
        request.body.leverage,
      );
      return reply.ok(r, 'success.marginLeverageUpdated');
    },
  );

  app.get(
    `${API}/entrust/borrowOrder/:mode/:symbol/:status`,
    {
      schema: {
        tags,
        summary: 'Loan records: mode all|fixed, symbol (or "all"), status all|open|closed; newest first',
        params: z.strictObject({
          mode,
          symbol,
          status: z.enum(['all', 'open', 'closed'], { error: 'validation.oneOf' }),
        }),
        querystring: z.strictObject({
          current: z.coerce.number().int().min(1).max(100_000).default(1),
          size: z.coerce.number().int().min(1).max(100).default(20),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { mode: m, symbol: s, status } = request.params;
      const { current, size } = request.query;
      return reply.ok(
        await service.loans(currentUserId(request), m, s === 'all' ? undefined : s, status, current, size),
      );
    },
  );

  app.get(
    `${API}/entrust/marginOrder/:mode/:symbol`,
    {
      schema: {
        tags,
        summary: 'Orders from the margin accounts: mode all|fixed, symbol (or "all"); newest first',
        params: z.strictObject({ mode, symbol }),
        querystring: z.strictObject({
          current: z.coerce.number().int().min(1).max(100_000).default(1),
          size: z.coerce.number().int().min(1).max(100).default(20),
        }),
        security: secured,
      },
      ...user,
    },
    async (request, reply) => {
      const { mode: m, symbol: s } = request.params;
      const { current, size } = request.query;
      return reply.ok(
        await service.orders(currentUserId(request), m, s === 'all' ? undefined : s, current, size),
      );
    },
  );
};
