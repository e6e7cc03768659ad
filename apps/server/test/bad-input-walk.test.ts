// Bad input never gives a 5xx and never changes anything (hardening issue, "no 5xx from bad input").
//
// The walk enumerates EVERY operation of the OpenAPI document the app serves (`app.swagger()`), so a new
// route is covered the day it is added: nothing here names a route. For each operation it builds a
// plausible base request from the operation's own schemas (enum values, patterns via fast-check, a few
// hints by field name such as coin = USDT) and then sends requests that are each bad in exactly ONE way:
//   - every path parameter, query parameter and top-level body field in turn gets hostile values: ids and
//     numbers of 2^63 and 10^30, -1, 1e400 (as JSON literals and as strings), NaN / Infinity strings,
//     1.5, hex, empty strings, 100,000-character strings, and wrong JSON types (true, null, {}, [..]);
//     free-text fields only get the values that are bad for any text (wrong types, 100k characters),
//     since "-1" is a perfectly good remark;
//   - an unknown field in each part the route declares; a body that is not an object; broken JSON;
//     an unsupported or mismatched content type; a body over the size limit;
//   - broken multipart (truncated, no boundary, wrong boundary, too many parts, an oversized file);
//   - a missing token, and a user token on an operator route.
// Secured routes are called with a user token, operator routes (/api/admin/...) with an admin token, and
// a withdrawal body sealed for the server (key/iv/data) also has its decrypted payload walked.
//
// Asserted for every request: the status is below 500; an error reply is the envelope
// { code = status, errorCode, msg, data: null } whose msg and field messages have no unfilled
// {placeholder}; every field error names a field that has a translated label (fields.*).
//
// "State" is what a person or an auditor could observe afterwards: every row of every table in the
// database (compared before and after each operation's batch) and the money core's state hash. Not state:
// the in-memory rate-limit counters (a burst of bad requests may legitimately spend them; the limits are
// raised for the test so they do not mask the replies) and the logger. Login logs and verification codes
// ARE state: a malformed login or code request must be refused before it is recorded.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { hasMessage } from '@/i18n/translate';
import { loadAppSecret } from '@/lib/app-secret';
import { WithdrawCrypto } from '@/modules/wallet/withdraw-crypto';
import { withdrawPayloadSchema } from '@/modules/wallet/withdraw-service';
import { bootstrapAdmin } from './helpers';
import { createWalletApp, credit, encryptFor, walletUser } from './wallet-kit';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  nullable?: boolean;
};
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
}
interface Probe {
  what: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const LANGS = ['en', 'zh', 'tw', 'ja', 'ko', 'pt', 'vi', 'th', 'es', 'fr', 'ru', 'de', 'it', 'lt'];
const UPLOAD_MAX_BYTES = 4096;
const LONG = 'x'.repeat(100_000);
const HUGE_INT = '9223372036854775808'; // 2^63: one past the SQL bigint range
const E30 = `1${'0'.repeat(30)}`;
const MAX_SAFE = String(Number.MAX_SAFE_INTEGER); // a valid JS integer, past every date and page

/** Raw JSON fragments (so 2^63 and 1e400 travel as literals, not as rounded JS numbers). */
const JSON_ANY = ['true', 'null', '{}', '[1,2]', JSON.stringify(LONG), HUGE_INT, '1e400'];
const JSON_NUMERIC = [
  ...JSON_ANY,
  E30,
  MAX_SAFE,
  '-1',
  '1.5',
  `"${HUGE_INT}"`,
  `"${E30}"`,
  '"-1"',
  '"1e400"',
  '"NaN"',
  '"0x1f"',
  '""',
];
/** Query and path values (strings on the wire). */
const TEXT_ANY = [LONG];
const TEXT_NUMERIC = [HUGE_INT, E30, MAX_SAFE, '-1', '1e400', 'NaN', '1.5', '0x1f', '', LONG];
const PATH_VALUES = [HUGE_INT, E30, '-1', '0', '1e400', 'NaN', '1.5', 'x'.repeat(500)];

/**
 * The probes that must be refused wherever they go, even where the JSON schema cannot tell (bounds are
 * zod refinements): the huge numbers and ids, and 100k characters. The others (-1, 1.5, null, [] ...) are
 * sent only where the field's own schema already rules them out: "-1" is a fine signed amount, null a
 * fine value for a nullable link, [] a fine empty list.
 */
const ALWAYS = new Set([
  HUGE_INT,
  MAX_SAFE,
  `"${HUGE_INT}"`,
  E30,
  `"${E30}"`,
  '1e400',
  '-1e400',
  '"1e400"',
  '"-1e400"',
  JSON.stringify(LONG),
  LONG,
  'x'.repeat(500),
]);

function typesOf(s: Schema): string[] {
  const own = ([] as string[]).concat(s.type ?? []);
  if (s.nullable) own.push('null');
  for (const alt of s.anyOf ?? s.oneOf ?? []) own.push(...typesOf(alt));
  return own;
}

/** Whether a value might pass the schema (a cheap check of type, enum, pattern and bounds). */
function couldBeValid(value: unknown, s: Schema): boolean {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.some((alt) => couldBeValid(value, alt)) || (value === null && s.nullable === true);
  if (s.enum) return s.enum.includes(value);
  if (s.const !== undefined) return s.const === value;
  const types = typesOf(s);
  if (types.length === 0) return true;
  if (value === null) return types.includes('null');
  if (typeof value === 'boolean') return types.includes('boolean');
  if (Array.isArray(value)) return types.includes('array') && value.length >= (s.minItems ?? 0);
  if (typeof value === 'object') return types.includes('object');
  if (typeof value === 'number') {
    if (!types.includes('number') && !types.includes('integer')) return false;
    if (
      !Number.isFinite(value) ||
      (types.includes('integer') && !types.includes('number') && !Number.isInteger(value))
    )
      return false;
    return (s.minimum === undefined || value >= s.minimum) && (s.maximum === undefined || value <= s.maximum);
  }
  if (typeof value === 'string') {
    if (!types.includes('string')) return false;
    if (s.minLength !== undefined && value.length < s.minLength) return false;
    if (s.maxLength !== undefined && value.length > s.maxLength) return false;
    return s.pattern === undefined || new RegExp(s.pattern).test(value);
  }
  return true;
}

/** Same, for a query or path value (a string on the wire that the schema may coerce to a number). */
function textCouldBeValid(value: string, s: Schema): boolean {
  if (couldBeValid(value, s)) return true;
  const types = typesOf(s);
  if ((types.includes('number') || types.includes('integer')) && value.trim() !== '') {
    return couldBeValid(Number(value), s);
  }
  return false;
}

function parseRaw(raw: string): unknown {
  return JSON.parse(raw);
}

/** Hints by field name, so a base request gets past the checks that precede the mutated field. */
const HINTS: Record<string, (ids: { userId: string }) => unknown> = {
  coin: () => 'USDT',
  asset: () => 'USDT',
  amount: () => '1',
  userId: (ids) => ids.userId,
  email: () => 'walker@example.com',
  phone: () => '8613800000000',
  id: () => '999999999',
};

const deref = (s: Schema | undefined): Schema => s ?? {};

function isNumericLike(name: string, s: Schema): boolean {
  const types = ([] as string[]).concat(s.type ?? []);
  if (types.includes('integer') || types.includes('number')) return true;
  if (s.anyOf?.some((a) => isNumericLike(name, a))) return true;
  if (s.enum || s.const !== undefined) return true;
  if (s.pattern) return true;
  if (s.format) return true;
  return name === 'id' || /Id$/.test(name);
}

function sampleString(s: Schema, seed: number): string {
  if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (s.format === 'email') return 'walker@example.com';
  if (s.pattern) {
    try {
      const [v] = fc.sample(fc.stringMatching(new RegExp(s.pattern), { size: 'small' }), {
        numRuns: 1,
        seed,
      });
      if (typeof v === 'string' && (s.maxLength === undefined || v.length <= s.maxLength)) return v;
    } catch {
      // fast-check does not support every regex feature (lookaheads): fall back below.
    }
  }
  return 'x'.repeat(Math.max(s.minLength ?? 1, 3));
}

/** A plausible value for a schema: enum / const / default first, then the type. */
function sample(s: Schema, name: string, ids: { userId: string }, seed = 7): unknown {
  const hint = HINTS[name];
  if (hint) return hint(ids);
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.[0]) return sample(alt[0], name, ids, seed);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return sampleString(s, seed);
    case 'integer':
    case 'number':
      return s.minimum !== undefined && s.minimum > 0 ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        sample(deref(s.items), name, ids, seed),
      );
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, k, ids, seed);
      return out;
    }
    default:
      return 'x';
  }
}

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    const list = Array.isArray(v) ? v : [v];
    for (const item of list) {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(text)}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** JSON text of an object whose field `field` is the raw JSON fragment `raw`. */
