// Helmet's security headers (CSP, nosniff, frame and referrer policies, HSTS ...) on every reply, computed
// once. @fastify/helmet runs helmet's whole middleware chain per request, parsing the CSP directives each
// time: about a fifth of a cached read's cost. Our options hold no per-request part (no nonce, no directive
// function; helmetHeaders refuses them), so the headers are the same for every reply and are set from one
// precomputed object.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The app's policy: helmet's defaults, with a CSP that lets the client reach its API and sockets. */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
    },
  },
};

/** The headers helmet(options) sets, as lower-case name -> value. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  for (const value of directives) {
    if (value && typeof value === 'object' && [...value].some((v) => typeof v === 'function')) {
      // A computed directive (a nonce, say) may differ per reply even when it ignores the request.
      throw new Error('security headers must not depend on the request');
    }
  }
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const req = new Proxy(
    {},
    {
      get() {
        // A directive computed from the request would differ per reply: it cannot be precomputed.
        throw new Error('security headers must not depend on the request');
      },
    },
  );
  let failure: unknown;
  helmet(options)(req as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const headers = helmetHeaders(options.helmet);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'securityHeaders' },
);
