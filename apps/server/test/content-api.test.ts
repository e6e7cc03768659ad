// Content (issue 14): seed in 14 languages, published-only reads with English fallback, the cgform
// allow-list, notices, help-centre articles, and the operator CMS (admin only, audited).
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentItems } from '@/db/schema';
import { createOperator } from './console-helpers';
import {
  auth,
  bootstrapAdmin,
  call,
  createTestApp,
  expectError,
  expectValidation,
  registerAndLogin,
  type TestContext,
} from './helpers';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await bootstrapAdmin(ctx.app)).token;
});
afterAll(async () => ctx.close());

interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}
interface Item {
  id: string;
  kind: string;
  code: string | null;
  title: string;
  summary: string;
  html?: string;
  lang: string;
  fallback: boolean;
  section_code: string | null;
}
interface Category {
  id: string;
  pid: string;
  section_code: string;
  name: string;
  lang: string;
  fallback: boolean;
}

const get = <T>(url: string, lang = 'en') => call<T>(ctx.app, { method: 'GET', url, headers: { lang } });
const CG = '/api/mjkj-web/cgform-api';

function itemBody(kind: string, texts: Record<string, string>, extra: Record<string, unknown> = {}) {
  return {
    kind,
    ...extra,
    translations: Object.entries(texts).map(([lang, title]) => ({
      lang,
      title,
      markdown: `# ${title}\n\nBody ${lang}`,
    })),
  };
}

describe('seed content', () => {
  it('loads the whole category tree in one call with page size -521, named in the language asked', async () => {
    const zh = await get<Page<Category>>(`${CG}/getData/article_category?pageSize=-521&article_lang=zh`);
    expect(zh.status, JSON.stringify(zh.body)).toBe(200);
    expect(zh.body.data.records.map((c) => c.section_code).sort()).toEqual([
      'fees_and_rules',
      'getting_started',
      'guides',
      'legal',
      'risk',
    ]);
    expect(zh.body.data.total).toBe(5);
    const legal = zh.body.data.records.find((c) => c.section_code === 'legal');
    const risk = zh.body.data.records.find((c) => c.section_code === 'risk');
    expect(legal).toMatchObject({ pid: '0', name: '法律条款', lang: 'zh', fallback: false });
    expect(risk?.pid).toBe(legal?.id);
    // The request header decides when article_lang is absent.
    const lt = await get<Page<Category>>(`${CG}/getData/article_category?pageSize=-521`, 'lt');
    expect(lt.body.data.records[0]?.name).toBe('Vadovai');
  });

  it('has the six documents as articles in all 14 languages, with live fee figures and no script', async () => {
    for (const lang of ['en', 'zh', 'tw', 'ja', 'ko', 'pt', 'vi', 'th', 'es', 'fr', 'ru', 'de', 'it', 'lt']) {
      for (const code of [
        'getting_started_guide',
        'fee_schedule',
        'security_fund_rule',
        'risk_disclosure',
        'terms_of_service',
        'privacy_policy',
      ]) {
        const res = await get<Item>(`/api/helpCenterInfo/${code}`, lang);
        expect(res.status, `${lang} ${code}`).toBe(200);
        expect(res.body.data.lang).toBe(lang);
        expect(res.body.data.fallback).toBe(false);
        expect(res.body.data.html).not.toContain('{{');
      }
    }
    const fees = await get<Item>('/api/helpCenterInfo/fee_schedule', 'de');
    // SPOT_MAKER_FEE_RATE 0.001 and the 90/10 split, filled in at read time.
    expect(fees.body.data.html).toContain('0.1 %');
    expect(fees.body.data.html).toContain('10 %');
    expect(fees.body.data.html).toContain('<table>');
  });

  it('lists the seeded notice and news item', async () => {
    const notices = await call<Page<Item>>(ctx.app, {
      method: 'POST',
      url: '/api/notice/list',
      headers: { lang: 'ja' },
    });
    expect(notices.status).toBe(200);
    expect(notices.body.data.records[0]).toMatchObject({ code: 'risk_notice', lang: 'ja', fallback: false });
    expect(notices.body.data.records[0]?.html).toContain('<a href="/article/main/index"');
    const news = await get<Page<Item>>(
      `${CG}/getData/news?column=publish_time&order=desc&pageSize=10&article_lang=fr`,
    );
    expect(news.body.data.records.map((r) => r.code)).toContain('welcome');
    expect(news.body.data.records.find((r) => r.code === 'welcome')?.title).not.toContain('{{');
  });

  it('does not apply the seed twice', async () => {
    const { applyContentSeed } = await import('@/modules/content/content-seed');
    expect(await applyContentSeed(ctx.db, ctx.clock, ctx.app.content)).toBe(false);
    expect((await ctx.db.select().from(contentItems)).length).toBe(8);
  });
});

