// The chat calls of spec section 7 (`{api}/buy/sendChatRecord`, `{api}/buy/getChatRecord/{chatKey}`)
// for every thread kind, chat images, the support entry points (visitor session, my support thread, the
// join of a visitor's thread on login) and the chat sockets for visitors and operators. docs/chat.md.

import { CHAT_KEY_PATTERN, chatPageBodySchema, sendChatBodySchema } from '@coin/shared/chat';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error';
import { zodIssuesToFields } from '@/lib/zod-issues';
import { currentUserId, tokenFrom } from '@/modules/auth/auth-plugin';
import { multipartFault } from '@/modules/wallet/upload-routes';
import { originAllowed, parseAllowedOrigins } from '@/realtime/origin';
import { upgradeToken } from '@/realtime/realtime-plugin';
import type { ChatHub } from './chat-hub';
import type { ChatImages } from './chat-images';
import { chatPrincipal, type PrincipalDeps, visitorTokenFrom } from './chat-principal';
import type { ChatService } from './chat-service';
import type { ChatPrincipal } from './chat-types';
import { senderId } from './chat-types';
import type { SupportService } from './support-service';
import type { VisitorService } from './visitor-service';

export interface ChatRoutesOptions extends PrincipalDeps {
  chat: ChatService;
  support: SupportService;
  images: ChatImages;
  hub: ChatHub;
  visitors: VisitorService;
  maxImageBytes: number;
  rateLimitPerMinute: number;
  allowedOrigins: string;
}

