// Many of the spec's POSTs carry no payload, and some HTTP clients still send
// `Content-Type: application/json` with an empty body, which Fastify rejects by default. Call inside an
// encapsulated plugin: it applies to that plugin's routes only.
import type { FastifyInstance } from 'fastify';

export function allowEmptyJsonBody(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });
}