function jsonWith(base: Record<string, unknown>, field: string, raw: string): string {
  const marker = `__raw_${randomBytes(4).toString('hex')}__`;
  return JSON.stringify({ ...base, [field]: marker }).replace(JSON.stringify(marker), raw);
}

function multipartProbes(): Array<{ what: string; contentType: string; payload: Buffer }> {
  const boundary = `----walk${randomBytes(6).toString('hex')}`;
  const filePart = (bytes: Buffer, name = 'file') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(32)]);
  const close = Buffer.from(`--${boundary}--\r\n`);
  const field = (i: number) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`);
  const type = `multipart/form-data; boundary=${boundary}`;
  return [
    // Cut off inside the file part: "Part terminated early" / "Unexpected end of form".
    { what: 'multipart truncated', contentType: type, payload: filePart(png).subarray(0, 120) },
    { what: 'multipart without closing boundary', contentType: type, payload: filePart(png) },
    { what: 'multipart without boundary', contentType: 'multipart/form-data', payload: filePart(png) },
    {
      what: 'multipart with another boundary',
      contentType: 'multipart/form-data; boundary=somethingelse',
      payload: Buffer.concat([filePart(png), close]),
    },
    {
      what: 'multipart with a broken part header',
      contentType: type,
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition\r\n\r\nzz\r\n--${boundary}--\r\n`),
    },
    {
      what: 'multipart with too many parts',
      contentType: type,
      payload: Buffer.concat([filePart(png), ...Array.from({ length: 12 }, (_, i) => field(i)), close]),
    },
    {
      what: 'multipart with too many files',
      contentType: type,
      payload: Buffer.concat([filePart(png), filePart(png, 'other'), filePart(png, 'third'), close]),
    },
    {
      what: 'multipart with an oversized file',
      contentType: type,
      payload: Buffer.concat([filePart(Buffer.concat([png, randomBytes(UPLOAD_MAX_BYTES * 2)])), close]),
    },
    { what: 'multipart garbage', contentType: type, payload: randomBytes(256) },
  ];
}

