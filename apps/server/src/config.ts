// The server's whole configuration, read once from the environment and validated with zod.
// No NODE_ENV branching: behaviour differs only through these explicit settings.
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SecretText } from './lib/secret-text';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (def: number) => z.coerce.number().int().nonnegative().default(def);
/** A comma list of ISO 3166 two-letter country codes ('us, ca' -> ['US', 'CA']); empty by default. */
const isoCountries = () =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter((c) => c !== ''),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'ISO 3166 two-letter codes, comma separated')));

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
  /**
   * A retired refresh token presented within this many seconds of its rotation is refused without
   * revoking the session (two tabs refreshing at once); after it, reuse revokes the token family.
   */
  REFRESH_REUSE_GRACE_SECONDS: int(30),
  /** Tokens kept in memory for session checks (live sessions and refused tokens); least recent go first. */
  SESSION_CACHE_MAX: z.coerce.number().int().min(1).default(100_000),

  RATE_LIMIT_LOGIN_PER_MINUTE: int(10),
  RATE_LIMIT_REGISTER_PER_MINUTE: int(5),
  RATE_LIMIT_CODE_PER_MINUTE: int(5),
  RATE_LIMIT_GLOBAL_PER_MINUTE: int(600),

  CODE_TTL_SECONDS: int(300),
  CODE_MAX_ATTEMPTS: int(5),
  CODE_RESEND_SECONDS: int(60),
  /** Hours new withdrawals stay locked after a security change (password, 2FA reset, email or phone change); 0 = off. */
  WITHDRAW_LOCK_HOURS: z.coerce.number().int().min(0).max(720).default(24),

  /** smtp(s)://user:pass@host:port; without it mail goes to the development outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('no-reply@localhost'),
  /** Serve GET /api/dev/outbox (codes in clear text). Only for tests and local demos. */
  DEV_OUTBOX_API: bool.default(false),

  ADMIN_USERNAME: z.string().min(3).default('admin'),

  BRAND_NAME: z.string().min(1).default('OpenExchange'),
  PUBLIC_URL: z.string().url().optional(),

  // --- market data (docs/market.md, docs/running.md "Market data") ---
  /** Index price sources: the seeded simulator, external JSON endpoints, or both (median). */
  MARKET_FEED: z.enum(['simulator', 'external', 'both']).default('simulator'),
  /** External sources, comma list of `name=url` or bare URLs returning JSON prices (polled). */
  MARKET_FEED_URLS: z.string().default(''),
  /** Index tick period; 0 = no timer (tests call app.market.step()). */
  MARKET_TICK_MS: int(1000),
  /** Seed of the simulator: the same seed and clock give the same prices. */
  MARKET_SEED: z.string().min(1).default('openexchange'),
  /** Stored index ticks older than this are pruned. */
  MARKET_TICK_RETENTION_HOURS: z.coerce.number().int().min(1).default(24),
  /** Simulated history generated on a fresh start so charts are not empty (simulator only; 0 = none). */
  MARKET_BACKFILL_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** How often each external source is polled. */
  MARKET_FEED_POLL_MS: z.coerce.number().int().min(100).default(2000),
  /** An external price older than this is stale and left out of the median. */
  MARKET_FEED_STALE_MS: z.coerce.number().int().min(100).default(15_000),

  // --- realtime (docs/realtime.md) ---
  /** Streams one public websocket connection may subscribe to. */
  WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).default(64),
  /** Unsent bytes queued on a socket before it is dropped as a slow consumer (close 4008). */
  WS_SLOW_CONSUMER_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Extra origins allowed to open websockets (comma list of exact origins, or '*'); same host always is. */
  WS_ALLOWED_ORIGINS: z.string().default(''),
  /** External MQTT broker (mqtt://host:1883); unset runs the embedded aedes broker at /mqtt. */
  MQTT_URL: z.string().url().optional(),
  /**
   * Admin of the external broker's dynamic security plugin (Mosquitto 2): with it the platform issues
   * per-session client credentials with topic ACLs (own topics only, no publishing) and publishes as the
   * `coin-publisher` client (docs/realtime.md "External broker"). Unset: the broker owns authentication.
   */
  MQTT_ADMIN_USERNAME: z.string().min(1).optional(),
  MQTT_ADMIN_PASSWORD: z.string().min(1).optional(),
  /** The broker address given to clients with their credentials (e.g. wss://mqtt.example.com/mqtt);
   * default MQTT_URL. */
  MQTT_CLIENT_URL: z.string().url().optional(),
  /** How often sessions behind issued MQTT credentials are checked (expired ones deleted); 0 = never. */
  MQTT_SWEEP_MS: int(60_000),
  /** Depth diffs are coalesced per symbol over this window. */
  DEPTH_COALESCE_MS: z.coerce.number().int().min(10).max(5000).default(100),

  // --- money core journal (docs/money-core.md) ---
  /** Journal segments and snapshots; default DATA_DIR/journal; 'memory://' keeps them in memory (tests). */
  JOURNAL_DIR: z.string().min(1).optional(),
  /** Share one fdatasync among the commands of a batch. */
  JOURNAL_GROUP_COMMIT: bool.default(true),
  /**
   * How long a batch waits for more commands before its write and sync (0: the next turn of the event
   * loop; under load a batch forms while the previous one is written).
   */
  JOURNAL_BATCH_WINDOW_MS: int(0),
  /** Snapshot the core state every N journal records (0 = never). */
  JOURNAL_SNAPSHOT_EVERY: int(10_000),
  /**
   * Replicated journal on NATS JetStream (nats://host:4222, comma list for a cluster): the journal, the
   * snapshots and the leader lease live there and JOURNAL_DIR is not used (docs/operations.md).
   */
  JOURNAL_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^\s]+$/)
    .optional(),
  /** JetStream stream of the journal; also names the snapshot object store and the lease bucket. */
  JOURNAL_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('COIN_JOURNAL'),
  /** JetStream replicas of the journal stream, the snapshots and the lease (1, 3 or 5 in a cluster). */
  JOURNAL_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** The leader lease lapses this long after its holder's last renewal; a standby then takes over. */
  JOURNAL_LEASE_TTL_MS: z.coerce.number().int().min(500).max(60_000).default(5000),
  /** This core process's name in the lease (default host name and process id). */
  JOURNAL_NODE_ID: z.string().min(1).max(128).optional(),
  /**
   * Scale-out role (docs/operations.md "Cluster"): 'all' is the one-process server; 'core' runs the money
   * core on the JetStream journal (leader or standby) and answers the gateways' commands; 'gateway' serves
   * REST, websockets and MQTT, sends commands to the core leader over NATS and keeps a replica of the
   * state from the journal stream (no background jobs: those run on the core).
   */
  ROLE: z.enum(['all', 'core', 'gateway']).default('all'),
  /** Where a gateway finds the core (NATS, nats://host:4222); defaults to JOURNAL_URL. */
  CORE_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^\s]+$/)
    .optional(),
  /**
   * NATS for the cache invalidations and session signals between processes (nats://host:4222); default
   * CORE_URL, then JOURNAL_URL; unset (one process) = in-process only. Subjects are named after
   * JOURNAL_STREAM (docs/operations.md "Read caches across processes").
   */
  CLUSTER_BUS_URL: z
    .string()
    .regex(/^(nats|tls):\/\/[^\s]+$/)
    .optional(),
  /** How long a gateway's command waits for a core leader (ms): longer than a failover. */
  CORE_COMMAND_DEADLINE_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),

  // --- wallet (docs/running.md "Wallet") ---
  /**
   * Deposit chain adapter: 'simulated' (labelled demo chain with demo funding), 'evm' (real custody on an
   * Ethereum-style chain, the EVM_* settings below) or 'none'.
   */
  CHAIN_ADAPTER: z.enum(['simulated', 'evm', 'none']).default('simulated'),
  /** Simulated block interval; 0 stops the timer (tests mine blocks by hand). */
  CHAIN_SIM_BLOCK_MS: int(3000),
  /** Upper bound of one demo deposit, in USDT equivalent (decimal string). */
  DEMO_DEPOSIT_MAX_USDT: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default('10000'),
  /** Swap fee rate charged in the received asset (decimal string). */
  SWAP_FEE_RATE: z
    .string()
    .regex(/^0(\.\d+)?$/)
    .default('0.001'),
  UPLOAD_MAX_BYTES: int(5 * 1024 * 1024),
  /** Folder of uploaded images; default DATA_DIR/uploads. */
  UPLOAD_DIR: z.string().min(1).optional(),
  RATE_LIMIT_MONEY_PER_MINUTE: int(60),

  // --- real custody on an EVM chain (CHAIN_ADAPTER=evm; docs/custody.md) ---
  /** JSON-RPC endpoint of the node (http or https). */
  EVM_RPC_URL: z.string().url().optional(),
  /** The chain id the node must report; start-up refuses another. */
  EVM_CHAIN_ID: z.coerce.number().int().min(1).optional(),
  /** The wallet network name this chain serves (a network of the wallet assets, e.g. ERC20). */
  EVM_NETWORK: z.string().min(1).default('ERC20'),
  /** Confirmations before a deposit is credited and a withdrawal completed. */
  EVM_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  /** ERC-20 tokens: comma list of ASSET=0xcontract (e.g. USDT=0xdAC17F958D2ee523a2206206994597C13D831ec7). */
  EVM_TOKENS: z.string().default(''),
  /** BIP-39 mnemonic of the custody HD wallet (prefer EVM_MNEMONIC_FILE); never logged. */
  EVM_MNEMONIC: z
    .string()
    .min(1)
    .optional()
    .transform((v) => (v === undefined ? undefined : new SecretText(v))),
  /** A file holding the mnemonic (read at start; mode 0600 recommended). */
  EVM_MNEMONIC_FILE: z.string().min(1).optional(),
  /** BIP-44 account index of the hot wallet (m/44'/60'/<n>'/0/0); deposit addresses use account n+1. */
  EVM_HOT_WALLET_ACCOUNT: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** How often the custody job follows the chain, signs and sweeps; 0 = no timer (tests call tick()). */
  EVM_POLL_MS: int(4000),
  /** First block to scan on a fresh database (default: the head at the first start). */
  EVM_START_BLOCK: z.coerce.number().int().min(0).optional(),
  /** A sent transaction not mined after this many blocks is replaced with higher fees (same nonce). */
  EVM_REPLACE_AFTER_BLOCKS: z.coerce.number().int().min(1).default(12),
  /** Block-explorer link of a transaction, `{tx}` replaced by its hash (e.g. https://etherscan.io/tx/{tx}). */
  EVM_EXPLORER_TX_URL: z.string().default(''),
  /** Test-only failure injection of the custody signer (docs/custody.md); empty in production. */
  CUSTODY_FAILPOINT: z.enum(['', 'after-sign']).default(''),

  // --- spot trading (docs/spot.md) ---
  /** Fee rates of makers and takers, on what each side receives (split 90/10 fee revenue / security fund). */
  SPOT_MAKER_FEE_RATE: z
    .string()
    .regex(/^0(\.\d{1,18})?$/)
    .default('0.001'),
  SPOT_TAKER_FEE_RATE: z
    .string()
    .regex(/^0(\.\d{1,18})?$/)
    .default('0.001'),
  /** Smallest order value in USDT of a market without its own min_notional. */
  SPOT_MIN_NOTIONAL: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/)
    .default('1'),
  /** Market orders trade up to this fraction beyond the best price; the rest is cancelled. */
  SPOT_MARKET_PROTECTION: z
    .string()
    .regex(/^0\.\d{1,6}$/)
    .default('0.05'),
  /** The demo market maker: quotes every spot market around the index price from a platform account. */
  MARKET_MAKER: bool.default(true),
  /** How often the market maker refreshes its quotes; 0 = no timer (tests call app.spot.marketMaker.step()). */
  MARKET_MAKER_INTERVAL_MS: int(1000),
  /** Price levels the market maker quotes on each side. */
  MARKET_MAKER_LEVELS: z.coerce.number().int().min(1).max(50).default(8),

  // --- perpetual contracts (docs/contracts.md) ---
  /** How often index ticks are handed to the contract risk engine (mark, TP/SL, liquidation), funding
   * checked and the contract books quoted by the market maker; 0 = no timer (tests call app.contracts.pass()). */
  CONTRACTS_TICK_MS: int(1000),
  /** The funding interval of every contract market (8 h). */
  CONTRACTS_FUNDING_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(8 * 3600_000),
  /** Show the contract risk notice before a user's first contract order (per deployment). */
  CONTRACTS_RISK_NOTICE: bool.default(true),
  /** ISO 3166 codes of user countries where that notice is required (comma list; empty: everywhere). */
  CONTRACTS_RISK_NOTICE_COUNTRIES: isoCountries(),
  /** ISO 3166 codes of user countries where contracts are not offered (orders refused). */
  CONTRACTS_BLOCKED_COUNTRIES: isoCountries(),

  // --- seconds contracts (docs/seconds.md) ---
  /** The product's off switch for the whole deployment (the `platform.features.seconds` setting also
   * switches it off). */
  SECONDS_ENABLED: bool.default(true),
  /** ISO 3166 codes of user countries where the product is off (comma list, e.g. `US,CA`). */
  SECONDS_BLOCKED_COUNTRIES: isoCountries(),
  /** How often the settlement job runs; 0 = no timer (tests call app.seconds.settleDue()). */
  SECONDS_SETTLE_INTERVAL_MS: int(250),
  /** Labelled demo money (from `demo_funding`) the pool is topped up to at start; default 1000000 USDT
   * while the demo market maker runs, else 0. Set 0 for a real deployment. */
  SECONDS_DEMO_POOL: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),

  // --- OTC / P2P (docs/otc.md) ---
  /** Deposit a merchant application freezes in the merchant account (type 8); '0' = none. */
  OTC_MERCHANT_DEPOSIT: z
    .string()
    .regex(/^\d{1,12}$/)
    .default('0'),
  OTC_DEPOSIT_ASSET: z
    .string()
    .regex(/^[A-Z0-9]{1,16}$/)
    .default('USDT'),
  /** How often unpaid orders past their deadline are cancelled; 0 = no timer (tests call app.otc.expireDue()). */
  OTC_TIMEOUT_INTERVAL_MS: int(5000),
  /** How long after payment either side may appeal. */
  OTC_APPEAL_WAIT_MS: int(300_000),
  /** Appeal decisions on orders worth more than this (USDT) need a second operator's approval. */
  OTC_SECOND_APPROVAL_ABOVE: z
    .string()
    .regex(/^\d{1,12}$/)
    .default('10000'),

  // --- proof of liabilities (docs/proof-of-liabilities.md) ---
  /** The daily snapshot is due from this hour of the UTC day. */
  LIABILITIES_SNAPSHOT_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(0),
  /** How often the daily job checks whether the day's snapshot is due; 0 = no job (tests call runDue()). */
  LIABILITIES_CHECK_MS: int(60_000),
  /** Leaves of built trees kept in memory to answer proofs (older snapshots are rebuilt from SQL). */
  LIABILITIES_CACHE_LEAVES: z.coerce.number().int().min(0).default(2_000_000),

  // --- identity, grades and referral (docs/identity.md) ---
  /** 32 bytes (64 hex characters or base64) that encrypt ID and account numbers at rest; unset = derived
   * from the server secret (set it in production, and keep it outside the database). */
  PII_ENCRYPTION_KEY: z.string().min(32).optional(),
  /** How often every user's tier and grade are recomputed from the `tiers` setting; 0 = no job. */
  GRADE_RECOMPUTE_MS: int(10 * 60_000),

  // --- operator console (docs/admin-console.md) ---
  /** Also write the first start's one-time admin password to this file (mode 0600), for automation. */
  ADMIN_PASSWORD_FILE: z.string().min(1).optional(),
  /** Hours after an operator is created (or gets a new role) before they may approve anything. */
  OPERATOR_COOLING_OFF_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),

  // --- earn: pledge, finance, loans, DeFi (docs/earn.md) ---
  /** Labelled demo products and pools funded from demo_funding at the first start (no products yet). */
  EARN_DEMO: bool.default(true),
  /** How often the accrual job looks for due work (commands per product and hour); 0 = no timer. */
  EARN_ACCRUAL_CHECK_MS: int(60_000),
  // --- spot margin (docs/margin.md) ---
  /** How often the margin jobs run (hourly interest, margin calls, liquidations); 0 = no timer (tests). */
  MARGIN_CHECK_MS: int(5_000),
  /** Labelled demo money (from `demo_funding`) each lending pool gets at the first start; false = none. */
  MARGIN_DEMO_POOLS: bool.default(true),
  /** How long a DeFi sign-in message (EIP-4361) may be signed after it was issued. */
  EARN_SIWE_TTL_SECONDS: int(600),
  // --- content and customer service (docs/content.md, docs/chat.md) ---
  /** On a fresh database, add the seed content (help tree, guide, fees, rules, legal texts in 14 languages). */
  CONTENT_SEED: bool.default(true),
  /** How long a visitor's chat session lives without use. */
  CHAT_VISITOR_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  /** How often expired visitor chat sessions (and their empty threads) are pruned; 0 = never. */
  CHAT_VISITOR_PRUNE_MS: int(3_600_000),
  /** Per sender (user, visitor, or client address): chat messages and chat images per minute. */
  RATE_LIMIT_CHAT_PER_MINUTE: int(30),
});

