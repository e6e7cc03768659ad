// Upload calls (multipart, part `file`) and the guarded download. Registered in their own
// encapsulated context so @fastify/multipart's parser does not leak into other areas.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/app-error';
import { currentUserId, tokenFrom } from '@/modules/auth/auth-plugin';
import type { SessionService } from '@/modules/auth/session-service';
import type { UploadService } from './upload-service';

export interface UploadRoutesOptions {
  uploads: UploadService;
  sessions: SessionService;
  maxBytes: number;
  rateLimitPerMinute: number;
}

const tags = ['upload'];

const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The 4xx for a failure while reading the multipart body. The loop that can fail only parses the
 * request stream into memory (nothing is stored until it has finished), so every failure there is the
 * client's: a limit (size, parts, files, fields), or a body busboy cannot parse (no or wrong boundary,
 * a malformed part header, a body cut off before its closing boundary, a closed connection).
 */
export function multipartFault(err: unknown): AppError {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('UPLOAD_TOO_LARGE');
  if (typeof code === 'string' && LIMIT_CODES.has(code)) return new AppError('UPLOAD_TOO_MANY_PARTS');
  return new AppError('UPLOAD_MALFORMED');
}
const secured = [{ satoken: [] }];

export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (app, opts) => {
  await app.register(multipart, { limits: { fileSize: opts.maxBytes, files: 1, fields: 5, parts: 6 } });

  // One budget per user for both upload paths (keyed by the session's user, not the token or address).
  const uploadLimit = app.rateLimit({
    max: opts.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: app.userRateKey,
  });
  for (const path of ['/api/common/upload/OSS', '/api/mjkj-web/cgform-api/upload/file']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Upload an image (PNG, JPEG, WEBP, GIF; checked by content)',
          security: secured,
        },
        config: { rateLimit: false },
        onRequest: uploadLimit,
        preValidation: app.requireUser,
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError('UPLOAD_MISSING', [{ field: 'file', key: 'validation.required' }]);
        let bytes: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file' && part.fieldname === 'file' && bytes === undefined)
              bytes = await part.toBuffer();
            else if (part.type === 'file') await part.toBuffer();
          }
        } catch (err) {
          throw multipartFault(err);
        }
        if (!bytes || bytes.length === 0)
          throw new AppError('UPLOAD_MISSING', [{ field: 'file', key: 'validation.required' }]);
        return reply.ok(await opts.uploads.save(currentUserId(request), bytes), 'success.uploaded');
      },
    );
  }

  app.get(
    '/api/uploads/:name',
    {
      schema: {
        tags,
        summary: 'An uploaded image: only for its owner or an operator',
        params: z.strictObject({ name: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const token = tokenFrom(request);
      let viewer: { userId?: bigint; operator: boolean } | undefined;
      for (const kind of ['user', 'operator'] as const) {
        if (viewer || !token) break;
        const session = await opts.sessions.resolve(token, kind).catch(() => undefined);
        if (session)
          viewer = kind === 'user' ? { userId: session.principalId, operator: false } : { operator: true };
      }
      // Strangers, bad tokens and unknown names look the same: not found.
      if (!viewer) throw new AppError('NOT_FOUND');
      const file = await opts.uploads.open(request.params.name, viewer);
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );
};