describe('cgform allow-list', () => {
  it('refuses unknown forms, sort columns and filters', async () => {
    expectError(await get(`${CG}/getData/users`), 404, 'CGFORM_UNKNOWN_FORM');
    expectError(await get(`${CG}/getData/operators?pageSize=-521`), 404, 'CGFORM_UNKNOWN_FORM');
    expectError(await get(`${CG}/getData/news?column=password_hash`), 400, 'CGFORM_COLUMN_REFUSED');
    expectError(await get(`${CG}/getData/news?column=status`), 400, 'CGFORM_COLUMN_REFUSED');
    // A parameter no form has is an unknown field; one another form has is refused by this form.
    expectValidation(await get(`${CG}/getData/news?status=draft`), 'status', 'validation.unknownField');
    expectError(await get(`${CG}/getData/news?config_code=white_paper`), 400, 'CGFORM_FILTER_REFUSED');
    expectError(await get(`${CG}/getData/article?order=sideways`), 400, 'CGFORM_FILTER_REFUSED');
    expectError(await get(`${CG}/getData/article?pageSize=1000`), 400, 'CGFORM_FILTER_REFUSED');
    expectError(await get(`${CG}/getData/article?article_lang=xx`), 400, 'CGFORM_FILTER_REFUSED');
    expectError(await get(`${CG}/detailData/site_config/1`), 404, 'CGFORM_UNKNOWN_FORM');
    expectError(await get(`${CG}/detailData/users/1`), 404, 'CGFORM_UNKNOWN_FORM');
  });

  it('filters articles by section code and article code, and serves site config and countries', async () => {
    const legal = await get<Page<Item>>(`${CG}/getData/article?section_code=legal&column=sort&order=asc`);
    expect(legal.body.data.records.map((r) => r.code)).toEqual(['terms_of_service', 'privacy_policy']);
    const terms = await get<Page<Item>>(`${CG}/getData/article?article_code=terms_of_service`);
    expect(terms.body.data.records).toHaveLength(1);
    const detail = await get<Item>(
      `${CG}/detailData/article/${terms.body.data.records[0]?.id}?article_lang=es`,
    );
    expect(detail.body.data).toMatchObject({
      code: 'terms_of_service',
      lang: 'es',
      title: 'Términos del servicio',
    });
    const config = await get<Page<{ config_code: string; config_value: string | null }>>(
      `${CG}/getData/site_config?config_code=white_paper`,
    );
    expect(config.body.data.records).toEqual([{ config_code: 'white_paper', config_value: null }]);
    const country = await get<Page<{ country_flag: string; dial_code: string }>>(
      `${CG}/getData/country?country_flag=lt`,
    );
    expect(country.body.data.records).toEqual([{ country_flag: 'LT', name: 'Lithuania', dial_code: '+370' }]);
  });
});

