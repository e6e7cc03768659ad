// Account security as one plugin: its routes, and API-key access to the routes of API_KEY_ROUTES. It must
// be registered before the areas that own those routes (spot, wallet): an onRoute hook wraps each listed
// route's `requireUser` so that a signed API-key request is checked (ApiKeyVerifier) instead of a session
// token, and captures the raw body such a request signed. Other routes refuse API keys (auth-plugin).
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest, preParsingHookHandler, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '@/config';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { type ApiKeyVerifier, apiKeySession, fromHeaders, isApiKeyRequest } from './api-key-auth';
import { apiKeyPermissionOf } from './api-key-routes';
import type { ApiKeyService } from './api-key-service';
import { securityRoutes } from './security-routes';
import type { SecurityService } from './security-service';

export interface SecurityPluginOptions {
  security: SecurityService;
  apiKeys: ApiKeyService;
  verifier: ApiKeyVerifier;
  config: AppConfig;
  clock: Clock;
  /** The largest body a signed request may carry (the app's body limit). */
  bodyLimit: number;
}

/** The raw body an API-key request signed, by request (only for API-key requests to listed routes). */
const rawBodies = new WeakMap<FastifyRequest, string>();

export const securityPlugin = fp<SecurityPluginOptions>(
  async (app, { security, apiKeys, verifier, config, clock, bodyLimit }) => {
    const captureRawBody: preParsingHookHandler = async (request, _reply, payload) => {
      if (!isApiKeyRequest(request)) return payload;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        size += buf.length;
        if (size > bodyLimit) throw new AppError('PAYLOAD_TOO_LARGE');
        chunks.push(buf);
      }
      const raw = Buffer.concat(chunks);
      rawBodies.set(request, raw.toString('utf8'));
      const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
      replay.receivedEncodedLength = raw.length;
      return replay;
    };

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const permission = methods.map((m) => apiKeyPermissionOf(m, route.url)).find((p) => p !== undefined);
      if (!permission) return;
      const requireUser = app.requireUser;
      const hooks = Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
      const at = hooks.indexOf(requireUser);
      if (at < 0) throw new Error(`API-key route ${route.url} must be behind requireUser`);
      const userOrApiKey: preValidationHookHandler = async function (
        request: FastifyRequest,
        reply: FastifyReply,
      ) {
        if (!isApiKeyRequest(request)) return requireUser.call(this, request, reply);
        const principal = await verifier.verify(
          fromHeaders(request, rawBodies.get(request) ?? '', permission),
        );
        request.session = apiKeySession(principal, clock.now());
      };
      route.preValidation = hooks.map((h, i) => (i === at ? userOrApiKey : h)) as preValidationHookHandler[];
      const parsing =
        route.preParsing === undefined
          ? []
          : Array.isArray(route.preParsing)
            ? route.preParsing
            : [route.preParsing];
      route.preParsing = [captureRawBody, ...parsing];
    });

    await app.register(securityRoutes, { security, apiKeys, config });
  },
  { name: 'securityPlugin' },
);
