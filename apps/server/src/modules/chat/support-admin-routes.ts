// The support inbox in /admin (roles support and admin): conversations by state, assignment, replies
// with text and images, close/reopen, canned answers per language, and the customer's basic account
// context. Operator actions go to the audit log. docs/chat.md "Support inbox".

import { CHAT_KEY_PATTERN, chatPageBodySchema, sendChatBodySchema } from '@coin/shared/chat';
import { LANGUAGES } from '@coin/shared/languages';
import { idString } from '@coin/shared/wire-id';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import type { OperatorRole } from '@/modules/admin/operator-roles';
import { currentSession } from '@/modules/auth/auth-plugin';
import { multipartFault } from '@/modules/wallet/upload-routes';
import type { ChatImages } from './chat-images';
import type { ChatService } from './chat-service';
import type { ChatPrincipal } from './chat-types';
import { SUPPORT_ROLES, SUPPORT_STATES, type SupportService } from './support-service';

export interface SupportAdminOptions {
  db: Db;
  clock: Clock;
  chat: ChatService;
  support: SupportService;
  images: ChatImages;
  operatorAccess(id: bigint): Promise<{ role: OperatorRole; mustChangePassword: boolean } | undefined>;
  maxImageBytes: number;
}

const tags = ['admin'];
const security = [{ satoken: [] }];
const P = '/api/admin/support';
const keyParams = z.strictObject({ chatKey: z.string().regex(CHAT_KEY_PATTERN, 'validation.invalid') });
const idParams = z.strictObject({ id: idString });
const cannedBody = z.strictObject({
  lang: z.enum(LANGUAGES),
  title: z.string().trim().min(1, 'validation.required').max(100),
  body: z.string().trim().min(1, 'validation.required').max(400),
  sort: z
    .number({ error: 'validation.invalid' })
    .int('validation.integer')
    .min(-10_000)
    .max(10_000)
    .default(0),
});

