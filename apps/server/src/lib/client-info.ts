// Who is calling, as far as the server can tell: the socket address (or the trusted proxy's
// X-Forwarded-For when TRUST_PROXY is set) and the user agent.
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '@/modules/auth/session-service';

export function clientInfo(request: FastifyRequest, deviceId?: string): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: (Array.isArray(ua) ? ua[0] : ua) ?? '', deviceId };
}