const tags = ['chat'];
const API = '/api/mjkj-web/coin';
const chatKeyParam = z.strictObject({ id: z.string().regex(CHAT_KEY_PATTERN, 'validation.invalid') });

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, opts) => {
  const { chat, support, images, hub, visitors } = opts;
  const principalOf = (request: Parameters<typeof chatPrincipal>[0]) => chatPrincipal(request, opts);

  // One budget per sender: the user (all their tokens), the visitor token, or the address.
  const senderKey = async (request: Parameters<typeof chatPrincipal>[0]) => {
    const token = tokenFrom(request);
    if (token) return app.userRateKey(request);
    const visitor = visitorTokenFrom(request);
    return visitor ? `visitor:${visitor.slice(0, 24)}` : `ip:${request.ip}`;
  };
  const sendLimit = app.rateLimit({
    max: opts.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: senderKey,
  });
  const visitorLimit = app.rateLimit({ max: 10, timeWindow: 60_000, keyGenerator: (r) => `ip:${r.ip}` });

  app.post(
    `${API}/support/visitor`,
    {
      schema: { tags, summary: 'Start a visitor chat session: a token for the visitor-token header' },
      config: { rateLimit: false },
      onRequest: visitorLimit,
    },
    async (request, reply) => reply.ok(await visitors.create(request.ip)),
  );

  app.post(
    `${API}/support/thread`,
    {
      schema: {
        tags,
        summary: "The caller's support conversation (user or visitor), created on first use",
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request);
      const thread = await support.threadOf(principal, request.lang);
      return reply.ok({
        chatKey: thread.chatKey,
        state: thread.state,
        me: senderId(principal),
        unread: await chat.unread(thread, principal),
      });
    },
  );

  app.post(
    `${API}/support/join`,
    {
      schema: {
        tags,
        summary: "After login: the visitor's conversation joins the account; the visitor token ends",
        body: z.strictObject({ visitorToken: z.string().min(1).max(100) }),
        security: [{ satoken: [] }],
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const visitorId = await visitors.resolve(request.body.visitorToken).catch(() => undefined);
      const { thread } = await support.join(userId, request.body.visitorToken, request.lang);
      if (visitorId !== undefined) hub.closeVisitor(visitorId);
      return reply.ok(
        { chatKey: thread.chatKey, state: thread.state, me: userId.toString() },
        'success.chatJoined',
      );
    },
  );

  app.post(
    `${API}/buy/sendChatRecord`,
    {
      schema: {
        tags,
        summary:
          "Send a chat message: content, contentType ('1' text, '2' chat image link), chatId (the chatKey)",
        body: sendChatBodySchema,
      },
      config: { rateLimit: false },
      onRequest: sendLimit,
    },
    async (request, reply) => {
      const principal = await principalOf(request);
      return reply.ok(await chat.send(principal, request.body, request.lang), 'success.chatSent');
    },
  );

  app.post(
    `${API}/buy/getChatRecord/:id`,
    {
      schema: {
        tags,
        summary: 'Chat history of a chatKey, newest page first (15 per page), records oldest first',
        params: chatKeyParam,
      },
    },
    async (request, reply) => {
      const principal = await principalOf(request);
      // The body is optional (current 1, size 15 by default), so it is checked here, not by the schema.
      const input = request.body ?? {};
      const parsed = chatPageBodySchema.safeParse(input);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', zodIssuesToFields(parsed.error, input));
      const page = parsed.data;
      return reply.ok(await chat.history(principal, request.params.id, page, request.lang));
    },
  );

  app.get(
    `${API}/buy/chatImage/:name`,
    {
      schema: {
        tags,
        summary: 'A chat image, for the readers of its conversation only (send the token or visitor-token)',
        params: z.strictObject({ name: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      let principal: ChatPrincipal;
      try {
        principal = await principalOf(request);
      } catch {
        // Strangers, bad tokens and unknown names look the same.
        throw new AppError('NOT_FOUND');
      }
      const file = await images.open(request.params.name, principal);
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: opts.maxImageBytes, files: 1, fields: 5, parts: 6 },
    });
    scope.post(
      `${API}/buy/uploadChatImage`,
      {
        schema: {
          tags,
          summary:
            'Upload an image to a conversation (multipart: file, chatId); returns data.link for a type 2 message',
        },
        config: { rateLimit: false },
        onRequest: sendLimit,
      },
      async (request, reply) => {
        const principal = await principalOf(request);
        if (!request.isMultipart())
          throw new AppError('UPLOAD_MISSING', [{ field: 'file', key: 'validation.required' }]);
        let bytes: Buffer | undefined;
        let chatId: string | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const buffer = await part.toBuffer();
              if (part.fieldname === 'file' && bytes === undefined) bytes = buffer;
            } else if (part.fieldname === 'chatId' && typeof part.value === 'string') {
              chatId = part.value;
            }
          }
        } catch (err) {
          throw multipartFault(err);
        }
        if (!chatId || !CHAT_KEY_PATTERN.test(chatId)) {
          throw new AppError('VALIDATION_FAILED', [{ field: 'chatId', key: 'validation.required' }]);
        }
        const thread = await chat.threadFor(chatId, principal);
        if (!bytes || bytes.length === 0)
          throw new AppError('UPLOAD_MISSING', [{ field: 'file', key: 'validation.required' }]);
        return reply.ok(await images.save(thread, principal, bytes), 'success.uploaded');
      },
    );
  });

  // --- chat sockets for visitors and operators (users use their private websocket) ---
  const allowed = parseAllowedOrigins(opts.allowedOrigins);
  const checkOrigin = async (request: Parameters<typeof chatPrincipal>[0]) => {
    if (!originAllowed(request.headers.origin, request.headers.host, allowed))
      throw new AppError('FORBIDDEN');
  };
  app.get(
    '/ws/chat/visitor',
    {
      websocket: true,
      onRequest: async (request) => {
        await checkOrigin(request);
        (request as unknown as { visitorId: bigint }).visitorId = await visitors.resolve(
          upgradeToken(request),
        );
      },
    },
    (socket, request) => hub.attachVisitor(socket, (request as unknown as { visitorId: bigint }).visitorId),
  );
  app.get(
    '/ws/chat/operator',
    {
      websocket: true,
      onRequest: async (request) => {
        await checkOrigin(request);
        const session = await opts.sessions.resolve(upgradeToken(request), 'operator');
        const access = await opts.operatorAccess(session.principalId);
        if (!access || access.mustChangePassword) throw new AppError('FORBIDDEN');
        (request as unknown as { op: { id: bigint; role: typeof access.role; sessionId: bigint } }).op = {
          id: session.principalId,
          role: access.role,
          sessionId: session.id,
        };
      },
    },
    (socket, request) => {
      const op = (
        request as unknown as {
          op: { id: bigint; role: 'admin' | 'reviewer' | 'support'; sessionId: bigint };
        }
      ).op;
      hub.attachOperator(socket, op.id, op.role, op.sessionId);
    },
  );
};
