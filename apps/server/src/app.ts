// The Fastify app as a composition of plugins (testable with app.inject). Start-up order and
// process concerns (listen, signals, printing the admin password) live in main.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, trustProxyOption } from './config';
import type { Database } from './db/client';
import { corePlugin } from './journal/core-plugin';
import { connectJournal } from './journal/jetstream-store';
import { AppError } from './lib/app-error';
import { loadAppSecret } from './lib/app-secret';
import { type Clock, systemClock } from './lib/clock';
import { DatabaseCheck, healthReport } from './lib/health';
import { INVALIDATION_TOPICS, type InvalidationBus, LocalInvalidationBus } from './lib/invalidation-bus';
import { maskUrl } from './lib/log-redact';
import { NatsInvalidationBus, NatsSessionSignal } from './lib/nats-broadcast';
import { RequestLogController } from './lib/request-log';
import { marketPlugin } from './market/market-plugin';
import { consolePlugin } from './modules/admin/console-plugin';
import { operatorRoutes } from './modules/admin/operator-routes';
import { OperatorService } from './modules/admin/operator-service';
import { authPlugin } from './modules/auth/auth-plugin';
import { SessionService } from './modules/auth/session-service';
import type { SessionSignal } from './modules/auth/session-signal';
import { BINANCE_PREFIX, binancePlugin } from './modules/binance/binance-plugin';
import { chatPlugin } from './modules/chat/chat-plugin';
import { commonRoutes } from './modules/common/common-routes';
import { SettingsService } from './modules/common/settings-service';
import { contentPlugin } from './modules/content/content-plugin';
import { contractsPlugin } from './modules/contracts/contracts-plugin';
import { outboxRoutes } from './modules/dev/outbox-routes';
import { earnPlugin } from './modules/earn/earn-plugin';
import { identityPlugin } from './modules/identity/identity-plugin';
import { liabilitiesPlugin } from './modules/liabilities/liability-plugin';
import { marginPlugin } from './modules/margin/margin-plugin';
import { deviceRoutes } from './modules/member/device-routes';
import { otcPlugin } from './modules/otc/otc-plugin';
import { secondsPlugin } from './modules/seconds/seconds-plugin';
import { AntiPhishingSender } from './modules/security/anti-phishing-sender';
import { ApiKeyVerifier } from './modules/security/api-key-auth';
import { ApiKeyService } from './modules/security/api-key-service';
import { ApiKeyStore } from './modules/security/api-key-store';
import { Sealer } from './modules/security/seal';
import { securityPlugin } from './modules/security/security-plugin';
import { SecurityService } from './modules/security/security-service';
import { spotPlugin } from './modules/spot/spot-plugin';
import { accountRoutes } from './modules/user/account-routes';
import { AccountService } from './modules/user/account-service';
import { UserInfoReader } from './modules/user/user-info';
import { codeRoutes } from './modules/verification/code-routes';
import { CodeService } from './modules/verification/code-service';
import { type MessageSender, OutboxSender, SmtpSender } from './modules/verification/sender';
import { walletPlugin } from './modules/wallet/wallet-plugin';
import { envelopePlugin, requestLanguage, sendError } from './plugins/envelope';
import { HELMET_OPTIONS, securityHeadersPlugin } from './plugins/security-headers';
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
  /** Tells the in-memory read caches that rows changed (see lib/invalidation-bus.ts). */
  invalidation: InvalidationBus;
  /** The one settings service: its cached snapshot is shared by every area that reads settings. */
  settings: SettingsService;
  /** 2FA, withdrawal lock, anti-phishing code, contact binding (modules/security). */
  security: SecurityService;
  /** Where the platform's emails go (SMTP or the dev outbox, with the anti-phishing line). */
  sender: MessageSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** The app's clock (a manual one in tests): what every area stamps commands and rows with. */
    clock: Clock;
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
      serializers: {
        req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
          method: request.method,
          url: maskUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    // Per-request lines at debug, failures at error (lib/request-log.ts).
    logController: new RequestLogController(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Areas do real work while they register (core recovery and replay, the market's K-line back-fill,
    // the projection's catch-up); on a busy 2-core machine that passed avvio's 10 s default and the
    // start failed. A slow start is better than none.
    pluginTimeout: 120_000,
    // Path parameters longer than this never reach a route (a URI_TOO_LONG envelope instead); the bound
    // is well above every id, coin, symbol and name the routes accept, so those get field errors.
    routerOptions: { maxParamLength: 256 },
    // Router-level faults (bad percent-encoding, over-long parameters) happen before any hook or the
    // error handler: answer them in the envelope too.
    frameworkErrors: (error, request, reply) =>
      sendError(
        reply,
        requestLanguage(request),
        new AppError(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'BAD_REQUEST'),
      ),
  });
  // onClose hooks run in reverse registration order: registered first, the database closes last, after
  // every area (projection, market ticks, core) has stopped using it.
  if (opts.closeDatabase ?? true) app.addHook('onClose', async () => database.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secret = await loadAppSecret(db, config.APP_SECRET, clock.now());
  const outbox = new OutboxSender(db, clock, (msg) => app.log.info(msg));
  const baseSender =
    opts.sender ?? (config.SMTP_URL ? new SmtpSender(config.SMTP_URL, config.MAIL_FROM, outbox) : outbox);
  // Every email carries the user's anti-phishing code (looked up when sent; `security` is set below).
  const sender: MessageSender = new AntiPhishingSender(
    baseSender,
    (who): Promise<string | undefined> => security.antiCodeFor(who),
  );
  // Several processes (a cluster): cache invalidations and session signals also go to the others over NATS.
  const busUrl = config.CLUSTER_BUS_URL ?? config.CORE_URL ?? config.JOURNAL_URL;
  let invalidation: InvalidationBus = new LocalInvalidationBus();
  let signal: SessionSignal | undefined;
  if (busUrl !== undefined) {
    const nc = await connectJournal(busUrl, { name: `coin-bus-${config.ROLE}` });
    const onError = (err: unknown) => app.log.error({ err }, 'cluster bus listener failed');
    invalidation = new NatsInvalidationBus(nc, config.JOURNAL_STREAM, onError);
    signal = new NatsSessionSignal(nc, config.JOURNAL_STREAM, onError);
    // Registered early: closes after every area (onClose hooks run in reverse order).
    app.addHook('onClose', async () => nc.drain().catch(() => undefined));
  }
  const sessions = new SessionService(db, config, clock, {
    onError: (err, context) => app.log.error({ err }, context),
    ...(signal ? { signal } : {}),
  });
  // Runs before the database closes (onClose hooks run in reverse): writes pending last-seen times.
  app.addHook('onClose', async () => sessions.close());
  const codes = new CodeService(db, config, clock, sender, secret);
  const infos = new UserInfoReader(db, invalidation);
  const sealer = new Sealer(secret);
  const security = new SecurityService(db, clock, config, sealer, codes, infos);
  const accounts = new AccountService(db, clock, sessions, codes, infos, security);
  const apiKeys = new ApiKeyService(db, clock, sealer, invalidation, security);
  const apiKeyVerifier = new ApiKeyVerifier(new ApiKeyStore(db, sealer, invalidation), clock);
  const operators = new OperatorService(db, clock, sessions, config.OPERATOR_COOLING_OFF_HOURS);
  const settings = new SettingsService(db, config, clock, invalidation, (message, details) =>
    app.log.warn(details, message),
  );
  app.decorate('services', {
    sessions,
    accounts,
    codes,
    operators,
    invalidation,
    settings,
    security,
    sender,
  });
  app.decorate('clock', clock);

  await app.register(envelopePlugin);
  await app.register(securityHeadersPlugin, { helmet: HELMET_OPTIONS });
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
  // Before every area whose routes accept API keys (it wraps their requireUser as they register).
  await app.register(securityPlugin, {
    security,
    apiKeys,
    verifier: apiKeyVerifier,
    config,
    clock,
    bodyLimit: 1024 * 1024,
  });

  // HTTP 200 with status 'degraded' and its reasons in the body when something is wrong: the process
  // answers, and a monitor reads the body (docs/api.md). The database is asked at most once a second.
  const databaseCheck = new DatabaseCheck(() => database.db.execute('select 1'));
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: ok or degraded (with reasons), database check, bill projection lag',
      },
    },
    async (_request, reply) => {
      const projection =
        app.hasDecorator('wallet') && app.hasDecorator('core') ? app.wallet.projection.status() : undefined;
      return reply.ok(healthReport(database.kind, await databaseCheck.result(), projection));
    },
  );

  await app.register(accountRoutes, { accounts, sessions, config });
  await app.register(codeRoutes, { codes, db, config });
  await app.register(deviceRoutes, { db, clock, sessions });
  await app.register(operatorRoutes, { operators, sessions, config });
  await app.register(commonRoutes, { settings });
  if (config.DEV_OUTBOX_API) await app.register(outboxRoutes, { db });

  // Areas, in dependency order: the money core first, then what reads or feeds it.
  const area = { config, database, clock };
  await app.register(corePlugin, area);
  await app.register(marketPlugin, area);
  await app.register(walletPlugin, area);
  await app.register(consolePlugin, area);
  await app.register(realtimePlugin, area);
  await app.register(spotPlugin, area);
  // The Binance-compatible API over the spot services (docs/binance-compat.md).
  await app.register(binancePlugin, { ...area, verifier: apiKeyVerifier, prefix: BINANCE_PREFIX });
  await app.register(secondsPlugin, area);
  await app.register(marginPlugin, area);
  await app.register(contractsPlugin, area);
  await app.register(liabilitiesPlugin, area);
  await app.register(earnPlugin, area);
  await app.register(identityPlugin, area);
  // Areas that read identity: the earn member zone asks for tiers, the seconds and contracts country
  // switches for the certified country (which a KYC decision invalidates).
  if (app.hasDecorator('identity')) {
    const { grades, kyc } = app.identity;
    if (app.hasDecorator('earn')) app.earn.tiers.reader = (userId) => grades.tierOf(userId);
    if (app.hasDecorator('seconds')) {
      const seconds = app.seconds.service;
      seconds.useCertifiedCountry((userId) => kyc.certifiedCountry(userId));
      app.services.invalidation.subscribe(INVALIDATION_TOPICS.kyc, (key) =>
        seconds.forgetCertifiedCountry(key),
      );
    }
    if (app.hasDecorator('contracts')) {
      const contracts = app.contracts;
      contracts.useCountrySource((userId) => kyc.certifiedCountry(userId));
      app.services.invalidation.subscribe(INVALIDATION_TOPICS.kyc, (key) => contracts.forgetCountry(key));
    }
  }
  await app.register(contentPlugin, area);
  await app.register(chatPlugin, area);
  // OTC reads identity (KYC, payment methods) and reuses the chat service's threads (the 'otc' kind).
  await app.register(otcPlugin, area);

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
