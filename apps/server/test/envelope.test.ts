// The response envelope, error catalogue and system endpoints: 404/400/413/415/500 replies, language
// negotiation, OpenAPI at /api/docs, health and the development outbox switch.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, expectError, type Lang, type TestContext, tr } from './helpers';

const INTERNAL_TEXT = 'secret-internal-detail /srv/app/db.ts password_hash';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.get('/api/test/throw', async () => {
          throw new Error(INTERNAL_TEXT);
        });
        app.get('/api/test/throw-status', async () => {
          throw Object.assign(new Error(INTERNAL_TEXT), { statusCode: 503 });
        });
        app.get('/api/test/throw-string', async () => {
          throw INTERNAL_TEXT;
        });
        app.get('/api/test/sql', async () => {
          await ctx.db.execute(sql.raw('select password_hash from no_such_table_x'));
          return 'unreachable';
        });
      },
    },
  );
});
afterAll(async () => ctx.close());

describe('envelope', () => {
  it('a success reply is { code: 200, msg, data }', async () => {
    const res = await call<{ status: string; database: string }>(ctx.app, {
      method: 'GET',
      url: '/api/health',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      msg: tr('en', 'success.ok'),
      data: expect.objectContaining({ status: 'ok', reasons: [], database: ctx.database.kind }),
    });
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/user/nope'],
    ['GET', '/api/user/login'],
    ['DELETE', '/api/health'],
    ['GET', '/not-a-client-route.js'],
  ])('%s %s is 404 ROUTE_NOT_FOUND in the envelope', async (method, url) => {
    const res = await call(ctx.app, { method: method as 'GET', url });
    expectError(res, 404, 'ROUTE_NOT_FOUND');
    const zh = await call(ctx.app, { method: method as 'GET', url, headers: { lang: 'zh' } });
    expectError(zh, 404, 'ROUTE_NOT_FOUND', 'zh');
    expect(zh.body.msg).toBe(tr('zh', 'errors.ROUTE_NOT_FOUND'));
  });

  it('malformed JSON is 400 BAD_REQUEST, localized', async () => {
    for (const payload of ['{bad', '{"type":"account",', '[1,', 'nul']) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectError(res, 400, 'BAD_REQUEST');
      expect(res.body).not.toHaveProperty('errors');
    }
    const ja = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json', lang: 'ja' },
      payload: '{bad',
    });
    expectError(ja, 400, 'BAD_REQUEST', 'ja');
  });

  it('a body that is not an object is a validation error on "body"', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'null']) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_FAILED');
      expect(res.body.errors?.[0]?.field).toBe('body');
      expect(res.body.errors?.[0]?.key).toBe('validation.invalidType');
    }
    const empty = await call(ctx.app, { method: 'POST', url: '/api/user/login' });
    expect(empty.body.errors?.[0]).toMatchObject({ field: 'body', key: 'validation.required' });
  });

  it('an unsupported content type is 415, an oversized body 413', async () => {
    const xml = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expectError(xml, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const big = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'account', username: 'x'.repeat(1_100_000), password: 'x' }),
    });
    expectError(big, 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each(['/api/test/throw', '/api/test/throw-status', '/api/test/throw-string', '/api/test/sql'])(
    'an internal failure (%s) is 500 with the generic message and no internals',
    async (url) => {
      for (const lang of ['en', 'zh'] as const) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { lang } });
        expect(res.statusCode).toBe(500);
        const body = res.json();
        expect(body).toEqual({
          code: 500,
          errorCode: 'INTERNAL_ERROR',
          msg: tr(lang, 'errors.INTERNAL_ERROR'),
          data: null,
        });
        for (const leak of ['secret-internal', 'password_hash', 'no_such_table', '/srv/', 'stack', 'at ']) {
          expect(res.body).not.toContain(leak);
        }
      }
    },
  );

  it.each<[Record<string, string>, Lang]>([
    [{}, 'en'],
    [{ lang: 'zh' }, 'zh'],
    [{ lang: 'zh-CN' }, 'zh'],
    [{ lang: 'zh-TW' }, 'tw'],
    [{ lang: 'zh-HK' }, 'tw'],
    [{ lang: 'tw' }, 'tw'],
    [{ lang: 'pt_BR' }, 'pt'],
    [{ lang: 'pt-PT' }, 'pt'],
    [{ lang: 'JA' }, 'ja'],
    [{ lang: 'kr' }, 'ko'],
    [{ lang: 'xx' }, 'en'],
    [{ lang: 'klingon-KL' }, 'en'],
    [{ language: 'de' }, 'de'],
    [{ 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' }, 'fr'],
    [{ lang: 'ru', language: 'de', 'accept-language': 'fr' }, 'ru'],
    [{ language: 'lt', 'accept-language': 'fr' }, 'lt'],
  ])('language headers %j answer in %s', async (headers, lang) => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/nope', headers });
    expect(res.body.msg).toBe(tr(lang, 'errors.ROUTE_NOT_FOUND'));
    const ok = await call(ctx.app, { method: 'GET', url: '/api/health', headers });
    expect(ok.body.msg).toBe(tr(lang, 'success.ok'));
  });

  it('security headers are set', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe('system', () => {
  it('GET /api/docs serves the OpenAPI UI and /api/docs/json the generated document', async () => {
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: Array<{ name: string }> }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const [path, method] of [
      ['/api/user/login', 'post'],
      ['/api/user/register', 'post'],
      ['/api/user/refreshToken', 'post'],
      ['/api/user/getInfo', 'post'],
      ['/api/user/logout', 'post'],
      ['/api/user/updatePwd', 'post'],
      ['/api/user/updateUserLoginPwd', 'post'],
      ['/api/user/tardPwdSet', 'post'],
      ['/api/user/backPwd', 'post'],
      ['/api/user/sendEmailCode', 'post'],
      ['/api/user/sendMobileCode', 'post'],
      ['/api/mjkj-web/coin/open/send/email', 'get'],
      ['/api/mjkj-web/coin/open/send/sms', 'get'],
      ['/api/mjkj-web/coin/member/tradePwd', 'post'],
      ['/api/mjkj-web/coin/member/getLoginLog', 'get'],
      ['/api/mjkj-web/coin/member/getLoginDevice', 'get'],
      ['/api/mjkj-web/coin/member/deleteDevice/{id}', 'post'],
      ['/api/mjkj-web/coin/member/updateDevice', 'post'],
      ['/api/admin/auth/login', 'post'],
      ['/api/admin/auth/me', 'get'],
      ['/api/admin/auth/logout', 'post'],
      ['/api/admin/auth/password', 'post'],
      ['/api/admin/operators', 'post'],
      ['/api/health', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    // Generated from the route schemas: the body and query fields are described.
    const login = JSON.stringify(doc.paths['/api/user/login']?.post?.requestBody);
    for (const field of ['type', 'username', 'password', 'deviceId']) expect(login).toContain(field);
    const back = doc.paths['/api/user/backPwd']?.post?.parameters?.map((p) => p.name) ?? [];
    expect(back).toEqual(expect.arrayContaining(['type', 'target', 'code', 'password', 'confirmPassword']));
    // The test-only routes of this file are not part of the contract, but the dev outbox may be.
    expect(JSON.stringify(doc)).not.toContain('password_hash');
  });

  it('health reports the database kind', async () => {
    const res = await call<{ status: string; database: string }>(ctx.app, {
      method: 'GET',
      url: '/api/health',
    });
    expect(res.body.data).toMatchObject({
      status: 'ok',
      reasons: [],
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      databaseOk: true,
      projection: { lag: 0, openFailures: 0, stalled: false },
    });
  });

  it('the dev outbox lists messages by target, and rejects unknown query fields', async () => {
    const email = 'outbox-check@example.com';
    await call(ctx.app, { method: 'POST', url: `/api/user/sendEmailCode?email=${email}&type=register` });
    const res = await call<Array<{ channel: string; target: string; subject: string; body: string }>>(
      ctx.app,
      {
        method: 'GET',
        url: `/api/dev/outbox?target=${encodeURIComponent('Outbox-Check@Example.com')}`,
      },
    );
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ channel: 'email', target: email });
    expect(res.body.data[0]?.body).toMatch(/\b\d{6}\b/);
    const bad = await call(ctx.app, { method: 'GET', url: '/api/dev/outbox?target=a&all=1' });
    expect(bad.body.errors?.[0]).toMatchObject({ field: 'all', key: 'validation.unknownField' });
  });

  it('the dev outbox does not exist unless DEV_OUTBOX_API=true', async () => {
    const off = await createTestApp({ DEV_OUTBOX_API: 'false' });
    try {
      const res = await call(off.app, { method: 'GET', url: '/api/dev/outbox' });
      expectError(res, 404, 'ROUTE_NOT_FOUND');
      const docs = await off.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(Object.keys((docs.json() as { paths: object }).paths)).not.toContain('/api/dev/outbox');
    } finally {
      await off.close();
    }
  });

  it('the default avatar image is served', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/static/avatar-default.svg' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('svg');
  });
});
