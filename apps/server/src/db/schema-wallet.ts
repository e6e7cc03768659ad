// SQL tables of the wallet area (re-exported by ./schema.ts so drizzle-kit and the client see them).
// Balances are NOT here: they live in the money core. These are settings, request records (recharge,
// withdrawal), uploads, idempotency records and the projection's read models (bills).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 38, scale: 18, mode: 'string' });

/** Per-asset wallet settings (seeded at start when missing; operators may edit them later). */
export const walletAssets = pgTable('wallet_assets', {
  asset: text('asset').primaryKey(),
  sort: integer('sort').notNull(),
  decimals: smallint('decimals').notNull(),
  depositEnabled: boolean('deposit_enabled').notNull().default(true),
  withdrawEnabled: boolean('withdraw_enabled').notNull().default(true),
  /** Fixed fee per withdrawal, in the asset, charged on top of the amount. */
  withdrawFee: money('withdraw_fee').notNull(),
  minWithdraw: money('min_withdraw').notNull(),
  /**
   * Largest amount of one operation (deposit, recharge, withdrawal, swap, transfer, adjustment), in the
   * asset. Null on rows created before the column existed: filled from the seed at start.
   */
  maxAmount: money('max_amount'),
  /** Manual recharges above this amount need a second operator's approval. Null: filled from the seed. */
  dualApprovalAbove: money('dual_approval_above'),
  confirmations: integer('confirmations').notNull(),
  /** [{ network, family }] */
  networks: jsonb('networks').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Deposits: manual recharges (screenshot, operator review) and chain deposits (credited after N
 * confirmations). Status 0 under review / confirming, 1 passed (credited), 2 failed.
 */
export const walletRecharges = pgTable(
  'wallet_recharges',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    network: text('network'),
    source: text('source').notNull(),
    status: smallint('status').notNull().default(0),
    screenshot: text('screenshot'),
    remark: text('remark'),
    reason: text('reason'),
    chain: text('chain'),
    txid: text('txid'),
    vout: integer('vout'),
    address: text('address'),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull().default(0),
    simulated: boolean('simulated').notNull().default(false),
    reviewer: text('reviewer'),
    /** Manual recharges above the asset's dual_approval_above: the first of two approving operators. */
    firstReviewer: text('first_reviewer'),
    firstReviewedAt: ts('first_reviewed_at'),
    createdAt: ts('created_at').notNull(),
    reviewedAt: ts('reviewed_at'),
    /** Set once the core acknowledged deposit.credit (recovery resubmits rows passed but not credited). */
    creditedAt: ts('credited_at'),
  },
  (t) => [
    uniqueIndex('wallet_recharges_order_no_uq').on(t.orderNo),
    uniqueIndex('wallet_recharges_output_uq').on(t.chain, t.txid, t.vout),
    index('wallet_recharges_user_idx').on(t.userId, t.createdAt),
    index('wallet_recharges_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Withdrawals. Status -1 reserving (row written, hold not yet confirmed by the core), 0 under review,
 * 1 passed (paid), 2 failed (rejected, funds returned), 3 cancelled by the user.
 */
export const walletWithdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** The core's hold key. */
    withdrawalId: text('withdrawal_id').notNull(),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    status: smallint('status').notNull(),
    reason: text('reason'),
    txid: text('txid'),
    simulated: boolean('simulated').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    reviewer: text('reviewer'),
    createdAt: ts('created_at').notNull(),
    reviewedAt: ts('reviewed_at'),
    /** Set once the core acknowledged the deciding command (complete or release). */
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('wallet_withdrawals_wid_uq').on(t.withdrawalId),
    uniqueIndex('wallet_withdrawals_order_no_uq').on(t.orderNo),
    uniqueIndex('wallet_withdrawals_idem_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('wallet_withdrawals_user_idx').on(t.userId, t.createdAt),
    index('wallet_withdrawals_status_idx').on(t.status, t.createdAt),
  ],
);

/** Deposit addresses handed out (the chain adapter's outputs are matched to users through this). */
export const walletAddresses = pgTable(
  'wallet_addresses',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chain, t.address, t.asset] }),
    index('wallet_addresses_user_idx').on(t.userId, t.asset, t.network),
  ],
);

/** Uploaded images: random file names, the owner, and what the magic bytes said. */
export const walletUploads = pgTable(
  'wallet_uploads',
  {
    name: text('name').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('wallet_uploads_user_idx').on(t.userId)],
);

/** First results of money-moving requests by Idempotency-Key (response null while in progress). */
export const walletIdempotency = pgTable(
  'wallet_idempotency',
  {
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    route: text('route').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] })],
);

/** Key material of the withdrawal-body encryption (private key encrypted with the app secret). */
export const walletKeys = pgTable('wallet_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * Read model (written by the projection): one row per core command, user account (user, asset, account
 * type) and bill type, with the command's net change of each field and the field's balance after the
 * command; a field the command did not post to has both null. `idx` is the index of the account's last
 * posting in the command; (seq, idx) is the key. Until migration 0019 it was one row per posting, and until
 * 0020 it had a bigserial id no reader used (one index and one sequence step less per written row).
 */
export const walletBills = pgTable(
  'wallet_bills',
  {
    seq: bigint('seq', { mode: 'number' }).notNull(),
    idx: integer('idx').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    accountType: text('account_type').notNull(),
    availableDelta: money('available_delta'),
    availableBalance: money('available_balance'),
    frozenDelta: money('frozen_delta'),
    frozenBalance: money('frozen_balance'),
    billType: text('bill_type').notNull(),
    commandId: text('command_id').notNull(),
    ref: text('ref').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'wallet_bills_seq_idx_pk', columns: [t.seq, t.idx] }),
    index('wallet_bills_user_idx').on(t.userId, t.seq),
  ],
);

/** Last core seq each projection has applied (catch-up starts after it). */
export const projectionCursors = pgTable('projection_cursors', {
  name: text('name').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Dead letters of a projection: a command whose rows could not be written while other commands' rows
 * could. The cursor moved past it; an operator retries it (rows re-derived from `events`) or dismisses it
 * in the console. Status: open -> retried | dismissed.
 */
export const projectionFailures = pgTable(
  'projection_failures',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    projection: text('projection').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    commandId: text('command_id').notNull(),
    commandType: text('command_type').notNull(),
    /** The command's core events, so a retry needs no journal replay (and survives journal pruning). */
    events: jsonb('events').notNull(),
    error: text('error').notNull(),
    status: text('status').notNull().default('open'),
    attempts: integer('attempts').notNull().default(1),
    createdAt: ts('created_at').notNull(),
    lastAttemptAt: ts('last_attempt_at').notNull(),
    resolvedAt: ts('resolved_at'),
    /** The operator who retried or dismissed it. */
    resolvedBy: bigint('resolved_by', { mode: 'bigint' }),
    /** The operator's reason for a dismissal. */
    note: text('note'),
  },
  (t) => [
    uniqueIndex('projection_failures_seq_uq').on(t.projection, t.seq),
    index('projection_failures_status_idx').on(t.status, t.seq),
  ],
);
