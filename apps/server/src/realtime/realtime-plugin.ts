// Realtime: public websocket, private websocket and the MQTT broker or external publisher
// (docs/realtime.md). Feeds: app.market (tickers, K-lines), app.core (balances), app.depth (order books,
// fed by the spot engine later) and app.realtime.publishTrade (trades, later).
import { isWireId } from '@coin/shared/wire-id';
import websocket from '@fastify/websocket';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createWebSocketStream } from 'ws';
import { z } from 'zod';
import type { AreaPluginOptions } from '@/area-plugin';
import { wireCodeOf } from '@/core/types';
import { users } from '@/db/schema';
import { replicaDispatch } from '@/journal/gateway-core';
import { AppError } from '@/lib/app-error';
import { currentSession, currentUserId, tokenFrom } from '@/modules/auth/auth-plugin';
import { DepthRegistry } from './depth-book';
import { MarketStreams } from './market-streams';
import {
  createEmbeddedBroker,
  createExternalPublisher,
  type LivePublisher,
  mqttTopics,
  noTopicOwnership,
  type TopicOwnership,
} from './mqtt';
import { DynsecAdmin, MqttAccessManager, PUBLISHER_USERNAME, publisherPassword } from './mqtt-dynsec';
import { originAllowed, parseAllowedOrigins } from './origin';
import { type PrivateEventType, PrivateHub } from './private-hub';
import { PublicHub } from './public-hub';
import { normalizeSymbol, type PublicMessage, SYMBOL_PATTERN } from './public-protocol';

export interface TradeEvent {
  id: string;
  symbol: string;
  price: string;
  qty: string;
  /** Taker side. */
  side: 'buy' | 'sell';
  time: number;
  /** Between two platform accounts (the demo market maker): labelled as demo liquidity. */
  demo?: boolean;
}

export interface RealtimeApi {
  /** One private event to the user's websockets and to MQTT topic coin/user/{userId}. */
  publishUser(userId: string, type: PrivateEventType, data: unknown): void;
  /** Whether anything would reach the user now (a socket here or an MQTT client): callers skip building
   * an event nobody gets. */
  listensTo(userId: string): boolean;
  publishTrade(trade: TradeEvent): void;
  /** Merchant ids and chat keys a user owns, for MQTT subscribe ACLs (none until those areas exist). */
  setTopicOwnership(ownership: TopicOwnership): void;
  readonly live: LivePublisher;
  /** Embedded broker only: re-check MQTT clients' sessions now (a timer does it every 60 s). */
  recheckMqttSessions(): Promise<void>;
  readonly publicHub: PublicHub;
  readonly privateHub: PrivateHub;
  /** Another area's answer to a new public subscription (the stream's current state, e.g. the contract
   * K-lines); returns the unregister function. */
  onPublicSubscribe(handler: (message: PublicMessage, send: (frame: unknown) => void) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeApi;
    depth: DepthRegistry;
  }
}

/** Websocket subprotocol that carries the session token as the second offered protocol. */
export const AUTH_SUBPROTOCOL = 'coin-auth';
const MQTT_SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];
const DEPTH_LIMIT_MAX = 1000;

/** The token of a private-channel upgrade: subprotocol pair, then the usual headers, then ?token=. */
export function upgradeToken(request: FastifyRequest): string | undefined {
  const header = request.headers['sec-websocket-protocol'];
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const at = offered.indexOf(AUTH_SUBPROTOCOL);
  if (at >= 0 && offered[at + 1]) return offered[at + 1];
  const fromHeaders = tokenFrom(request);
  if (fromHeaders) return fromHeaders;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' && query.token !== '' ? query.token : undefined;
}

