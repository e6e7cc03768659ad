// Public content calls (spec section 7): notices, help-centre articles and the generic cgform data
// calls. Every read is of published content only, in the request's language with English fallback.
import { CONTENT_CODE_PATTERN } from '@coin/shared/content';
import { isWireId } from '@coin/shared/wire-id';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error';
import { CGFORM_PARAMS, type CgformService, parseCgformQuery } from './cgform';
import type { ContentService } from './content-service';

export interface ContentRoutesOptions {
  content: ContentService;
  cgform: CgformService;
}

const tags = ['content'];
const CGFORM = '/api/mjkj-web/cgform-api';

export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (
  app,
  { content, cgform },
) => {
  // POSTs of the spec's list calls carry their parameters in the query; some clients still send
  // `Content-Type: application/json` with an empty body (scoped to this plugin's routes).
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  app.get(
    `${CGFORM}/getData/:formId`,
    {
      schema: {
        tags,
        summary:
          'Generic data of an allow-listed form: article_category, article, news, notice, site_config, country (docs/content.md)',
        params: z.strictObject({ formId: z.string().max(64) }),
        // Every parameter any form takes; which of them a form accepts is checked per form (cgform.ts).
        querystring: z.strictObject(
          Object.fromEntries(CGFORM_PARAMS.map((name) => [name, z.string().max(100).optional()])) as Record<
            (typeof CGFORM_PARAMS)[number],
            z.ZodOptional<z.ZodString>
          >,
        ),
      },
    },
    async (request, reply) =>
      reply.ok(await cgform.getData(parseCgformQuery(request.params.formId, request.query, request.lang))),
  );

  app.get(
    `${CGFORM}/detailData/:formId/:id`,
    {
      schema: {
        tags,
        summary: 'One published record of an allow-listed form (article, news, notice) with its HTML',
        params: z.strictObject({ formId: z.string().max(64), id: z.string().max(32) }),
        querystring: z.strictObject({ article_lang: z.string().max(8).optional() }),
      },
    },
    async (request, reply) => {
      const lang = request.query.article_lang;
      const q = parseCgformQuery('article', lang === undefined ? {} : { article_lang: lang }, request.lang);
      return reply.ok(await cgform.detailData(request.params.formId, request.params.id, q.lang));
    },
  );

  const pageQuery = z.strictObject({
    current: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(50).default(10),
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/api/notice/list',
    schema: {
      tags,
      summary: 'Published notices, newest first, in the request language (English fallback flagged)',
      querystring: pageQuery,
    },
    handler: async (request, reply) => {
      const page = await content.list({
        kind: 'notice',
        lang: request.lang,
        current: request.query.current,
        size: request.query.size,
      });
      // Notices are short: the list carries each one's HTML, so the banner and the list need one call.
      const records = await Promise.all(
        page.records.map(async (r) => ({
          ...r,
          html: (await content.detail('notice', BigInt(r.id), request.lang)).html,
        })),
      );
      return reply.ok({ ...page, records });
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/helpCenterInfo/:id',
    schema: {
      tags,
      summary: 'One published help-centre article by id or by code (e.g. terms_of_service), with its HTML',
      params: z.strictObject({ id: z.string().max(64) }),
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      if (isWireId(id)) return reply.ok(await content.detail('article', BigInt(id), request.lang));
      if (CONTENT_CODE_PATTERN.test(id))
        return reply.ok(await content.detailByCode('article', id, request.lang));
      throw new AppError('CONTENT_NOT_FOUND');
    },
  });
};