let ctx: Awaited<ReturnType<typeof createWalletApp>>;
let userToken: string;
let adminToken: string;
let ids: { userId: string };
let withdrawKey: string;

beforeAll(async () => {
  ctx = await createWalletApp({
    UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
    RATE_LIMIT_CODE_PER_MINUTE: '100000',
  });
  adminToken = (await bootstrapAdmin(ctx.app)).token;
  const u = await walletUser(ctx.app);
  userToken = u.token;
  ids = { userId: u.userId };
  // Money to move, so a base request that got through would visibly change the core's state.
  await credit(ctx.app, u.userId, 'USDT', '1000');
  await credit(ctx.app, u.userId, 'BTC', '1');
  const now = ctx.clock.now();
  const secret = await loadAppSecret(ctx.db, ctx.config.APP_SECRET, now);
  withdrawKey = (await WithdrawCrypto.load(ctx.db, secret, now)).publicKey;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

/** Every row of every table (sorted), as one comparable string, once the bill projection is idle. */
async function stateSnapshot(db: Db): Promise<string> {
  // The projection writes bills for core events in the background; a bad request produces none, but
  // the setup's deposits must have landed before the first comparison.
  await ctx.app.wallet.projection.idle();
  if (!snapshotQuery) {
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    // One round trip: every table's rows as JSON text, in a stable order.
    snapshotQuery = tables.rows
      .map(
        ({ table_name: name }) =>
          `select '${name}' as t, (select coalesce(string_agg(row_to_json(x)::text, E'\\n' order by row_to_json(x)::text), '') from "${name}" x) as rows`,
      )
      .join(' union all ');
  }
  const result = (await db.execute(sql.raw(snapshotQuery))) as unknown as {
    rows: Array<{ t: string; rows: string }>;
  };
  return JSON.stringify(result.rows);
}
let snapshotQuery: string | undefined;

function jsonBodySchema(op: Operation): Schema | undefined {
  return op.requestBody?.content?.['application/json']?.schema;
}

/** The requests of one operation, each bad in one way. */
function probesFor(path: string, method: string, op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = jsonBodySchema(op);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const auth: Record<string, string> = op.security
    ? { satoken: path.startsWith('/api/admin/') ? adminToken : userToken }
    : {};

  const basePath: Record<string, string> = {};
  for (const p of pathParams) basePath[p.name] = String(sample(deref(p.schema), p.name, ids));
  const baseQuery: Record<string, unknown> = {};
  for (const p of queryParams) {
    if (p.required) baseQuery[p.name] = sample(deref(p.schema), p.name, ids);
  }
  const baseBody = bodySchema ? sample(bodySchema, 'body', ids) : undefined;
  const sealed = Boolean(
    bodySchema?.properties?.key && bodySchema.properties.iv && bodySchema.properties.data,
  );

  const url = (pathValues: Record<string, string>, query: Record<string, unknown>) =>
    path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(pathValues[n] ?? 'x')) +
    queryString(query);
  const baseUrl = url(basePath, baseQuery);
  const json = { 'content-type': 'application/json' };
  const baseBodyText = baseBody === undefined ? undefined : JSON.stringify(baseBody);
  const withBase = (what: string, u: string): Probe => ({
    what,
    method,
    url: u,
    headers: { ...auth, ...(baseBodyText !== undefined ? json : {}) },
    ...(baseBodyText !== undefined ? { payload: baseBodyText } : {}),
  });

  const probes: Probe[] = [];
  const [firstParam] = pathParams;
  if (firstParam) {
    // Not valid percent-encoding: the router itself refuses it.
    probes.push(
      withBase(
        'path with bad escapes',
        url({ ...basePath, [firstParam.name]: '\u0000' }, baseQuery).replace('%00', '%E0%A4%A'),
      ),
    );
  }
  for (const p of pathParams) {
    for (const v of PATH_VALUES) {
      if (!ALWAYS.has(v) && textCouldBeValid(v, deref(p.schema))) continue;
      probes.push(withBase(`path ${p.name}=${v.slice(0, 20)}`, url({ ...basePath, [p.name]: v }, baseQuery)));
    }
  }
  for (const p of queryParams) {
    const values = isNumericLike(p.name, deref(p.schema)) ? TEXT_NUMERIC : TEXT_ANY;
    for (const v of [...values, ['1', '2']]) {
      if (typeof v === 'string' && !ALWAYS.has(v) && textCouldBeValid(v, deref(p.schema))) continue;
      const label = Array.isArray(v) ? 'repeated' : v.slice(0, 20);
      probes.push(withBase(`query ${p.name}=${label}`, url(basePath, { ...baseQuery, [p.name]: v })));
    }
  }
  if (queryParams.length > 0) {
    probes.push(withBase('unknown query field', url(basePath, { ...baseQuery, zzUnknownField: '1' })));
  }

  if (
    hasBody &&
    bodySchema &&
    typeof baseBody === 'object' &&
    baseBody !== null &&
    !Array.isArray(baseBody)
  ) {
    const body = baseBody as Record<string, unknown>;
    for (const [name, s] of Object.entries(bodySchema.properties ?? {})) {
      for (const raw of isNumericLike(name, s) ? JSON_NUMERIC : JSON_ANY) {
        if (!ALWAYS.has(raw) && couldBeValid(parseRaw(raw), s)) continue;
        probes.push({
          what: `body ${name}=${raw.slice(0, 20)}`,
          method,
          url: baseUrl,
          headers: { ...auth, ...json },
          payload: jsonWith(body, name, raw),
        });
      }
    }
    probes.push({
      what: 'unknown body field',
      method,
      url: baseUrl,
      headers: { ...auth, ...json },
      payload: jsonWith(body, 'zzUnknownField', '1'),
    });
  }
  if (hasBody && bodySchema && Array.isArray(baseBody)) {
    const first = (baseBody[0] ?? {}) as Record<string, unknown>;
    const itemSchema = deref(bodySchema.items);
    for (const [name, s] of Object.entries(itemSchema.properties ?? {})) {
      for (const raw of isNumericLike(name, s) ? JSON_NUMERIC : JSON_ANY) {
        if (!ALWAYS.has(raw) && couldBeValid(parseRaw(raw), s)) continue;
        probes.push({
          what: `body[0] ${name}=${raw.slice(0, 20)}`,
          method,
          url: baseUrl,
          headers: { ...auth, ...json },
          payload: `[${jsonWith(first, name, raw)}]`,
        });
      }
    }
    probes.push({
      what: 'array body with 10k entries',
      method,
      url: baseUrl,
      headers: { ...auth, ...json },
      payload: JSON.stringify(Array.from({ length: 10_000 }, () => first)),
    });
  }
  if (hasBody && sealed) {
    // The decrypted payload of a sealed body is validated by the service: walk it too.
    const inner = z.toJSONSchema(withdrawPayloadSchema, { io: 'input' }) as Schema;
    const base = sample(inner, 'payload', ids) as Record<string, unknown>;
    for (const [name, s] of Object.entries(inner.properties ?? {})) {
      for (const raw of isNumericLike(name, s) || name === 'amount' ? JSON_NUMERIC : JSON_ANY) {
        if (!ALWAYS.has(raw) && couldBeValid(parseRaw(raw), s)) continue;
        probes.push({
          what: `sealed ${name}=${raw.slice(0, 20)}`,
          method,
          url: baseUrl,
          headers: { ...auth, ...json },
          payload: JSON.stringify(encryptFor(withdrawKey, JSON.parse(jsonWith(base, name, raw)))),
        });
      }
    }
  }

  if (hasBody) {
    const raw = (what: string, contentType: string, payload: string | Buffer): Probe => ({
      what,
      method,
      url: baseUrl,
      headers: { ...auth, 'content-type': contentType },
      payload,
    });
    // Parse failures never reach a handler, whatever the route declares.
    probes.push(raw('broken JSON', 'application/json', '{"a":'));
    probes.push(raw('broken JSON 2', 'application/json', '{"a":1,}'));
    probes.push(raw('JSON with a NUL', 'application/json', '{"a":"\u0000'));
    probes.push(raw('xml', 'application/xml', '<a/>'));
    probes.push(raw('form', 'application/x-www-form-urlencoded', 'a=1'));
    probes.push(raw('content type garbage', ';;;', 'x'));
    probes.push(raw('oversized JSON', 'application/json', JSON.stringify({ a: 'x'.repeat(1_100_000) })));
    for (const m of multipartProbes()) probes.push(raw(m.what, m.contentType, m.payload));
    // A parsed body that is not the declared object only when a body is declared (otherwise the route
    // ignores it by design, and runs).
    if (bodySchema) {
      for (const payload of ['1e400', HUGE_INT, '[]', 'null', '"text"', 'true']) {
        if (!ALWAYS.has(payload) && couldBeValid(parseRaw(payload), bodySchema)) continue;
        probes.push(raw(`body ${payload}`, 'application/json', payload));
      }
      probes.push(raw('text/plain body', 'text/plain', 'hello'));
    }
  }

  if (op.security) {
    probes.push({ ...withBase('no token', baseUrl), headers: withBase('', baseUrl).headers });
    delete probes[probes.length - 1]?.headers.satoken;
    if (path.startsWith('/api/admin/')) {
      const p = withBase('user token on an operator route', baseUrl);
      p.headers.satoken = userToken;
      probes.push(p);
    }
  }
  return probes;
}

const PLACEHOLDER = /\{\w+\}/;

/** The named field a field error is about ('0.rate' -> 'rate'). */
function fieldName(field: string): string | undefined {
  return field
    .split('.')
    .filter((s) => !/^\d+$/.test(s))
    .at(-1);
}

describe('walking every route of the OpenAPI document with bad input', () => {
  it('never answers 5xx, always the error envelope, and changes nothing', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let requests = 0;
    let operations = 0;
    let langIndex = 0;
    let previous: string | undefined;
    // WALK_DEBUG=<part of a path>: compare the state after every request of those routes.
    const debug = process.env.WALK_DEBUG;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(methods)) {
        const method = m.toUpperCase();
        operations += 1;
        const before = previous ?? (await stateSnapshot(ctx.db));
        const hashBefore = ctx.app.core.stateHash();
        const accepted: string[] = [];
        const list = probesFor(path, method, op);
        for (const probe of list) {
          const lang = LANGS[langIndex++ % LANGS.length] as string;
          requests += 1;
          const res = await ctx.app.inject({
            method: probe.method as 'GET',
            url: probe.url,
            headers: { ...probe.headers, lang },
            ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
          });
          const where = `${method} ${path} [${probe.what}] (${lang}) -> ${res.statusCode}`;
          if (debug && path.includes(debug) && (await stateSnapshot(ctx.db)) !== before) {
            failures.push(`${where}: changed state (debug)`);
          }
          if (res.statusCode >= 500) {
            failures.push(`${where}: ${res.body.slice(0, 300)}`);
            continue;
          }
          if (res.statusCode < 400) {
            accepted.push(probe.what);
            continue;
          }
          let body: {
            code?: unknown;
            errorCode?: unknown;
            msg?: unknown;
            data?: unknown;
            errors?: Array<{ field: string; key: string; message: string }>;
          };
          try {
            body = res.json();
          } catch {
            failures.push(`${where}: not JSON: ${res.body.slice(0, 200)}`);
            continue;
          }
          if (body.code !== res.statusCode || typeof body.errorCode !== 'string' || body.data !== null) {
            failures.push(`${where}: not the error envelope: ${res.body.slice(0, 300)}`);
          }
          if (typeof body.msg !== 'string' || body.msg === '' || PLACEHOLDER.test(body.msg)) {
            failures.push(`${where}: bad msg ${JSON.stringify(body.msg)}`);
          }
          for (const e of body.errors ?? []) {
            if (PLACEHOLDER.test(e.message)) failures.push(`${where}: placeholder in ${e.message}`);
            const name = fieldName(e.field);
            if (e.key !== 'validation.unknownField' && name !== undefined && !hasMessage(`fields.${name}`)) {
              failures.push(`${where}: no label fields.${name} (message ${e.message})`);
            }
          }
        }
        // The accepted probes are the suspects when something changed.
        const suspects = `accepted: ${accepted.join(' | ')}`;
        const after = await stateSnapshot(ctx.db);
        previous = after;
        if (after !== before) {
          failures.push(`${method} ${path}: the database changed; ${suspects}`);
        }
        if (ctx.app.core.stateHash() !== hashBefore) {
          failures.push(`${method} ${path}: the money core changed; ${suspects}`);
        }
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(requests).toBeGreaterThan(3000);
    expect([...new Set(failures)]).toEqual([]);
  }, 180_000);

  it('the state comparison sees a change, so the walk can fail', async () => {
    const before = await stateSnapshot(ctx.db);
    const hash = ctx.app.core.stateHash();
    await credit(ctx.app, ids.userId, 'USDT', '1');
    expect(ctx.app.core.stateHash()).not.toBe(hash);
    // The bill projection writes the deposit's bill row.
    expect(await stateSnapshot(ctx.db)).not.toBe(before);
  });
});
