// SQL of the earn products (re-exported by ./schema.ts; docs/earn.md). Money lives in the core: the
// products' terms, the orders, loans and pools are core state. SQL keeps what is not money (product
// names and display fields, loan applications with their documents and review, proven wallet addresses
// and sign-in nonces, pool-funding requests, the member-zone setting) and the history read models the
// projection writes from the core's earn events (earn_orders, earn_loan_states).
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 38, scale: 18, mode: 'string' });

/** A product's name and display fields; its terms are the core's (`earn.product.set`). */
export const earnProducts = pgTable(
  'earn_products',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Finance tab: value_added, member or ordinary (null for other kinds). */
    category: text('category'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** DeFi: the pool address shown on the page (for information; never an approval target). */
    poolAddress: text('pool_address'),
    sort: integer('sort').notNull().default(0),
    /** Terms edits so far: edit n is the core command `earn.product:<id>:v<n>`. */
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('earn_products_kind_idx').on(t.kind, t.sort, t.id)],
);

/** Pledge, finance and DeFi orders: each order's latest state from the core (newer seq wins). */
export const earnOrders = pgTable(
  'earn_orders',
  {
    /** `E<seq of the subscription>`. */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    productId: text('product_id').notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    dailyRate: money('daily_rate').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    lockDays: integer('lock_days').notNull(),
    payout: text('payout').notNull(),
    earlyPenaltyRate: money('early_penalty_rate').notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    interestTotal: money('interest_total').notNull(),
    accruedDays: integer('accrued_days').notNull(),
    accrued: money('accrued').notNull(),
    paid: money('paid').notNull(),
    penalty: money('penalty').notNull(),
    /** active, completed or redeemed. */
    status: text('status').notNull(),
    address: text('address'),
    gasAsset: text('gas_asset'),
    gasFee: money('gas_fee'),
    closedAt: ts('closed_at'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('earn_orders_user_idx').on(t.userId, t.kind, t.startAt)],
);

/**
 * Loan applications: the request, its documents (upload names), the operator's review (pending ->
 * approving -> approved | failed). Once approved the loan itself is core state (earn_loan_states).
 */
export const earnLoans = pgTable(
  'earn_loans',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    productId: bigint('product_id', { mode: 'bigint' }).notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    repayWay: text('repay_way').notNull(),
    /** The terms stated when the user applied (the core lends at the product's terms on approval). */
    cycleDays: integer('cycle_days').notNull(),
    dailyRate: money('daily_rate').notNull(),
    overdueRate: money('overdue_rate').notNull(),
    frontImage: text('front_image').notNull(),
    backImage: text('back_image').notNull(),
    holdingImage: text('holding_image').notNull(),
    status: text('status').notNull().default('pending'),
    failReason: text('fail_reason'),
    failure: text('failure'),
    reviewedBy: bigint('reviewed_by', { mode: 'bigint' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('earn_loans_user_idx').on(t.userId, t.id), index('earn_loans_status_idx').on(t.status, t.id)],
);

/** An approved loan's latest state from the core (newer seq wins). */
export const earnLoanStates = pgTable('earn_loan_states', {
  loanId: bigint('loan_id', { mode: 'bigint' }).primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  /** repaying, overdue or settled. */
  status: text('status').notNull(),
  principal: money('principal').notNull(),
  interestTotal: money('interest_total').notNull(),
  repaid: money('repaid').notNull(),
  penaltyPaid: money('penalty_paid').notNull(),
  installments: jsonb('installments').notNull(),
  startAt: ts('start_at').notNull(),
  closedAt: ts('closed_at'),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Wallet addresses a user proved with a signed EIP-4361 message (one user per address). */
export const earnWalletAddresses = pgTable(
  'earn_wallet_addresses',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    /** Lower case. */
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('earn_wallet_addresses_address_idx').on(t.address),
    index('earn_wallet_addresses_user_idx').on(t.userId),
  ],
);

/** Single-use nonces of the sign-in messages, bound to the user, address and chain that asked. */
export const earnSiweNonces = pgTable('earn_siwe_nonces', {
  nonce: text('nonce').primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  address: text('address').notNull(),
  chainId: integer('chain_id').notNull(),
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Pool fundings and draw-downs: one admin requests, a different admin approves (four eyes). */
export const earnPoolFundings = pgTable(
  'earn_pool_fundings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    pool: text('pool').notNull(),
    asset: text('asset').notNull(),
    /** Signed: negative draws free balance back. */
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'bigint' }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }),
    decisionReason: text('decision_reason'),
    failure: text('failure'),
    coreSeq: bigint('core_seq', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    decidedAt: ts('decided_at'),
  },
  (t) => [index('earn_pool_fundings_status_idx').on(t.status, t.id)],
);

/** Operator settings of the earn area (the member zone's minimum tier). */
export const earnSettings = pgTable('earn_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: bigint('updated_by', { mode: 'bigint' }),
  updatedAt: ts('updated_at').notNull(),
});
