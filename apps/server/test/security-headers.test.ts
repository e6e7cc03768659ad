// The security headers computed once (plugins/security-headers.ts) are exactly helmet's, on every reply.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, helmetHeaders } from '@/plugins/security-headers';
import { createTestApp, type TestContext } from './helpers';

/** What helmet itself sets on a real response. */
function helmetOnRealResponse(): Record<string, unknown> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet(HELMET_OPTIONS)(req, res, () => {});
  return { ...res.getHeaders() };
}

describe('security headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CHAIN_SIM_BLOCK_MS: '0' });
  });
  afterAll(async () => ctx.close());

  it("are helmet's own headers for the app's options", () => {
    const expected = helmetOnRealResponse();
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(helmetHeaders(HELMET_OPTIONS)).toEqual(expected);
  });

  it('come with every reply: a JSON route, the config script, an error, a static file', async () => {
    const expected = helmetOnRealResponse();
    for (const [method, url] of [
      ['POST', '/api/common/getAllSetting'],
      ['GET', '/platform/dev/config.js'],
      ['GET', '/api/no-such-route'],
      ['GET', '/static/avatar-default.svg'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.headers, url).toMatchObject(expected);
    }
  });

  it('refuses options whose headers would depend on the request', () => {
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: {
          directives: { scriptSrc: ["'self'", (req) => `'nonce-${String(req.headers['x-nonce'])}'`] },
        },
      }),
    ).toThrow(/must not depend on the request/);
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { styleSrc: ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/must not depend on the request/);
  });
});
