// Test harness: one app per test file on an in-memory PGlite, or, when DATABASE_URL is set, on a fresh
// PostgreSQL database created for the file and dropped afterwards (the same migrations either way).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp } from '@/app';
import { type AppConfig, loadConfig } from '@/config';
import { type Database, type Db, openDatabase } from '@/db/client';
import * as schema from '@/db/schema';
import { catalogues, hasMessage, t } from '@/i18n/translate';
import { ManualClock } from '@/lib/clock';

export interface TestContext {
  app: FastifyInstance;
  clock: ManualClock;
  config: AppConfig;
  /** The database the app runs on, for assertions the API cannot make (referrals, hashes, tampering). */
  database: Database;
  db: Db;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Runs after buildApp and before ready(): the place to register test-only routes. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

/** The migrated PGlite data directory test/global-setup.ts made for this run (undefined: initdb as usual). */
async function pgliteTemplate(): Promise<Blob | undefined> {
  const path = inject('pgliteTemplate');
  if (!path) return undefined;
  return new Blob([await readFile(path)]);
}

/** The configuration the tests run on (quiet: no timers, no demo traffic, generous rate limits), with
 * `overrides`; restart tests build their apps from it on a journal directory of their own. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DEV_OUTBOX_API: 'true',
    APP_SECRET: 'test-secret-test-secret-test-secret-00',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '1000',
    RATE_LIMIT_CODE_PER_MINUTE: '1000',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
    CODE_RESEND_SECONDS: '0',
    JOURNAL_DIR: 'memory://',
    // No market timer (tests call app.market.step() after advancing the clock) and no simulated past.
    MARKET_TICK_MS: '0',
    MARKET_BACKFILL_HOURS: '0',
    // No demo market maker (its own commands would move books and balances under the tests).
    MARKET_MAKER: 'false',
    // No daily liabilities job (tests call app.liabilities.runDue() or take snapshots themselves).
    LIABILITIES_CHECK_MS: '0',
    // No earn demo products or pools, and no accrual timer (tests run app.earn.job.runDue()).
    EARN_DEMO: 'false',
    EARN_ACCRUAL_CHECK_MS: '0',
    MARGIN_CHECK_MS: '0',
    ...overrides,
  });
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const config = testConfig(overrides);
  const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
  const { database, drop: dropDatabase } = await createTestDatabase();
  const app = await buildApp({ config, database, clock });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    clock,
    config,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await dropDatabase();
    },
  };
}

/**
 * A migrated database of its own, with no app on it: in-memory PGlite from the run's template, or a fresh
 * PostgreSQL database when DATABASE_URL is set. drop() removes the PostgreSQL one after the database (or
 * the app on it) has been closed.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // pg's pool.end() resolves before its sockets have closed; forcing the drop while they are still
      // open makes those clients emit unhandled errors. Give them a moment to go first.
      for (let i = 0; i < 50; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: 'memory://',
    loadDataDir: databaseUrl ? undefined : await pgliteTemplate(),
  });
  return { database, drop: dropDatabase };
}

export interface ApiReply<T = unknown> {
  status: number;
  body: {
    code: number;
    msg: string;
    data: T;
    errorCode?: string;
    errors?: Array<{ field: string; key: string; message: string }>;
  };
  headers: Record<string, unknown>;
}

export async function call<T = unknown>(app: FastifyInstance, opts: InjectOptions): Promise<ApiReply<T>> {
  const res = await app.inject(opts);
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** The newest code the dev outbox holds for a target. */
export async function latestCode(app: FastifyInstance, target: string): Promise<string> {
  const res = await call<Array<{ body: string }>>(app, {
    method: 'GET',
    url: `/api/dev/outbox?target=${encodeURIComponent(target)}`,
  });
  const body = res.body.data[0]?.body ?? '';
  const match = /\b(\d{6})\b/.exec(body);
  if (!match?.[1]) throw new Error(`no code in outbox for ${target}`);
  return match[1];
}

/** Registers a user by email (code read from the outbox) and logs in: registerUser, then loginOk. */
export async function registerAndLogin(
  app: FastifyInstance,
  opts: { account?: string; email?: string; password?: string; inviteCode?: string; userAgent?: string } = {},
) {
  const { userAgent, ...registration } = opts;
  const { account, email, password, user } = await registerUser(app, registration);
  const session = await loginOk(app, { username: account, password, userAgent });
  return { account, email, password, token: session.satoken, refreshToken: session.refreshToken, user };
}

// ---------------------------------------------------------------------------------------------------
// Additions for the API test files.

export type Lang = keyof typeof catalogues;

/** The server's own translation, so assertions follow the catalogues instead of copying them. */
export function tr(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  if (!hasMessage(key)) throw new Error(`unknown message key ${key}`);
  return t(lang, key, vars);
}

/** True once a locale is a real translation rather than a copy of the English catalogue. */
export function isTranslated(lang: Lang): boolean {
  const en = catalogues.en as Record<string, string>;
  const other = catalogues[lang] as Record<string, string>;
  const keys = Object.keys(en).filter((k) => k.startsWith('errors.') || k.startsWith('validation.'));
  return keys.filter((k) => other[k] !== en[k]).length > keys.length / 2;
}

export const auth = (token: string) => ({ satoken: token });

let uniqSeq = 0;
/** A short unique suffix (letters and digits) for account names and addresses. */
export function uniq(): string {
  uniqSeq += 1;
  return `${uniqSeq.toString(36)}${randomBytes(3).toString('hex')}`;
}

/** A unique valid phone number (digits only, 13 long). */
export function uniqPhone(): string {
  return `86138${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

export type CodeType = 'register' | 'reset' | 'bind' | 'security';

export function sendCode(
  app: FastifyInstance,
  opts: {
    channel: 'email' | 'sms';
    target: string;
    type?: CodeType;
    headers?: Record<string, string>;
    remoteAddress?: string;
  },
) {
  const q =
    opts.channel === 'email'
      ? `email=${encodeURIComponent(opts.target)}`
      : `phone=${encodeURIComponent(opts.target)}`;
  const path = opts.channel === 'email' ? '/api/user/sendEmailCode' : '/api/user/sendMobileCode';
  return call(app, {
    method: 'POST',
    url: `${path}?${q}&type=${opts.type ?? 'register'}`,
    ...(opts.headers ? { headers: opts.headers } : {}),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
}

/** Number of messages the dev outbox holds for a target. */
export async function outboxCount(app: FastifyInstance, target: string): Promise<number> {
  const res = await call<unknown[]>(app, {
    method: 'GET',
    url: `/api/dev/outbox?target=${encodeURIComponent(target)}`,
  });
  return res.body.data.length;
}

export interface UserInfo {
  id: string;
  blade_user_id: string;
  userId: string;
  user: { userId: string };
  account: string;
  avatar: string;
  email: string;
  phone: string;
  hasEmail: boolean;
  hasPhone: boolean;
  is_merchant: number;
  merchant: null | { id: string; chatKey: string };
  grade: string;
  isVip: boolean;
  creditScore: number;
  tier: string;
  inviteCode: string;
  hasFundPassword: boolean;
  createdAt: string;
}

export interface LoginData {
  satoken: string;
  refreshToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
  userInfo: UserInfo;
}

export const DEFAULT_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';

/** Registers by email or phone (code from the outbox); no login. */
export async function registerUser(
  app: FastifyInstance,
  opts: { account?: string; email?: string; phone?: string; password?: string; inviteCode?: string } = {},
) {
  const account = opts.account ?? `u${uniq()}`;
  const password = opts.password ?? 'Passw0rd!';
  const usePhone = opts.phone !== undefined;
  const email = usePhone ? undefined : (opts.email ?? `${account.toLowerCase()}@example.com`);
  const target = usePhone ? (opts.phone as string) : (email as string);
  const sent = await sendCode(app, { channel: usePhone ? 'sms' : 'email', target });
  if (sent.body.code !== 200) throw new Error(`send code failed: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(app, target);
  const res = await call<{ userInfo: UserInfo }>(app, {
    method: 'POST',
    url: '/api/user/register',
    payload: {
      account,
      ...(usePhone ? { phone: opts.phone } : { email }),
      password,
      confirmPassword: password,
      code,
      ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
    },
  });
  if (res.body.code !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { account, email, phone: opts.phone, password, user: res.body.data.userInfo };
}

export function login(
  app: FastifyInstance,
  opts: {
    type?: 'account' | 'email' | 'phone';
    username: string;
    password: string;
    deviceId?: string;
    userAgent?: string;
    headers?: Record<string, string>;
    remoteAddress?: string;
  },
) {
  return call<LoginData>(app, {
    method: 'POST',
    url: '/api/user/login',
    headers: { 'user-agent': opts.userAgent ?? DEFAULT_UA, ...opts.headers },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    payload: {
      type: opts.type ?? 'account',
      username: opts.username,
      password: opts.password,
      ...(opts.deviceId ? { deviceId: opts.deviceId } : {}),
    },
  });
}

/** Logs in and fails the test on anything but success. */
export async function loginOk(app: FastifyInstance, opts: Parameters<typeof login>[1]): Promise<LoginData> {
  const res = await login(app, opts);
  if (res.body.code !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Status of an authenticated getInfo call: 200, or the 401 errorCode. */
export async function tokenState(app: FastifyInstance, token: string): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/api/user/getInfo', headers: auth(token) });
  return res.status === 200 ? 'ok' : (res.body.errorCode ?? String(res.status));
}

const snapshotTables = {
  users: schema.users,
  referrals: schema.referrals,
  sessions: schema.sessions,
  loginLogs: schema.loginLogs,
  verificationCodes: schema.verificationCodes,
  outboxMessages: schema.outboxMessages,
  operators: schema.operators,
  auditLog: schema.auditLog,
};

const jsonSafe = (_k: string, v: unknown) =>
  typeof v === 'bigint' ? v.toString() : v instanceof Date ? v.toISOString() : v;

/** Every row of every table the account calls write, as one comparable string. */
export async function dbSnapshot(db: Db): Promise<string> {
  const out: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(snapshotTables)) {
    const rows = await db.select().from(table);
    out[name] = rows.map((r) => JSON.stringify(r, jsonSafe)).sort();
  }
  return JSON.stringify(out);
}

export async function rowCount(db: Db, table: keyof typeof snapshotTables): Promise<number> {
  return (await db.select().from(snapshotTables[table])).length;
}

/** The message text of a key must appear in msg; placeholders ({min}) split the template into parts. */
function expectContainsMessage(msg: string, lang: Lang, key: string) {
  for (const part of tr(lang, key).split(/\{\w+\}/)) {
    if (part.trim()) expect(msg).toContain(part.trim());
  }
}

/** A 400 VALIDATION_FAILED envelope whose first field error is `field` with message key `key`. */
export function expectValidation(res: ApiReply, field: string, key: string, lang: Lang = 'en') {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe(400);
  expect(res.body.errorCode).toBe('VALIDATION_FAILED');
  expect(res.body.data).toBeNull();
  const first = res.body.errors?.[0];
  expect(first?.field, JSON.stringify(res.body.errors)).toBe(field);
  expect(first?.key, JSON.stringify(res.body.errors)).toBe(key);
  expect(res.body.msg).toBe(first?.message);
  // An unknown field is one fixed sentence: it has no label of ours and does not echo the client's key.
  if (key === 'validation.unknownField') {
    expect(res.body.msg).toBe(tr(lang, 'validation.unknownFieldMessage'));
    return;
  }
  expectContainsMessage(res.body.msg, lang, key);
  // The field is named by its label (the innermost named segment that has one), never its raw key.
  const named = field.split('.').filter((s) => !/^\d+$/.test(s) && hasMessage(`fields.${s}`));
  const label = named.at(-1);
  expect(res.body.msg).toContain(
    label === undefined ? tr(lang, 'fields.value') : tr(lang, `fields.${label}`),
  );
}

/** An error envelope with the given status and errorCode, its msg localized. */
export function expectError(res: ApiReply, status: number, errorCode: string, lang: Lang = 'en') {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(status);
  expect(res.body.errorCode).toBe(errorCode);
  expect(res.body.data).toBeNull();
  const first = res.body.errors?.[0];
  expect(res.body.msg).toBe(first ? first.message : tr(lang, `errors.${errorCode}`));
}

/**
 * Sends a bad request in English and in Chinese: both must be 400 VALIDATION_FAILED naming `field`
 * and `key`, the Chinese text must differ once zh is translated, and the database must be unchanged.
 */
export async function expectRejected(
  ctx: Pick<TestContext, 'app' | 'db'>,
  req: InjectOptions,
  field: string,
  key: string,
): Promise<void> {
  const before = await dbSnapshot(ctx.db);
  const headers = (req.headers ?? {}) as Record<string, string>;
  const en = await call(ctx.app, { ...req, headers: { ...headers, lang: 'en' } });
  expectValidation(en, field, key, 'en');
  const zh = await call(ctx.app, { ...req, headers: { ...headers, lang: 'zh' } });
  expectValidation(zh, field, key, 'zh');
  if (isTranslated('zh')) expect(zh.body.msg).not.toBe(en.body.msg);
  expect(await dbSnapshot(ctx.db)).toBe(before);
}

/**
 * Bootstraps the first admin and replaces its one-time password (required before any admin route),
 * returning a usable token and the new password.
 */
export async function bootstrapAdmin(app: FastifyInstance, newPassword = 'Admin-Passw0rd') {
  const boot = await app.services.operators.bootstrap('admin');
  if (!boot) throw new Error('bootstrap created no admin');
  const login = await call<{ satoken: string }>(app, {
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: boot.username, password: boot.password },
  });
  if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
  const token = login.body.data.satoken;
  const changed = await call(app, {
    method: 'POST',
    url: '/api/admin/auth/password',
    headers: { satoken: token },
    payload: { oldPassword: boot.password, newPassword },
  });
  if (changed.status !== 200)
    throw new Error(`admin password change failed: ${JSON.stringify(changed.body)}`);
  return { token, username: boot.username, oneTimePassword: boot.password, password: newPassword };
}
