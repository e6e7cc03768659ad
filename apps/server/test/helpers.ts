// Test harness: one app per test file on an in-memory PGlite, or, when DATABASE_URL is set, on a fresh
// PostgreSQL database created for the file and dropped afterwards (the same migrations either way).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '@/app';
import { type AppConfig, loadConfig } from '@/config';
import { openDatabase } from '@/db/client';
import { ManualClock } from '@/lib/clock';

export interface TestContext {
  app: FastifyInstance;
  clock: ManualClock;
  config: AppConfig;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestContext> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DEV_OUTBOX_API: 'true',
    APP_SECRET: 'test-secret-test-secret-test-secret-00',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '1000',
    RATE_LIMIT_CODE_PER_MINUTE: '1000',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
    CODE_RESEND_SECONDS: '0',
    ...overrides,
  });
  const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
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
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
  const app = await buildApp({ config, database, clock });
  await app.ready();
  return {
    app,
    clock,
    config,
    close: async () => {
      await app.close();
      await dropDatabase();
    },
  };
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

let seq = 0;
/** Registers a user by email (code read from the outbox) and logs in; returns the token. */
export async function registerAndLogin(
  app: FastifyInstance,
  opts: { account?: string; email?: string; password?: string; inviteCode?: string; userAgent?: string } = {},
) {
  seq += 1;
  const suffix = `${process.pid % 1000}${seq}${randomBytes(2).toString('hex')}`;
  const account = opts.account ?? `user${suffix}`;
  const email = opts.email ?? `u${suffix}@example.com`;
  const password = opts.password ?? 'Passw0rd!';
  await call(app, {
    method: 'POST',
    url: `/api/user/sendEmailCode?email=${encodeURIComponent(email)}&type=register`,
  });
  const code = await latestCode(app, email);
  const reg = await call<{ userInfo: { id: string; inviteCode: string } }>(app, {
    method: 'POST',
    url: '/api/user/register',
    payload: {
      account,
      email,
      password,
      confirmPassword: password,
      code,
      ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
    },
  });
  if (reg.body.code !== 200) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const login = await call<{ satoken: string; refreshToken: string }>(app, {
    method: 'POST',
    url: '/api/user/login',
    headers: { 'user-agent': opts.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' },
    payload: { type: 'account', username: account, password },
  });
  if (login.body.code !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return {
    account,
    email,
    password,
    token: login.body.data.satoken,
    refreshToken: login.body.data.refreshToken,
    user: reg.body.data.userInfo,
  };
}
