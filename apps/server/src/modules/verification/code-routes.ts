// Sending verification codes: /api/user/sendEmailCode|sendMobileCode (POST, query) and the
// coin-family twins GET {api}/open/send/email|sms. `type` is the purpose of the code.

import { sendEmailCodeQuerySchema, sendMobileCodeQuerySchema } from '@coin/shared/auth-schemas';
import type { Language } from '@coin/shared/languages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '@/config';
import type { Executor } from '@/db/client';
import { AppError } from '@/lib/app-error';
import { findUserByEmail, findUserByPhone } from '@/modules/user/user-repository';
import type { CodeChannel, CodePurpose, CodeService } from './code-service';

export interface CodeRoutesOptions {
  codes: CodeService;
  db: Executor;
  config: AppConfig;
}

export const codeRoutes: FastifyPluginAsyncZod<CodeRoutesOptions> = async (app, { codes, db, config }) => {
  // One budget per client address for all four sending calls: a per-route limit would let a client
  // alternate the POST and GET spellings (and email and SMS) to multiply RATE_LIMIT_CODE_PER_MINUTE.
  const sendLimit = app.rateLimit({ max: config.RATE_LIMIT_CODE_PER_MINUTE, timeWindow: 60_000 });
  const rate = { rateLimit: false as const };
  const tags = ['verification'];

  /**
   * Registration and binding need a free address (and say so); reset and security codes are only
   * delivered to registered addresses, with the same reply either way.
   */
  async function sendFor(channel: CodeChannel, target: string, purpose: CodePurpose, lang: Language) {
    const owner = channel === 'email' ? await findUserByEmail(db, target) : await findUserByPhone(db, target);
    if ((purpose === 'register' || purpose === 'bind') && owner) {
      throw channel === 'email'
        ? new AppError('USER_EMAIL_TAKEN', [{ field: 'email', key: 'errors.USER_EMAIL_TAKEN' }])
        : new AppError('USER_PHONE_TAKEN', [{ field: 'phone', key: 'errors.USER_PHONE_TAKEN' }]);
    }
    const deliver = purpose === 'register' || purpose === 'bind' || owner !== undefined;
    await codes.send({ channel, target, purpose }, lang, deliver);
  }

  for (const [method, path] of [
    ['POST', '/api/user/sendEmailCode'],
    ['GET', '/api/mjkj-web/coin/open/send/email'],
  ] as const) {
    app.route({
      method,
      url: path,
      schema: { tags, summary: 'Send a verification code by email', querystring: sendEmailCodeQuerySchema },
      config: rate,
      onRequest: sendLimit,
      handler: async (request, reply) => {
        await sendFor('email', request.query.email, request.query.type, request.lang);
        return reply.ok(null, 'success.codeSentEmail');
      },
    });
  }

  for (const [method, path] of [
    ['POST', '/api/user/sendMobileCode'],
    ['GET', '/api/mjkj-web/coin/open/send/sms'],
  ] as const) {
    app.route({
      method,
      url: path,
      schema: { tags, summary: 'Send a verification code by SMS', querystring: sendMobileCodeQuerySchema },
      config: rate,
      onRequest: sendLimit,
      handler: async (request, reply) => {
        await sendFor('sms', request.query.phone, request.query.type, request.lang);
        return reply.ok(null, 'success.codeSent');
      },
    });
  }
};
