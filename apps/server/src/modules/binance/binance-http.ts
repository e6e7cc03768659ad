// The HTTP side shared by the Binance routes: url-encoded bodies kept raw (they are signed), the
// parameters, request weight and its headers, and replies in Binance's shape ({code, msg} on errors).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '@/lib/clock';
import { toBinanceError } from './binance-errors';
import type { RequestLimiter } from './binance-limits';
import { Params } from './binance-params';

export interface BinanceContext {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Params;
}

export type BinanceHandler = (ctx: BinanceContext) => Promise<unknown> | unknown;

export interface BinanceHttp {
  route(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    weight: number,
    handler: BinanceHandler,
  ): void;
}

/** Sets up the encapsulated scope (body parser, error and not-found handlers) and returns the router. */
export function binanceHttp(app: FastifyInstance, limiter: RequestLimiter, clock: Clock): BinanceHttp {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error, request, reply) => {
    const e = toBinanceError(error);
    if (e.status >= 500) request.log.error({ err: error }, 'binance: unhandled error');
    return reply.status(e.status).send({ code: e.code, msg: e.message });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: -1000, msg: 'Unknown endpoint.' }),
  );
  return {
    route(method, url, weight, handler) {
      app.route({
        method,
        url,
        schema: { hide: true },
        handler: async (request, reply) => {
          const used = limiter.weigh(request.ip, weight, clock.now().getTime());
          reply.header('x-mbx-used-weight', String(used));
          reply.header('x-mbx-used-weight-1m', String(used));
          const body = typeof request.body === 'string' ? request.body : '';
          const params = Params.ofUrl(request.url, body);
          const result = await handler({ request, reply, params });
          return reply.status(200).send(result);
        },
      });
    },
  };
}
