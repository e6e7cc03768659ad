// SQL tables of account security (docs/account-security.md; re-exported by ./schema.ts): the
// authenticator (2FA) state, the anti-phishing code and the withdrawal lock per user, and API keys.
// Secrets (TOTP secrets, API-key secrets) are stored sealed with a key derived from the app secret
// (modules/security/seal.ts), never in clear.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per user that has touched a security setting; absent means "nothing set, nothing locked". */
export const userSecurity = pgTable('user_security', {
  userId: bigint('user_id', { mode: 'bigint' }).primaryKey(),
  /** The bound authenticator's secret (sealed); null = no 2FA. */
  totpSecret: text('totp_secret'),
  totpBoundAt: ts('totp_bound_at'),
  /** The highest RFC 6238 time step accepted so far: codes of this step or older are refused (replay). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** A secret handed out by getGoogleVerification and not yet confirmed with a code (sealed). */
  totpPendingSecret: text('totp_pending_secret'),
  totpPendingAt: ts('totp_pending_at'),
  /** Wrong authenticator codes in the current window (from totpFailuresSince). */
  totpFailures: integer('totp_failures').notNull().default(0),
  totpFailuresSince: ts('totp_failures_since'),
  /** Anti-phishing code shown in every email to this user. */
  antiCode: text('anti_code'),
  /** No new withdrawal before this instant (set by security changes). */
  withdrawLockedUntil: ts('withdraw_locked_until'),
  withdrawLockReason: text('withdraw_lock_reason'),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * API keys: `apiKey` is the public identifier sent with each request, `secret` the sealed HMAC key (the
 * server must know it to check signatures; the user sees it once, at creation). `permissions` is a list of
 * 'read' and 'trade'; never 'withdraw'. `ipAllowlist` empty = any address.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    label: text('label').notNull(),
    apiKey: text('api_key').notNull(),
    secret: text('secret').notNull(),
    canRead: boolean('can_read').notNull(),
    canTrade: boolean('can_trade').notNull(),
    ipAllowlist: jsonb('ip_allowlist').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('api_keys_key_uq').on(t.apiKey), index('api_keys_user_idx').on(t.userId)],
);
