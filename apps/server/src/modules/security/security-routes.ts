// Account-security calls ({api}/member/...): the security overview, the authenticator (spec:
// getGoogleVerification/{x}, googleVerificationBindingOrReset/{x}/{y}), the anti-phishing code (antiCode),
// email and phone binding with codes, and API keys (apis, api, api/del). Thin: validate, call, reply.
import { pageQuerySchema } from '@coin/shared/auth-schemas';
import {
  antiCodeBodySchema,
  bindEmailBodySchema,
  bindPhoneBodySchema,
  createApiKeyBodySchema,
  deleteApiKeyQuerySchema,
  googleBindParamsSchema,
  googleSetupParamsSchema,
  sendSecurityCodeBodySchema,
} from '@coin/shared/security-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '@/config';
import { encodedString } from '@/lib/encoded';
import { currentUserId } from '@/modules/auth/auth-plugin';
import type { ApiKeyService } from './api-key-service';
import type { SecurityService } from './security-service';

export interface SecurityRoutesOptions {
  security: SecurityService;
  apiKeys: ApiKeyService;
  config: AppConfig;
}

const API = '/api/mjkj-web/coin/member';
const tags = ['security'];
const security = [{ satoken: [] }];
const passwordQuery = z.strictObject({ password: encodedString });

export const securityRoutes: FastifyPluginAsyncZod<SecurityRoutesOptions> = async (
  app,
  { security: service, apiKeys, config },
) => {
  // Per user (all of a user's sessions share the budget): password and authenticator guesses, and codes.
  const guessLimit = app.rateLimit({
    max: config.RATE_LIMIT_LOGIN_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: app.userRateKey,
  });
  const codeLimit = app.rateLimit({
    max: config.RATE_LIMIT_CODE_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: app.userRateKey,
  });
  const user = { preValidation: app.requireUser };
  const guarded = { config: { rateLimit: false as const }, onRequest: guessLimit, ...user };

  app.get(
    `${API}/securityInfo`,
    {
      schema: {
        tags,
        summary: 'Security overview: 2FA, email, phone, passwords, anti-phishing code, withdrawal lock',
        security,
      },
      ...user,
    },
    async (request, reply) => reply.ok(await service.info(currentUserId(request))),
  );

  // ---- authenticator ----
  app.get(
    `${API}/getGoogleVerification/:x`,
    {
      schema: {
        tags,
        summary:
          "A secret and otpauth URI to bind an authenticator ('1': the pending one while fresh, '2': a new one)",
        params: googleSetupParamsSchema,
        security,
      },
      ...guarded,
    },
    async (request, reply) =>
      reply.ok(await service.googleSetup(currentUserId(request), request.params.x === '2')),
  );

  const bindOrReset = async (userId: bigint, code: string, type: '1' | '2', password: string) => {
    if (type === '1') await service.googleBind(userId, code, password);
    else await service.googleReset(userId, code, password);
  };
  app.get(
    `${API}/googleVerificationBindingOrReset/:x/:y`,
    {
      schema: {
        tags,
        summary:
          "Bind ('1', a code of the new secret) or reset ('2', a code of the bound one) the authenticator; query password (base64)",
        params: googleBindParamsSchema,
        querystring: passwordQuery,
        security,
      },
      ...guarded,
    },
    async (request, reply) => {
      await bindOrReset(currentUserId(request), request.params.x, request.params.y, request.query.password);
      return reply.ok(null, request.params.y === '1' ? 'success.googleBound' : 'success.googleReset');
    },
  );
  app.get(
    `${API}/googleVerificationBindingOrReset/:x`,
    {
      schema: {
        tags,
        summary:
          'Reset the authenticator (y defaults to 2): a code of the bound secret; query password (base64)',
        params: googleBindParamsSchema.pick({ x: true }),
        querystring: passwordQuery,
        security,
      },
      ...guarded,
    },
    async (request, reply) => {
      await bindOrReset(currentUserId(request), request.params.x, '2', request.query.password);
      return reply.ok(null, 'success.googleReset');
    },
  );

  // ---- anti-phishing code ----
  app.post(
    `${API}/antiCode`,
    {
      schema: {
        tags,
        summary: 'Set or change the anti-phishing code shown in every email',
        body: antiCodeBodySchema,
        security,
      },
      ...guarded,
    },
    async (request, reply) => {
      await service.setAntiCode(currentUserId(request), request.body.antiCode, request.body.googleCode);
      return reply.ok(null, 'success.antiCodeSet');
    },
  );

  // ---- email and phone ----
  app.post(
    `${API}/sendSecurityCode`,
    {
      schema: {
        tags,
        summary: "A code to a new address (purpose 'bind', with target) or to the current one ('security')",
        body: sendSecurityCodeBodySchema,
        security,
      },
      config: { rateLimit: false as const },
      onRequest: codeLimit,
      ...user,
    },
    async (request, reply) => {
      await service.sendContactCode(currentUserId(request), request.body, request.lang);
      return reply.ok(null, request.body.channel === 'email' ? 'success.codeSentEmail' : 'success.codeSent');
    },
  );
  app.post(
    `${API}/bindEmail`,
    {
      schema: {
        tags,
        summary:
          'Bind or change the email (code to the new address; oldCode to the current one when changing)',
        body: bindEmailBodySchema,
        security,
      },
      ...guarded,
    },
    async (request, reply) => {
      await service.bindEmail(currentUserId(request), request.body);
      return reply.ok(null, 'success.emailBound');
    },
  );
  app.post(
    `${API}/bindPhone`,
    {
      schema: {
        tags,
        summary:
          'Bind or change the phone (code to the new number; oldCode to the current one when changing)',
        body: bindPhoneBodySchema,
        security,
      },
      ...guarded,
    },
    async (request, reply) => {
      await service.bindPhone(currentUserId(request), request.body);
      return reply.ok(null, 'success.phoneBound');
    },
  );

  // ---- API keys ----
  app.get(
    `${API}/apis`,
    {
      schema: { tags, summary: 'Own API keys (never their secrets)', querystring: pageQuerySchema, security },
      ...user,
    },
    async (request, reply) =>
      reply.ok(await apiKeys.list(currentUserId(request), request.query.current, request.query.size)),
  );
  app.post(
    `${API}/api`,
    {
      schema: {
        tags,
        summary: 'Create an API key (read and/or trade; optional IP allowlist); the secret is shown once',
        body: createApiKeyBodySchema,
        security,
      },
      ...guarded,
    },
    async (request, reply) =>
      reply.ok(await apiKeys.create(currentUserId(request), request.body), 'success.apiKeyCreated'),
  );
  app.get(
    `${API}/api/del`,
    {
      schema: { tags, summary: 'Delete an own API key', querystring: deleteApiKeyQuerySchema, security },
      ...guarded,
    },
    async (request, reply) => {
      await apiKeys.remove(currentUserId(request), request.query.id);
      return reply.ok(null, 'success.apiKeyDeleted');
    },
  );
};
