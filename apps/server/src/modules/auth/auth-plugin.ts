// Authentication: the session token may come in `Authorization: Bearer`, `satoken` or `Blade-Auth`
// (DESIGN section 5). Routes opt in with `preHandler: app.requireUser` or `app.requireOperator(roles)`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@/lib/app-error';
import type { OperatorRole } from '@/modules/admin/operator-roles';
import type { SessionRow } from './session-repository';
import type { SessionService } from './session-service';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
  }
  interface FastifyInstance {
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    requireOperator(
      roles: readonly OperatorRole[],
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = (name: string) => {
    const v = request.headers[name];
    return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
  };
  const authorization = header('authorization');
  if (authorization) return authorization.replace(/^Bearer(?:\s+|$)/i, '') || undefined;
  return header('satoken') ?? header('blade-auth');
}

/** The signed-in user's id; only call behind `requireUser`. */
export function currentUserId(request: FastifyRequest): bigint {
  if (request.session?.principalType !== 'user') throw new AppError('AUTH_REQUIRED');
  return request.session.principalId;
}

export function currentSession(request: FastifyRequest): SessionRow {
  if (!request.session) throw new AppError('AUTH_REQUIRED');
  return request.session;
}

export interface AuthPluginOptions {
  sessions: SessionService;
  operatorRole(operatorId: bigint): Promise<OperatorRole | undefined>;
}

export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('session', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.session = await opts.sessions.resolve(tokenFrom(request), 'user');
  });
  app.decorate('requireOperator', (roles: readonly OperatorRole[]) => async (request: FastifyRequest) => {
    const session = await opts.sessions.resolve(tokenFrom(request), 'operator');
    const role = await opts.operatorRole(session.principalId);
    if (!role) throw new AppError('AUTH_TOKEN_REVOKED');
    if (roles.length > 0 && !roles.includes(role)) throw new AppError('FORBIDDEN');
    request.session = session;
  });
});
