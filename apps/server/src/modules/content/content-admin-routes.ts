// Operator CMS (admin role): news, notices and help articles with all their translations, the article
// category tree, publish / unpublish and a Markdown preview rendered by the same sanitizer the readers
// get. Every write is in the audit log (content.*). docs/content.md lists the calls.
import {
  CONTENT_KINDS,
  CONTENT_STATUSES,
  contentCategoryBodySchema,
  contentItemBodySchema,
  contentPreviewBodySchema,
} from '@coin/shared/content';
import { idString } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentSession } from '@/modules/auth/auth-plugin';
import type { ContentService } from './content-service';

const tags = ['admin'];
const security = [{ satoken: [] }];
const idParams = z.strictObject({ id: idString });

export const contentAdminRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (
  app,
  { content },
) => {
  const adminOnly = app.requireOperator(['admin']);
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).principalId;
  const P = '/api/admin/content';

  app.get(
    `${P}/items`,
    {
      schema: {
        tags,
        summary: 'Content items (news, notices, articles), newest change first',
        security,
        querystring: z.strictObject({
          kind: z.enum(CONTENT_KINDS).optional(),
          status: z.enum(CONTENT_STATUSES).optional(),
          keyword: z.string().trim().max(64).optional(),
          current: z.coerce.number().int().min(1).max(100_000).default(1),
          size: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await content.adminList(request.query)),
  );

  app.get(
    `${P}/items/:id`,
    {
      schema: { tags, summary: 'One item with every translation (Markdown)', security, params: idParams },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await content.adminGet(BigInt(request.params.id))),
  );

  app.post(
    `${P}/items`,
    {
      schema: {
        tags,
        summary: 'Create an item (as a draft; audited)',
        security,
        body: contentItemBodySchema,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(await content.create(me(request), request.body), 'success.contentSaved'),
  );

  app.put(
    `${P}/items/:id`,
    {
      schema: {
        tags,
        summary: 'Replace an item and all its translations (audited)',
        security,
        params: idParams,
        body: contentItemBodySchema,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await content.update(me(request), BigInt(request.params.id), request.body),
        'success.contentSaved',
      ),
  );

  for (const [action, status, msg] of [
    ['publish', 'published', 'success.contentPublished'],
    ['unpublish', 'draft', 'success.contentUnpublished'],
  ] as const) {
    app.post(
      `${P}/items/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action} an item (audited)`,
          security,
          params: idParams,
          body: z.strictObject({}).optional(),
        },
        preValidation: adminOnly,
      },
      async (request, reply) =>
        reply.ok(await content.setStatus(me(request), BigInt(request.params.id), status), msg),
    );
    app.post(
      `${P}/categories/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action} a category or section (audited)`,
          security,
          params: idParams,
          body: z.strictObject({}).optional(),
        },
        preValidation: adminOnly,
      },
      async (request, reply) =>
        reply.ok(await content.setCategoryStatus(me(request), BigInt(request.params.id), status), msg),
    );
  }

  app.post(
    `${P}/preview`,
    {
      schema: {
        tags,
        summary: 'Render Markdown as readers will get it (sanitized HTML)',
        security,
        body: contentPreviewBodySchema,
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.ok(await content.preview(request.body.markdown)),
  );

  app.get(
    `${P}/categories`,
    {
      schema: { tags, summary: 'The whole category tree with every name and status', security },
      preValidation: adminOnly,
    },
    async (_request, reply) => reply.ok(await content.adminCategories()),
  );

  app.post(
    `${P}/categories`,
    {
      schema: {
        tags,
        summary: 'Create a category (pid 0) or section (as a draft; audited)',
        security,
        body: contentCategoryBodySchema,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(await content.createCategory(me(request), request.body), 'success.contentSaved'),
  );

  app.put(
    `${P}/categories/:id`,
    {
      schema: {
        tags,
        summary: 'Replace a category or section (audited)',
        security,
        params: idParams,
        body: contentCategoryBodySchema,
      },
      preValidation: adminOnly,
    },
    async (request, reply) =>
      reply.ok(
        await content.updateCategory(me(request), BigInt(request.params.id), request.body),
        'success.contentSaved',
      ),
  );
};
