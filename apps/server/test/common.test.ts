// Start-up and shell endpoints (issue 3, item 6) and the operator-editable settings behind them.
import { runInNewContext } from 'node:vm';
import { LANGUAGES } from '@coin/shared/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptSafeJson } from '@/modules/common/platform-script';
import { defaultSettings } from '@/modules/common/settings-defaults';
import { SETTING_KEYS, settingSchemas } from '@/modules/common/settings-schemas';
import { createOperator } from './console-helpers';
import {
  type ApiReply,
  bootstrapAdmin,
  call,
  createTestApp,
  registerAndLogin,
  type TestContext,
} from './helpers';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await bootstrapAdmin(ctx.app)).token;
});
afterAll(async () => ctx.close());

const post = <T>(url: string, headers: Record<string, string> = {}) =>
  call<T>(ctx.app, { method: 'POST', url, headers });

const admin = {
  put: <T = unknown>(key: string, payload: unknown, token = adminToken) =>
    call<T>(ctx.app, {
      method: 'PUT',
      url: `/api/admin/settings/${key}`,
      headers: { satoken: token, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    }),
  get: <T = unknown>(url: string, token = adminToken) =>
    call<T>(ctx.app, { method: 'GET', url, headers: { satoken: token } }),
  reset: <T = unknown>(key: string) =>
    call<T>(ctx.app, {
      method: 'DELETE',
      url: `/api/admin/settings/${key}`,
      headers: { satoken: adminToken },
    }),
};

interface SettingEntryView {
  key: string;
  value: unknown;
  defaultValue: unknown;
  isDefault: boolean;
  updatedAt: string | null;
}

interface HistoryView {
  total: number;
  records: Array<{ action: string; key: string; operatorId: string; before: unknown; after: unknown }>;
}

async function configScript(url = '/platform/dev/config.js?t=1767225600000') {
  const res = await ctx.app.inject({ method: 'GET', url });
  const match = /^window\.__PLATFORM_CONFIG__ = (.*);\n$/s.exec(res.body);
  return { res, json: match?.[1] };
}

/** Runs the script as a browser would and returns what it assigned. */
function evaluateScript(body: string): unknown {
  const window: Record<string, unknown> = {};
  runInNewContext(body, { window });
  return window.__PLATFORM_CONFIG__;
}

function expectFieldError(res: ApiReply, field: string) {
  expect(res.status).toBe(400);
  expect(res.body.errorCode).toBe('VALIDATION_FAILED');
  expect(res.body.errors?.map((e) => e.field)).toContain(field);
}

describe('defaults', () => {
  it('every default fits its own schema', () => {
    const defaults = defaultSettings({ BRAND_NAME: 'Brand' });
    for (const key of SETTING_KEYS) {
      const parsed = settingSchemas[key].safeParse(defaults[key]);
      expect(parsed.success, key).toBe(true);
      expect(parsed.data, key).toEqual(defaults[key]);
    }
  });

  it('nothing is written at start: every setting reports its default', async () => {
    const res = await admin.get<SettingEntryView[]>('/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.body.data.map((e) => e.key)).toEqual([...SETTING_KEYS]);
    for (const entry of res.body.data) {
      expect(entry.isDefault).toBe(true);
      expect(entry.updatedAt).toBeNull();
      expect(entry.value).toEqual(entry.defaultValue);
    }
  });
});

describe('public endpoints', () => {
  it('GET /platform/dev/config.js: script, no-store, brand from config, all features on', async () => {
    const { res, json } = await configScript();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(json).toBeDefined();
    const config = JSON.parse(json ?? '');
    expect(config).toEqual({
      brandName: ctx.config.BRAND_NAME,
      logo: '/static/logo.svg',
      imageUrls: { logo: '/static/logo.svg', avatar: '/static/avatar-default.svg' },
      features: {
        seconds: true,
        spot: true,
        contract: true,
        margin: true,
        otc: true,
        defi: true,
        pledge: true,
        loan: true,
        finance: true,
      },
    });
    expect(evaluateScript(res.body)).toEqual(config);
    // Without the cache-buster too.
    expect((await configScript('/platform/dev/config.js')).res.statusCode).toBe(200);
  });

  it('serves the default logo and language badges', async () => {
    for (const url of ['/static/logo.svg', '/static/lang/en.svg', '/static/lang/lt.svg']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
    }
  });

  it('POST /api/common/getAllSetting', async () => {
    const res = await post<{
      brandName: string;
      defaultLang: string;
      languages: Array<{ dictValue: string; remark: string; imgUrl: string | null }>;
      defaultCurrency: string;
      currencies: Array<{
        exchange_code: string;
        quote_currency: string;
        exchange_value: string;
        rate: string;
      }>;
      appDownload: { android: string | null; ios: string | null; page: string | null };
      ratesUpdatedAt: string | null;
    }>('/api/common/getAllSetting');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(
      [
        'brandName',
        'defaultLang',
        'languages',
        'defaultCurrency',
        'currencies',
        'appDownload',
        'ratesUpdatedAt',
      ].sort(),
    );
    expect(d.brandName).toBe(ctx.config.BRAND_NAME);
    expect(d.defaultLang).toBe('en');
    expect(d.languages.map((l) => l.dictValue)).toEqual([...LANGUAGES]);
    expect(d.languages.find((l) => l.dictValue === 'zh')).toEqual({
      dictValue: 'zh',
      remark: '简体中文',
      imgUrl: '/static/lang/zh.svg',
    });
    expect(d.languages.find((l) => l.dictValue === 'lt')?.remark).toBe('Lietuvių');
    expect(d.defaultCurrency).toBe('CNY');
    const codes = d.currencies.map((c) => c.exchange_code);
    for (const code of ['CNY', 'USD', 'EUR', 'JPY', 'KRW', 'HKD', 'TWD', 'GBP', 'RUB', 'BRL', 'VND', 'THB']) {
      expect(codes).toContain(code);
    }
    const cny = d.currencies.find((c) => c.exchange_code === 'CNY');
    expect(cny).toMatchObject({ quote_currency: 'USDT', exchange_value: '¥' });
    expect(typeof cny?.rate).toBe('string');
    expect(d.appDownload).toEqual({ android: null, ios: null, page: null });
    expect(d.ratesUpdatedAt).toBeNull();
  });

  it('POST /api/common/getAllSetting accepts an empty JSON body', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/common/getAllSetting',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.status).toBe(200);
  });

  // POST /api/common/getCoinList moved to the market area: test/market-lists.test.ts.

  it('POST /api/common/getCustomerService: empty list by default', async () => {
    const res = await post<{ data: unknown[] }>('/api/common/getCustomerService');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ data: [] });
  });

  it('POST /api/common/getWhitePaperSetting: url null by default', async () => {
    const res = await post<{ url: string | null }>('/api/common/getWhitePaperSetting');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ url: null });
  });

  it('GET /api/mjkj-web/coin/assets/getCoinRate: the currency list with rates', async () => {
    const res = await call<Array<{ exchange_code: string; rate: string }>>(ctx.app, {
      method: 'GET',
      url: '/api/mjkj-web/coin/assets/getCoinRate',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBe(12);
    expect(res.body.data.find((c) => c.exchange_code === 'USD')?.rate).toBe('1');
  });

  it('/api/user/getCountryCode: GET and POST, names in the request language', async () => {
    type Country = { code: string; name: string; dialCode: string };
    const en = await call<Country[]>(ctx.app, { method: 'GET', url: '/api/user/getCountryCode' });
    expect(en.status).toBe(200);
    expect(en.body.data.length).toBeGreaterThanOrEqual(30);
    expect(en.body.data[0]).toEqual({ code: 'CN', name: 'China', dialCode: '+86' });
    expect(en.body.data.find((c) => c.code === 'US')?.dialCode).toBe('+1');
    for (const c of en.body.data) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
    }
    const zh = await post<Country[]>('/api/user/getCountryCode', { lang: 'zh' });
    expect(zh.status).toBe(200);
    expect(zh.body.data[0]).toEqual({ code: 'CN', name: '中国', dialCode: '+86' });
    const tw = await post<Country[]>('/api/user/getCountryCode', { lang: 'tw' });
    expect(tw.body.data[0]?.name).toBe('中國');
  });
});

