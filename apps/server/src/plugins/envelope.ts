// The response envelope and error catalogue (spec section 8, DESIGN section 5):
// every reply is { code, msg, data }; errors add a stable errorCode and, for bad input, field errors.
// Messages are localized from the `lang` / `language` request headers. 5xx never leak internals.
import { type Language, normalizeLanguage } from '@coin/shared/languages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { MessageKey } from '@/i18n/locales/en';
import { hasMessage, t } from '@/i18n/translate';
import { AppError, type FieldIssue } from '@/lib/app-error';
import { type IssueLike, issueToField, valueAt } from '@/lib/zod-issues';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
  interface FastifyReply {
    ok<T>(data: T, msgKey?: MessageKey): FastifyReply;
  }
}

export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers.lang ?? request.headers.language ?? request.headers['accept-language'];
  return normalizeLanguage(Array.isArray(header) ? header[0] : header);
}

/** The request part a validation error is about (fastify's validationContext). */
function validatedPart(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return request.body;
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return undefined;
}

const PLACEHOLDER = /\{\w+\}/;

/**
 * The label a person sees for a field path: the innermost named segment that has a `fields.*` label
 * ('0.rate' -> Rate, 'imageUrls.banner' -> Image links), with the list position when the field sits
 * in a list ('Rate (entry 1)'). Never the raw key: a path without any label reads as 'Value'.
 */
function fieldLabel(lang: Language, field: string): string {
  const segments = field.split('.');
  for (let i = segments.length - 1; i >= 0; i--) {
    const key = `fields.${segments[i]}`;
    if (/^\d+$/.test(segments[i] ?? '') || !hasMessage(key)) continue;
    const label = t(lang, key);
    const position = segments
      .slice(0, i)
      .reverse()
      .find((s) => /^\d+$/.test(s));
    return position === undefined
      ? label
      : t(lang, 'validation.listEntry', { field: label, position: Number(position) + 1 });
  }
  return t(lang, 'fields.value');
}

/** Field errors with their localized, filled messages ({ field, key, message, vars? }). */
export function localizeFields(lang: Language, fields: FieldIssue[]) {
  return fields.map((f) => {
    const key = hasMessage(f.key) ? f.key : 'validation.invalid';
    const vars = f.vars ?? {};
    // An unknown field has no label of ours, and its name is the client's input: a sentence without it.
    if (key === 'validation.unknownField') {
      return { field: f.field, key, message: t(lang, 'validation.unknownFieldMessage') };
    }
    let problem = t(lang, key, vars);
    // A key whose placeholder got no value must not show '{max}': the plain "is invalid" is still true.
    if (PLACEHOLDER.test(problem)) problem = t(lang, 'validation.invalid');
    const message = t(lang, 'validation.fieldProblem', { field: fieldLabel(lang, f.field), problem });
    return { field: f.field, key, message, ...(Object.keys(vars).length > 0 ? { vars } : {}) };
  });
}

export function sendError(
  reply: FastifyReply,
  lang: Language,
  err: AppError,
  fields: FieldIssue[] = err.fields,
) {
  const localized = localizeFields(lang, fields);
  const base = t(lang, `errors.${err.errorCode}`, err.params);
  // With field errors the first one is the most useful headline; the full list follows.
  const msg = localized[0]?.message ?? base;
  return reply.status(err.status).send({
    code: err.status,
    errorCode: err.errorCode,
    msg,
    data: null,
    ...(localized.length > 0 ? { errors: localized } : {}),
  });
}

export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = requestLanguage(request);
  });

  app.decorateReply('ok', function ok<T>(this: FastifyReply, data: T, msgKey: MessageKey = 'success.ok') {
    return this.status(200).send({ code: 200, msg: t(this.request.lang, msgKey), data });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = request.lang ?? 'en';
    if (error instanceof AppError) return sendError(reply, lang, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = validatedPart(request, error.validationContext);
      const fields = error.validation.map((v) => {
        const path = v.instancePath.split('/').filter(Boolean);
        const issue = {
          ...(v.params as Partial<IssueLike>),
          code: v.keyword,
          path,
          message: v.message ?? '',
        };
        return issueToField(issue, valueAt(part, path) !== undefined);
      });
      return sendError(reply, lang, new AppError('VALIDATION_FAILED'), fields);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, lang, new AppError('RATE_LIMITED'));
    if (status === 413) return sendError(reply, lang, new AppError('PAYLOAD_TOO_LARGE'));
    if (status === 414) return sendError(reply, lang, new AppError('URI_TOO_LONG'));
    if (status === 415) return sendError(reply, lang, new AppError('UNSUPPORTED_MEDIA_TYPE'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content length and similar protocol-level faults.
      return sendError(reply, lang, new AppError('BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, lang, new AppError('INTERNAL_ERROR'));
  });
});
