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

interface ZodIssueParams {
  keys?: string[];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  input?: unknown;
  expected?: string;
  /** Values for the message placeholders of custom issues, e.g. { min: '0.01' }. */
  params?: Record<string, string | number>;
}

/** The raw value at a zod issue path ('/a/0/b') inside the validated request part. */
function valueAt(root: unknown, path: string): unknown {
  let current = root;
  for (const part of path.split('/').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The request part a validation error is about (fastify's validationContext). */
function validatedPart(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return request.body;
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return undefined;
}

/**
 * Maps one zod issue to a field and a translation key (custom messages are already keys). zod 4 does
 * not report the input, so `present` (looked up in the request) tells a missing field from a wrong one.
 * 'validation.required' is also the schemas' catch-all message (`z.string({ error })` applies it to every
 * check of the field), so for a value that is there the issue kind decides: wrong type, too long, ...
 */
function issueToField(
  keyword: string,
  path: string,
  message: string,
  params: ZodIssueParams,
  present: boolean,
): FieldIssue & {
  vars: Record<string, string | number>;
} {
  const field = path.replace(/^\//, '').replaceAll('/', '.') || 'body';
  if (keyword === 'unrecognized_keys') {
    const key = params.keys?.[0] ?? field;
    return { field: field === 'body' ? key : `${field}.${key}`, key: 'validation.unknownField', vars: {} };
  }
  if (!present && (keyword === 'invalid_type' || keyword === 'invalid_value')) {
    return { field, key: 'validation.required', vars: {} };
  }
  const isKey = message.startsWith('validation.') && hasMessage(message);
  if (isKey && message !== 'validation.required') {
    return { field, key: message, vars: params.params ?? {} };
  }
  if (keyword === 'invalid_type') return { field, key: 'validation.invalidType', vars: {} };
  if (keyword === 'too_small' && params.origin === 'string') {
    return Number(params.minimum) <= 1
      ? { field, key: 'validation.required', vars: {} }
      : { field, key: 'validation.tooShort', vars: { min: Number(params.minimum) } };
  }
  if (keyword === 'too_big' && params.origin === 'string') {
    return { field, key: 'validation.tooLong', vars: { max: Number(params.maximum) } };
  }
  if (isKey) return { field, key: message, vars: params.params ?? {} };
  if (keyword === 'invalid_value' || keyword === 'invalid_union') {
    return { field, key: 'validation.oneOf', vars: {} };
  }
  return { field, key: 'validation.invalid', vars: {} };
}

function fieldLabel(lang: Language, field: string): string {
  const top = field.split('.')[0] ?? field;
  const key = `fields.${top}`;
  return hasMessage(key) ? t(lang, key) : field;
}

export function localizeFields(lang: Language, fields: FieldIssue[]) {
  return fields.map((f) => {
    const key = hasMessage(f.key) ? f.key : 'validation.invalid';
    const problem = t(lang, key, f.vars ?? {});
    return {
      field: f.field,
      key,
      message: t(lang, 'validation.fieldProblem', { field: fieldLabel(lang, f.field), problem }),
    };
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
      const fields = error.validation.map((v) =>
        issueToField(
          v.keyword,
          v.instancePath,
          v.message ?? '',
          v.params as ZodIssueParams,
          valueAt(part, v.instancePath) !== undefined,
        ),
      );
      return sendError(reply, lang, new AppError('VALIDATION_FAILED'), fields);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, lang, new AppError('RATE_LIMITED'));
    if (status === 413) return sendError(reply, lang, new AppError('PAYLOAD_TOO_LARGE'));
    if (status === 415) return sendError(reply, lang, new AppError('UNSUPPORTED_MEDIA_TYPE'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content length and similar protocol-level faults.
      return sendError(reply, lang, new AppError('BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, lang, new AppError('INTERNAL_ERROR'));
  });
});