export const supportAdminRoutes: FastifyPluginAsyncZod<SupportAdminOptions> = async (app, opts) => {
  const { chat, support, images } = opts;
  const guard = app.requireOperator(SUPPORT_ROLES);
  const operator = async (
    request: Parameters<typeof currentSession>[0],
  ): Promise<ChatPrincipal & { type: 'operator' }> => {
    const id = currentSession(request).principalId;
    const access = await opts.operatorAccess(id);
    if (!access) throw new AppError('AUTH_TOKEN_REVOKED');
    return { type: 'operator', id, role: access.role };
  };

  app.get(
    `${P}/counts`,
    { schema: { tags, summary: 'Conversations per state', security }, preValidation: guard },
    async (_request, reply) => reply.ok(await support.counts()),
  );

  app.get(
    `${P}/threads`,
    {
      schema: {
        tags,
        summary: 'Support conversations, latest message first',
        security,
        querystring: z.strictObject({
          state: z.enum(SUPPORT_STATES).optional(),
          assignee: z.enum(['me', 'none', 'any']).default('any'),
          keyword: z.string().trim().max(64).optional(),
          current: z.coerce.number().int().min(1).max(100_000).default(1),
          size: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
      preValidation: guard,
    },
    async (request, reply) =>
      reply.ok(await support.inbox(currentSession(request).principalId, request.query)),
  );

  app.get(
    `${P}/threads/:chatKey`,
    {
      schema: { tags, summary: 'One conversation with the customer context', security, params: keyParams },
      preValidation: guard,
    },
    async (request, reply) => {
      const me = await operator(request);
      return reply.ok(await support.detail(request.params.chatKey, me.role));
    },
  );

  app.get(
    `${P}/threads/:chatKey/messages`,
    {
      schema: {
        tags,
        summary: 'History of a conversation (15 per page, newest page first); reading page 1 marks it read',
        security,
        params: keyParams,
        querystring: chatPageBodySchema,
      },
      preValidation: guard,
    },
    async (request, reply) => {
      const me = await operator(request);
      const thread = await support.supportThread(request.params.chatKey);
      await chat.addParticipant(thread.id, me, 'viewer');
      return reply.ok({ ...(await chat.page(thread, request.query, request.lang, me)), me: `op-${me.id}` });
    },
  );

  app.post(
    `${P}/threads/:chatKey/messages`,
    {
      schema: {
        tags,
        summary: 'Reply with text or a chat image (audited)',
        security,
        params: keyParams,
        body: sendChatBodySchema.omit({ chatId: true }),
      },
      preValidation: guard,
    },
    async (request, reply) => {
      const me = await operator(request);
      await support.supportThread(request.params.chatKey);
      const message = await chat.send(me, { ...request.body, chatId: request.params.chatKey }, request.lang);
      await appendAudit(
        opts.db,
        {
          actorType: 'operator',
          actorId: me.id.toString(),
          action: 'support.reply',
          payload: {
            chatKey: request.params.chatKey,
            messageId: message.id,
            contentType: message.content_type,
          },
        },
        opts.clock.now(),
      );
      return reply.ok(message, 'success.chatSent');
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: opts.maxImageBytes, files: 1, fields: 2, parts: 3 },
    });
    scope.post(
      `${P}/threads/:chatKey/images`,
      {
        schema: {
          tags,
          summary: 'Upload an image for a reply (multipart file)',
          security,
          params: keyParams,
        },
        preValidation: guard,
      },
      async (request, reply) => {
        const me = await operator(request);
        const { chatKey } = request.params as { chatKey: string };
        const thread = await support.supportThread(chatKey);
        if (!request.isMultipart())
          throw new AppError('UPLOAD_MISSING', [{ field: 'file', key: 'validation.required' }]);
        let bytes: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const buffer = await part.toBuffer();
              if (part.fieldname === 'file' && bytes === undefined) bytes = buffer;
            }
          }
        } catch (err) {
          throw multipartFault(err);
        }
        if (!bytes || bytes.length === 0)
          throw new AppError('UPLOAD_MISSING', [{ field: 'file', key: 'validation.required' }]);
        return reply.ok(await images.save(thread, me, bytes), 'success.uploaded');
      },
    );
  });

  app.post(
    `${P}/threads/:chatKey/assign`,
    {
      schema: {
        tags,
        summary: 'Assign the conversation (to me when operatorId is left out; audited)',
        security,
        params: keyParams,
        body: z.strictObject({
          operatorId: z
            .string()
            .regex(/^\d{1,19}$/, 'validation.invalid')
            .optional(),
        }),
      },
      preValidation: guard,
    },
    async (request, reply) => {
      const me = currentSession(request).principalId;
      const to = request.body.operatorId === undefined ? me : BigInt(request.body.operatorId);
      await support.assign(me, request.params.chatKey, to);
      return reply.ok(
        await support.detail(request.params.chatKey, (await operator(request)).role),
        'success.supportAssigned',
      );
    },
  );

  for (const [action, closed, msg] of [
    ['close', true, 'success.supportClosed'],
    ['reopen', false, 'success.supportReopened'],
  ] as const) {
    app.post(
      `${P}/threads/:chatKey/${action}`,
      {
        schema: { tags, summary: `${action} a conversation (audited)`, security, params: keyParams },
        preValidation: guard,
      },
      async (request, reply) => {
        await support.setClosed(currentSession(request).principalId, request.params.chatKey, closed);
        return reply.ok(await support.detail(request.params.chatKey, (await operator(request)).role), msg);
      },
    );
  }

  app.get(
    `${P}/agents`,
    { schema: { tags, summary: 'Operators who may take conversations', security }, preValidation: guard },
    async (_request, reply) => reply.ok(await support.agents()),
  );

  app.get(
    `${P}/canned`,
    {
      schema: {
        tags,
        summary: 'Canned answers (of one language when lang is given)',
        security,
        querystring: z.strictObject({ lang: z.enum(LANGUAGES).optional() }),
      },
      preValidation: guard,
    },
    async (request, reply) => reply.ok(await support.cannedList(request.query.lang)),
  );
  app.post(
    `${P}/canned`,
    {
      schema: { tags, summary: 'Add a canned answer (audited)', security, body: cannedBody },
      preValidation: guard,
    },
    async (request, reply) =>
      reply.ok(
        await support.cannedSave(currentSession(request).principalId, null, request.body),
        'success.cannedSaved',
      ),
  );
  app.put(
    `${P}/canned/:id`,
    {
      schema: {
        tags,
        summary: 'Change a canned answer (audited)',
        security,
        params: idParams,
        body: cannedBody,
      },
      preValidation: guard,
    },
    async (request, reply) =>
      reply.ok(
        await support.cannedSave(
          currentSession(request).principalId,
          BigInt(request.params.id),
          request.body,
        ),
        'success.cannedSaved',
      ),
  );
  app.delete(
    `${P}/canned/:id`,
    {
      schema: { tags, summary: 'Delete a canned answer (audited)', security, params: idParams },
      preValidation: guard,
    },
    async (request, reply) => {
      await support.cannedDelete(currentSession(request).principalId, BigInt(request.params.id));
      return reply.ok(null, 'success.cannedDeleted');
    },
  );
};
