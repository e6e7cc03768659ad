// The Fastify app as a composition of plugins (testable with app.inject). Start-up order and
// process concerns (listen, signals, printing the admin password) live in main.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, trustProxyOption } from './config';
import type { Database } from './db/client';
import { corePlugin } from './journal/core-plugin';
import { AppError } from './lib/app-error';
import { loadAppSecret } from './lib/app-secret';
import { type Clock, systemClock } from './lib/clock';
import { RequestLogController } from './lib/request-log';
import { marketPlugin } from './market/market-plugin';
import { consolePlugin } from './modules/admin/console-plugin';
import { operatorRoutes } from './modules/admin/operator-routes';
import { OperatorService } from './modules/admin/operator-service';
import { authPlugin } from './modules/auth/auth-plugin';
import { SessionService } from './modules/auth/session-service';
import { commonRoutes } from './modules/common/common-routes';
import { outboxRoutes } from './modules/dev/outbox-routes';
import { deviceRoutes } from './modules/member/device-routes';
import { accountRoutes } from './modules/user/account-routes';
import { AccountService } from './modules/user/account-service';
import { codeRoutes } from './modules/verification/code-routes';
import { CodeService } from './modules/verification/code-service';
import { type MessageSender, OutboxSender, SmtpSender } from './modules/verification/sender';
import { walletPlugin } from './modules/wallet/wallet-plugin';
import { envelopePlugin, sendError } from './plugins/envelope';
import { realtimePlugin } from './realtime/realtime-plugin';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  sender?: MessageSender;
  /** Close the database when the app closes (main does; tests that share one may not). */
  closeDatabase?: boolean;
}

export interface AppServices {
  sessions: SessionService;
  accounts: AccountService;
  codes: CodeService;
  operators: OperatorService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  const db = database.db;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: [
        'req.headers.authorization',
        'req.headers.satoken',
        'req.headers["blade-auth"]',
        'req.headers.cookie',
      ],
    },
    // Per-request lines at debug, failures at error (lib/request-log.ts).
    logController: new RequestLogController(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  // onClose hooks run in reverse registration order: registered first, the database closes last, after
  // every area (projection, market ticks, core) has stopped using it.
  if (opts.closeDatabase ?? true) app.addHook('onClose', async () => database.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secret = await loadAppSecret(db, config.APP_SECRET, clock.now());
  const outbox = new OutboxSender(db, clock, (msg) => app.log.info(msg));
  const sender =
    opts.sender ?? (config.SMTP_URL ? new SmtpSender(config.SMTP_URL, config.MAIL_FROM, outbox) : outbox);
  const sessions = new SessionService(db, config, clock);
  const codes = new CodeService(db, config, clock, sender, secret);
  const accounts = new AccountService(db, clock, sessions, codes);
  const operators = new OperatorService(db, clock, sessions);
  app.decorate('services', { sessions, accounts, codes, operators });

  await app.register(envelopePlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
      },
    },
  });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_GLOBAL_PER_MINUTE,
    timeWindow: 60_000,
    // The socket address, or a trusted proxy's client address: a spoofed X-Forwarded-For is ignored
    // unless TRUST_PROXY says the hop is ours.
    keyGenerator: (request) => request.ip,
    allowList: (request) => !request.url.startsWith('/api/'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.BRAND_NAME} API`, version: '0.1.0' },
      components: { securitySchemes: { satoken: { type: 'apiKey', in: 'header', name: 'satoken' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { sessions, operatorAccess: (id) => operators.accessOf(id) });

  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness and database check' } },
    async (_request, reply) => {
      await database.db.execute('select 1');
      return reply.ok({ status: 'ok', database: database.kind });
    },
  );

  await app.register(accountRoutes, { accounts, sessions, config });
  await app.register(codeRoutes, { codes, db, config });
  await app.register(deviceRoutes, { db, clock });
  await app.register(operatorRoutes, { operators, sessions, config });
  await app.register(commonRoutes, { db, config, clock });
  if (config.DEV_OUTBOX_API) await app.register(outboxRoutes, { db });

  // Areas, in dependency order: the money core first, then what reads or feeds it.
  const area = { config, database, clock };
  await app.register(corePlugin, area);
  await app.register(marketPlugin, area);
  await app.register(walletPlugin, area);
  await app.register(consolePlugin, area);
  await app.register(realtimePlugin, area);

  await registerWebClient(app, config);

  return app;
}

/** Serves the built web client and its static assets, with the SPA fallback for client routes. */
async function registerWebClient(app: FastifyInstance, config: AppConfig): Promise<void> {
  const publicDir = new URL('../public', import.meta.url).pathname;
  await app.register(fastifyStatic, { root: publicDir, prefix: '/static/', decorateReply: true });
  const dist = config.WEB_DIST_DIR;
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isClientRoute =
      request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (hasWeb && isClientRoute)
      return reply.type('text/html').sendFile('index.html', dist, { cacheControl: false });
    return sendError(reply, request.lang, new AppError('ROUTE_NOT_FOUND'));
  });
}