describe('operator CMS', () => {
  it('creates a draft that never leaks, publishes it in two languages with English fallback elsewhere', async () => {
    const created = await call<{ id: string; status: string }>(ctx.app, {
      method: 'POST',
      url: '/api/admin/content/items',
      headers: auth(admin),
      payload: itemBody('news', { en: 'Listing: ABC', zh: '上线：ABC' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.status).toBe('draft');
    const id = created.body.data.id;

    // Draft: not in lists, not by id through any public call.
    const listed = await get<Page<Item>>(`${CG}/getData/news?pageSize=-521`);
    expect(listed.body.data.records.map((r) => r.id)).not.toContain(id);
    expectError(await get(`${CG}/detailData/news/${id}`), 404, 'CONTENT_NOT_FOUND');
    expectError(await get(`${CG}/detailData/article/${id}`), 404, 'CONTENT_NOT_FOUND');
    expectError(await get(`/api/helpCenterInfo/${id}`), 404, 'CONTENT_NOT_FOUND');

    const published = await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/content/items/${id}/publish`,
      headers: auth(admin),
      payload: {},
    });
    expect(published.status).toBe(200);
    const zh = await get<Item>(`${CG}/detailData/news/${id}`, 'zh');
    expect(zh.body.data).toMatchObject({ title: '上线：ABC', lang: 'zh', fallback: false });
    const de = await get<Item>(`${CG}/detailData/news/${id}`, 'de');
    expect(de.body.data).toMatchObject({ title: 'Listing: ABC', lang: 'en', fallback: true });
    expect(de.body.data.html).toContain('<h1>Listing: ABC</h1>');

    // Unpublished again: gone from every public read.
    await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/content/items/${id}/unpublish`,
      headers: auth(admin),
      payload: {},
    });
    expectError(await get(`${CG}/detailData/news/${id}`), 404, 'CONTENT_NOT_FOUND');
    const after = await get<Page<Item>>(`${CG}/getData/news?pageSize=-521`);
    expect(after.body.data.records.map((r) => r.id)).not.toContain(id);

    const actions = (await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(3)).map(
      (a) => a.action,
    );
    expect(actions).toEqual(['content.unpublish', 'content.publish', 'content.create']);
  });

  it('hides articles under an unpublished category, and sanitizes what operators write', async () => {
    const cat = await call<{ id: string }>(ctx.app, {
      method: 'POST',
      url: '/api/admin/content/categories',
      headers: auth(admin),
      payload: { pid: '0', sectionCode: 'hidden_cat', names: [{ lang: 'en', name: 'Hidden' }] },
    });
    expect(cat.status, JSON.stringify(cat.body)).toBe(200);
    const art = await call<{ id: string }>(ctx.app, {
      method: 'POST',
      url: '/api/admin/content/items',
      headers: auth(admin),
      payload: {
        kind: 'article',
        categoryId: cat.body.data.id,
        translations: [
          {
            lang: 'en',
            title: 'XSS',
            markdown:
              'Hi <script>alert(1)</script> <img src="https://x.example/a.png" onerror="alert(2)"> [x](javascript:alert(3))',
          },
        ],
      },
    });
    await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/content/items/${art.body.data.id}/publish`,
      headers: auth(admin),
      payload: {},
    });
    // Published article, draft category: still hidden.
    expectError(await get(`/api/helpCenterInfo/${art.body.data.id}`), 404, 'CONTENT_NOT_FOUND');
    const tree = await get<Page<Category>>(`${CG}/getData/article_category?pageSize=-521`);
    expect(tree.body.data.records.map((c) => c.section_code)).not.toContain('hidden_cat');
    await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/content/categories/${cat.body.data.id}/publish`,
      headers: auth(admin),
      payload: {},
    });
    const shown = await get<Item>(`/api/helpCenterInfo/${art.body.data.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.section_code).toBe('hidden_cat');
    expect(shown.body.data.html).not.toMatch(/<script|onerror|javascript:/i);
    expect(shown.body.data.html).toContain('src="https://x.example/a.png"');

    const preview = await call<{ html: string }>(ctx.app, {
      method: 'POST',
      url: '/api/admin/content/preview',
      headers: auth(admin),
      payload: { markdown: '<a href="javascript:x()" onclick="y()">a</a> {{spotTakerFee}}' },
    });
    expect(preview.body.data.html).toBe('<p><a rel="noopener noreferrer nofollow">a</a> 0.1 %</p>\n');
  });

  it('refuses what breaks the rules and changes nothing', async () => {
    const before = (await ctx.db.select().from(contentItems)).length;
    const noEnglish = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/content/items',
      headers: auth(admin),
      payload: itemBody('notice', { zh: '只有中文' }),
    });
    expectError(noEnglish, 422, 'CONTENT_ENGLISH_REQUIRED');
    const taken = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/content/items',
      headers: auth(admin),
      payload: itemBody('article', { en: 'Dup' }, { code: 'terms_of_service' }),
    });
    expectError(taken, 409, 'CONTENT_CODE_TAKEN');
    const unknownField = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/content/items',
      headers: auth(admin),
      payload: { ...itemBody('news', { en: 'x' }), status: 'published' },
    });
    expect(unknownField.status).toBe(400);
    expect((await ctx.db.select().from(contentItems)).length).toBe(before);

    const cats = await call<Array<{ id: string; sectionCode: string; pid: string }>>(ctx.app, {
      method: 'GET',
      url: '/api/admin/content/categories',
      headers: auth(admin),
    });
    const guides = cats.body.data.find((c) => c.sectionCode === 'guides');
    const started = cats.body.data.find((c) => c.sectionCode === 'getting_started');
    const cycle = await call(ctx.app, {
      method: 'PUT',
      url: `/api/admin/content/categories/${guides?.id}`,
      headers: auth(admin),
      payload: { pid: started?.id, sectionCode: 'guides', names: [{ lang: 'en', name: 'Guides' }] },
    });
    expectError(cycle, 422, 'CONTENT_CATEGORY_CYCLE');
  });

  it('is for admins only', async () => {
    const support = await createOperator(ctx, admin, 'cms_support', 'support');
    const user = await registerAndLogin(ctx.app);
    for (const [token, status] of [
      [support.token, 403],
      [user.token, 401],
    ] as const) {
      const res = await call(ctx.app, {
        method: 'GET',
        url: '/api/admin/content/items',
        headers: auth(token),
      });
      expect(res.status).toBe(status);
      const write = await call(ctx.app, {
        method: 'POST',
        url: '/api/admin/content/items',
        headers: auth(token),
        payload: itemBody('news', { en: 'x' }),
      });
      expect(write.status).toBe(status);
    }
    const list = await call<Page<{ code: string | null; status: string; langs: string[] }>>(ctx.app, {
      method: 'GET',
      url: '/api/admin/content/items?kind=article&status=published&keyword=terms',
      headers: auth(admin),
    });
    expect(list.body.data.records).toHaveLength(1);
    expect(list.body.data.records[0]?.langs).toHaveLength(14);
    const [row] = await ctx.db.select().from(contentItems).where(eq(contentItems.code, 'terms_of_service'));
    expect(row?.status).toBe('published');
  });
});