export type AppConfig = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const config = parsed.data;
  if (
    config.ROLE !== 'all' &&
    (config.ROLE === 'gateway' ? (config.CORE_URL ?? config.JOURNAL_URL) : config.JOURNAL_URL) === undefined
  ) {
    throw new Error(
      `Invalid configuration:\n  ROLE=${config.ROLE} needs ${config.ROLE === 'gateway' ? 'CORE_URL or ' : ''}JOURNAL_URL (nats://...)`,
    );
  }
  if ((config.MQTT_ADMIN_USERNAME === undefined) !== (config.MQTT_ADMIN_PASSWORD === undefined)) {
    throw new Error('Invalid configuration:\n  MQTT_ADMIN_USERNAME and MQTT_ADMIN_PASSWORD go together');
  }
  if (config.MQTT_ADMIN_USERNAME !== undefined && config.MQTT_URL === undefined) {
    throw new Error('Invalid configuration:\n  MQTT_ADMIN_USERNAME needs MQTT_URL (the external broker)');
  }
  // A gateway runs no background job: each one submits commands, and the core runs them once.
  if (config.ROLE === 'gateway') return { ...config, ...GATEWAY_JOBS_OFF };
  return config;
}

/** The timers and jobs a gateway leaves to the core process. */
const GATEWAY_JOBS_OFF = {
  MARKET_MAKER: false,
  MARGIN_CHECK_MS: 0,
  SECONDS_SETTLE_INTERVAL_MS: 0,
  CONTRACTS_TICK_MS: 0,
  OTC_TIMEOUT_INTERVAL_MS: 0,
  LIABILITIES_CHECK_MS: 0,
  EARN_ACCRUAL_CHECK_MS: 0,
  MQTT_SWEEP_MS: 0,
} satisfies Partial<AppConfig>;

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