describe('config.js escaping', () => {
  it('escapes characters that could end a script element or a line', () => {
    const out = scriptSafeJson({ s: '</script><!-- & \u2028\u2029' });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(out)).toEqual({ s: '</script><!-- & \u2028\u2029' });
  });

  it('an operator-set brand name cannot break out of the script', async () => {
    const brandName = '</script><script>alert(1)</script> & Co \u2028';
    const platform = { ...defaultSettings(ctx.config).platform, brandName };
    expect((await admin.put('platform', platform)).status).toBe(200);
    const { res } = await configScript();
    expect(res.body).not.toMatch(/[<>&\u2028]/);
    expect(evaluateScript(res.body)).toMatchObject({ brandName: brandName.trim() });
    expect((await admin.reset('platform')).status).toBe(200);
  });
});

describe('operator editing', () => {
  it('round trip: PUT a setting, see it in the public endpoint and the audit log', async () => {
    const links = [
      { name: 'Live chat', url: 'https://support.example.com/chat' },
      { name: 'Telegram', url: 'https://t.me/example_support' },
    ];
    const put = await admin.put<SettingEntryView>('customerService', links);
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ key: 'customerService', value: links, isDefault: false });
    expect(put.body.data.updatedAt).toBe(ctx.clock.now().toISOString());

    const pub = await post<{ data: typeof links }>('/api/common/getCustomerService');
    expect(pub.body.data.data).toEqual(links);

    const list = await admin.get<SettingEntryView[]>('/api/admin/settings');
    expect(list.body.data.find((e) => e.key === 'customerService')).toMatchObject({
      value: links,
      defaultValue: [],
      isDefault: false,
    });

    const history = await admin.get<HistoryView>('/api/admin/settings/history?key=customerService');
    expect(history.status).toBe(200);
    expect(history.body.data.total).toBe(1);
    expect(history.body.data.records[0]).toMatchObject({
      action: 'settings.update',
      key: 'customerService',
      before: [],
      after: links,
    });
  });

  it('white paper, app download, brand and features reach the public endpoints', async () => {
    expect((await admin.put('whitePaper', { url: 'https://example.com/whitepaper.pdf' })).status).toBe(200);
    expect((await post<{ url: string }>('/api/common/getWhitePaperSetting')).body.data.url).toBe(
      'https://example.com/whitepaper.pdf',
    );

    const download = { android: 'https://example.com/app.apk', ios: null, page: 'https://example.com/app' };
    expect((await admin.put('appDownload', download)).status).toBe(200);

    const platform = defaultSettings(ctx.config).platform;
    const edited = {
      ...platform,
      brandName: '  Acme Exchange  ',
      logo: 'https://cdn.example.com/acme.png',
      imageUrls: { banner: 'https://cdn.example.com/banner.png' },
      features: { ...platform.features, otc: false, loan: false },
    };
    const put = await admin.put<SettingEntryView>('platform', edited);
    expect(put.status).toBe(200);
    expect(put.body.data.value).toMatchObject({ brandName: 'Acme Exchange' });

    const all = await post<{ brandName: string; appDownload: typeof download }>('/api/common/getAllSetting');
    expect(all.body.data.brandName).toBe('Acme Exchange');
    expect(all.body.data.appDownload).toEqual(download);
    const { json } = await configScript();
    expect(JSON.parse(json ?? '')).toEqual({ ...edited, brandName: 'Acme Exchange' });
  });

  it('currencies and the default currency, with ratesUpdatedAt stamped on save', async () => {
    ctx.clock.advance(60_000);
    const currencies = [
      { exchange_code: 'usd', exchange_value: '$', rate: '1' },
      { exchange_code: 'EUR', quote_currency: 'USDT', exchange_value: '€', rate: '0.91' },
      { exchange_code: 'CNY', exchange_value: '¥', rate: '7.1234' },
    ];
    const put = await admin.put<SettingEntryView>('currencies', currencies);
    expect(put.status).toBe(200);
    expect(put.body.data.value).toEqual([
      { exchange_code: 'USD', quote_currency: 'USDT', exchange_value: '$', rate: '1' },
      { exchange_code: 'EUR', quote_currency: 'USDT', exchange_value: '€', rate: '0.91' },
      { exchange_code: 'CNY', quote_currency: 'USDT', exchange_value: '¥', rate: '7.1234' },
    ]);
    expect((await admin.put('defaultCurrency', 'EUR')).status).toBe(200);

    const all = await post<{ defaultCurrency: string; ratesUpdatedAt: string; currencies: unknown[] }>(
      '/api/common/getAllSetting',
    );
    expect(all.body.data.defaultCurrency).toBe('EUR');
    expect(all.body.data.currencies).toHaveLength(3);
    expect(all.body.data.ratesUpdatedAt).toBe(ctx.clock.now().toISOString());
    const rates = await call<unknown[]>(ctx.app, {
      method: 'GET',
      url: '/api/mjkj-web/coin/assets/getCoinRate',
    });
    expect(rates.body.data).toEqual(put.body.data.value);

    // The default currency must stay in the list, whichever document changes.
    expectFieldError(await admin.put('defaultCurrency', 'JPY'), 'body');
    expectFieldError(
      await admin.put(
        'currencies',
        currencies.filter((c) => c.exchange_code !== 'EUR'),
      ),
      'body',
    );
    expect((await admin.put('defaultCurrency', 'CNY')).status).toBe(200);
  });

  it('reset returns a setting to its default, audited', async () => {
    const res = await admin.reset<SettingEntryView>('whitePaper');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      key: 'whitePaper',
      value: { url: null },
      isDefault: true,
      updatedAt: null,
    });
    expect((await post<{ url: null }>('/api/common/getWhitePaperSetting')).body.data.url).toBeNull();
    const history = await admin.get<HistoryView>('/api/admin/settings/history?key=whitePaper');
    expect(history.body.data.records.map((r) => r.action)).toEqual(['settings.reset', 'settings.update']);
    expect(history.body.data.records[0]).toMatchObject({
      before: { url: 'https://example.com/whitepaper.pdf' },
      after: { url: null },
    });
  });

  it('unknown key gives NOT_FOUND', async () => {
    const put = await admin.put('nope', { a: 1 });
    expect(put.status).toBe(404);
    expect(put.body.errorCode).toBe('NOT_FOUND');
    const del = await admin.reset('nope');
    expect(del.status).toBe(404);
    expect(del.body.errorCode).toBe('NOT_FOUND');
  });
});

