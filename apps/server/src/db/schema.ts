// SQL schema (drizzle). Migrations in ../../drizzle are generated from this file with `npm run db:generate`.
// Non-money data only: balances live in the money core (DESIGN section 3).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    account: text('account').notNull(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    fundPasswordHash: text('fund_password_hash'),
    avatar: text('avatar'),
    /** 2 = merchant (spec section 3), 1 = ordinary user. */
    isMerchant: smallint('is_merchant').notNull().default(1),
    grade: text('grade').notNull().default('normal'),
    creditScore: integer('credit_score').notNull().default(100),
    tier: text('tier').notNull().default('standard'),
    inviteCode: text('invite_code').notNull(),
    referrerId: bigint('referrer_id', { mode: 'bigint' }),
    status: text('status').notNull().default('active'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_account_uq').on(sql`lower(${t.account})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_invite_code_uq').on(t.inviteCode),
  ],
);

/** The referrer chain, three generations deep: generation 1 is the direct referrer. */
export const referrals = pgTable(
  'referrals',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    generation: smallint('generation').notNull(),
    ancestorId: bigint('ancestor_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.generation] }),
    index('referrals_ancestor_idx').on(t.ancestorId),
  ],
);

/** One row per signed-in device of a user or an operator; tokens are stored only as SHA-256 hashes. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    principalType: text('principal_type').notNull(),
    principalId: bigint('principal_id', { mode: 'bigint' }).notNull(),
    deviceKey: text('device_key').notNull(),
    deviceName: text('device_name').notNull(),
    tokenHash: text('token_hash').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    refreshExpiresAt: ts('refresh_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('sessions_token_uq').on(t.tokenHash),
    uniqueIndex('sessions_refresh_uq').on(t.refreshHash),
    index('sessions_principal_idx').on(t.principalType, t.principalId),
  ],
);

/**
 * Refresh tokens a rotation retired, by hash, with the session they belonged to: presenting one again is
 * token reuse (theft, or a leaked copy) and revokes that session. Rows older than the refresh TTL are pruned.
 */
export const sessionRetiredRefresh = pgTable(
  'session_retired_refresh',
  {
    refreshHash: text('refresh_hash').primaryKey(),
    sessionId: bigint('session_id', { mode: 'bigint' }).notNull(),
    retiredAt: ts('retired_at').notNull(),
  },
  (t) => [index('session_retired_refresh_at_idx').on(t.retiredAt)],
);

export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    method: text('method').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    deviceName: text('device_name').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('login_logs_user_idx').on(t.userId, t.createdAt)],
);

/** Verification codes: only an HMAC of the code is stored; single use, expiring, attempt-limited. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('verification_codes_target_idx').on(t.channel, t.target, t.purpose, t.createdAt)],
);

/** Development outbox: messages that would have gone out by SMTP or SMS when no provider is configured. */
export const outboxMessages = pgTable('outbox_messages', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  channel: text('channel').notNull(),
  target: text('target').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Operator accounts (admin, reviewer, support) are separate from users. */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    /** Who requested this account; null for the first admin (and operators from before requests). */
    createdBy: bigint('created_by', { mode: 'bigint' }),
    /** The second admin who approved it; null for the first admin and for the first admin's one solo addition. */
    approvedBy: bigint('approved_by', { mode: 'bigint' }),
    /** Cooling-off: no approvals before this instant (set at creation and at each role change); null = none. */
    mayApproveFrom: ts('may_approve_from'),
  },
  (t) => [uniqueIndex('operators_username_uq').on(sql`lower(${t.username})`)],
);

/** Append-only, hash-chained log of operator and security actions (DESIGN section 1). */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  actorType: text('actor_type').notNull(),
  actorId: text('actor_id').notNull(),
  action: text('action').notNull(),
  payload: jsonb('payload').notNull(),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Operator-editable settings (customer-service link, white paper, platform config ...), JSON per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export * from './schema-admin';
export * from './schema-chat';
export * from './schema-content';
export * from './schema-contracts';
export * from './schema-custody';
export * from './schema-earn';
export * from './schema-identity';
export * from './schema-liabilities';
export * from './schema-margin';
export * from './schema-market';
export * from './schema-otc';
export * from './schema-seconds';
export * from './schema-security';
export * from './schema-spot';
export * from './schema-wallet';
