// User routes of identity certification, bank card, payment methods, contact binding, tiers, promotion
// and agents (spec section 7 paths; docs/identity.md). Thin: validation by the shared schemas, the work
// in the services. Everything is scoped to the caller; there is no parameter naming another user.
import {
  accountBindingBodySchema,
  agentListBodySchema,
  bankCardBodySchema,
  bindEmailBodySchema,
  kycAdvancedBodySchema,
  kycPrimaryBodySchema,
  paymentBodySchema,
  referralListQuerySchema,
} from '@coin/shared/identity-schemas';
import { idSchema } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserId } from '@/modules/auth/auth-plugin';
import type { AgentService } from './agent-service';
import type { BankService } from './bank-service';
import type { GradeService } from './grade-service';
import type { KycService } from './kyc-service';
import type { ReferralService } from './referral-service';

export interface IdentityRoutesOptions {
  kyc: KycService;
  bank: BankService;
  grades: GradeService;
  referral: ReferralService;
  agents: AgentService;
  writesPerMinute: number;
}

const API = '/api/mjkj-web/coin';
const security = [{ satoken: [] }];
const emptyBody = z.strictObject({}).prefault({});

export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, opts) => {
  const { kyc, bank, grades, referral, agents } = opts;
  const writeLimit = app.rateLimit({
    max: opts.writesPerMinute,
    timeWindow: 60_000,
    keyGenerator: app.userRateKey,
  });
  const write = {
    config: { rateLimit: false as const },
    onRequest: writeLimit,
    preValidation: app.requireUser,
  };
  const read = { preValidation: app.requireUser };

  // ---- identity certification ----
  app.post(
    `${API}/member/verified`,
    {
      schema: {
        tags: ['identity'],
        summary:
          'Primary certification: name, ID number, country, card type (under review until an operator decides)',
        body: kycPrimaryBodySchema,
        security,
      },
      ...write,
    },
    async (request, reply) =>
      reply.ok(await kyc.submitPrimary(currentUserId(request), request.body), 'success.kycSubmitted'),
  );

  app.post(
    '/api/user/uploadKYC',
    {
      schema: {
        tags: ['identity'],
        summary: 'Advanced real-name certification: front, back and holding photos (uploads of the caller)',
        body: kycAdvancedBodySchema,
        security,
      },
      ...write,
    },
    async (request, reply) =>
      reply.ok(await kyc.submitAdvanced(currentUserId(request), request.body), 'success.kycSubmitted'),
  );

  app.get(
    `${API}/member/getMemberOtherData/yhrzxx`,
    {
      schema: {
        tags: ['identity'],
        summary: "The caller's certification state (primary, advanced, email)",
        security,
      },
      ...read,
    },
    async (request, reply) => reply.ok(await kyc.status(currentUserId(request))),
  );

  app.post(
    '/api/user/bindEmail',
    {
      schema: {
        tags: ['identity'],
        summary: 'Email certification: bind an email to an account without one (a `bind` code sent to it)',
        body: bindEmailBodySchema,
        security,
      },
      ...write,
    },
    async (request, reply) =>
      reply.ok(
        await bank.bindContact(currentUserId(request), 'email', request.body.email, request.body.code),
        'success.emailCertified',
      ),
  );

  app.post(
    `${API}/member/accountVerificationBinding`,
    {
      schema: {
        tags: ['identity'],
        summary: 'Bind the missing email or phone with a `bind` code sent to it',
        body: accountBindingBodySchema,
        security,
      },
      ...write,
    },
    async (request, reply) => {
      const { type, target, code } = request.body;
      return reply.ok(
        await bank.bindContact(currentUserId(request), type, target, code),
        type === 'email' ? 'success.emailCertified' : 'success.phoneBound',
      );
    },
  );

  // ---- bank card and payment methods ----
  app.post(
    '/api/userBank/save',
    {
      schema: {
        tags: ['identity'],
        summary: 'Bind the bank card (number and bank name required); it cannot be changed afterwards',
        body: bankCardBodySchema,
        security,
      },
      ...write,
    },
    async (request, reply) =>
      reply.ok(await bank.saveCard(currentUserId(request), request.body), 'success.bankCardBound'),
  );

  app.post(
    '/api/userBank/getbank',
    {
      schema: {
        tags: ['identity'],
        summary: "The caller's bank card (number masked), or null",
        body: emptyBody,
        security,
      },
      ...read,
    },
    async (request, reply) => reply.ok(await bank.getCard(currentUserId(request))),
  );

  app.post(
    `${API}/member/payment`,
    {
      schema: {
        tags: ['identity'],
        summary: 'Add a payment method (bank or e-wallet) in the certified real name',
        body: paymentBodySchema,
        security,
      },
      ...write,
    },
    async (request, reply) =>
      reply.ok(await bank.addPayment(currentUserId(request), request.body), 'success.paymentAdded'),
  );

  app.get(
    `${API}/member/getPayment`,
    { schema: { tags: ['identity'], summary: "The caller's payment methods", security }, ...read },
    async (request, reply) => reply.ok(await bank.listPayments(currentUserId(request))),
  );

  app.post(
    `${API}/member/payment/delete/:id`,
    {
      schema: {
        tags: ['identity'],
        summary: "Remove one of the caller's payment methods",
        params: z.strictObject({ id: idSchema }),
        body: emptyBody,
        security,
      },
      ...write,
    },
    async (request, reply) => {
      await bank.deletePayment(currentUserId(request), request.params.id);
      return reply.ok(null);
    },
  );

  // ---- tiers ----
  app.get(
    `${API}/open/tiers`,
    {
      schema: {
        tags: ['identity'],
        summary: 'The tier rules (30-day volume and balance minimums, VIP from)',
      },
    },
    async (_request, reply) => reply.ok(await grades.rules()),
  );

  app.get(
    `${API}/member/grade`,
    {
      schema: {
        tags: ['identity'],
        summary: "The caller's tier and grade, recomputed now, with the figures and the rules",
        security,
      },
      ...read,
    },
    async (request, reply) => reply.ok(await grades.view(currentUserId(request))),
  );

  // ---- promotion and agents ----
  app.get(
    `${API}/member/promotion`,
    {
      schema: {
        tags: ['referral'],
        summary: 'Invite code, link path, people per generation, rebates earned',
        security,
      },
      ...read,
    },
    async (request, reply) => reply.ok(await referral.info(currentUserId(request))),
  );

  app.get(
    `${API}/member/promotion/list`,
    {
      schema: {
        tags: ['referral'],
        summary: 'One generation of the people the caller brought, with rebates and volumes',
        querystring: referralListQuerySchema,
        security,
      },
      ...read,
    },
    async (request, reply) => {
      const { generation, current, size } = request.query;
      return reply.ok(await referral.list(currentUserId(request), generation, current, size));
    },
  );

  app.post(
    '/api/agentActivityInfo/getAgentInfo',
    {
      schema: {
        tags: ['referral'],
        summary: 'Whether the caller is an agent, and its team size and volumes',
        body: emptyBody,
        security,
      },
      ...read,
    },
    async (request, reply) => reply.ok(await agents.info(currentUserId(request))),
  );

  app.post(
    '/api/agentActivityInfo/getAgentList',
    {
      schema: {
        tags: ['referral'],
        summary: "The agent's team (three generations) with volumes; agents only",
        body: agentListBodySchema,
        security,
      },
      ...read,
    },
    async (request, reply) => reply.ok(await agents.list(currentUserId(request), request.body)),
  );
};
