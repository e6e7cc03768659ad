// Account and session calls of spec section 7 (user family). Thin: validate, call the service, reply.
import {
  backPwdQuerySchema,
  emailSchema,
  loginBodySchema,
  normalizePhone,
  phoneSchema,
  refreshBodySchema,
  registerBodySchema,
} from '@coin/shared/auth-schemas';
import { fundPasswordSchema, loginPasswordSchema } from '@coin/shared/password';
import { googleCodeSchema } from '@coin/shared/security-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '@/config';
import { clientInfo } from '@/lib/client-info';
import { encodedString } from '@/lib/encoded';
import { sendOkBody } from '@/lib/json-reply';
import { currentSession, currentUserId } from '@/modules/auth/auth-plugin';
import type { SessionService } from '@/modules/auth/session-service';
import type { AccountService } from './account-service';
import { toUserInfo } from './user-info';

export interface AccountRoutesOptions {
  accounts: AccountService;
  sessions: SessionService;
  config: AppConfig;
}

const changePasswordBody = z.strictObject({
  oldPassword: encodedString,
  newPassword: encodedString.pipe(loginPasswordSchema),
  confirmPassword: encodedString,
  // Required when the account has an authenticator (modules/security).
  googleCode: googleCodeSchema.optional(),
});
const updatePasswordQuery = z.strictObject({
  oldPassword: encodedString,
  newPassword: encodedString.pipe(loginPasswordSchema),
  newPassword1: encodedString,
  googleCode: googleCodeSchema.optional(),
});
const changeFundPasswordBody = z.strictObject({
  oldPassword: encodedString,
  newPassword: encodedString.pipe(fundPasswordSchema),
  confirmPassword: encodedString,
  googleCode: googleCodeSchema.optional(),
});
const setFundPasswordBody = z.strictObject({
  loginPassword: encodedString,
  password: encodedString.pipe(fundPasswordSchema),
  confirmPassword: encodedString,
  googleCode: googleCodeSchema.optional(),
});

/** backPwd's target must be an address of its type: an email, or a phone (spaces and dashes allowed). */
const backPwdQuery = backPwdQuerySchema.superRefine((v, ctx) => {
  const ok =
    v.type === 'email'
      ? emailSchema.safeParse(v.target).success
      : phoneSchema.safeParse(normalizePhone(v.target)).success;
  if (!ok) {
    ctx.addIssue({
      code: 'custom',
      path: ['target'],
      message: v.type === 'email' ? 'validation.email' : 'validation.phone',
    });
  }
});

const tags = ['account'];
const secured = [{ satoken: [] }];

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { accounts, sessions, config },
) => {
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

  app.post(
    '/api/user/register',
    {
      schema: {
        tags,
        summary: 'Register with an account name, an email or phone code, and an optional invite code',
        body: registerBodySchema,
      },
      config: perMinute(config.RATE_LIMIT_REGISTER_PER_MINUTE),
    },
    async (request, reply) => {
      const user = await accounts.register(request.body);
      return reply.ok({ userInfo: toUserInfo(user) }, 'success.register');
    },
  );

  app.post(
    '/api/user/login',
    {
      schema: { tags, summary: 'Log in by account, email or phone', body: loginBodySchema },
      config: perMinute(config.RATE_LIMIT_LOGIN_PER_MINUTE),
    },
    async (request, reply) => {
      const { user, tokens } = await accounts.login(request.body, clientInfo(request, request.body.deviceId));
      return reply.ok(
        {
          satoken: tokens.satoken,
          refreshToken: tokens.refreshToken,
          expiresIn: tokens.expiresIn,
          refreshExpiresIn: tokens.refreshExpiresIn,
          userInfo: toUserInfo(user),
        },
        'success.login',
      );
    },
  );

  app.post(
    '/api/user/refreshToken',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for new tokens (single use)',
        body: refreshBodySchema,
      },
      config: perMinute(config.RATE_LIMIT_LOGIN_PER_MINUTE),
    },
    async (request, reply) => {
      const tokens = await sessions.refresh(request.body.refreshToken, 'user');
      return reply.ok({
        satoken: tokens.satoken,
        refreshToken: tokens.refreshToken,
        expiresIn: tokens.expiresIn,
        refreshExpiresIn: tokens.refreshExpiresIn,
      });
    },
  );

  app.post(
    '/api/user/getInfo',
    { schema: { tags, summary: 'Current user info', security: secured }, preValidation: app.requireUser },
    async (request, reply) => sendOkBody(reply, await accounts.userInfoBody(currentUserId(request))),
  );

  app.post(
    '/api/user/logout',
    { schema: { tags, summary: 'End this session', security: secured }, preValidation: app.requireUser },
    async (request, reply) => {
      await sessions.revoke(currentSession(request).id, 'logout');
      return reply.ok(null, 'success.logout');
    },
  );

  for (const path of ['/api/user/updatePwd', '/api/user/updateUserLoginPwd']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Change the login password (fields base64-encoded); other devices are signed out',
          body: changePasswordBody,
          security: secured,
        },
        preValidation: app.requireUser,
      },
      async (request, reply) => {
        await accounts.changeLoginPassword(currentUserId(request), currentSession(request).id, request.body);
        return reply.ok(null, 'success.passwordChanged');
      },
    );
  }

  // The spec's blade-user form of the same change: fields in the query (BladeX names newPassword1 the
  // confirmation). Query strings are masked in the request log (app.ts), as for backPwd.
  app.post(
    '/api/blade-user/update-password',
    {
      schema: {
        tags,
        summary:
          'Change the login password, fields in the query (base64-encoded); other devices are signed out',
        querystring: updatePasswordQuery,
        security: secured,
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      const { oldPassword, newPassword, newPassword1, googleCode } = request.query;
      await accounts.changeLoginPassword(currentUserId(request), currentSession(request).id, {
        oldPassword,
        newPassword,
        confirmPassword: newPassword1,
        googleCode,
      });
      return reply.ok(null, 'success.passwordChanged');
    },
  );

  app.post(
    '/api/user/tardPwdSet',
    {
      schema: {
        tags,
        summary: 'Set the funds password once (fields base64-encoded)',
        body: setFundPasswordBody,
        security: secured,
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      await accounts.setFundPassword(currentUserId(request), request.body);
      return reply.ok(null, 'success.fundPasswordSet');
    },
  );

  app.post(
    '/api/mjkj-web/coin/member/tradePwd',
    {
      schema: {
        tags,
        summary: 'Change the funds password (fields base64-encoded)',
        body: changeFundPasswordBody,
        security: secured,
      },
      preValidation: app.requireUser,
    },
    async (request, reply) => {
      await accounts.changeFundPassword(currentUserId(request), request.body);
      return reply.ok(null, 'success.fundPasswordChanged');
    },
  );

  app.post(
    '/api/user/backPwd',
    {
      schema: {
        tags,
        summary: 'Reset the login password with an email or SMS code',
        querystring: backPwdQuery,
      },
      config: perMinute(config.RATE_LIMIT_LOGIN_PER_MINUTE),
    },
    async (request, reply) => {
      await accounts.resetPassword(request.query);
      return reply.ok(null, 'success.passwordReset');
    },
  );
};
