// Validation messages people read (hardening issue): every placeholder is filled from the check that
// failed (strings, numbers, bigints, lists, and the field issues services raise), and the field is named
// by its translated label, never by the raw key ("loginPassword: ..."), in all 14 languages.
import { LANGUAGES } from '@coin/shared/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogues } from '@/i18n/translate';
import { issueToField, zodIssuesToFields } from '@/lib/zod-issues';
import { localizeFields } from '@/plugins/envelope';
import { auth, b64, bootstrapAdmin, call, type Lang, tr } from './helpers';
import {
  API,
  BTC_ADDRESS,
  createWalletApp,
  credit,
  FUND_PASSWORD,
  walletUser,
  withdraw,
  withdrawalKey,
} from './wallet-kit';

const PLACEHOLDER = /\{\w+\}/;
let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let admin: string;
let user: Awaited<ReturnType<typeof walletUser>>;

beforeAll(async () => {
  ctx = await createWalletApp();
  admin = (await bootstrapAdmin(ctx.app)).token;
  user = await walletUser(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

type Reply = Awaited<ReturnType<typeof call>>;

/** The first field error in every language: filled, labelled, and naming `label` and `value`. */
async function expectFilled(send: (lang: Lang) => Promise<Reply>, field: string, key: string, value: string) {
  for (const lang of LANGUAGES) {
    const res = await send(lang);
    const first = res.body.errors?.[0];
    expect(first, JSON.stringify(res.body)).toMatchObject({ field, key });
    expect(res.body.msg).toBe(first?.message);
    expect(res.body.msg).not.toMatch(PLACEHOLDER);
    expect(res.body.msg).toContain(value);
    expect(res.body.msg).toContain(tr(lang, `fields.${field}`));
    expect(res.body.msg).not.toContain(`${field}:`);
  }
}

describe('placeholders are filled from the failed check', () => {
  it('a number above its maximum names the maximum (query, coerced)', async () => {
    await expectFilled(
      (lang) =>
        call(ctx.app, {
          method: 'GET',
          url: `${API}/open/kline/BTC-USDT/1m?limit=999999`,
          headers: { lang },
        }),
      'limit',
      'validation.max',
      '1500',
    );
  });

  it('a number below its minimum names the minimum', async () => {
    await expectFilled(
      (lang) =>
        call(ctx.app, { method: 'GET', url: `${API}/open/kline/BTC-USDT/1m?limit=0`, headers: { lang } }),
      'limit',
      'validation.min',
      '1',
    );
  });

  it('a too-long string with a schema-chosen key still gets its {max}', async () => {
    await expectFilled(
      (lang) =>
        call(ctx.app, {
          method: 'POST',
          url: '/api/admin/market/coins',
          headers: { ...auth(admin), lang },
          payload: {
            coin: 'newc',
            name: 'n'.repeat(65),
            priceDecimals: 2,
            qtyDecimals: 2,
            initialPrice: '1',
          },
        }),
      'name',
      'validation.tooLong',
      '64',
    );
  });

  it('a withdrawal below the minimum names the minimum (a field issue raised by a service)', async () => {
    await credit(ctx.app, user.userId, 'BTC', '1');
    const key = await withdrawalKey(ctx.app, user.token);
    await expectFilled(
      (lang) =>
        withdraw(
          ctx.app,
          user.token,
          key,
          { coin: 'BTC', address: BTC_ADDRESS, amount: '0.0001', tradePwd: b64(FUND_PASSWORD) },
          { lang },
        ),
      'amount',
      'validation.min',
      '0.001',
    );
  });

  it('the decrypted withdrawal payload is mapped like a route body (too long is not "required")', async () => {
    const key = await withdrawalKey(ctx.app, user.token);
    await expectFilled(
      (lang) =>
        withdraw(
          ctx.app,
          user.token,
          key,
          { coin: 'BTC', address: 'a'.repeat(129), amount: '0.1', tradePwd: b64(FUND_PASSWORD) },
          { lang },
        ),
      'address',
      'validation.tooLong',
      '128',
    );
  });

  it('fills numbers, bigints, lists and exact lengths (the mapping itself)', () => {
    const cases: Array<[z.ZodType, unknown, string, string]> = [
      [z.number().max(10), 11, 'validation.max', '10'],
      [z.number().min(3), 1, 'validation.min', '3'],
      [z.number().gt(5), 5, 'validation.greaterThan', '5'],
      [z.number().lt(5), 5, 'validation.lessThan', '5'],
      [z.number().positive(), 0, 'validation.positive', ''],
      [z.number().int(), 1.5, 'validation.integer', ''],
      [z.bigint().max(10n), 11n, 'validation.max', '10'],
      [z.bigint().min(2n), 1n, 'validation.min', '2'],
      [z.array(z.string()).max(2), ['a', 'b', 'c'], 'validation.maxItems', '2'],
      [z.array(z.string()).min(2), ['a'], 'validation.minItems', '2'],
      [z.string().length(6), 'abc', 'validation.exactLength', '6'],
      [z.string().min(4), 'ab', 'validation.tooShort', '4'],
      [z.string().max(4), 'abcdef', 'validation.tooLong', '4'],
      [z.string({ error: 'validation.required' }).max(4), 'abcdef', 'validation.tooLong', '4'],
    ];
    for (const [schema, input, key, value] of cases) {
      const result = z.object({ amount: schema }).safeParse({ amount: input });
      expect(result.success).toBe(false);
      const fields = zodIssuesToFields(result.error as z.ZodError, { amount: input });
      expect(fields[0]?.key, `${key} for ${String(input)}`).toBe(key);
      for (const lang of LANGUAGES) {
        const [message] = localizeFields(lang, fields);
        expect(message?.message).not.toMatch(PLACEHOLDER);
        expect(message?.message).toContain(value);
        expect(message?.message).toContain(tr(lang, 'fields.amount'));
      }
    }
  });

  it('a key whose placeholder got no value falls back to "is invalid" instead of showing {max}', () => {
    for (const lang of LANGUAGES) {
      const [f] = localizeFields(lang, [{ field: 'amount', key: 'validation.max' }]);
      expect(f?.message).toBe(
        tr(lang, 'validation.fieldProblem', {
          field: tr(lang, 'fields.amount'),
          problem: tr(lang, 'validation.invalid'),
        }),
      );
    }
  });

  it('a missing value is "required" whatever check the schema has', () => {
    expect(
      issueToField({ code: 'invalid_type', path: ['amount'], message: 'validation.decimal' }, false).key,
    ).toBe('validation.required');
  });
});

describe('field names are labels', () => {
  it('the funds-password form names the login password by its label, not "loginPassword"', async () => {
    for (const lang of LANGUAGES) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/user/tardPwdSet',
        headers: { ...auth(user.token), lang },
        payload: { loginPassword: '%%%', password: b64('Fund-654321'), confirmPassword: b64('Fund-654321') },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('loginPassword');
      expect(res.body.msg).toContain(tr(lang, 'fields.loginPassword'));
      expect(res.body.msg).not.toContain('loginPassword');
    }
  });

  it('a field inside a list is named with its position', async () => {
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/admin/settings/currencies',
      headers: { ...auth(admin), lang: 'en' },
      payload: [
        { exchange_code: 'USD', exchange_value: '$', rate: '1' },
        { exchange_code: 'CNY', exchange_value: '¥', rate: 'abc' },
      ],
    });
    expect(res.body.errors?.[0]?.field).toBe('1.rate');
    expect(res.body.msg).toBe(
      tr('en', 'validation.fieldProblem', {
        field: tr('en', 'validation.listEntry', { field: tr('en', 'fields.rate'), position: 2 }),
        problem: tr('en', 'validation.decimal'),
      }),
    );
  });

  it('an unknown field is a sentence that does not echo the client key', async () => {
    for (const lang of LANGUAGES) {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/user/login',
        headers: { lang },
        payload: { type: 'account', username: 'someone', password: 'x', zzInjected: 1 },
      });
      expect(res.body.errors?.[0]).toMatchObject({ field: 'zzInjected', key: 'validation.unknownField' });
      expect(res.body.msg).toBe(tr(lang, 'validation.unknownFieldMessage'));
      expect(res.body.msg).not.toContain('zzInjected');
    }
  });

  it('every field, parameter and nested property of every route has a label in every language', () => {
    const doc = ctx.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string }>; requestBody?: unknown }>>;
    };
    const names = new Set<string>();
    const walk = (s: unknown): void => {
      if (!s || typeof s !== 'object') return;
      const schema = s as Record<string, unknown>;
      for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
        names.add(k);
        walk(v);
      }
      for (const k of ['items', 'additionalProperties', 'schema']) walk(schema[k]);
      for (const k of ['anyOf', 'oneOf', 'allOf'])
        for (const alt of (schema[k] as unknown[]) ?? []) walk(alt);
      for (const c of Object.values((schema.content ?? {}) as Record<string, unknown>)) walk(c);
    };
    for (const methods of Object.values(doc.paths)) {
      for (const op of Object.values(methods)) {
        for (const p of op.parameters ?? []) names.add(p.name);
        walk(op.requestBody);
      }
    }
    // The sealed withdrawal payload is validated by the service, not the route.
    for (const name of ['coin', 'address', 'amount', 'tradePwd', 'network', 'Idempotency-Key'])
      names.add(name);
    expect(names.size).toBeGreaterThan(50);
    for (const lang of LANGUAGES) {
      const catalogue = catalogues[lang] as Record<string, string>;
      const missing = [...names].filter((n) => !catalogue[`fields.${n}`]);
      expect(missing, lang).toEqual([]);
    }
    // Real translations, not English copies (names that read the same in a language are allowed a few).
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const copies = [...names].filter(
        (n) =>
          (catalogues[lang] as Record<string, string>)[`fields.${n}`] ===
          catalogues.en[`fields.${n}` as 'fields.body'],
      );
      expect(copies.length, `${lang}: ${copies.join(', ')}`).toBeLessThan(names.size / 5);
    }
  });
});