describe('operator permissions', () => {
  it('a reviewer or support operator gets 403; a user token and no token get 401', async () => {
    const roles = ['reviewer', 'support'] as const;
    for (const role of roles) {
      const { token } = await createOperator(ctx, adminToken, `${role}1`, role);
      const get = await admin.get('/api/admin/settings', token);
      expect(get.status).toBe(403);
      expect(get.body.errorCode).toBe('FORBIDDEN');
      // Refused before the body is even validated.
      const put = await admin.put('whitePaper', { url: 'not a url' }, token);
      expect(put.status).toBe(403);
      expect(put.body.errorCode).toBe('FORBIDDEN');
    }

    const user = await registerAndLogin(ctx.app);
    const asUser = await admin.put('whitePaper', { url: 'https://evil.example.com' }, user.token);
    expect(asUser.status).toBe(401);
    const anonymous = await call(ctx.app, { method: 'GET', url: '/api/admin/settings' });
    expect(anonymous.status).toBe(401);
    expect((await post<{ url: string | null }>('/api/common/getWhitePaperSetting')).body.data.url).toBeNull();
  });
});

describe('validation', () => {
  const platform = () => defaultSettings({ BRAND_NAME: 'Brand' }).platform;
  const cases: Array<[key: string, body: unknown, field: string]> = [
    ['whitePaper', { url: 'ftp://example.com/wp.pdf' }, 'url'],
    ['whitePaper', { url: 'javascript:alert(1)' }, 'url'],
    ['whitePaper', { url: null, extra: true }, 'extra'],
    ['whitePaper', {}, 'url'],
    ['customerService', [{ name: '', url: 'https://example.com' }], '0.name'],
    ['customerService', [{ name: 'Chat', url: 'example.com/chat' }], '0.url'],
    ['customerService', { name: 'Chat', url: 'https://example.com' }, 'body'],
    ['appDownload', { android: 'https://example.com/a.apk', ios: 'http://' }, 'ios'],
    ['appDownload', { android: null, ios: null, page: null, windows: null }, 'windows'],
    ['platform', { ...platform(), brandName: '   ' }, 'brandName'],
    ['platform', { ...platform(), logo: '//evil.example.com/x.png' }, 'logo'],
    ['platform', { ...platform(), logo: '/static/../../etc/passwd' }, 'logo'],
    [
      'platform',
      { ...platform(), imageUrls: { ok: 'https://example.com/a.png', 'bad key': '/x.png' } },
      'imageUrls.bad key',
    ],
    ['platform', { ...platform(), features: { ...platform().features, spot: 'yes' } }, 'features.spot'],
    ['platform', { ...platform(), features: { ...platform().features, casino: true } }, 'features.casino'],
    ['languages', [{ dictValue: 'xx', remark: 'X', imgUrl: null }], '0.dictValue'],
    [
      'languages',
      [
        { dictValue: 'en', remark: 'English', imgUrl: null },
        { dictValue: 'en', remark: 'English', imgUrl: null },
      ],
      '1.dictValue',
    ],
    ['languages', [{ dictValue: 'zh', remark: '简体中文', imgUrl: null }], 'body'],
    ['currencies', [{ exchange_code: 'CNY', exchange_value: '¥', rate: '-7' }], '0.rate'],
    ['currencies', [{ exchange_code: 'CNY', exchange_value: '¥', rate: 7.2 }], '0.rate'],
    ['currencies', [{ exchange_code: 'CNY', exchange_value: '¥', rate: '7.123456789' }], '0.rate'],
    ['currencies', [{ exchange_code: 'CNY', exchange_value: '¥', rate: 'abc' }], '0.rate'],
    ['currencies', [{ exchange_code: 'YUAN', exchange_value: '¥', rate: '7' }], '0.exchange_code'],
    [
      'currencies',
      [{ exchange_code: 'CNY', quote_currency: 'BTC', exchange_value: '¥', rate: '7' }],
      '0.quote_currency',
    ],
    ['defaultCurrency', 'yuan', 'body'],
  ];

  it.each(cases)('%s rejects %j at field %s and changes nothing', async (key, body, field) => {
    const before = await admin.get<SettingEntryView[]>('/api/admin/settings');
    const historyBefore = await admin.get<HistoryView>('/api/admin/settings/history');
    const res = await admin.put(key, body);
    expectFieldError(res, field);
    const after = await admin.get<SettingEntryView[]>('/api/admin/settings');
    expect(after.body.data).toEqual(before.body.data);
    const historyAfter = await admin.get<HistoryView>('/api/admin/settings/history');
    expect(historyAfter.body.data.total).toBe(historyBefore.body.data.total);
  });

  it('field errors carry a translation key and a localized message', async () => {
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/admin/settings/currencies',
      headers: { satoken: adminToken, 'content-type': 'application/json', lang: 'en' },
      payload: JSON.stringify([{ exchange_code: 'CNY', exchange_value: '¥', rate: 'abc' }]),
    });
    expect(res.body.errors?.[0]).toMatchObject({ field: '0.rate', key: 'validation.decimal' });
    expect(res.body.msg).toContain('must be a number');
  });

  it('an empty body is a validation error, not a crash', async () => {
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/admin/settings/whitePaper',
      headers: { satoken: adminToken, 'content-type': 'application/json' },
      payload: '',
    });
    expectFieldError(res, 'body');
  });

  it('the history query validates its key', async () => {
    const res = await admin.get('/api/admin/settings/history?key=nope');
    expectFieldError(res, 'key');
  });
});

describe('OpenAPI', () => {
  it('documents the public endpoints and one PUT per setting key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of ['/platform/dev/config.js', '/api/common/getAllSetting', '/api/user/getCountryCode']) {
      expect(paths).toContain(path);
    }
    for (const key of SETTING_KEYS) expect(paths).toContain(`/api/admin/settings/${key}`);
  });
});
