// The chat service and customer service (issue 14; docs/chat.md). Registered after realtime (it pushes
// through app.realtime and serves its own sockets with @fastify/websocket). Decorates app.chat (the
// reusable ChatService: the OTC area registers its 'otc' kind on it) and app.support.
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';
import { ChatHub } from './chat-hub';
import { ChatImages } from './chat-images';
import { chatRoutes } from './chat-routes';
import { ChatService } from './chat-service';
import { supportAdminRoutes } from './support-admin-routes';
import { SupportService } from './support-service';
import { VisitorService } from './visitor-service';

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatService;
    support: SupportService;
    chatHub: ChatHub;
  }
}

export const chatPlugin = fp<AreaPluginOptions>(
  async (app, { config, database, clock }) => {
    const db = database.db;
    const sessions = app.services.sessions;
    const operatorAccess = (id: bigint) => app.services.operators.accessOf(id);
    const chat = new ChatService(db, clock);
    const visitors = new VisitorService(db, clock, config.CHAT_VISITOR_TTL_HOURS * 3_600_000);
    const support = new SupportService(db, clock, chat, visitors);
    const images = new ChatImages(
      db,
      clock,
      join(config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads'), 'chat'),
      chat,
    );

    const hub = new ChatHub({
      app,
      chat,
      now: () => clock.now().getTime(),
      isOperatorSessionLive: (id) => sessions.isLive(id),
      isVisitorLive: (visitorId) => visitors.isLive(visitorId),
      policy: (kind) => chat.kindPolicy(kind),
      inboxRow: async (event) =>
        event.thread.kind === 'support' ? (await support.inboxRows([event.thread]))[0] : undefined,
    });
    const offMessage = chat.onMessage((event) => {
      hub.deliver(event).catch((err: unknown) => app.log.warn({ err }, 'chat push failed'));
    });
    const offSessions = sessions.onSessionChange((event) => {
      if (event.kind !== 'revoked' || event.principalType !== 'operator') return;
      hub.closeOperatorSessions(event.principalId, new Set(event.sessionIds.map((id) => BigInt(id))));
    });
    if (app.hasDecorator('realtime')) {
      app.realtime.setTopicOwnership({
        merchantIdsOf: async () => [],
        chatKeysOf: (userId) => chat.chatKeysOf(BigInt(userId)),
      });
    }

    app.decorate('chat', chat);
    app.decorate('support', support);
    app.decorate('chatHub', hub);
    const maxImageBytes = config.UPLOAD_MAX_BYTES;
    await app.register(chatRoutes, {
      chat,
      support,
      images,
      hub,
      visitors,
      sessions,
      operatorAccess,
      maxImageBytes,
      rateLimitPerMinute: config.RATE_LIMIT_CHAT_PER_MINUTE,
      allowedOrigins: config.WS_ALLOWED_ORIGINS,
    });
    await app.register(supportAdminRoutes, {
      db,
      clock,
      chat,
      support,
      images,
      operatorAccess,
      maxImageBytes,
    });
    let pruneTimer: ReturnType<typeof setInterval> | undefined;
    if (config.CHAT_VISITOR_PRUNE_MS > 0) {
      let running = false;
      const prune = async () => {
        if (running) return;
        running = true;
        try {
          while ((await visitors.prune()) === 1_000) {}
        } catch (err) {
          app.log.warn({ err }, 'visitor session prune failed');
        } finally {
          running = false;
        }
      };
      pruneTimer = setInterval(() => void prune(), config.CHAT_VISITOR_PRUNE_MS);
      pruneTimer.unref();
    }
    app.addHook('onClose', async () => {
      clearInterval(pruneTimer);
      offMessage();
      offSessions();
      hub.close();
    });
  },
  { name: 'chatPlugin' },
);
