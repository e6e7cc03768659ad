// Owns the per-request log lines. Fastify writes two info lines per request ("incoming request" and
// "request completed"), which at the default level buried everything else (about 20,000 lines in half an
// hour of one person clicking through the web client). Here both go to debug; a response with a 5xx
// status, or one that failed while being sent, is still written at error level, so failures stay in the
// log at every level except silent. Unknown routes (scanners, typos) also go to debug.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const details = { res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...details, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.error({ ...details, req: request }, 'request failed');
    else reply.log.debug(details, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ method: request.method, url: request.url }, 'route not found');
  }
}
