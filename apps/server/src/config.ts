// The server's whole configuration, read once from the environment and validated with zod.
// No NODE_ENV branching: behaviour differs only through these explicit settings.
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (def: number) => z.coerce.number().int().nonnegative().default(def);

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default(`${repoRoot}data`),
  /** PostgreSQL connection string; when absent the embedded PGlite in DATA_DIR/pglite is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Built web client served at `/`; absent folder means API only. */
  WEB_DIST_DIR: z.string().min(1).default(`${repoRoot}apps/web/dist`),
  /** Honour X-Forwarded-For only behind a known proxy: a hop count or a comma list of proxy addresses. */
  TRUST_PROXY: z.string().default('false'),
  /** Secret for HMAC of verification codes; generated and stored in DATA_DIR when absent. */
  APP_SECRET: z.string().min(32).optional(),

  ACCESS_TOKEN_TTL_SECONDS: int(14 * 24 * 3600),
  REFRESH_TOKEN_TTL_SECONDS: int(30 * 24 * 3600),

  RATE_LIMIT_LOGIN_PER_MINUTE: int(10),
  RATE_LIMIT_REGISTER_PER_MINUTE: int(5),
  RATE_LIMIT_CODE_PER_MINUTE: int(5),
  RATE_LIMIT_GLOBAL_PER_MINUTE: int(600),

  CODE_TTL_SECONDS: int(300),
  CODE_MAX_ATTEMPTS: int(5),
  CODE_RESEND_SECONDS: int(60),

  /** smtp(s)://user:pass@host:port; without it mail goes to the development outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('no-reply@localhost'),
  /** Serve GET /api/dev/outbox (codes in clear text). Only for tests and local demos. */
  DEV_OUTBOX_API: bool.default(false),

  ADMIN_USERNAME: z.string().min(3).default('admin'),

  BRAND_NAME: z.string().min(1).default('OpenExchange'),
  PUBLIC_URL: z.string().url().optional(),
});

export type AppConfig = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}

/** Fastify's trustProxy option from TRUST_PROXY: false, true, a hop count, or addresses. */
export function trustProxyOption(
  value: string,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === 'false' || value === '') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((s) => s.trim());
}