export const realtimePlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    const sessions = app.services.sessions;
    const allowedOrigins = parseAllowedOrigins(config.WS_ALLOWED_ORIGINS);

    /** The session of a user's token; 401 AppErrors for a bad token, 403 for another user's. */
    const authenticateUser = async (userId: string, token: string | undefined) => {
      const session = await sessions.resolve(token, 'user');
      if (!isWireId(userId) || String(session.principalId) !== userId) {
        throw new AppError('FORBIDDEN');
      }
      return session;
    };
    const isSessionLive = (sessionId: bigint) => sessions.isLive(sessionId);

    await app.register(websocket, {
      options: {
        maxPayload: 16 * 1024,
        handleProtocols: (protocols) => {
          if (protocols.has(AUTH_SUBPROTOCOL)) return AUTH_SUBPROTOCOL;
          return MQTT_SUBPROTOCOLS.find((p) => protocols.has(p)) ?? false;
        },
      },
    });

    const checkOrigin = async (request: FastifyRequest) => {
      if (!originAllowed(request.headers.origin, request.headers.host, allowedOrigins)) {
        throw new AppError('FORBIDDEN');
      }
    };

    // --- live publisher: embedded aedes or the external broker ---
    let ownership: TopicOwnership = noTopicOwnership;
    let live: LivePublisher;
    let recheckMqttSessions = async () => {};
    let disconnectMqttSessions = (_userId: string, _sessionIds: ReadonlySet<bigint>) => 0;
    let access: MqttAccessManager | undefined;
    if (config.MQTT_URL) {
      let login: { username: string; password: string } | undefined;
      if (config.MQTT_ADMIN_USERNAME && config.MQTT_ADMIN_PASSWORD) {
        // The platform owns the broker's clients and ACLs (dynamic security plugin, mqtt-dynsec.ts).
        access = new MqttAccessManager(
          await DynsecAdmin.connect(config.MQTT_URL, config.MQTT_ADMIN_USERNAME, config.MQTT_ADMIN_PASSWORD),
        );
        const password = publisherPassword(config.MQTT_ADMIN_PASSWORD);
        await access.setup(password);
        login = { username: PUBLISHER_USERNAME, password };
      }
      const external = createExternalPublisher(
        config.MQTT_URL,
        (err) => app.log.warn({ err }, 'mqtt publisher error'),
        login,
      );
      // Every gateway's replica emits every journal event; the core leader publishes those to the shared
      // broker, once. What a gateway publishes on its own (a chat message it handled) still goes out.
      live =
        config.ROLE === 'gateway'
          ? {
              ...external,
              publish: (topic, payload) => {
                if (replicaDispatch.depth === 0) external.publish(topic, payload);
              },
            }
          : external;
    } else {
      const embedded = await createEmbeddedBroker({
        authenticateUser: async (userId, token) => (await authenticateUser(userId, token)).id,
        isSessionLive,
        ownership: () => ownership,
      });
      live = embedded.publisher;
      recheckMqttSessions = embedded.recheckSessions;
      disconnectMqttSessions = embedded.disconnectSessions;
      app.get('/mqtt', { websocket: true, onRequest: checkOrigin }, (socket, request) => {
        embedded.handle(createWebSocketStream(socket), request.raw);
      });
    }

    // --- depth books ---
    const depth = new DepthRegistry(config.DEPTH_COALESCE_MS);
    app.decorate('depth', depth);

    // --- public websocket ---
    const sink = {
      publish: (stream: string, frame: unknown) => publicHub.publish(stream, frame),
      hasSubscribers: (stream: string) => publicHub.hasSubscribers(stream),
    };
    const market = app.hasDecorator('market') ? app.market : undefined;
    if (!market)
      app.log.warn('realtime: app.market is not available; DETAIL, KLINE and ALL_DETAIL stay silent');
    const marketStreams = new MarketStreams(market, sink);
    const publicHub = new PublicHub({
      maxSubscriptions: config.WS_MAX_SUBSCRIPTIONS,
      slowConsumerBytes: config.WS_SLOW_CONSUMER_BYTES,
      onSubscribe: (_stream, message, send) => {
        marketStreams.onSubscribe(message, send);
        for (const handler of subscribeHandlers) handler(message, send);
      },
    });
    const subscribeHandlers = new Set<(message: PublicMessage, send: (frame: unknown) => void) => void>();

    depth.onDiff((diff) => {
      const stream = `DEPTH:${diff.symbol}`;
      if (!publicHub.hasSubscribers(stream)) return;
      publicHub.publish(stream, {
        type: 'DEPTH',
        symbol: diff.symbol,
        data: { symbol: diff.symbol, U: diff.U, u: diff.u, E: clock.now().getTime(), b: diff.b, a: diff.a },
      });
    });

    const unsubscribers: Array<() => void> = [() => marketStreams.close()];

    app.get(
      '/ws/:clientId',
      {
        websocket: true,
        onRequest: checkOrigin,
        schema: { params: z.object({ clientId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }) },
      },
      (socket) => publicHub.attach(socket),
    );

    // --- private websocket ---
    const privateHub = new PrivateHub({
      heartbeatMs: 25_000,
      idleMs: 75_000,
      sessionCheckMs: 60_000,
      isSessionLive,
      now: () => clock.now().getTime(),
    });

    // A revoked session's sockets close at once, whatever revoked it (logout, password change, device
    // removal, a new login on the device, refresh-token reuse) and whichever process did.
    unsubscribers.push(
      sessions.onSessionChange((event) => {
        if (event.kind !== 'revoked' || event.principalType !== 'user') return;
        const ids = new Set(event.sessionIds.map((id) => BigInt(id)));
        privateHub.closeSessions(event.principalId, ids);
        disconnectMqttSessions(event.principalId, ids);
        access
          ?.revoke(event.principalId, ids)
          .catch((err) => app.log.warn({ err }, 'mqtt: revoking broker credentials failed'));
      }),
    );
    if (access && config.MQTT_SWEEP_MS > 0) {
      const manager = access;
      const sweep = setInterval(() => {
        manager
          .sweep(isSessionLive)
          .catch((err) => app.log.warn({ err }, 'mqtt: sweeping broker credentials failed'));
      }, config.MQTT_SWEEP_MS);
      sweep.unref();
      unsubscribers.push(() => clearInterval(sweep));
    }

    // --- MQTT credentials: where a signed-in client connects, and with what ---
    app.post(
      '/api/mjkj-web/coin/mqtt/credentials',
      {
        schema: {
          tags: ['realtime'],
          summary:
            "The MQTT broker and this session's login: embedded (password = the session token) or, on an external broker, a fresh password for this session (docs/realtime.md)",
          security: [{ satoken: [] }],
        },
        preValidation: app.requireUser,
      },
      async (request, reply) => {
        const userId = currentUserId(request).toString();
        const session = currentSession(request);
        const own = ownership;
        const [merchants, chats] = await Promise.all([own.merchantIdsOf(userId), own.chatKeysOf(userId)]);
        const topics = [
          mqttTopics.user(userId),
          ...merchants.map(mqttTopics.merchant),
          ...chats.map(mqttTopics.chat),
        ];
        if (!config.MQTT_URL) {
          return reply.ok({ broker: 'embedded', url: '/mqtt', username: userId, password: null, topics });
        }
        if (!access) throw new AppError('SERVICE_UNAVAILABLE');
        const issued = await access.issue(userId, session.id, topics);
        return reply.ok({ broker: 'external', url: config.MQTT_CLIENT_URL ?? config.MQTT_URL, ...issued });
      },
    );

    const privateAuth = async (request: FastifyRequest) => {
      await checkOrigin(request);
      const { userId } = request.params as { userId: string };
      request.session = await authenticateUser(userId, upgradeToken(request));
    };

    app.get('/ws/coin/:userId', { websocket: true, onRequest: privateAuth }, async (socket, request) => {
      const { userId } = request.params as { userId: string };
      const session = currentSession(request);
      privateHub.attach(socket, userId, session.id);
      // Revoked between the upgrade check and now: the signal found no socket to close.
      if (!(await sessions.isLive(session.id))) privateHub.closeSessions(userId, new Set([session.id]));
      const [row] = await database.db
        .select({ isMerchant: users.isMerchant })
        .from(users)
        .where(eq(users.id, BigInt(userId)));
      const status = {
        userId,
        status: 'online',
        isMerchant: row?.isMerchant ?? 1,
        time: clock.now().getTime(),
      };
      if (socket.readyState === socket.OPEN)
        socket.send(JSON.stringify({ type: 'USER_STATUS', data: status }));
    });

    const listensTo = (userId: string) => privateHub.has(userId) || live.reachesUser(userId);
    const publishUser = (userId: string, type: PrivateEventType, data: unknown) => {
      if (!listensTo(userId)) return;
      const payload = Buffer.from(JSON.stringify({ type, data }));
      privateHub.publishRaw(userId, payload);
      live.publish(mqttTopics.user(userId), payload);
    };

    if (app.hasDecorator('core')) {
      unsubscribers.push(
        app.core.subscribe((events) => {
          for (const event of events) {
            if (event.type !== 'balance' || !listensTo(event.userId)) continue;
            publishUser(event.userId, 'OWNCOIN', {
              userId: event.userId,
              asset: event.asset,
              accountType: event.accountType,
              accountTypeCode: wireCodeOf(event.accountType),
              available: event.available,
              frozen: event.frozen,
              seq: event.seq,
            });
          }
        }),
      );
    } else {
      app.log.warn('realtime: app.core is not available; OWNCOIN stays silent');
    }

    app.decorate('realtime', {
      publishUser,
      listensTo,
      publishTrade: (trade: TradeEvent) =>
        publicHub.publish(`TRADE:${trade.symbol}`, { type: 'TRADE', symbol: trade.symbol, data: trade }),
      setTopicOwnership: (next: TopicOwnership) => {
        ownership = next;
      },
      live,
      recheckMqttSessions: () => recheckMqttSessions(),
      publicHub,
      privateHub,
      onPublicSubscribe: (handler) => {
        subscribeHandlers.add(handler);
        return () => subscribeHandlers.delete(handler);
      },
    } satisfies RealtimeApi);

    // --- REST depth snapshot ---
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/mjkj-web/coin/open/depth/:symbol',
      {
        schema: {
          tags: ['market'],
          summary: 'Order book snapshot with lastUpdateId (join the DEPTH stream, docs/realtime.md)',
          params: z.strictObject({
            symbol: z
              .string()
              .max(32)
              .transform(normalizeSymbol)
              .refine((s) => SYMBOL_PATTERN.test(s)),
          }),
          querystring: z.strictObject({
            limit: z.coerce.number().int().min(1).max(DEPTH_LIMIT_MAX).default(100),
          }),
        },
      },
      async (request, reply) => {
        const { symbol } = request.params;
        const book = depth.find(symbol);
        const snapshot = book
          ? book.snapshot(request.query.limit)
          : { symbol, lastUpdateId: 0, bids: [], asks: [] };
        return reply.ok(snapshot);
      },
    );

    app.addHook('onClose', async () => {
      for (const off of unsubscribers) off();
      depth.close();
      publicHub.closeAll();
      privateHub.close();
      await live.close();
      await access?.close();
    });
  },
  { name: 'realtimePlugin' },
);
