// Who is calling a chat route: a signed-in user (session token), an operator of a role some kind admits
// (operator token, password already changed), or a visitor (visitor-token header). A token that is
// neither a live user nor operator session is refused as the user routes refuse it (401), so a client
// with an expired session logs out instead of silently chatting as a visitor.
import type { FastifyRequest } from 'fastify';
import { AppError } from '@/lib/app-error';
import type { OperatorRole } from '@/modules/admin/operator-roles';
import { tokenFrom } from '@/modules/auth/auth-plugin';
import type { SessionService } from '@/modules/auth/session-service';
import type { ChatPrincipal } from './chat-types';
import { VISITOR_HEADER, type VisitorService } from './visitor-service';

export interface PrincipalDeps {
  sessions: SessionService;
  visitors: VisitorService;
  operatorAccess(id: bigint): Promise<{ role: OperatorRole; mustChangePassword: boolean } | undefined>;
}

export function visitorTokenFrom(request: FastifyRequest): string | undefined {
  const v = request.headers[VISITOR_HEADER];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
}

export async function chatPrincipal(request: FastifyRequest, deps: PrincipalDeps): Promise<ChatPrincipal> {
  const token = tokenFrom(request);
  if (token) {
    const user = await deps.sessions.peek(token, 'user');
    if (user) return { type: 'user', id: user.principalId };
    const operator = await deps.sessions.peek(token, 'operator');
    if (operator) {
      const access = await deps.operatorAccess(operator.principalId);
      if (!access) throw new AppError('AUTH_TOKEN_REVOKED');
      if (access.mustChangePassword) throw new AppError('OPERATOR_PASSWORD_CHANGE_REQUIRED');
      return { type: 'operator', id: operator.principalId, role: access.role };
    }
    // Neither: the precise 401 reason of a user token.
    await deps.sessions.resolve(token, 'user');
  }
  const visitorToken = visitorTokenFrom(request);
  if (visitorToken) return { type: 'visitor', id: await deps.visitors.resolve(visitorToken) };
  throw new AppError('AUTH_REQUIRED');
}
