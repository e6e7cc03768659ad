// Shared setup for the Binance-compatible API tests: an app on the real clock (ccxt stamps its requests
// with Date.now()), optionally listening on a port with the demo market maker trading, users with funds
// and API keys, Binance-signed requests, and ccxt's binance class pointed at the server.
import { createHmac, randomUUID } from 'node:crypto';
import ccxt from 'ccxt';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '@/app';
import { type AppConfig, loadConfig } from '@/config';
import { type Database, openDatabase } from '@/db/client';
import { type Clock, systemClock } from '@/lib/clock';
import { auth, call, registerAndLogin } from './helpers';

export const API = '/api/mjkj-web/coin';
/** The port the listening tests use: BINANCE_TEST_PORT (e.g. 18350), else any free one (0). */
export const BASE_PORT = Number(process.env.BINANCE_TEST_PORT ?? 0);

/** Starts listening on `port` (0: any free one) and answers the port taken. */
export async function listen(app: FastifyInstance, port: number): Promise<number> {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

export interface BinanceTestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  clock: Clock;
  close(): Promise<void>;
}

export async function createBinanceApp(
  overrides: Record<string, string> = {},
  clock: Clock = systemClock,
): Promise<BinanceTestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DEV_OUTBOX_API: 'true',
    APP_SECRET: 'test-secret-test-secret-test-secret-00',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '1000',
    RATE_LIMIT_CODE_PER_MINUTE: '1000',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
    RATE_LIMIT_MONEY_PER_MINUTE: '100000',
    CODE_RESEND_SECONDS: '0',
    JOURNAL_DIR: 'memory://',
    CHAIN_SIM_BLOCK_MS: '0',
    MARKET_TICK_MS: '0',
    MARKET_BACKFILL_HOURS: '0',
    MARKET_MAKER: 'false',
    LIABILITIES_CHECK_MS: '0',
    EARN_DEMO: 'false',
    EARN_ACCRUAL_CHECK_MS: '0',
    ...overrides,
  });
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const app = await buildApp({ config, database, clock });
  await app.ready();
  return { app, config, database, clock, close: () => app.close() };
}

export interface KeyedUser {
  userId: string;
  token: string;
  apiKey: string;
  secret: string;
}

/** Credits a user's spot account through the core (test setup). */
export async function credit(app: FastifyInstance, userId: string, asset: string, amount: string) {
  const r = await app.core.submit({
    id: `test-credit:${randomUUID()}`,
    actor: 'system',
    ts: app.clock.now().getTime(),
    type: 'deposit.credit',
    payload: { userId, asset, amount, ref: 'test' },
  });
  expect(r.ok).toBe(true);
}

/** A registered user with spot funds and an API key of the given permissions. */
export async function keyedUser(
  app: FastifyInstance,
  opts: { permissions?: string[]; ipAllowlist?: string[]; funds?: Record<string, string> } = {},
): Promise<KeyedUser> {
  const u = await registerAndLogin(app);
  const userId = u.user.id;
  for (const [asset, amount] of Object.entries(opts.funds ?? { USDT: '100000', BTC: '2' })) {
    await credit(app, userId, asset, amount);
  }
  const key = await addKey(app, u.token, opts.permissions ?? ['read', 'trade'], opts.ipAllowlist ?? []);
  return { userId, token: u.token, ...key };
}

export async function addKey(
  app: FastifyInstance,
  token: string,
  permissions: string[],
  ipAllowlist: string[] = [],
) {
  const res = await call<{ apiKey: string; secretKey: string }>(app, {
    method: 'POST',
    url: `${API}/member/api`,
    headers: auth(token),
    payload: { label: `bot ${randomUUID().slice(0, 8)}`, permissions, ipAllowlist },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { apiKey: res.body.data.apiKey, secret: res.body.data.secretKey };
}

export function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** A query string signed as Binance signs one (timestamp from the app's clock unless given). */
export function signedQuery(
  secret: string,
  params: Record<string, string | number>,
  opts: { timestamp?: number; clock?: Clock } = {},
): string {
  const timestamp = opts.timestamp ?? (opts.clock ?? systemClock).now().getTime();
  const q = new URLSearchParams({
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    timestamp: String(timestamp),
  }).toString();
  return `${q}&signature=${hmac(secret, q)}`;
}

/** ccxt's binance class (or ccxt.pro's) against our server, spot only. */
export function ccxtBinance(port: number, key?: { apiKey: string; secret: string }, pro = false) {
  const http = `http://127.0.0.1:${port}/binance/api/v3`;
  const ws = `ws://127.0.0.1:${port}/binance`;
  const config = {
    ...(key ? { apiKey: key.apiKey, secret: key.secret } : {}),
    enableRateLimit: false,
    urls: {
      api: {
        public: http,
        private: http,
        v1: http,
        ws: { spot: `${ws}/ws`, 'ws-api': { spot: `${ws}/ws-api/v3` } },
      },
    },
    options: {
      defaultType: 'spot',
      fetchMarkets: { types: ['spot'] },
      fetchMargins: false,
      fetchCurrencies: false,
      adjustForTimeDifference: false,
    },
  };
  return pro ? new ccxt.pro.binance(config) : new ccxt.binance(config);
}
