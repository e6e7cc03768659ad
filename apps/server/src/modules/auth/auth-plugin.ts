// Authentication: the session token may come in `Authorization: Bearer`, `satoken` or `Blade-Auth`
// (DESIGN section 5). Routes opt in with `preValidation: app.requireUser` or `app.requireOperator(roles)`:
// after the rate limiters (onRequest), so rejected tokens still count, and before validation, so a caller
// without a valid session gets 401, not field errors. Per-user rate limits key with `app.userRateKey`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@/lib/app-error';
import type { OperatorRole } from '@/modules/admin/operator-roles';
import type { SessionPrincipal } from './session-cache';
import type { SessionService } from './session-service';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionPrincipal | null;
  }
  interface FastifyInstance {
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * Rate-limit key of a per-user limit (`keyGenerator`): `user:<id>` for a live user session, so all
     * of a user's tokens share one budget; `ip:<address>` for anonymous or refused tokens. The rate
     * limiter runs before `requireUser`, so the session is resolved here (from memory).
     */
    userRateKey(request: FastifyRequest): Promise<string>;
    requireOperator(
      roles: readonly OperatorRole[],
      opts?: { allowPendingPasswordChange?: boolean },
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
}

/** The session token of a request (no closure per call: this runs on every authenticated request). */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const authorization = header(request, 'authorization');
  if (authorization) return authorization.replace(/^Bearer(?:\s+|$)/i, '') || undefined;
  return header(request, 'satoken') ?? header(request, 'blade-auth');
}

/** The signed-in user's id; only call behind `requireUser`. */
export function currentUserId(request: FastifyRequest): bigint {
  if (request.session?.principalType !== 'user') throw new AppError('AUTH_REQUIRED');
  return request.session.principalId;
}

export function currentSession(request: FastifyRequest): SessionPrincipal {
  if (!request.session) throw new AppError('AUTH_REQUIRED');
  return request.session;
}

export interface AuthPluginOptions {
  sessions: SessionService;
  /** The operator's role and whether the one-time password still has to be changed; undefined if disabled. */
  operatorAccess(
    operatorId: bigint,
  ): Promise<{ role: OperatorRole; mustChangePassword: boolean } | undefined>;
}

export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('session', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = tokenFrom(request);
    // A signed API-key request (modules/security) reaches this only on routes keys may not use.
    if (
      token === undefined &&
      (request.headers['x-api-key'] !== undefined || request.headers['x-mbx-apikey'] !== undefined)
    ) {
      throw new AppError('API_KEY_ROUTE_NOT_ALLOWED');
    }
    request.session = await opts.sessions.resolve(token, 'user');
  });
  app.decorate('userRateKey', async (request: FastifyRequest) => {
    const session = await opts.sessions.peek(tokenFrom(request), 'user');
    return session ? `user:${session.principalId}` : `ip:${request.ip}`;
  });
  app.decorate(
    'requireOperator',
    (roles: readonly OperatorRole[], routeOpts: { allowPendingPasswordChange?: boolean } = {}) =>
      async (request: FastifyRequest) => {
        const session = await opts.sessions.resolve(tokenFrom(request), 'operator');
        const access = await opts.operatorAccess(session.principalId);
        if (!access) throw new AppError('AUTH_TOKEN_REVOKED');
        if (roles.length > 0 && !roles.includes(access.role)) throw new AppError('FORBIDDEN');
        // Until the initial (printed or admin-set) password is replaced, only me, logout and password
        // change work.
        if (access.mustChangePassword && !routeOpts.allowPendingPasswordChange) {
          throw new AppError('OPERATOR_PASSWORD_CHANGE_REQUIRED');
        }
        request.session = session;
      },
  );
});
